import { useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MAX_FILES_PER_UPLOAD, UPLOAD_DIALOG_WIDTH_PX } from '../constants';
import { hashOnMainThread, type FileHasher } from '../hashing/md5';
import { runUploadBatch, type UploadBatchDependencies, type UploadBatchResult } from '../upload/pipeline';
import { UploadQueue } from '../upload/upload-queue';
import { checkCandidateFile, isVideoName, planFileBatch, type FileRuleOptions } from '../validation/file-rules';
import { PendingFileRow } from './PendingFileRow';
import { useMediaText } from './use-media-text';

export type NoticeLevel = 'success' | 'warning' | 'error';

export interface UploadDialogProps {
  open: boolean;
  onClose(): void;
  /** Directory the files go to (sent with the verification). */
  targetPath: string;
  /** A directory cascader; without it the dialog shows 'upload to {path} directory'. */
  directoryPicker?: ReactNode;
  /** The verify, upload and callback calls (see createMediaLibraryApi and uploadEachFile). */
  calls: UploadBatchDependencies;
  /** Hashes one file; pass a worker client's `hash` to keep the page responsive. */
  hasher?: FileHasher;
  maxFiles?: number;
  accept?: string;
  fileRules?: Omit<FileRuleOptions, 'videoDurationSeconds' | 'locale'>;
  /** Reads a video's duration for the 6–120 s rule (readVideoDuration in browsers). */
  measureVideoDuration?: (file: File) => Promise<number>;
  /** Shows a message to the user (the app's snackbar). */
  onNotice(level: NoticeLevel, message: string): void;
  /** The refresh result: the table reloads on 'all' or 'part' (console-spec §4). */
  onFinished?(result: UploadBatchResult): void;
}

interface Progress {
  phase: 'hashing' | 'uploading';
  loaded: number;
  total: number;
}

/** console-spec §2 'upload file' dialog with the §4 flow. */
export function UploadDialog(props: UploadDialogProps) {
  const { open, onClose, targetPath, directoryPicker, calls, onNotice, onFinished } = props;
  const maxFiles = props.maxFiles ?? MAX_FILES_PER_UPLOAD;
  const hasher = props.hasher ?? hashOnMainThread;
  const { t, notice, locale } = useMediaText();
  const queue = useMemo(() => new UploadQueue(maxFiles), [maxFiles]);
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const [progress, setProgress] = useState<Progress | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = progress !== null;

  const addFiles = async (chosen: File[]) => {
    const { accepted } = planFileBatch(chosen, queue.items.length, maxFiles);
    const checked: File[] = [];
    for (const file of accepted) {
      const videoDurationSeconds =
        isVideoName(file.name) && props.measureVideoDuration ? await props.measureVideoDuration(file).catch(() => undefined) : undefined;
      const problem = checkCandidateFile(file, { ...props.fileRules, videoDurationSeconds, locale });
      if (problem) onNotice('warning', notice(problem));
      else checked.push(file);
    }
    const total = checked.reduce((sum, file) => sum + file.size, 0);
    let done = 0;
    setProgress({ phase: 'hashing', loaded: 0, total });
    try {
      for (const file of checked) {
        const md5 = await hasher(file, ({ loaded }) => setProgress({ phase: 'hashing', loaded: done + loaded, total }));
        done += file.size;
        queue.add(file, md5, file.name); // duplicates and overflow are skipped silently (§4)
      }
    } catch (error) {
      onNotice('error', error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
    }
  };

  const upload = async () => {
    if (queue.items.length === 0) {
      onNotice('warning', t('noFileSelected'));
      return;
    }
    const items = queue.beginUpload();
    setProgress({ phase: 'uploading', loaded: 0, total: 0 });
    let result: UploadBatchResult;
    try {
      result = await runUploadBatch({ ...calls, items, path: targetPath, locale });
    } catch (error) {
      // Only a programming error in an injected call gets here; keep the files for a retry.
      queue.finishUpload(true);
      onNotice('error', t('uploadFailed', { msg: error instanceof Error ? error.message : String(error) }));
      return;
    } finally {
      setProgress(null);
    }
    // Keep the list when nothing reached storage, so the user can retry without re-hashing.
    queue.finishUpload(!result.reachedStorage);
    onNotice(result.level, result.message);
    if (result.reachedStorage) onClose();
    onFinished?.(result);
  };

  const cancel = () => {
    queue.clear();
    onClose();
  };

  return (
    <Dialog
      open={open}
      // console-spec §2: not closable by clicking outside.
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && !busy) cancel();
      }}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: UPLOAD_DIALOG_WIDTH_PX, maxWidth: '100%' } } }}
      aria-labelledby="media-upload-dialog-title"
    >
      <DialogTitle id="media-upload-dialog-title">{t('uploadFileTitle')}</DialogTitle>
      <DialogContent dividers>
        <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary' }}>
          <li>{t('hintMaxFiles', { max: maxFiles })}</li>
          <li>{t('hintNoDuplicates')}</li>
          <li>{t('hintImageSize')}</li>
        </Box>
        <Box sx={{ my: 1 }}>
          {directoryPicker ?? <Typography>{t('uploadToDirectory', { path: targetPath })}</Typography>}
        </Box>
        {progress && (
          <Box sx={{ my: 1 }}>
            <Typography variant="body2">{t(progress.phase === 'hashing' ? 'hashing' : 'uploading')}</Typography>
            <LinearProgress
              aria-label={t(progress.phase === 'hashing' ? 'hashing' : 'uploading')}
              variant={progress.total > 0 ? 'determinate' : 'indeterminate'}
              value={progress.total > 0 ? (progress.loaded / progress.total) * 100 : undefined}
            />
          </Box>
        )}
        {snapshot.items.map((item) => (
          <PendingFileRow
            key={item.id}
            item={item}
            disabled={busy}
            onAddTag={(tag) => queue.addTag(item.id, tag)}
            onRemoveTag={(tag) => queue.removeTag(item.id, tag)}
            onCancel={() => queue.remove(item.id)}
          />
        ))}
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          accept={props.accept}
          data-testid="media-file-input"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = ''; // choosing the same file again must fire change again
            void addFiles(files);
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => fileInput.current?.click()} disabled={busy}>
          {t('selectFiles')}
        </Button>
        <Button onClick={() => queue.clear()} disabled={busy}>
          {t('clear')}
        </Button>
        <Button onClick={cancel} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={() => void upload()} loading={progress?.phase === 'uploading'} disabled={busy}>
          {t('uploadToServer')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
