import { messageOfFailure } from '../errors';
import { DEFAULT_MEDIA_LOCALE, mediaText, type MediaLocale } from '../i18n/messages';
import { checkUploadableFile } from '../validation/file-rules';
import type { PendingUpload } from './upload-queue';

/** console-spec §3 upload verification request. */
export interface VerifyRequest {
  path: string;
  filesMd5List: { objectMd5: string; objectName: string; objectSuffix: string }[];
}

/** console-spec §7: data.list holds one entry per file, merged into the matching file. */
export interface VerifyResponse {
  list: readonly object[];
}

/** A pending file with its verification entry merged in. */
export type VerifiedUpload<F extends Blob = Blob> = PendingUpload<F> & { verification: Record<string, unknown> };

/** console-spec §7: the shared upload helper's answer. `errorIndex` holds 0-based positions. */
export interface UploadResult {
  successList: { fileId: string | number; dynamicTags: readonly string[] }[];
  errorIndex: readonly number[];
}

/** console-spec §3 callback request. */
export interface CallbackRequest {
  callbackFileList: { fileId: string | number; tagList: string[] }[];
}

export interface UploadBatchDependencies<F extends Blob = Blob> {
  /** Resolves data; rejects with `{ msg }` on a non-success code (secure-transport's contract). */
  verify(request: VerifyRequest): Promise<VerifyResponse>;
  /** Uploads every file; may report each file's progress (0–1) by its position. */
  upload(files: readonly VerifiedUpload<F>[], onFileProgress?: (index: number, fraction: number) => void): Promise<UploadResult>;
  callback(request: CallbackRequest): Promise<unknown>;
}

export interface UploadBatchInput<F extends Blob = Blob> extends UploadBatchDependencies<F> {
  items: readonly PendingUpload<F>[];
  /** Target directory sent with the verification. */
  path: string;
  locale?: MediaLocale;
  onPhase?: (phase: 'verify' | 'upload' | 'callback') => void;
  onFileProgress?: (index: number, fraction: number) => void;
}

/** console-spec §4: all, part, err; 'empty' is the no-file warning before anything is sent. */
export type UploadOutcome = 'all' | 'part' | 'err' | 'empty';

export interface UploadBatchResult {
  outcome: UploadOutcome;
  level: 'success' | 'warning' | 'error';
  message: string;
  /** 1-based positions of the files that failed (the numbers shown to the user). */
  failedNumbers: number[];
  successList: UploadResult['successList'];
  /** False when nothing reached storage (verify failed, upload threw): the list is kept for a retry. */
  reachedStorage: boolean;
  /** What the callback answered (store-server: the registered files), when it succeeded. */
  callbackData?: unknown;
}

/**
 * The verify → upload → callback pipeline of console-spec §4 with the messages of §8.
 * Pure orchestration: the three calls are injected, so it runs against any transport.
 */
export async function runUploadBatch<F extends Blob = Blob>(input: UploadBatchInput<F>): Promise<UploadBatchResult> {
  const locale = input.locale ?? DEFAULT_MEDIA_LOCALE;
  const result = (
    outcome: UploadOutcome,
    level: UploadBatchResult['level'],
    message: string,
    extra: Partial<UploadBatchResult> = {},
  ): UploadBatchResult => ({ outcome, level, message, failedNumbers: [], successList: [], reachedStorage: false, ...extra });

  if (input.items.length === 0) return result('empty', 'warning', mediaText('noFileSelected', locale));

  // A file the server refuses (type, size) would fail the whole verification and keep the good files
  // from uploading: it is never sent, and it counts as a failed file (the dialog refuses it earlier).
  const sendable: number[] = [];
  const refused: number[] = [];
  input.items.forEach((item, index) => (checkUploadableFile(item) ? refused : sendable).push(index));
  const items = sendable.map((index) => input.items[index] as PendingUpload<F>);
  const numbersOf = (indexes: Iterable<number>) => [...new Set(indexes)].sort((a, b) => a - b).map((index) => index + 1);
  if (items.length === 0) {
    const failedNumbers = numbersOf(refused);
    return result('err', 'error', mediaText('uploadPartlyFailed', locale, { list: failedNumbers.join(',') }), { failedNumbers });
  }

  input.onPhase?.('verify');
  let verified: VerifiedUpload<F>[];
  try {
    const response = await input.verify({
      path: input.path,
      filesMd5List: items.map(({ objectMd5, objectName, objectSuffix }) => ({ objectMd5, objectName, objectSuffix })),
    });
    const entries = Array.isArray(response?.list) ? response.list : [];
    verified = items.map((item, index) => ({ ...item, verification: { ...((entries[index] ?? {}) as Record<string, unknown>) } }));
  } catch (error) {
    // §8: a verification error shows the msg and stops.
    return result('err', 'error', messageOfFailure(error));
  }

  input.onPhase?.('upload');
  let uploaded: UploadResult;
  // Positions reported by the upload are positions among the sent files: map them back to the list.
  const onFileProgress = input.onFileProgress && ((index: number, fraction: number) => input.onFileProgress?.(sendable[index] ?? index, fraction));
  try {
    uploaded = await input.upload(verified, onFileProgress);
  } catch (error) {
    return result('err', 'error', mediaText('uploadFailed', locale, { msg: messageOfFailure(error) }));
  }
  const failedNumbers = numbersOf([...refused, ...uploaded.errorIndex.map((index) => sendable[index] ?? index)]);
  const successList = uploaded.successList;
  const common = { failedNumbers, successList, reachedStorage: true };
  const partMessage = mediaText('uploadPartlyFailed', locale, { list: failedNumbers.join(',') });
  // Nothing succeeded: there is nothing to register, so no callback is sent.
  if (successList.length === 0) return result('err', 'error', partMessage, common);

  input.onPhase?.('callback');
  let callbackData: unknown;
  try {
    callbackData = await input.callback({
      callbackFileList: successList.map(({ fileId, dynamicTags }) => ({ fileId, tagList: [...dynamicTags] })),
    });
  } catch (error) {
    const msg = messageOfFailure(error);
    // §8: callback failed → error with msg when all uploaded, 'upload failed, {msg}' when some failed.
    return failedNumbers.length === 0
      ? result('err', 'error', msg, common)
      : result('err', 'error', mediaText('uploadFailed', locale, { msg }), common);
  }
  return failedNumbers.length === 0
    ? result('all', 'success', mediaText('uploadSucceeded', locale), { ...common, callbackData })
    : result('part', 'warning', partMessage, { ...common, callbackData });
}

/** Runs one upload per file with bounded concurrency and builds the helper's answer. */
export async function uploadEachFile<F extends Blob>(
  files: readonly VerifiedUpload<F>[],
  uploadOne: (file: VerifiedUpload<F>, index: number) => Promise<{ fileId: string | number }>,
  concurrency = 3,
): Promise<UploadResult> {
  const outcomes: ({ fileId: string | number } | null)[] = new Array(files.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      try {
        outcomes[index] = await uploadOne(files[index] as VerifiedUpload<F>, index);
      } catch {
        outcomes[index] = null;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  const successList: UploadResult['successList'] = [];
  const errorIndex: number[] = [];
  outcomes.forEach((outcome, index) => {
    if (outcome) successList.push({ fileId: outcome.fileId, dynamicTags: (files[index] as VerifiedUpload<F>).dynamicTags });
    else errorIndex.push(index);
  });
  return { successList, errorIndex };
}
