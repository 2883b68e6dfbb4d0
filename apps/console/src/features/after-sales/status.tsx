// The after-sales statuses as the console shows them: the §4 refund-order and dispute labels of
// @merchant/api-contracts (REFUND_STATUS_LABELS, DISPUTE_STATUS_LABELS) with chip colours, and the
// merchant's moves from its refund machine (docs/orders.md). Nothing here restates a label or a transition.
import { DISPUTE_STATUS_LABELS, REFUND_KIND_LABELS, REFUND_PENDING_STATUSES, REFUND_STATUS_LABELS, merchantRefundActions, type RefundAction } from '@merchant/api-contracts';
import { statusFromLabels, type ResourceStatus, type ResourceStatusOption } from '../../resource-kit';
import { afterSalesMessages } from './messages';

/** §4 refund-order statuses (the mapping without 5, which is the payment side's record). */
export const REFUND_ORDER_STATUS = statusFromLabels(REFUND_STATUS_LABELS.labels, { 0: 'warning', 1: 'info', 2: 'success', 3: 'default', 4: 'warning', 7: 'warning', 9: 'error' });

/** §4 dispute statuses 1–3. */
export const COMPLAINT_STATUS = statusFromLabels(DISPUTE_STATUS_LABELS.labels, { 1: 'warning', 2: 'success', 3: 'default' });

/** What the merchant may do on a refund of this kind in this status (api-contracts, as the server answers it): the console offers only these. */
export function merchantRefundEvents(refund: { kind: number; status: number }): RefundAction[] {
  return merchantRefundActions(refund.kind, refund.status);
}

/** The buyer's request: refund only, or return and refund (the contract's labels). */
export const REFUND_KIND = statusFromLabels(REFUND_KIND_LABELS.labels, { 1: 'default', 2: 'info' });

/** orderAfter's "pending work" statuses (the contract's REFUND_PENDING_STATUSES, 0, 1, 4 and 7) as its tabs. */
export const PENDING_REFUND_STATUS: ResourceStatus = {
  options: REFUND_ORDER_STATUS.options.filter((option) => (REFUND_PENDING_STATUSES as readonly number[]).includes(Number(option.value))),
};

const QUALIFIERS = { 'zh-CN': afterSalesMessages['zh-CN'].afterSales.tabQualifier, 'en-US': afterSalesMessages['en-US'].afterSales.tabQualifier } as const;

/**
 * Status tabs: §4 labels 4 and 7 both "pending refund"; side by side as tabs they also say which one
 * (goods returned / refund only). Chips and exports keep the §4 label as it is.
 */
export function refundTabs(status: ResourceStatus): ResourceStatusOption[] {
  return status.options.map((option) => {
    const value = Number(option.value) as keyof (typeof QUALIFIERS)['en-US'];
    if (!(value in QUALIFIERS['en-US']) || typeof option.label === 'string') return option;
    const { 'zh-CN': zh, 'en-US': en } = option.label;
    return { ...option, label: { 'zh-CN': `${zh}（${QUALIFIERS['zh-CN'][value]}）`, 'en-US': `${en} (${QUALIFIERS['en-US'][value]})` } };
  });
}
