import { useEffect, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ALLOWED_UPLOAD_SUFFIXES, AUTO_SELECT_CHOOSER_DELAY_MS, MAX_FILES_PER_UPLOAD, UPLOAD_DIALOG_WIDTH_PX } from '../constants';
import { hashOnMainThread, type FileHasher } from '../hashing/md5';
import type { LibraryFile } from '../picker/selection';
import { mediaText } from '../i18n/messages';
import { catalogDisplayPath } from '../upload/catalog-names';
import type { CatalogNode } from '../upload/endpoints';
import type { UploadBatchDependencies, UploadBatchResult } from '../upload/pipeline';
import type { FileRuleOptions } from '../validation/file-rules';
import { DirectoryCascader } from './DirectoryCascader';
import { PendingFileRow } from './PendingFileRow';
import { useMediaText } from './use-media-text';
import { useUploadFlow, type NoticeLevel } from './use-upload-flow';

export type { NoticeLevel } from './use-upload-flow';

export interface UploadDialogProps {
  open: boolean;
  onClose(): void;
  /** Directory the files go to (sent with the verification). */
  targetPath: string;
  /** The directory tree: the dialog then shows one 'upload to directory' select (starting at targetPath) instead of the fixed line. */
  catalogs?: readonly CatalogNode[];
  /** Anything else to show on the target line instead (overrides both). */
  directoryPicker?: ReactNode;
  /** The verify, upload and callback calls (createMediaLibraryApi and uploadWithTickets). */
  calls: UploadBatchDependencies;
  /** Hashes one file; pass the worker client's `hash` to keep the page responsive. */
  hasher?: FileHasher;
  maxFiles?: number;
  accept?: string;
  fileRules?: Omit<FileRuleOptions, 'videoDurationSeconds' | 'locale'>;
  /** Reads a video's duration for the 6–120 s rule (readVideoDuration in browsers). */
  measureVideoDuration?: (file: File) => Promise<number>;
  /** Stamp this text across images before upload (console-spec §9), with the worker client's `watermark`. */
  watermark?: { text: string; stamp: (blob: Blob, text: string) => Promise<Blob> };
  /**
   * console-spec §4 auto-select mode: nothing is shown, the file chooser opens after 200 ms, the files
   * upload once the last is hashed, and the uploaded files are handed to onAutoSelected.
   */
  autoSelect?: boolean;
  onAutoSelected?(files: LibraryFile[]): void;
  /** Shows a message to the user (the app's snackbar). */
  onNotice(level: NoticeLevel, message: string): void;
  /** The refresh result: the table reloads on 'all' or 'part' (console-spec §4). */
  onFinished?(result: UploadBatchResult): void;
}

/** The chooser offers what the server accepts; a file chosen anyway ('all files') is refused with a reason. */
const DEFAULT_ACCEPT = ALLOWED_UPLOAD_SUFFIXES.map((suffix) => `.${suffix}`).join(',');

