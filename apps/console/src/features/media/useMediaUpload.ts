// What the upload dialog and pickers need from the console: the §7 calls through RTK Query, the
// POST-policy uploader, one shared media worker, and the snackbar.
import { useMemo } from 'react';
import { createRestartingMd5WorkerClient, readVideoDuration, uploadWithTickets, type FileHasher, type Md5WorkerClient, type UploadBatchDependencies } from '@merchant/media-library';
import type { NoticeLevel } from '@merchant/media-library/react';
import { useAppDispatch } from '../../app/hooks';
import { notify } from '../../app/notificationsSlice';
import { mediaApi } from './api';

let sharedWorker: Md5WorkerClient | null = null;

/** One worker for the whole console, started on first use and started again after it failed. */
export function mediaWorker(): Md5WorkerClient {
  sharedWorker ??= createRestartingMd5WorkerClient(() => new Worker(new URL('./media.worker.ts', import.meta.url), { type: 'module' }));
  return sharedWorker;
}

const hashInWorker: FileHasher = (blob, onProgress) => mediaWorker().hash(blob, onProgress);
const watermarkInWorker = (blob: Blob, text: string) => mediaWorker().watermark(blob, text);

export function useMediaUpload() {
  const dispatch = useAppDispatch();
  const calls = useMemo<UploadBatchDependencies>(
    () => ({
      verify: (request) => dispatch(mediaApi.endpoints.verifyMediaFiles.initiate(request)).unwrap(),
      upload: uploadWithTickets(),
      callback: (request) => dispatch(mediaApi.endpoints.registerMediaFiles.initiate(request)).unwrap(),
    }),
    [dispatch],
  );
  const onNotice = (level: NoticeLevel, message: string) => dispatch(notify({ severity: level, message }));
  /** What a MediaPicker's `upload` prop takes (its upload dialog): one shape for every form with a picker. */
  const picker = useMemo(() => ({ calls, hasher: hashInWorker, measureVideoDuration: readVideoDuration }), [calls]);
  return {
    calls,
    picker,
    // The worker starts with the first file to hash, not when a screen with a picker opens.
    hasher: hashInWorker,
    stampWatermark: watermarkInWorker,
    measureVideoDuration: readVideoDuration,
    onNotice,
  };
}
