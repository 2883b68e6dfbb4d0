// The sample quote of a cartage template (issue 27 §2), shown by the form while the merchant types and by the goods
// release picker: CARTAGE_SAMPLE_JOB priced by the one calculation store-server quotes with.
import type { TFunction } from 'i18next';
import { CARTAGE_SAMPLE_JOB, quoteCartage, type CartageRules } from '@merchant/api-contracts';
import { formatCents } from '@merchant/ui-kit';

/** "¥110.00", "¥30.00 (the minimum charge)" or "beyond the carry distance …" for the sample job. */
export function samplePriceText(rules: CartageRules, t: TFunction, tooFarKey = 'shopCartage.preview.tooFar'): string {
  const quote = quoteCartage(rules, CARTAGE_SAMPLE_JOB);
  if (quote.cartageCents === null) return t(tooFarKey);
  if (quote.outcome === 'minimum') return t('shopCartage.preview.minimum', { yuan: formatCents(quote.cartageCents) });
  return `¥${formatCents(quote.cartageCents)}`;
}
