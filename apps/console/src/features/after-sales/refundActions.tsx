// processRefund's actions, one per REFUND_MACHINE event the merchant may fire (docs/orders.md): the
// approvals and receiving the return ask first, rejecting asks for a reason, paying opens the pay
// dialog. Which of them a refund offers is the machine's answer for its status (list rows) or the
// detail's `actions` (the server's answer), never a list written here.
import { PERMISSIONS, type RefundEvent } from '@merchant/api-contracts';
import type { ResourceActionContext } from '../../resource-kit';
import { afterSalesApi } from './api';
import { PayRefundDialog } from './PayRefundDialog';
import { TextSubmitDialog } from './TextSubmitDialog';

const api = afterSalesApi.endpoints;

export interface RefundEventAction {
  labelKey: string;
  color: 'primary' | 'error' | 'warning' | 'inherit';
  /** Asked before the call (the approvals and receiving: they cannot be undone). */
  confirm?: { titleKey: string; contentKey: string };
  run: (refundId: number, context: ResourceActionContext) => unknown;
}

/** The merchant's events on a refund (RefundEvent minus the buyer's `withdraw`), in the machine's table order. */
export type MerchantRefundEvent = Exclude<RefundEvent, 'withdraw'>;

/** An event the merchant confirms first (it cannot be undone); its label and question are the event's own keys. */
function confirmedEvent(event: 'approveRefundOnly' | 'approveReturn' | 'receiveReturn', noticeKey: string): RefundEventAction {
  return {
    labelKey: `afterSales.action.${event}`,
    color: 'primary',
    confirm: { titleKey: `afterSales.confirm.${event}Title`, contentKey: `afterSales.confirm.${event}` },
    run: (refundId, context) => context.perform(api[event], { refundId }, noticeKey),
  };
}

export const REFUND_EVENT_ACTIONS: Readonly<Record<MerchantRefundEvent, RefundEventAction>> = {
  approveRefundOnly: confirmedEvent('approveRefundOnly', 'afterSales.notice.approved'),
  approveReturn: confirmedEvent('approveReturn', 'afterSales.notice.approved'),
  receiveReturn: confirmedEvent('receiveReturn', 'afterSales.notice.received'),
  reject: {
    labelKey: 'afterSales.action.reject',
    color: 'error',
    run: (refundId, context) =>
      context.openDialog((close) => (
        <TextSubmitDialog kind="reject" fixed={{ refundId }} context={context} onClose={close} />
      )),
  },
  pay: {
    labelKey: 'afterSales.action.pay',
    color: 'error',
    run: (refundId, context) => context.openDialog((close) => <PayRefundDialog refundId={refundId} onPaid={() => context.succeeded('afterSales.notice.paid')} onClose={close} />),
  },
};

/** The merchant's events in the order the buttons show them. */
export const MERCHANT_REFUND_EVENTS = Object.keys(REFUND_EVENT_ACTIONS) as MerchantRefundEvent[];

export function isMerchantRefundEvent(event: RefundEvent): event is MerchantRefundEvent {
  return event in REFUND_EVENT_ACTIONS;
}

/** Every refund action needs the after-sales handling permission (docs/permissions.md). */
export const REFUND_ACTION_PERMISSION = PERMISSIONS.afterSalesHandle;
