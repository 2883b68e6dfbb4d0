// The code tables of console-spec §4 (statuses, types, order colours) and §8 (app names, payment
// methods), each declared once with its zh-CN and en-US labels and its §8 fallback. The console
// passes them to @merchant/ui-kit (which takes mappings as data) and store-server labels its
// exports with them; nothing else may restate a label (code-tables-declared-once.spec.ts).
import { DEFAULT_LANGUAGE, type LocalizedText, type SupportedLanguage } from './languages';
import type { DisputeStatus, OrderStatus, RefundStatus, ShipmentStatus } from './order-machines';

/**
 * The one label format of every status table: each code's text in every language, and the text any
 * other code reads. It is structurally ui-kit's `StatusMapping`, so a table is passed to it as is.
 */
export interface StatusTable<Code extends string | number = string | number> {
  readonly labels: Readonly<Record<Code, LocalizedText>>;
  readonly fallback: LocalizedText;
}

/** §8 display fallbacks. */
export const UNMATCHED_STATUS: LocalizedText = { 'zh-CN': '未匹配状态', 'en-US': 'unmatched status' };
export const UNMATCHED_APPLICATION: LocalizedText = { 'zh-CN': '未匹配应用', 'en-US': 'unmatched application' };
export const UNMATCHED_PAYMENT_METHOD: LocalizedText = { 'zh-CN': '未匹配支付方式', 'en-US': 'unmatched payment method' };

/** Declares a status table; an unknown code reads 'unmatched status' unless another §8 fallback is given. */
export function statusTable<Code extends string | number>(labels: Readonly<Record<Code, LocalizedText>>, fallback: LocalizedText = UNMATCHED_STATUS): StatusTable<Code> {
  return Object.freeze({ labels: Object.freeze({ ...labels }), fallback });
}

/** The text of a code in a language; null, undefined and codes the table does not know read its fallback. */
export function labelOf<Code extends string | number>(table: StatusTable<Code>, code: unknown, language: SupportedLanguage = DEFAULT_LANGUAGE): string {
  const known = code === null || code === undefined ? undefined : (table.labels as Readonly<Record<string, LocalizedText>>)[String(code)];
  return (known ?? table.fallback)[language];
}

/** The codes a table labels, in declaration order (numbers stay numbers). */
export function codesOf<Code extends string | number>(table: StatusTable<Code>): Code[] {
  return Object.keys(table.labels).map((key) => (key !== '' && !Number.isNaN(Number(key)) ? Number(key) : key) as Code);
}

// ---------------------------------------------------------------------------------------------
// §4 store: status, type, principal type.

/** Store status: 0 not submitted, 1 under review, 2 approved, 3 rejected, 4 disabled (only 2 and 4 enter the app). */
export const STORE_STATUS = { notSubmitted: 0, underReview: 1, approved: 2, rejected: 3, disabled: 4 } as const;
export type StoreStatusValue = (typeof STORE_STATUS)[keyof typeof STORE_STATUS];
export const STORE_STATUS_LABELS: StatusTable<StoreStatusValue> = statusTable({
  0: { 'zh-CN': '未提交', 'en-US': 'not submitted' },
  1: { 'zh-CN': '审核中', 'en-US': 'under review' },
  2: { 'zh-CN': '审核通过', 'en-US': 'approved' },
  3: { 'zh-CN': '审核驳回', 'en-US': 'rejected' },
  4: { 'zh-CN': '已禁用', 'en-US': 'disabled' },
});

/** Store type: 1 flagship store, 2 specialty store, 3 service store. */
export const STORE_TYPE = { flagship: 1, specialty: 2, service: 3 } as const;
export type StoreTypeValue = (typeof STORE_TYPE)[keyof typeof STORE_TYPE];
export const STORE_TYPE_LABELS: StatusTable<StoreTypeValue> = statusTable({
  1: { 'zh-CN': '旗舰店', 'en-US': 'flagship store' },
  // 专营店: a store selling one or more brands under authorisation (the onboarding texts' word).
  2: { 'zh-CN': '专营店', 'en-US': 'specialty store' },
  3: { 'zh-CN': '服务店', 'en-US': 'service store' },
});

/** Principal type: 1 sole proprietor, 2 company. */
export const PRINCIPAL_TYPE = { soleProprietor: 1, company: 2 } as const;
export type PrincipalTypeValue = (typeof PRINCIPAL_TYPE)[keyof typeof PRINCIPAL_TYPE];
export const PRINCIPAL_TYPE_LABELS: StatusTable<PrincipalTypeValue> = statusTable({
  1: { 'zh-CN': '个体工商户', 'en-US': 'sole proprietor' },
  2: { 'zh-CN': '企业', 'en-US': 'company' },
});

// ---------------------------------------------------------------------------------------------
// §4 orders, refunds, disputes (the state machines are ./order-machines).

