import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import type { LibraryFile } from '../picker/selection';
import { isVideoName } from '../validation/file-rules';
import { useMediaText } from './use-media-text';

/** Display name with its suffix, for the type checks. */
export const nameWithSuffix = (file: LibraryFile) => (file.objectSuffix && !file.objectName.toLowerCase().endsWith(`.${file.objectSuffix}`) ? `${file.objectName}.${file.objectSuffix}` : file.objectName);

/** console-spec §2: the image preview and video player dialogs (one component, chosen by the file's type). */
export function MediaPreviewDialog({ file, onClose }: { file: LibraryFile | null; onClose(): void }) {
  const { t } = useMediaText();
  const video = file ? isVideoName(nameWithSuffix(file)) : false;
  const title = video ? t('videoPlayer') : t('imagePreview');
  return (
    <Dialog open={file !== null} onClose={onClose} maxWidth="md" aria-label={title}>
      <DialogTitle sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label={t('close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {file &&
          (video ? (
            <video src={file.objectUrl} controls autoPlay style={{ maxWidth: '100%', maxHeight: '70vh' }} aria-label={file.objectName} />
          ) : (
            <img src={file.objectUrl} alt={file.objectName} style={{ maxWidth: '100%', maxHeight: '70vh', display: 'block' }} />
          ))}
      </DialogContent>
    </Dialog>
  );
}
