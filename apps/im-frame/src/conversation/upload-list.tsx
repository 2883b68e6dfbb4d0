// Files on their way up (issue 13): name, a progress bar and cancel; a failed one shows why, in the
// merchant's language, until dismissed.
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import type { ChatUpload } from '../chat/chat-state';

/** im-core error names the frame explains itself; anything else shows the error's own text. */
const EXPLAINED = new Set(['No_File_Selected', 'Wrong_File_Type', 'File_Too_Large', 'Upload_Failed', 'Not_Support']);

export interface UploadListProps {
  uploads: readonly ChatUpload[];
  onCancel(id: string): void;
  onDismiss(id: string): void;
}

export function UploadList({ uploads, onCancel, onDismiss }: UploadListProps) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  return (
    <Box component="ul" aria-label={t('upload.listLabel')} sx={{ listStyle: 'none', m: 0, px: 1.5, pt: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {uploads.map((upload) => {
        const failed = upload.status === 'failed';
        const reason = failed && upload.error ? (upload.error.name && EXPLAINED.has(upload.error.name) ? t(`upload.error.${upload.error.name}`, { detail: upload.error.message }) : upload.error.message) : '';
        return (
          <Box component="li" key={upload.id} data-testid="upload-item" data-status={upload.status} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" noWrap title={upload.name}>
                {upload.name}
              </Typography>
              {failed ? (
                <Typography variant="caption" color="error" role="alert">
                  {t('upload.failed', { reason })}
                </Typography>
              ) : (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <LinearProgress
                    variant="determinate"
                    value={upload.percentage}
                    aria-label={t('upload.progress', { name: upload.name })}
                    sx={{ flex: 1 }}
                  />
                  <Typography variant="caption" color="text.secondary" sx={{ minWidth: 52, textAlign: 'right' }}>
                    {upload.percentage.toFixed(2)}%
                  </Typography>
                </Box>
              )}
            </Box>
            <IconButton
              size="small"
              aria-label={failed ? t('upload.dismiss', { name: upload.name }) : t('upload.cancel', { name: upload.name })}
              onClick={() => (failed ? onDismiss(upload.id) : onCancel(upload.id))}
              data-testid={failed ? 'upload-dismiss' : 'upload-cancel'}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        );
      })}
    </Box>
  );
}
