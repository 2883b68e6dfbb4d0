// The after-sales statuses as the console shows them: the §4 refund-order and dispute labels of
// @merchant/ui-kit (REFUND_STATUS, DISPUTE_STATUS, with their 'unmatched status' fallback) and the
// merchant's moves from the refund machine of @merchant/api-contracts (docs/orders.md). Nothing here
// restates a label or a transition.
import { REFUND_KIND_LABELS, REFUND_MACHINE, REFUND_PENDING_STATUSES, type RefundEvent } from '@merchant/api-contracts';
import { DISPUTE_STATUS, REFUND_STATUS, statusLabel, type StatusMapping } from '@merchant/ui-kit';
import { statusFromLabels, type ChipColor, type ResourceStatus, type ResourceStatusOption } from '../../resource-kit';
import { afterSalesMessages } from './messages';

function fromMapping(mapping: StatusMapping, colors: Readonly<Record<number, ChipColor>>): ResourceStatus {
  return {
    options: Object.keys(mapping.labels).map((code) => ({
      value: Number(code),
      label: { 'zh-CN': statusLabel(mapping, code, 'zh-CN'), 'en-US': statusLabel(mapping, code, 'en-US') },
      color: colors[Number(code)],
    })),
  };
}

/** §4 refund-order statuses (the mapping without 5, which is the payment side's record). */
export const REFUND_ORDER_STATUS = fromMapping(REFUND_STATUS, { 0: 'warning', 1: 'info', 2: 'success', 3: 'default', 4: 'warning', 7: 'warning', 9: 'error' });

/** §4 dispute statuses 1–3. */
export const COMPLAINT_STATUS = fromMapping(DISPUTE_STATUS, { 1: 'warning', 2: 'success', 3: 'default' });

/** The events the merchant may fire on a refund in this status: the console offers only these. */
export function merchantRefundEvents(status: number): RefundEvent[] {
  return REFUND_MACHINE.eventsFrom(status, 'merchant');
}

/** The buyer's request: refund only, or return and refund (the contract's labels). */
export const REFUND_KIND = statusFromLabels(REFUND_KIND_LABELS, { 1: 'default', 2: 'info' });

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
