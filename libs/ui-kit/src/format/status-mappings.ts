// console-spec §3, §4 and §8 display mappings, written once for the console, the server and tests.
// Each mapping turns a code into a localized label, with the spec's fallback for unknown codes.
import { DEFAULT_UI_KIT_LOCALE, uiKitText, type UiKitLocale, type UiKitMessageKey } from '../i18n/messages';

type Code = string | number | null | undefined;

/** A code → label mapping with its fallback text for any other code. */
export interface StatusMapping {
  readonly labels: Readonly<Record<string, UiKitMessageKey>>;
  readonly fallback: UiKitMessageKey;
}

export function statusLabel(mapping: StatusMapping, code: Code, locale: UiKitLocale = DEFAULT_UI_KIT_LOCALE): string {
  const key = code === null || code === undefined ? undefined : mapping.labels[String(code)];
  return uiKitText(key ?? mapping.fallback, locale);
}

/** The codes a mapping knows, for select options in search bars. */
export function statusOptions(mapping: StatusMapping, locale: UiKitLocale = DEFAULT_UI_KIT_LOCALE): { value: string; label: string }[] {
  return Object.entries(mapping.labels).map(([value, key]) => ({ value, label: uiKitText(key, locale) }));
}

/** §4 store status: 0 not submitted, 1 under review, 2 approved, 3 rejected, 4 disabled. */
export const STORE_STATUS: StatusMapping = {
  labels: { 0: 'storeStatus0', 1: 'storeStatus1', 2: 'storeStatus2', 3: 'storeStatus3', 4: 'storeStatus4' },
  fallback: 'unmatchedStatus',
};
/** §4 store type: 1 flagship, 2 specialty, 3 service. */
export const STORE_TYPE: StatusMapping = {
  labels: { 1: 'storeType1', 2: 'storeType2', 3: 'storeType3' },
  fallback: 'unmatchedStatus',
};
/** §4 principal type: 1 sole proprietor, 2 company. */
export const PRINCIPAL_TYPE: StatusMapping = {
  labels: { 1: 'principalType1', 2: 'principalType2' },
  fallback: 'unmatchedStatus',
};
/** §4 shipping-order status 1–6 (2 and 3 both read "shipped" in the spec). */
export const SHIPPING_STATUS: StatusMapping = {
  labels: { 1: 'shippingStatus1', 2: 'shippingStatus2', 3: 'shippingStatus3', 4: 'shippingStatus4', 5: 'shippingStatus5', 6: 'shippingStatus6' },
  fallback: 'unmatchedStatus',
};
const REFUND_LABELS = { 0: 'refundStatus0', 1: 'refundStatus1', 2: 'refundStatus2', 3: 'refundStatus3', 4: 'refundStatus4', 7: 'refundStatus7', 9: 'refundStatus9' } as const;
/** §4 refund-order status, the mapping without 5. */
export const REFUND_STATUS: StatusMapping = { labels: REFUND_LABELS, fallback: 'unmatchedStatus' };
/** §4 refund-order status, the mapping that also knows 5 "refund succeeded". */
export const REFUND_STATUS_WITH_SUCCESS: StatusMapping = { labels: { ...REFUND_LABELS, 5: 'refundStatus5' }, fallback: 'unmatchedStatus' };
/** §4 dispute (appeal) status 1–3. */
export const DISPUTE_STATUS: StatusMapping = {
  labels: { 1: 'disputeStatus1', 2: 'disputeStatus2', 3: 'disputeStatus3' },
  fallback: 'unmatchedStatus',
};
/** §8 app names: 1 decoration, 2 craftsman, 3 merchant, 4 mini-program, empty "all". */
export const APP_NAME: StatusMapping = {
  labels: { '': 'appAll', 1: 'app1', 2: 'app2', 3: 'app3', 4: 'app4' },
  fallback: 'unmatchedApplication',
};
/** §8 payment methods. */
export const PAYMENT_METHOD: StatusMapping = {
  labels: { BALANCE: 'paymentBalance', ALIPAY_APP: 'paymentAlipay', TENPAY: 'paymentWechat' },
  fallback: 'unmatchedPaymentMethod',
};

/** App name of a code; an empty code (null, undefined or '') means all apps (§8). */
export function appNameLabel(code: Code, locale: UiKitLocale = DEFAULT_UI_KIT_LOCALE): string {
  return statusLabel(APP_NAME, code ?? '', locale);
}

/** §4 order colour codes for statuses 2, 3, 4, 5, 7; every other status is light grey. */
export const ORDER_STATUS_COLORS: Readonly<Record<number, string>> = {
  2: '#e6a23c', // waiting: amber
  3: '#409eff', // in progress: blue
  4: '#67c23a', // done: green
  5: '#f56c6c', // stopped: red
  7: '#909399', // closed: dark grey
};
export const ORDER_STATUS_FALLBACK_COLOR = '#dcdfe6';

export function orderStatusColor(status: Code): string {
  const code = Number(status);
  return (status !== null && status !== undefined && status !== '' && ORDER_STATUS_COLORS[code]) || ORDER_STATUS_FALLBACK_COLOR;
}