/** console-spec §2 'upload file' dialog with the §4 flow. */
export function UploadDialog(props: UploadDialogProps) {
  const { open, onClose, targetPath, onNotice, onFinished, autoSelect = false } = props;
  const maxFiles = props.maxFiles ?? MAX_FILES_PER_UPLOAD;
  const { t, notice, locale } = useMediaText();
  const flow = useUploadFlow({
    maxFiles,
    calls: props.calls,
    hasher: props.hasher ?? hashOnMainThread,
    locale,
    fileRules: props.fileRules,
    measureVideoDuration: props.measureVideoDuration,
    watermark: props.watermark,
    notify: onNotice,
    notice,
  });
  const [chosenPath, setChosenPath] = useState(targetPath);
  useEffect(() => setChosenPath(targetPath), [targetPath]);
  const fileInput = useRef<HTMLInputElement>(null);

  const upload = async () => {
    flow.clearRefused();
    const result = await flow.upload(chosenPath);
    if (!result) return;
    if (result.reachedStorage) onClose();
    onFinished?.(result);
    if (autoSelect && (result.outcome === 'all' || result.outcome === 'part')) {
      const registered = (result.callbackData as { list?: LibraryFile[] } | undefined)?.list ?? [];
      props.onAutoSelected?.(registered);
    }
  };

  const chooseFiles = async (files: File[]) => {
    const added = await flow.addFiles(files);
    if (autoSelect) {
      if (added > 0) await upload();
      else onClose();
    }
  };

  // Auto-select: open the chooser 200 ms after the invisible dialog opens.
  useEffect(() => {
    if (!open || !autoSelect) return undefined;
    const timer = setTimeout(() => fileInput.current?.click(), AUTO_SELECT_CHOOSER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, autoSelect]);

  // Chromium fires 'cancel' when the chooser is dismissed: an invisible dialog then closes.
  useEffect(() => {
    const element = fileInput.current;
    if (!open || !autoSelect || !element) return undefined;
    element.addEventListener('cancel', onClose);
    return () => element.removeEventListener('cancel', onClose);
  }, [open, autoSelect, onClose]);

  const cancel = () => {
    flow.queue.clear();
    flow.clearRefused();
    onClose();
  };

  const input = (
    <input
      ref={fileInput}
      type="file"
      multiple
      hidden
      accept={props.accept ?? DEFAULT_ACCEPT}
      data-testid="media-file-input"
      onChange={(event) => {
        const files = Array.from(event.target.files ?? []);
        event.target.value = ''; // choosing the same file again must fire change again
        void chooseFiles(files);
      }}
    />
  );

  if (autoSelect) {
    return open ? (
      <Box data-testid="media-auto-select" aria-busy={flow.busy} sx={{ display: 'none' }}>
        {input}
      </Box>
    ) : null;
  }

  const progressLabel = flow.progress ? t(flow.progress.phase === 'hashing' ? 'hashing' : 'uploading') : '';
  return (
    <Dialog
      open={open}
      // console-spec §2: not closable by clicking outside.
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && !flow.busy) cancel();
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
        <Box sx={{ my: 1.5 }}>
          {props.directoryPicker ??
            (props.catalogs ? (
              <DirectoryCascader catalogs={props.catalogs} rootPath={targetPath} value={chosenPath} onChange={setChosenPath} disabled={flow.busy} />
            ) : (
              <Typography>{t('uploadToDirectory', { path: catalogDisplayPath(targetPath, [], locale) })}</Typography>
            ))}
        </Box>
        {flow.refused.length > 0 && (
          <Alert severity="warning" sx={{ my: 1 }} data-testid="media-refused-files" onClose={flow.clearRefused}>
            <AlertTitle>{t('refusedFilesTitle')}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {flow.refused.map((refused, index) => (
                <li key={`${index}-${refused.name}`}>{mediaText('fileRefused', locale, { name: refused.name, reason: refused.reason })}</li>
              ))}
            </Box>
          </Alert>
        )}
        {flow.progress && (
          <Box sx={{ my: 1 }}>
            <Typography variant="body2">{progressLabel}</Typography>
            <LinearProgress
              aria-label={progressLabel}
              variant={flow.progress.total > 0 ? 'determinate' : 'indeterminate'}
              value={flow.progress.total > 0 ? (flow.progress.loaded / flow.progress.total) * 100 : undefined}
            />
          </Box>
        )}
        {flow.items.map((item) => (
          <PendingFileRow
            key={item.id}
            item={item}
            disabled={flow.busy}
            uploadFraction={flow.fileProgress[item.id]}
            onAddTag={(tag) => flow.queue.addTag(item.id, tag)}
            onRemoveTag={(tag) => flow.queue.removeTag(item.id, tag)}
            onCancel={() => flow.queue.remove(item.id)}
          />
        ))}
        {input}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => fileInput.current?.click()} disabled={flow.busy}>
          {t('selectFiles')}
        </Button>
        <Button
          onClick={() => {
            flow.queue.clear();
            flow.clearRefused();
          }}
          disabled={flow.busy}
        >
          {t('clear')}
        </Button>
        <Button onClick={cancel} disabled={flow.busy}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={() => void upload()} loading={flow.progress?.phase === 'uploading'} disabled={flow.busy}>
          {t('uploadToServer')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
