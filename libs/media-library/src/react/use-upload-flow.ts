import { useMemo, useState, useSyncExternalStore } from 'react';
import type { FileHasher } from '../hashing/md5';
import type { MediaNotice } from '../i18n/messages';
import type { MediaLocale } from '../i18n/messages';
import { runUploadBatch, type UploadBatchDependencies, type UploadBatchResult } from '../upload/pipeline';
import { UploadQueue } from '../upload/upload-queue';
import { checkCandidateFile, isImageName, isVideoName, planFileBatch, type FileRuleOptions } from '../validation/file-rules';
import { mediaText } from '../i18n/messages';

export type NoticeLevel = 'success' | 'warning' | 'error';

export interface UploadFlowOptions {
  maxFiles: number;
  calls: UploadBatchDependencies;
  hasher: FileHasher;
  locale: MediaLocale;
  fileRules?: Omit<FileRuleOptions, 'videoDurationSeconds' | 'locale'>;
  measureVideoDuration?: (file: File) => Promise<number>;
  /** Stamps images before they are hashed and uploaded (the worker client's `watermark`). */
  watermark?: { text: string; stamp: (blob: Blob, text: string) => Promise<Blob> };
  notify(level: NoticeLevel, message: string): void;
  notice(notice: MediaNotice): string;
}

/** A chosen file that was not added, with the reason in the user's language. */
export interface RefusedFile {
  name: string;
  reason: string;
}

export interface FlowProgress {
  phase: 'hashing' | 'uploading';
  loaded: number;
  total: number;
}

/**
 * The upload dialog's state: the pending queue, checks and hashing of chosen files, and the
 * verify → upload → callback run with per-file progress (console-spec §4, §5).
 */
export function useUploadFlow(options: UploadFlowOptions) {
  const { maxFiles, hasher, notify } = options;
  const queue = useMemo(() => new UploadQueue(maxFiles), [maxFiles]);
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const [progress, setProgress] = useState<FlowProgress | null>(null);
  const [fileProgress, setFileProgress] = useState<Record<string, number>>({});
  /** The files refused at the last choice (type, size, video rules), shown in the dialog until the next choice. */
  const [refused, setRefused] = useState<RefusedFile[]>([]);

  /** Checks, stamps and hashes the chosen files; resolves how many joined the list. */
  const addFiles = async (chosen: File[]): Promise<number> => {
    const { accepted } = planFileBatch(chosen, queue.items.length, maxFiles); // extras dropped (§5)
    const checked: File[] = [];
    const refusedNow: RefusedFile[] = [];
    for (const file of accepted) {
      const videoDurationSeconds =
        isVideoName(file.name) && options.measureVideoDuration ? await options.measureVideoDuration(file).catch(() => undefined) : undefined;
      const problem = checkCandidateFile(file, { ...options.fileRules, videoDurationSeconds, locale: options.locale });
      if (problem) {
        const reason = options.notice(problem);
        refusedNow.push({ name: file.name, reason });
        notify('warning', mediaText('fileRefused', options.locale, { name: file.name, reason }));
      } else checked.push(file);
    }
    setRefused(refusedNow);
    const total = checked.reduce((sum, file) => sum + file.size, 0);
    let done = 0;
    let added = 0;
    setProgress({ phase: 'hashing', loaded: 0, total });
    try {
      for (const original of checked) {
        const file = await stamped(original, options.watermark);
        const md5 = await hasher(file, ({ loaded }) => setProgress({ phase: 'hashing', loaded: done + loaded, total }));
        done += original.size;
        // A hash already in the list, or a full list, is skipped silently (§4).
        if (queue.add(file as File, md5, original.name) === 'added') added++;
      }
    } catch (error) {
      notify('error', error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
    }
    return added;
  };

  const upload = async (path: string): Promise<UploadBatchResult | null> => {
    if (queue.items.length === 0) {
      notify('warning', mediaText('noFileSelected', options.locale));
      return null;
    }
    const items = queue.beginUpload();
    setProgress({ phase: 'uploading', loaded: 0, total: 0 });
    setFileProgress({});
    let result: UploadBatchResult;
    try {
      result = await runUploadBatch({
        ...options.calls,
        items,
        path,
        locale: options.locale,
        onFileProgress: (index, fraction) => {
          const id = items[index]?.id;
          if (id) setFileProgress((current) => ({ ...current, [id]: fraction }));
        },
      });
    } catch (error) {
      // Only a programming error in an injected call gets here; keep the files for a retry.
      queue.finishUpload(true);
      notify('error', mediaText('uploadFailed', options.locale, { msg: error instanceof Error ? error.message : String(error) }));
      return null;
    } finally {
      setProgress(null);
    }
    // Keep the list when nothing reached storage, so a retry needs no re-hashing.
    queue.finishUpload(!result.reachedStorage);
    setFileProgress({});
    notify(result.level, result.message);
    return result;
  };

  const clearRefused = () => setRefused([]);
  return { queue, items: snapshot.items, progress, fileProgress, refused, clearRefused, busy: progress !== null, addFiles, upload };
}

async function stamped(file: File, watermark: UploadFlowOptions['watermark']): Promise<Blob> {
  if (!watermark || !isImageName(file.name)) return file;
  const blob = await watermark.stamp(file, watermark.text);
  // Keep the name and type so the row, the suffix and the upload form stay the same.
  return typeof File === 'function' ? new File([blob], file.name, { type: blob.type || file.type }) : blob;
}
