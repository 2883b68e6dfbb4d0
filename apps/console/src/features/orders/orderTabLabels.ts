// The order list's name for each §4 shipping-order status, kept free of the resource kit so the
// dashboard (the first page after sign-in) can name its chart bars the same way without loading it.
import { ORDER_STATUS_LABELS } from '@merchant/api-contracts';
import { statusLabel, type UiKitLocale } from '@merchant/ui-kit/format';

/**
 * §4 names statuses 2 and 3 both "shipped"; the chips, search options and exports keep that text, but
 * two tabs (or two bars) of the same name would leave the merchant guessing, so these say which one
 * (docs/orders.md: 2 in transit, 3 delivered and waiting for the buyer's confirmation).
 */
const SHIPPED_QUALIFIERS: Readonly<Record<number, Record<UiKitLocale, string>>> = {
  2: { 'zh-CN': '运输中', 'en-US': 'in transit' },
  3: { 'zh-CN': '已送达', 'en-US': 'delivered' },
};

/** The §4 label of a status, with the two "shipped" ones told apart; 'unmatched status' for an unknown code. */
export function orderTabLabel(status: number | string, locale: UiKitLocale): string {
  const label = statusLabel(ORDER_STATUS_LABELS, status, locale);
  const qualifier = SHIPPED_QUALIFIERS[Number(status)];
  if (!qualifier) return label;
  return locale === 'zh-CN' ? `${label}·${qualifier['zh-CN']}` : `${label} · ${qualifier['en-US']}`;
}
