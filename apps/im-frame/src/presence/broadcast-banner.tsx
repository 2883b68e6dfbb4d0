// Broadcast messages (issue 32 §7) as a banner above the chat: the oldest announcement not yet
// dismissed, its text as plain text (inert), with how many wait and a button to dismiss it.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { Broadcast, BroadcastsPort } from './broadcasts-port';
import { formatChatTime } from '../i18n/format-time';

export function BroadcastBanner({ broadcasts, now }: { broadcasts: BroadcastsPort; now?: number }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Broadcast[]>([]);

  useEffect(() => {
    let alive = true;
    const read = () =>
      void broadcasts.list().then(
        (list) => alive && setPending(list),
        () => undefined,
      );
    read();
    const off = broadcasts.onChange(read);
    return () => {
      alive = false;
      off();
    };
  }, [broadcasts]);

  const shown = pending[0];
  if (!shown) return null;
  const title = pending.length > 1 ? t('presence.broadcastCount', { index: 1, count: pending.length }) : t('presence.broadcast');
  return (
    <Alert
      severity="info"
      role="region"
      aria-label={title}
      data-testid="broadcast-banner"
      data-broadcast-id={shown.id}
      onClose={() => void broadcasts.dismiss(shown.id)}
      slotProps={{ closeButton: { 'aria-label': t('presence.dismiss'), title: t('presence.dismiss'), ...({ 'data-testid': 'broadcast-dismiss' } as object) } }}
      sx={{ borderRadius: 0, py: 0, '& .MuiAlert-message': { minWidth: 0 } }}
    >
      <AlertTitle sx={{ mb: 0, fontSize: '0.875rem' }}>
        {title}
        <Box component="span" sx={{ ml: 1, fontWeight: 400, color: 'text.secondary' }}>
          {formatChatTime(shown.time, now ?? Date.now(), t)}
        </Box>
      </AlertTitle>
      <Box data-testid="broadcast-text" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 72, overflowY: 'auto' }}>
        {shown.body}
      </Box>
    </Alert>
  );
}
