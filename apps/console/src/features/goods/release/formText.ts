// Validation messages are i18n keys; the numbers in them come from the contract's limits.
import type { TFunction } from 'i18next';
import { formatCents } from '@merchant/ui-kit';
import { GOODS_LIMITS } from './contract';

export const LIMIT_VALUES = { ...GOODS_LIMITS, priceMaxYuan: formatCents(GOODS_LIMITS.priceMaxCents) };

/** The text of a field error: an i18n key of ours, or (root errors) the contract's own words. */
export function errorText(t: TFunction, message: string | undefined): string {
  if (!message) return '';
  return t(message, { ...LIMIT_VALUES, defaultValue: message });
}