/** Shipping-order status 1–6; §4 names 2 and 3 both "shipped" (in transit / delivered, docs/orders.md). */
export const ORDER_STATUS_LABELS: StatusTable<OrderStatus> = statusTable({
  1: { 'zh-CN': '待发货', 'en-US': 'to ship' },
  2: { 'zh-CN': '已发货', 'en-US': 'shipped' },
  3: { 'zh-CN': '已发货', 'en-US': 'shipped' },
  4: { 'zh-CN': '已完成', 'en-US': 'completed' },
  5: { 'zh-CN': '已撤回', 'en-US': 'withdrawn' },
  6: { 'zh-CN': '已退款', 'en-US': 'refunded' },
});

const REFUND_ORDER_LABELS: Readonly<Record<RefundStatus, LocalizedText>> = {
  0: { 'zh-CN': '待审核', 'en-US': 'pending review' },
  1: { 'zh-CN': '已确认', 'en-US': 'confirmed' },
  2: { 'zh-CN': '已退款', 'en-US': 'refunded' },
  3: { 'zh-CN': '已关闭', 'en-US': 'closed' },
  4: { 'zh-CN': '待退款', 'en-US': 'pending refund' },
  7: { 'zh-CN': '待退款', 'en-US': 'pending refund' },
  9: { 'zh-CN': '退款驳回', 'en-US': 'refund rejected' },
};
/** Refund-order status, the §4 mapping without 5: the refund orders of REFUND_MACHINE. */
export const REFUND_STATUS_LABELS: StatusTable<RefundStatus> = statusTable(REFUND_ORDER_LABELS);
/** Refund-order status, the §4 mapping that also knows 5 "refund succeeded" (the payment side's refund record). */
export const REFUND_STATUS_WITH_SUCCESS_LABELS: StatusTable<RefundStatus | 5> = statusTable({
  ...REFUND_ORDER_LABELS,
  5: { 'zh-CN': '退款成功', 'en-US': 'refund succeeded' },
});

/** Dispute (complaint) status: 1 in dispute, 2 dispute ended, 3 dispute revoked. */
export const DISPUTE_STATUS_LABELS: StatusTable<DisputeStatus> = statusTable({
  1: { 'zh-CN': '申诉中', 'en-US': 'in dispute' },
  2: { 'zh-CN': '申诉结束', 'en-US': 'dispute ended' },
  3: { 'zh-CN': '申诉撤销', 'en-US': 'dispute revoked' },
});

/** Our shipment record (not a §4 status): 1 awaiting pickup, 2 in transit, 3 delivered, 4 returned to sender. */
export const SHIPMENT_STATUS_LABELS: StatusTable<ShipmentStatus> = statusTable({
  1: { 'zh-CN': '待揽收', 'en-US': 'awaiting pickup' },
  2: { 'zh-CN': '运输中', 'en-US': 'in transit' },
  3: { 'zh-CN': '已签收', 'en-US': 'delivered' },
  4: { 'zh-CN': '已退回', 'en-US': 'returned to sender' },
});

/** §4 order colour codes: statuses 2, 3, 4, 5 and 7 have a colour; every other status is light grey. */
export const ORDER_STATUS_COLOURS: { readonly colours: Readonly<Record<2 | 3 | 4 | 5 | 7, string>>; readonly fallback: string } = Object.freeze({
  colours: Object.freeze({
    2: '#e6a23c', // amber
    3: '#409eff', // blue
    4: '#67c23a', // green
    5: '#f56c6c', // red
    7: '#909399', // dark grey
  }),
  fallback: '#dcdfe6', // light grey
});

// ---------------------------------------------------------------------------------------------
// §8 app names and payment methods.

/** App names: 1 decoration, 2 craftsman, 3 merchant, 4 mini-program; the empty code means all apps. */
export const APP_NAME_LABELS: StatusTable<'' | 1 | 2 | 3 | 4> = statusTable(
  {
    '': { 'zh-CN': '全部', 'en-US': 'all' },
    1: { 'zh-CN': '装修', 'en-US': 'decoration' },
    2: { 'zh-CN': '工匠', 'en-US': 'craftsman' },
    3: { 'zh-CN': '商家', 'en-US': 'merchant' },
    4: { 'zh-CN': '小程序', 'en-US': 'mini-program' },
  },
  UNMATCHED_APPLICATION,
);

/** The app name of a code; no code at all (null, undefined or '') means all apps. */
export function appNameOf(code: unknown, language: SupportedLanguage = DEFAULT_LANGUAGE): string {
  return labelOf(APP_NAME_LABELS, code ?? '', language);
}

/** Payment methods: BALANCE, ALIPAY_APP (Alipay), TENPAY (WeChat payment). */
export const PAYMENT_METHOD_LABELS: StatusTable<'BALANCE' | 'ALIPAY_APP' | 'TENPAY'> = statusTable(
  {
    BALANCE: { 'zh-CN': '余额', 'en-US': 'balance' },
    ALIPAY_APP: { 'zh-CN': '支付宝', 'en-US': 'Alipay' },
    TENPAY: { 'zh-CN': '微信支付', 'en-US': 'WeChat payment' },
  },
  UNMATCHED_PAYMENT_METHOD,
);
