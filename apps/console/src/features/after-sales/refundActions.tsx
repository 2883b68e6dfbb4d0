// processRefund's actions, one per RefundAction the merchant may take (docs/orders.md): approving a
// return and receiving it ask first, rejecting asks for a reason, paying opens the pay dialog, and a
// refund-only request's "approve and refund" opens the same dialog for its one confirmed step (issue 35
// §9). Which of them a refund offers is merchantRefundActions(kind, status) of api-contracts (list rows)
// or the detail's `actions` (the server's answer from the same function), never a list written here.
import { PERMISSIONS, type RefundAction } from '@merchant/api-contracts';
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

/** The merchant's actions on a refund (api-contracts' RefundAction), in the order the buttons show them. */
export type MerchantRefundEvent = RefundAction;

/** An event the merchant confirms first (it cannot be undone); its label and question are the event's own keys. */
function confirmedEvent(event: 'approveReturn' | 'receiveReturn', noticeKey: string): RefundEventAction {
  return {
    labelKey: `afterSales.action.${event}`,
    color: 'primary',
    confirm: { titleKey: `afterSales.confirm.${event}Title`, contentKey: `afterSales.confirm.${event}` },
    run: (refundId, context) => context.perform(api[event], { refundId }, noticeKey),
  };
}

export const REFUND_EVENT_ACTIONS: Readonly<Record<MerchantRefundEvent, RefundEventAction>> = {
  // One confirmation, showing the buyer and the amount, approves and pays (the dialog is the confirmation).
  approveAndPay: {
    labelKey: 'afterSales.action.approveAndPay',
    color: 'primary',
    run: (refundId, context) =>
      context.openDialog((close) => <PayRefundDialog refundId={refundId} mode="approveAndPay" onPaid={() => context.succeeded('afterSales.notice.approvedAndPaid')} onClose={close} />),
  },
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

export function isMerchantRefundEvent(event: string): event is MerchantRefundEvent {
  return event in REFUND_EVENT_ACTIONS;
}

/** Every refund action needs the after-sales handling permission (docs/permissions.md). */
export const REFUND_ACTION_PERMISSION = PERMISSIONS.afterSalesHandle;
