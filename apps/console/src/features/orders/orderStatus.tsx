// The order's status as the console shows it: the §4 shipping-order labels of @merchant/ui-kit
// (SHIPPING_STATUS), the §4 order colours (ORDER_STATUS_COLORS), and the merchant's moves from
// the order machine of @merchant/api-contracts (docs/orders.md). Nothing here restates a label,
// a colour or a transition.
import Chip from '@mui/material/Chip';
import { ORDER_MACHINE, type OrderEvent } from '@merchant/api-contracts';
import { SHIPPING_STATUS, orderStatusColor, statusLabel } from '@merchant/ui-kit';
import { statusText, type ResourceStatus, type ResourceTextContext } from '../../resource-kit';
import { orderTabLabel } from './orderTabLabels';

/** §4 shipping-order statuses as a resource status mapping (tabs, search options, export text). */
export const ORDER_STATUS: ResourceStatus = {
  options: Object.keys(SHIPPING_STATUS.labels).map((code) => ({
    value: Number(code),
    label: { 'zh-CN': statusLabel(SHIPPING_STATUS, code, 'zh-CN'), 'en-US': statusLabel(SHIPPING_STATUS, code, 'en-US') },
  })),
};

/** The order list's status tabs: the §4 labels, with the two "shipped" ones told apart (orderTabLabels.ts). */
export const ORDER_TAB_OPTIONS: ResourceStatus['options'] = ORDER_STATUS.options.map((option) => ({
  ...option,
  label: { 'zh-CN': orderTabLabel(option.value as number, 'zh-CN'), 'en-US': orderTabLabel(option.value as number, 'en-US') },
}));

export function orderStatusText(status: unknown, context: ResourceTextContext): string {
  return statusText(ORDER_STATUS, status, context);
}

/** The status as a chip outlined in its §4 colour (light grey for a status without one). */
export function OrderStatusChip({ status, context }: { status: unknown; context: ResourceTextContext }) {
  const colour = orderStatusColor(status as number);
  return (
    <Chip
      size="small"
      variant="outlined"
      label={orderStatusText(status, context)}
      sx={{ borderColor: colour, borderWidth: 2, color: 'text.primary', bgcolor: `${colour}1f` }}
      data-status={String(status)}
    />
  );
}

/** The events the merchant may fire on an order in this status (the console offers only these). */
export function merchantOrderEvents(status: number): OrderEvent[] {
  return ORDER_MACHINE.eventsFrom(status, 'merchant');
}

export const canShip = (status: number) => merchantOrderEvents(status).includes('ship');

/**
 * The return period only moves the system's automatic receipt confirmation later (docs/orders.md), so it
 * can be extended exactly while the machine still lets the system confirm receipt (shipped, delivered).
 */
export const canExtendReturnPeriod = (status: number) => ORDER_MACHINE.eventsFrom(status, 'system').includes('confirmReceipt');

/** A withdrawn or refunded order (the machine's final states) is no longer a sale to certify. */
export const hasSalesCertificate = (status: number) => ORDER_MACHINE.isState(status) && !ORDER_MACHINE.isTerminal(status);
