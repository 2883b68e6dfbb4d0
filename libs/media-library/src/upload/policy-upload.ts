import type { UploadTicket } from './endpoints';
import { buildPolicyUploadForm } from './endpoints';
import { uploadEachFile, type UploadResult, type VerifiedUpload } from './pipeline';
import { isUploadSuccessStatus } from '../validation/file-rules';

/** One verifyObjectMd5ByPath entry (store-server's answer, merged into the matching file). */
export interface VerifyEntry {
  objectMd5: string;
  fileId: number;
  /** The store already has these bytes (dedupe by md5): nothing to upload. */
  exists: boolean;
  uploadTicket?: UploadTicket;
}

export type FileProgressListener = (index: number, fraction: number) => void;

/** Posts a form and resolves the HTTP status, reporting upload progress where the platform can. */
export type FormPoster = (action: string, form: FormData, onProgress?: (fraction: number) => void) => Promise<number>;

/** XMLHttpRequest in browsers (it reports upload progress), fetch elsewhere. */
export const postForm: FormPoster = (action, form, onProgress) => {
  if (typeof XMLHttpRequest === 'undefined') return fetch(action, { method: 'POST', body: form }).then((response) => response.status);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', action);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => resolve(request.status);
    request.onerror = () => reject(new Error('the upload could not reach the storage'));
    request.send(form);
  });
};

/**
 * console-spec §7 "uploaded by a shared helper": each verified file is posted with its signed
 * POST-policy form (key, content-type, x-obs-acl, policy, signature, accessKeyId, file); HTTP 200–299
 * is success. Files the store already has (dedupe) succeed without an upload.
 */
export function uploadWithTickets(post: FormPoster = postForm) {
  return <F extends Blob>(files: readonly VerifiedUpload<F>[], onFileProgress?: FileProgressListener): Promise<UploadResult> =>
    uploadEachFile(files, async (file, index) => {
      const entry = file.verification as Partial<VerifyEntry>;
      if (typeof entry.fileId !== 'number' && typeof entry.fileId !== 'string') throw new Error('the file was not verified');
      if (entry.exists) {
        onFileProgress?.(index, 1);
        return { fileId: entry.fileId };
      }
      const ticket = entry.uploadTicket;
      if (!ticket) throw new Error('no upload ticket for this file');
      const status = await post(ticket.action, buildPolicyUploadForm(ticket, file.file, file.name), (fraction) =>
        onFileProgress?.(index, fraction),
      );
      if (!isUploadSuccessStatus(status)) throw new Error(`the storage answered HTTP ${status}`);
      onFileProgress?.(index, 1);
      return { fileId: entry.fileId };
    });
}
