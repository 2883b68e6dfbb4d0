// The pattern of every account dialog: a form with its fields, the server msg shown inline on
// failure (console-spec §8 "In dialogs, non-success shows the server msg"), busy while submitting.
import type { FormEvent, ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';

export interface FormDialogProps {
  open: boolean;
  title: string;
  /** The server msg of the last failed submit, or null. */
  error: string | null;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}

export function FormDialog({ open, title, error, busy, onSubmit, onClose, testId, children }: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs" data-testid={testId}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
            {error && (
              <Alert severity="error" role="alert" data-testid={`${testId}-error`}>
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('account.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid={`${testId}-confirm`}>
            {t('account.dialog.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
