// Connection state line; announced politely so screen-reader users hear drops and recoveries.
// A failed connection and 'could not reconnect' offer a retry that connects again.
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
  reconnectFailed: 'error',
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

/** Phases where only connecting again helps (kicks stay: another device took over, §4). */
export const canRetryConnection = (state: ConnectionState): boolean => state.phase === 'failed' || state.phase === 'reconnectFailed';

export function ConnectionStatus({ state, onRetry }: { state: ConnectionState; onRetry?: () => void }) {
  const { t } = useTranslation();
  const retry =
    onRetry && canRetryConnection(state) ? (
      <Button color="inherit" size="small" onClick={onRetry} data-testid="connection-retry">
        {t('connection.retry')}
      </Button>
    ) : undefined;
  return (
    <Alert
      severity={severityOf[state.phase]}
      role="status"
      aria-live="polite"
      data-testid="connection-status"
      data-phase={state.phase}
      action={retry}
      sx={{ borderRadius: 0, py: 0 }}
    >
      {connectionText(state, t)}
    </Alert>
  );
}
