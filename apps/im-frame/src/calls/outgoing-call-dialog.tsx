// The outgoing call dialog (issue 32 §3 "Calls", signalling only): "Calling X (audio/video)" while it rings,
// with Cancel; connected (no media in this version) with Hang up; then how it ended: declined, canceled, no
// answer (RING_TIMEOUT_MS), offline (10201 / 11001), ended, or failed with the reason, and Close.
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CallsPort } from './calls-port';
import { isTerminalCallState, OutgoingCallSession, RING_TIMEOUT_MS } from './outgoing-call';

export interface OutgoingCallDialogProps {
  calls: CallsPort;
  /** The account called. */
  to: string;
  /** How the merchant knows them (the conversation's name). */
  name: string;
  kind: 'audio' | 'video';
  /** How long the invitation rings before it is canceled as unanswered (tests pass a small value). */
  ringTimeoutMs?: number;
  /** Close was chosen (only offered once the call is over). */
  onClose(): void;
}

/** Places the call when shown (once: remount it, e.g. with a new key, for another call). */
export function OutgoingCallDialog({ calls, to, name, kind, ringTimeoutMs = RING_TIMEOUT_MS, onClose }: OutgoingCallDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const stateId = `${id}-state`;
  // Made once per dialog; start() is idempotent, so React running the effect twice still places one call.
  const [session] = useState(() => new OutgoingCallSession(calls, to, kind, { ringTimeoutMs }));
  const view = useSyncExternalStore(session.subscribe, session.snapshot);
  useEffect(() => session.start(), [session]);

  const over = isTerminalCallState(view.state);
  return (
    <Dialog
      open
      // Escape and the backdrop do not dismiss a ringing or connected call: Cancel / Hang up end it first.
      onClose={() => over && onClose()}
      aria-labelledby={titleId}
      aria-describedby={stateId}
      data-testid="outgoing-call-dialog"
      data-state={view.state}
    >
      <DialogTitle id={titleId}>{t('call.outgoing.title', { name, kind: t(`call.kinds.${kind}`) })}</DialogTitle>
      <DialogContent>
        <Typography id={stateId} role="status" aria-live="polite" data-testid="outgoing-call-state">
          {t(`call.outgoing.states.${view.state}`, { name, reason: view.reason ?? '' })}
        </Typography>
      </DialogContent>
      <DialogActions>
        {view.state === 'calling' && (
          <Button key="cancel" color="error" variant="contained" disabled={view.busy} onClick={() => session.cancel()} data-testid="outgoing-call-cancel" autoFocus>
            {t('call.outgoing.cancel')}
          </Button>
        )}
        {view.state === 'connected' && (
          <Button key="hangup" color="error" variant="contained" disabled={view.busy} onClick={() => session.hangUp()} data-testid="outgoing-call-hangup" autoFocus>
            {t('call.outgoing.hangUp')}
          </Button>
        )}
        {over && (
          <Button key="close" onClick={onClose} data-testid="outgoing-call-close" autoFocus>
            {t('call.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
