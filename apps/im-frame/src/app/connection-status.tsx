// Connection state line; announced politely so screen-reader users hear drops and recoveries.
import Alert, { type AlertColor } from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ConnectionState } from '../chat/chat-client';

const severityOf: Record<ConnectionState['phase'], AlertColor> = {
  idle: 'info',
  connecting: 'info',
  connected: 'success',
  reconnecting: 'warning',
  disconnected: 'warning',
  kicked: 'error',
  failed: 'error',
};

/** Kick reasons arrive as keys (im-client-spec §8); anything unknown is shown as given. */
export function kickReasonText(reason: string, t: TFunction): string {
  const key = reason.trim() === '' ? 'unknown' : reason;
  return t(`kickReason.${key}`, { defaultValue: reason || t('kickReason.unknown') });
}

export function connectionText(state: ConnectionState, t: TFunction): string {
  switch (state.phase) {
    case 'kicked':
      return t('connection.kicked', { reason: kickReasonText(state.reason, t) });
    case 'failed':
      return t('connection.failed', { reason: state.reason });
    default:
      return t(`connection.${state.phase}`);
  }
}

export function ConnectionStatus({ state }: { state: ConnectionState }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity={severityOf[state.phase]}
      role="status"
      aria-live="polite"
      data-testid="connection-status"
      data-phase={state.phase}
      sx={{ borderRadius: 0, py: 0 }}
    >
      {connectionText(state, t)}
    </Alert>
  );
}
