// The note of a stuck conversation (im-core topCustom, issue 32 §9): a reminder the merchant keeps on
// the pinned row ("refund promised by Friday"). One field, checked by its zod schema before the server.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** Our limit for a note, so it fits the row (im-server takes up to 5000). */
export const TOP_NOTE_MAX_LENGTH = 50;

export const topNoteSchema = z.object({ note: z.string().trim().max(TOP_NOTE_MAX_LENGTH, 'conversations.topNoteTooLong') });
export type TopNoteValues = z.infer<typeof topNoteSchema>;

export interface TopNoteDialogProps {
  /** The conversation's name; undefined closes the dialog. */
  name: string | undefined;
  note: string;
  /** Resolves undefined when saved, else the refusal's text (shown, the dialog stays). */
  onSave(note: string): Promise<string | undefined>;
  onClose(): void;
}

export function TopNoteDialog({ name, note, onSave, onClose }: TopNoteDialogProps) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | undefined>();
  const form = useForm<TopNoteValues>({ defaultValues: { note }, resolver: zodResolver(topNoteSchema) });
  const open = name !== undefined;
  useEffect(() => {
    if (!open) return;
    form.reset({ note });
    setRefusal(undefined);
  }, [open, note, form]);
  const error = form.formState.errors.note?.message;

  const submit = form.handleSubmit(async (values) => {
    const refused = await onSave(values.note);
    if (refused) setRefusal(refused);
    else onClose();
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="top-note-title" data-testid="top-note-dialog" fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="top-note-title" sx={{ overflowWrap: 'anywhere' }}>
          {t('conversations.topNoteTitle', { name })}
        </DialogTitle>
        <DialogContent>
          {refusal && (
            <Alert severity="error" role="alert" sx={{ mb: 1.5 }} data-testid="top-note-error">
              {t('conversations.topNoteFailed', { reason: refusal })}
            </Alert>
          )}
          <TextField
            {...form.register('note')}
            autoFocus
            fullWidth
            margin="dense"
            label={t('conversations.topNoteLabel')}
            error={Boolean(error)}
            helperText={error ? t(error, { max: TOP_NOTE_MAX_LENGTH }) : t('conversations.topNoteHelp', { max: TOP_NOTE_MAX_LENGTH })}
            slotProps={{ htmlInput: { 'data-testid': 'top-note-input' }, formHelperText: { role: error ? 'alert' : undefined } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="top-note-cancel">
            {t('conversations.topNoteCancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} data-testid="top-note-save">
            {t('conversations.topNoteSave')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
