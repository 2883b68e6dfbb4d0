import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_THUMBNAIL_PX } from '../constants';
import type { PendingUpload } from '../upload/upload-queue';
import { fileKindOf } from '../validation/file-rules';
import { FileTypeIcon } from './FileTypeIcon';
import { useMediaText } from './use-media-text';

/** An object URL for an image preview, revoked when the row goes away. */
function usePreviewUrl(file: Blob, isImage: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!isImage || typeof URL.createObjectURL !== 'function') return undefined;
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file, isImage]);
  return url;
}

export interface PendingFileRowProps {
  item: PendingUpload;
  disabled: boolean;
  /** 0–1 while this file uploads; undefined otherwise. */
  uploadFraction?: number;
  onAddTag(tag: string): void;
  onRemoveTag(tag: string): void;
  onCancel(): void;
}

/** One pending file: preview or type icon, name, tags, 'add tag' and 'cancel upload'. */
export function PendingFileRow({ item, disabled, uploadFraction, onAddTag, onRemoveTag, onCancel }: PendingFileRowProps) {
  const { t } = useMediaText();
  const kind = fileKindOf(item.name);
  const previewUrl = usePreviewUrl(item.file, kind === 'image');
  const [draftTag, setDraftTag] = useState('');
  const confirmTag = () => {
    // console-spec §5: empty tags are ignored; confirmed on Enter or blur.
    if (draftTag.trim()) onAddTag(draftTag);
    setDraftTag('');
  };
  return (
    <Stack direction="row" spacing={2} data-testid="pending-file" sx={{ alignItems: 'center', py: 1 }}>
      <Box sx={{ width: 64, height: 64, display: 'flex', alignItems: 'center', justifyContent: 'center', flexShrink: 0 }}>
        {previewUrl ? (
          <img src={previewUrl} alt={item.name} width={64} height={64} style={{ objectFit: 'cover', maxWidth: DEFAULT_THUMBNAIL_PX }} />
        ) : (
          <FileTypeIcon kind={kind} />
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography noWrap title={item.name}>
          {item.name}
        </Typography>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
          {item.dynamicTags.map((tag) => (
            <Chip key={tag} label={tag} size="small" onDelete={disabled ? undefined : () => onRemoveTag(tag)} />
          ))}
          <TextField
            size="small"
            variant="standard"
            placeholder={t('addTag')}
            value={draftTag}
            disabled={disabled}
            slotProps={{ htmlInput: { 'aria-label': `${t('addTag')} ${item.name}` } }}
            onChange={(event) => setDraftTag(event.target.value)}
            onBlur={confirmTag}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                confirmTag();
              }
            }}
          />
        </Stack>
        {uploadFraction !== undefined && (
          <LinearProgress
            variant="determinate"
            value={Math.round(uploadFraction * 100)}
            aria-label={`${t('uploading')} ${item.name}`}
            sx={{ mt: 0.5 }}
          />
        )}
      </Box>
      <Button size="small" color="error" disabled={disabled} onClick={onCancel} aria-label={`${t('cancelUpload')} ${item.name}`}>
        {t('cancelUpload')}
      </Button>
    </Stack>
  );
}
