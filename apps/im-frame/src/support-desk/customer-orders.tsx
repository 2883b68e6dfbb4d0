// The customer's orders beside the conversation (issue 32 support desk): a header button of a conversation with
// a customer opens a side panel listing their newest orders with the signed-in store, read through the console
// (the frame has no store-server session): number, time, amount (integer cents, ui-kit's formatCents), status
// (api-contracts' ORDER_STATUS_LABELS) and the first items; "Open order" asks the console to show its detail, and
// "Send order card" / "Send goods card" put the order or an item into the conversation as a card (desk-card.tsx).
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
import { ORDER_STATUS_LABELS, labelOf, type DeskCard, type DeskOrder } from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp } from '@merchant/ui-kit';
import { useTranslation } from 'react-i18next';
import { isTeamSessionId, accountOfSessionId } from '../chat/chat-client';
import { deskErrorText, useSupportDesk } from './desk-context';
import { DeskRequestError } from './desk-bridge';
import { deskCardWords } from './desk-card';

/** Sends a card into the conversation; resolves with whether it went (the conversation shows why not). */
export type SendDeskCard = (card: DeskCard, shown: { title: string; text: string }) => Promise<boolean>;

type Loaded = { state: 'loading' } | { state: 'ready'; list: DeskOrder[] } | { state: 'failed'; error: DeskRequestError };

/** The header button of a customer's conversation and its orders panel; nothing for teams or without a desk. */
export function CustomerOrdersButton({ sessionId, name, onSendCard }: { sessionId: string; name: string; onSendCard?: SendDeskCard }) {
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
      {open && <CustomerOrdersPanel account={account} name={name} onSendCard={onSendCard} onClose={() => setOpen(false)} />}
    </>
  );
}

function CustomerOrdersPanel({ account, name, onSendCard, onClose }: { account: string; name: string; onSendCard?: SendDeskCard; onClose(): void }) {
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
  // A sent card shows in the conversation: the panel closes so the merchant sees it there.
  const send = onSendCard && ((card: DeskCard) => void onSendCard(card, deskCardWords(card, t, language)).then((sent) => sent && onClose()));

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
                  <Box key={`${order.orderId}-${item.goodsId}-${item.title}`} sx={{ mt: 0.5, display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                    <Typography variant="body2" noWrap title={item.title} sx={{ flex: 1, minWidth: 0 }}>
                      {item.title} × {item.quantity}
                    </Typography>
                    {send && (
                      <Button
                        size="small"
                        aria-label={t('desk.orders.sendGoodsLabel', { title: item.title })}
                        onClick={() => send({ kind: 'goods', goodsId: item.goodsId, title: item.title })}
                        data-testid="customer-order-send-goods"
                        sx={{ flexShrink: 0 }}
                      >
                        {t('desk.orders.sendGoods')}
                      </Button>
                    )}
                  </Box>
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
                  {send && (
                    <Button
                      size="small"
                      variant="contained"
                      aria-label={t('desk.orders.sendOrderLabel', { orderNo: order.orderNo })}
                      onClick={() => send({ kind: 'order', orderId: order.orderId, orderNo: order.orderNo, status: order.status, amountCents: order.amountCents, itemCount: order.itemCount })}
                      data-testid="customer-order-send"
                    >
                      {t('desk.orders.sendOrder')}
                    </Button>
                  )}
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </Drawer>
  );
}
