// What the merchant can do to the order now. Ship is offered only when the server lists it among the
// order's allowed events (`actions`, from the order machine); extending the return period and the
// sales certificate follow the machine too (orderStatus.tsx). Buttons needing a permission the user
// lacks are disabled with the title 'no permission' (§6). "Chat with buyer" opens the embedded chat on
// the buyer's conversation (message/openChat.ts).
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import ChatIcon from '@mui/icons-material/Chat';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PERMISSIONS, type OrderDetail } from '@merchant/api-contracts';
import { PermissionButton } from '@merchant/ui-kit';
import { normaliseImAccount } from '../../message/frameProtocol';
import { useOpenChatWith } from '../../message/openChat';
import { canExtendReturnPeriod, hasSalesCertificate } from '../orderStatus';
import { ORDER_PATHS, orderAddress } from '../paths';
import { shipOrderAddress } from '../shipping/paths';

interface OrderAction {
  key: string;
  labelKey: string;
  permission?: string;
  to: string;
  primary?: boolean;
}

export function orderDetailActions(order: Pick<OrderDetail, 'orderId' | 'status' | 'actions'>): OrderAction[] {
  const actions: OrderAction[] = [];
  if (order.actions.includes('ship')) actions.push({ key: 'ship', labelKey: 'orders.action.ship', permission: PERMISSIONS.orderShip, to: shipOrderAddress(order.orderId), primary: true });
  if (canExtendReturnPeriod(order.status)) actions.push({ key: 'extend', labelKey: 'orders.action.extend', permission: PERMISSIONS.orderShip, to: orderAddress(ORDER_PATHS.extensions, order.orderId) });
  if (hasSalesCertificate(order.status)) actions.push({ key: 'certificate', labelKey: 'orders.action.certificate', permission: PERMISSIONS.orderView, to: orderAddress(ORDER_PATHS.salesCertificate, order.orderId) });
  return actions;
}

export function OrderActions({ order }: { order: Pick<OrderDetail, 'orderId' | 'status' | 'actions' | 'buyerAccid'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openChat = useOpenChatWith();
  const actions = orderDetailActions(order);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} data-testid="order-actions">
      {actions.map((action) => (
        <PermissionButton
          key={action.key}
          size="small"
          variant={action.primary ? 'contained' : 'outlined'}
          permission={action.permission}
          onClick={() => void navigate(action.to)}
          data-testid={`order-action-${action.key}`}
        >
          {t(action.labelKey)}
        </PermissionButton>
      ))}
      {actions.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('orders.noActions')}
        </Typography>
      )}
      <PermissionButton
        size="small"
        variant="text"
        permission={PERMISSIONS.imChat}
        startIcon={<ChatIcon />}
        disabled={normaliseImAccount(order.buyerAccid) === null}
        onClick={() => openChat(order.buyerAccid)}
        data-testid="order-action-chat"
      >
        {t('orders.action.chat')}
      </PermissionButton>
    </Stack>
  );
}
