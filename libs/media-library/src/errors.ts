/** Failure codes of the media library. */
export type MediaLibraryErrorCode = 'HASH_FAILED' | 'WORKER_FAILED' | 'QUEUE_BUSY' | 'VIDEO_METADATA_UNREADABLE' | 'WATERMARK_FAILED';

export class MediaLibraryError extends Error {
  override readonly name = 'MediaLibraryError';
  constructor(
    readonly code: MediaLibraryErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Reads the server msg of a rejected call: secure-transport rejects with `{ code, msg }`. */
export function messageOfFailure(error: unknown): string {
  if (error && typeof error === 'object') {
    const { msg, message } = error as { msg?: unknown; message?: unknown };
    if (typeof msg === 'string' && msg) return msg;
    if (typeof message === 'string' && message) return message;
  }
  return typeof error === 'string' ? error : 'unknown error';
}
