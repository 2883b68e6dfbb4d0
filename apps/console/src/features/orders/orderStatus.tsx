// The order's status as the console shows it: the §4 shipping-order labels (ORDER_STATUS_LABELS), the
// §4 order colours (ORDER_STATUS_COLOURS), the shipment record's labels and the merchant's moves from
// the order machine, all of @merchant/api-contracts (docs/orders.md). Nothing here restates a label,
// a colour or a transition.
import Chip from '@mui/material/Chip';
import { ORDER_MACHINE, ORDER_STATUS_COLOURS, ORDER_STATUS_LABELS, SHIPMENT_STATUS_LABELS, type OrderEvent } from '@merchant/api-contracts';
import { statusColour } from '@merchant/ui-kit';
import { statusFromLabels, statusText, type ResourceStatus, type ResourceTextContext } from '../../resource-kit';
import { orderTabLabel } from './orderTabLabels';

/** §4 shipping-order statuses as a resource status mapping (tabs, search options, export text). */
export const ORDER_STATUS: ResourceStatus = statusFromLabels(ORDER_STATUS_LABELS.labels);

/** Our shipment record's statuses with their chip colours (the order detail's shipments, the shipment page). */
export const SHIPMENT_STATUS: ResourceStatus = statusFromLabels(SHIPMENT_STATUS_LABELS.labels, { 1: 'info', 2: 'primary', 3: 'success', 4: 'warning' });

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
  const colour = statusColour(ORDER_STATUS_COLOURS, status as number | string | null | undefined);
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
