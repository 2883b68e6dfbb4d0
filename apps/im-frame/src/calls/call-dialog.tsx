// The incoming call dialog (issue 12): "X is calling (audio/video)" with Accept and Reject, then
// the signalling state: accepted (joined; no media in this version), rejected, canceled by the
// caller, closed, or answered on another device. One call at a time; a newer invitation replaces it.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CallsPort, IncomingCall } from './calls-port';

export type CallState = 'ringing' | 'accepted' | 'rejected' | 'canceled' | 'closed';

interface ShownCall {
  call: IncomingCall;
  state: CallState;
  /** The caller's name (nick) once looked up. */
  name?: string;
  error?: string;
}

export interface CallDialogProps {
  calls: CallsPort;
  /** The caller's nick, when the frame knows the account. */
  nameOf?(account: string): Promise<string | undefined>;
}

export function CallDialog({ calls, nameOf }: CallDialogProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<ShownCall | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(
    () =>
      calls.onChange((change) => {
        if (change.type === 'invite') {
          setShown({ call: change.call, state: 'ringing' });
          void nameOf?.(change.call.from).then(
            (name) => name && setShown((current) => (current?.call === change.call ? { ...current, name } : current)),
            () => undefined,
          );
          return;
        }
        // The inviter's changes belong to the outgoing call dialog.
        if (change.type === 'answered' || change.type === 'declined' || change.type === 'left') return;
        setShown((current) => {
          if (!current || current.call.channelId !== change.channelId) return current;
          // Once answered here, only the channel closing changes what is shown.
          if (current.state !== 'ringing' && change.type !== 'closed') return current;
          const state: CallState =
            change.type === 'canceled' ? 'canceled' : change.type === 'closed' ? 'closed' : change.type === 'acceptedElsewhere' ? 'accepted' : 'rejected';
          return { ...current, state };
        });
      }),
    [calls, nameOf],
  );

  const answer = async (accept: boolean) => {
    if (!shown) return;
    const { call } = shown;
    setBusy(true);
    try {
      await (accept ? calls.accept(call) : calls.reject(call));
      setShown((current) => (current?.call === call ? { ...current, state: accept ? 'accepted' : 'rejected', error: undefined } : current));
    } catch (failure) {
      const reason = failure instanceof Error ? failure.message : String(failure);
      setShown((current) => (current?.call === call ? { ...current, error: t('call.states.failed', { reason }) } : current));
    } finally {
      setBusy(false);
    }
  };

  if (!shown) return null;
  const name = shown.name || shown.call.from;
  const ringing = shown.state === 'ringing';
  return (
    <Dialog open onClose={() => !ringing && setShown(undefined)} aria-labelledby="call-dialog-title" aria-describedby="call-dialog-state" data-testid="call-dialog" data-state={shown.state}>
      <DialogTitle id="call-dialog-title">{t('call.incoming', { name, kind: t(`call.kinds.${shown.call.kind}`) })}</DialogTitle>
      <DialogContent>
        <Typography id="call-dialog-state" role="status" aria-live="polite" data-testid="call-state">
          {t(`call.states.${shown.state}`)}
        </Typography>
        {shown.error && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {shown.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {ringing ? (
          <>
            <Button color="error" variant="outlined" disabled={busy} onClick={() => void answer(false)} data-testid="call-reject">
              {t('call.reject')}
            </Button>
            <Button color="success" variant="contained" disabled={busy} onClick={() => void answer(true)} data-testid="call-accept" autoFocus>
              {t('call.accept')}
            </Button>
          </>
        ) : (
          <Button onClick={() => setShown(undefined)} data-testid="call-close" autoFocus>
            {t('call.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
