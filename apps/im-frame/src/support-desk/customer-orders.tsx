// The customer's orders beside the conversation (issue 32 support desk): a header button of a conversation with
// a customer opens a side panel listing their newest orders with the signed-in store, read through the console
// (the frame has no store-server session): number, time, amount (integer cents, ui-kit's formatCents), status
// (api-contracts' ORDER_STATUS_LABELS) and the first items; "Open order" asks the console to show its detail.
import { useCallback, useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { ORDER_STATUS_LABELS, labelOf, type DeskOrder } from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp } from '@merchant/ui-kit';
import { useTranslation } from 'react-i18next';
import { isTeamSessionId, accountOfSessionId } from '../chat/chat-client';
import { deskErrorText, useSupportDesk } from './desk-context';
import { DeskRequestError } from './desk-bridge';

type Loaded = { state: 'loading' } | { state: 'ready'; list: DeskOrder[] } | { state: 'failed'; error: DeskRequestError };

/** The header button of a customer's conversation and its orders panel; nothing for teams or without a desk. */
export function CustomerOrdersButton({ sessionId, name }: { sessionId: string; name: string }) {
  const { t } = useTranslation();
  const desk = useSupportDesk();
  const [open, setOpen] = useState(false);
  if (!desk || isTeamSessionId(sessionId)) return null;
  const account = accountOfSessionId(sessionId);
  return (
    <>
      <Tooltip title={t('desk.orders.openFor', { name })}>
        <IconButton size="small" aria-label={t('desk.orders.openFor', { name })} aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid="customer-orders-open">
          <ReceiptLongOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && <CustomerOrdersPanel account={account} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}

function CustomerOrdersPanel({ account, name, onClose }: { account: string; name: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const desk = useSupportDesk();
  const titleId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const load = useCallback(() => {
    if (!desk) return () => undefined;
    let alive = true;
    setLoaded({ state: 'loading' });
    desk.bridge.buyerOrders(account).then(
      (list) => alive && setLoaded({ state: 'ready', list }),
      (error: unknown) => alive && setLoaded({ state: 'failed', error: error instanceof DeskRequestError ? error : new DeskRequestError('refused', String(error)) }),
    );
    return () => {
      alive = false;
    };
  }, [account, desk]);
  useEffect(() => load(), [load]);
  if (!desk) return null;
  const language = i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US';

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 360, maxWidth: '100%' } } as object }}
      data-testid="customer-orders"
    >
      <Box sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, flex: 1, overflowWrap: 'anywhere' }}>
          {t('desk.orders.title', { name })}
        </Typography>
        <Button size="small" onClick={onClose} data-testid="customer-orders-close">
          {t('desk.orders.close')}
        </Button>
      </Box>
      <Box sx={{ px: 2, pb: 2, overflowY: 'auto' }}>
        {loaded.state === 'loading' && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('desk.orders.loading')}
          </Typography>
        )}
        {loaded.state === 'failed' && (
          <Alert severity="error" role="alert" action={<Button color="inherit" size="small" onClick={load}>{t('desk.orders.retry')}</Button>}>
            {loaded.error.failure === 'refused' ? t('desk.orders.failed', { reason: loaded.error.reason }) : deskErrorText(loaded.error, t)}
          </Alert>
        )}
        {loaded.state === 'ready' && loaded.list.length === 0 && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('desk.orders.none')}
          </Typography>
        )}
        {loaded.state === 'ready' && loaded.list.length > 0 && (
          <Box component="ul" aria-label={t('desk.orders.list')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            {loaded.list.map((order) => (
              <Box component="li" key={order.orderId} data-testid="customer-order" data-order-id={order.orderId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, overflowWrap: 'anywhere' }} data-testid="customer-order-no">
                    {t('desk.orders.orderNo', { orderNo: order.orderNo })}
                  </Typography>
                  <Chip size="small" label={labelOf(ORDER_STATUS_LABELS, order.status, language)} data-testid="customer-order-status" />
                </Box>
                <Typography variant="body2" color="text.secondary">
                  <span data-testid="customer-order-time">{formatSecondsTimestamp(order.createTime)}</span>
                  {' · '}
                  <span data-testid="customer-order-amount">{t('desk.orders.amount', { amount: formatCents(order.amountCents) })}</span>
                  {' · '}
                  {t('desk.orders.items', { count: order.itemCount })}
                </Typography>
                {order.items.map((item) => (
                  <Typography key={`${order.orderId}-${item.goodsId}-${item.title}`} variant="body2" noWrap title={item.title} sx={{ mt: 0.5 }}>
                    {item.title} × {item.quantity}
                  </Typography>
                ))}
                <Box sx={{ mt: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={t('desk.orders.openOrderLabel', { orderNo: order.orderNo })}
                    onClick={() => desk.bridge.openOrder(order.orderId)}
                    data-testid="customer-order-open"
                  >
                    {t('desk.orders.openOrder')}
                  </Button>
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </Drawer>
  );
}
