import { UploadError } from '../upload-error';

/** A refused media request: always a 4xx with a message that says what to change, never a 500. */
export const mediaError = (errCode: string, message: string) => new UploadError(400, errCode, message);
