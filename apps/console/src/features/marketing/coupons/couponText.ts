// How a template's rules read in the console: the value (yuan, or a percentage with its cap), the threshold,
// the issue count and the validity. Percentages travel as basis points (1 bp = 0.01 %); the conversions here
// work on the digits, never through a float, so 12.34 % is exactly 1234 bp both ways.
import type { TFunction } from 'i18next';
import { COUPON_KIND, COUPON_VALIDITY } from '@merchant/api-contracts';
import { formatCents, formatDate } from '@merchant/ui-kit';
import type { CouponTemplateRow } from './api';

/** 1234 → "12.34", 1500 → "15", 50 → "0.5". */
export function basisPointsToPercentText(bp: number): string {
  const fraction = String(bp % 100).padStart(2, '0').replace(/0+$/, '');
  return fraction === '' ? String(Math.floor(bp / 100)) : `${Math.floor(bp / 100)}.${fraction}`;
}

/** "12.34" → 1234, "15" → 1500, "0.5" → 50; anything else (three decimals, letters) → undefined. */
export function percentTextToBasisPoints(text: string): number | undefined {
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "¥10.00 off", or "15% off, at most ¥20.00". */
export function couponValueText(row: Pick<CouponTemplateRow, 'kind' | 'amountCents' | 'percentOffBp' | 'capCents'>, t: TFunction): string {
  if (row.kind === COUPON_KIND.amount) return t('coupons.value.amount', { yuan: formatCents(row.amountCents) });
  return t('coupons.value.percent', { percent: basisPointsToPercentText(row.percentOffBp ?? 0), cap: formatCents(row.capCents) });
}

export const thresholdText = (cents: number, t: TFunction) => (cents === 0 ? t('coupons.threshold.none') : t('coupons.threshold.from', { yuan: formatCents(cents) }));

export function validityText(row: Pick<CouponTemplateRow, 'validity' | 'validFrom' | 'validUntil' | 'validDays'>, t: TFunction): string {
  if (row.validity === COUPON_VALIDITY.afterClaim) return t('coupons.validity.days', { count: row.validDays ?? 0 });
  return `${formatDate(row.validFrom)} ~ ${formatDate(row.validUntil)}`;
}
