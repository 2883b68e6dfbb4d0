// The upload area's error and bucket name, in a file that imports nothing, so the upload service and
// the document service (which the upload service calls) both use them without importing each other.

/** The bucket of chat files. */
export const IM_BUCKET = 'im';

export class UploadError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413,
    readonly errCode: string,
    message: string,
  ) {
    super(message);
  }
}
