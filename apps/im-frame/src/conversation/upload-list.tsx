// Files on their way up (issue 13): name, a progress bar and cancel; a failed one shows why, in the
// merchant's language, until dismissed. An upload cut off by a reload shows how far it got and offers
// the picker: the browser cannot reopen a file by itself, the merchant has to choose it again.
import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
  /** Files chosen from an interrupted row's picker; the same file continues, another is a new upload. */
  onFiles?(files: File[]): void;
}

function InterruptedRow({ upload, onDismiss, onFiles }: { upload: ChatUpload; onDismiss(id: string): void; onFiles?(files: File[]): void }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const percentage = Math.floor(upload.percentage);
  return (
    <>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" data-testid="upload-interrupted-text">
          {t('upload.interrupted', { name: upload.name, percentage })}
        </Typography>
        <LinearProgress variant="determinate" value={upload.percentage} color="warning" aria-label={t('upload.progress', { name: upload.name })} sx={{ mt: 0.5 }} />
      </Box>
      {onFiles && (
        <>
          <Button size="small" variant="outlined" onClick={() => inputRef.current?.click()} aria-label={t('upload.chooseAgainLabel', { name: upload.name })} data-testid="upload-choose-again">
            {t('upload.chooseAgain')}
          </Button>
          <input
            ref={inputRef}
            type="file"
            hidden
            // Offers files of the same kind first; the merchant can still pick anything.
            accept={upload.type || undefined}
            data-testid="upload-choose-again-input"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (files.length > 0) onFiles(files);
            }}
          />
        </>
      )}
      <IconButton size="small" aria-label={t('upload.forget', { name: upload.name })} onClick={() => onDismiss(upload.id)} data-testid="upload-dismiss">
        <CloseIcon fontSize="small" />
      </IconButton>
    </>
  );
}

export function UploadList({ uploads, onCancel, onDismiss, onFiles }: UploadListProps) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  return (
    <Box component="ul" aria-label={t('upload.listLabel')} sx={{ listStyle: 'none', m: 0, px: 1.5, pt: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {uploads.map((upload) => {
        if (upload.status === 'interrupted') {
          return (
            <Box component="li" key={upload.id} data-testid="upload-item" data-status={upload.status} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <InterruptedRow upload={upload} onDismiss={onDismiss} onFiles={onFiles} />
            </Box>
          );
        }
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
