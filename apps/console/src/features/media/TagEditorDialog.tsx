// Edit a library file's tags (updateResourceFileTags): chips, Enter or blur adds, empty ignored (§5).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MAX_TAGS_PER_FILE, MAX_TAG_LENGTH } from '@merchant/media-library';

export interface TagEditorDialogProps {
  file: { objectName: string; fileTags?: { tag: string }[] } | null;
  onClose(): void;
  onSave(tags: string[]): Promise<unknown>;
}

export function TagEditorDialog({ file, onClose, onSave }: TagEditorDialogProps) {
  const { t } = useTranslation();
  const [tags, setTags] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setTags(file?.fileTags?.map((tag) => tag.tag) ?? []);
    setDraft('');
  }, [file]);
  const confirmDraft = () => {
    const tag = draft.trim();
    if (tag && !tags.includes(tag) && tags.length < MAX_TAGS_PER_FILE) setTags([...tags, tag]);
    setDraft('');
  };
  const save = async () => {
    setBusy(true);
    try {
      await onSave(tags);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={file !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="media-tags-title">
      <DialogTitle id="media-tags-title">
        {t('media.tagsTitle')}: {file?.objectName}
      </DialogTitle>
      <DialogContent>
        <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap', mb: 1 }}>
          {tags.map((tag) => (
            <Chip key={tag} label={tag} onDelete={() => setTags(tags.filter((other) => other !== tag))} />
          ))}
        </Stack>
        <TextField
          fullWidth
          size="small"
          label={t('media.addTag')}
          helperText={t('media.tagsHint')}
          value={draft}
          slotProps={{ htmlInput: { maxLength: MAX_TAG_LENGTH } }}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={confirmDraft}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              confirmDraft();
            }
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('media.cancel')}</Button>
        <Button variant="contained" loading={busy} onClick={() => void save()}>
          {t('media.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
