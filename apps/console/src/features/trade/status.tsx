// The trade screens' code tables, all from @merchant/api-contracts (console-spec §4 and §8): the app name and
// payment method with their §8 fallbacks ('unmatched application', 'unmatched payment method'), and the
// payment side's refund status (§4's mapping that knows 5 "refund succeeded"). Nothing here restates a label.
import { APP_NAME_LABELS, PAYMENT_METHOD_LABELS, REFUND_STATUS_WITH_SUCCESS_LABELS, TRADE_APP_CODES, appNameOf, labelOf } from '@merchant/api-contracts';
import { statusFromLabels, type ResourceStatus, type ResourceTextContext } from '../../resource-kit';

/** §8 app name of a payment; no code reads "all" (§8: empty = all), an unknown one 'unmatched application'. */
export const appText = (appCode: number | null, context: ResourceTextContext) => appNameOf(appCode, context.locale);

/** §8 payment method; an unknown or missing one reads 'unmatched payment method'. */
export const payMethodText = (payMethod: string | null, context: ResourceTextContext) => labelOf(PAYMENT_METHOD_LABELS, payMethod, context.locale);

/** The search bar's app choices: the four apps ("all" is leaving the field empty). */
export const APP_OPTIONS: ResourceStatus = statusFromLabels(APP_NAME_LABELS.labels, {}, TRADE_APP_CODES);

export const PAY_METHOD_OPTIONS: ResourceStatus = statusFromLabels(PAYMENT_METHOD_LABELS.labels);

/** The payment side's refund status with chip colours. */
export const TRADE_REFUND_STATUS: ResourceStatus = statusFromLabels(REFUND_STATUS_WITH_SUCCESS_LABELS.labels, {
  0: 'warning',
  1: 'info',
  2: 'success',
  3: 'default',
  4: 'warning',
  5: 'success',
  7: 'warning',
  9: 'error',
});
