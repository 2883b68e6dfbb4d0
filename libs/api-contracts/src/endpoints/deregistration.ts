// console-spec §7 "/v1/store/eshop/store/logout/checkStoreCanLogout and insertRecords", and the public
// result of a request (/logouting, §2: open without sign-in). Design: docs/merchant-centre.md "Closing the shop".
import { z } from 'zod';
import { defineEndpoint, emptyBiz } from '../endpoint';
import { PERMISSIONS } from '../permissions';
import { STORE_CODES } from '../store-codes';
import type { LocalizedText, SupportedLanguage } from '../languages';
import { statusTable, type StatusTable } from '../status-tables';

export const LOGOUT_BASE = '/v1/store/eshop/store/logout';

/** Deregistration request status (our design): 1 pending review, 2 completed (the store is closed), 3 rejected. */
export const LogoutRecordStatus = { pending: 1, completed: 2, rejected: 3 } as const;

export const LOGOUT_RECORD_STATUS_LABELS: StatusTable<1 | 2 | 3> = statusTable({
  1: { 'zh-CN': '审核中', 'en-US': 'under review' },
  2: { 'zh-CN': '已注销', 'en-US': 'closed' },
  3: { 'zh-CN': '已驳回', 'en-US': 'refused' },
});

/** Shipping-order statuses (§4) that still owe the buyer something: to ship, in transit, delivered and unconfirmed. */
export const UNFINISHED_ORDER_STATUSES = [1, 2, 3] as const;

/**
 * What stops a store from closing, each counted (our design, issue 26 §6). Running marketing activities are
 * the coupon campaigns still open to claims, group buys and time-limited sales active and not over, and
 * applications to platform campaigns not over (docs/merchant-centre.md, issue 28).
 */
export const LOGOUT_BLOCKERS = [
  'ordersToShip',
  'ordersInDelivery',
  'openRefunds',
  'openComplaints',
  'runningCoupons',
  'runningGroupBuys',
  'runningFlashSales',
  'activityApplications',
  'walletBalance',
  'frozenFunds',
  'deposit',
  'withdrawBlacklist',
  'pendingRequest',
] as const;
export type LogoutBlocker = (typeof LOGOUT_BLOCKERS)[number];

/** What closing takes away without stopping it (our design). */
export const LOGOUT_WARNINGS = ['goodsOnShelf', 'ordersInReturnPeriod', 'staffAccounts', 'unusedCoupons'] as const;
export type LogoutWarning = (typeof LOGOUT_WARNINGS)[number];

/** `{count}` is the item's count (a number of records, or cents shown as yuan for the money items). */
export const LOGOUT_ITEM_TEXTS: Readonly<Record<LogoutBlocker | LogoutWarning, LocalizedText>> = {
  ordersToShip: { 'zh-CN': '{count} 笔订单待发货', 'en-US': '{count} order(s) still to ship' },
  ordersInDelivery: { 'zh-CN': '{count} 笔订单已发货未完成', 'en-US': '{count} shipped order(s) not yet completed' },
  openRefunds: { 'zh-CN': '{count} 笔售后单未处理完', 'en-US': '{count} after-sales request(s) still open' },
  openComplaints: { 'zh-CN': '{count} 笔投诉未结束', 'en-US': '{count} complaint(s) still open' },
  runningCoupons: { 'zh-CN': '{count} 个优惠券活动仍在进行，请先停止', 'en-US': '{count} coupon campaign(s) still running; stop them first' },
  runningGroupBuys: { 'zh-CN': '{count} 个拼团活动仍在进行，请先停止', 'en-US': '{count} group buy(s) still running; stop them first' },
  runningFlashSales: { 'zh-CN': '{count} 个限时抢购仍在进行或未开始，请先停止', 'en-US': '{count} time-limited sale(s) running or to come; stop them first' },
  activityApplications: { 'zh-CN': '{count} 个平台活动报名未结束，请先撤回或等待活动结束', 'en-US': '{count} platform campaign application(s) still open; withdraw them or wait for the campaign to end' },
  walletBalance: { 'zh-CN': '钱包余额 ¥{count} 未提现', 'en-US': 'wallet balance of ¥{count} not withdrawn' },
  frozenFunds: { 'zh-CN': '冻结资金 ¥{count} 待结算', 'en-US': 'frozen funds of ¥{count} awaiting settlement' },
  deposit: { 'zh-CN': '保证金 ¥{count} 未退还', 'en-US': 'warranty deposit of ¥{count} not refunded' },
  withdrawBlacklist: { 'zh-CN': '店铺在提现黑名单中', 'en-US': 'the store is on the withdrawal blacklist' },
  pendingRequest: { 'zh-CN': '已有注销申请正在审核中', 'en-US': 'a deregistration request is already under review' },
  goodsOnShelf: { 'zh-CN': '{count} 件在售商品将全部下架', 'en-US': '{count} goods on the shelf will all be taken off' },
  ordersInReturnPeriod: { 'zh-CN': '{count} 笔已完成订单仍在退货期内，买家仍可申请售后', 'en-US': '{count} completed order(s) are still in the return period; buyers can still ask for after-sales' },
  staffAccounts: { 'zh-CN': '{count} 个员工账号将无法再管理店铺', 'en-US': '{count} staff account(s) will no longer manage the store' },
  unusedCoupons: { 'zh-CN': '买家持有的 {count} 张未使用优惠券将作废', 'en-US': '{count} unused coupon(s) held by buyers will become void' },
};

const MONEY_ITEMS: ReadonlySet<string> = new Set(['walletBalance', 'frozenFunds', 'deposit']);

/** An item's text in `language`: money items give their count in cents, shown as yuan. */
export function logoutItemText(code: LogoutBlocker | LogoutWarning, count: number, language: SupportedLanguage): string {
  const shown = MONEY_ITEMS.has(code) ? (count / 100).toFixed(2) : String(count);
  return LOGOUT_ITEM_TEXTS[code][language].replace('{count}', shown);
}

export const insertLogoutRecordBiz = z.object({
  logoutReason: z.string().trim().min(1).max(200),
});

const logoutItem = <C extends readonly [string, ...string[]]>(codes: C) => z.strictObject({ code: z.enum(codes), count: z.number().int().nonnegative() });

/** The store's latest request, for the signed-in screens. */
const logoutRequestSchema = z.strictObject({
  id: z.number().int(),
  ref: z.string(),
  status: z.number().int(),
  createTime: z.number().int(),
});

export const deregistrationEndpoints = {
  /** Why not (blockers, each a code and a count), what closing takes away (warnings), and the latest request. */
  checkStoreCanLogout: defineEndpoint({
    path: `${LOGOUT_BASE}/checkStoreCanLogout`,
    access: 'user',
    permission: PERMISSIONS.shopDeregister,
    summary: 'Whether the store may ask to be deregistered, and why not',
    biz: emptyBiz,
    data: z.strictObject({
      canLogout: z.boolean(),
      /** The blockers in the caller's language; empty when canLogout. */
      reasons: z.array(z.string()),
      blockers: z.array(logoutItem(LOGOUT_BLOCKERS)),
      warnings: z.array(logoutItem(LOGOUT_WARNINGS)),
      latestRequest: logoutRequestSchema.nullable(),
    }),
  }),
  /** A blocker, a pending request or no pay-password check on this session in the last 10 minutes: 10100005; a concurrent duplicate: 10100009. One request per idempotency key. */
  insertRecords: defineEndpoint({
    path: `${LOGOUT_BASE}/insertRecords`,
    access: 'user',
    permission: PERMISSIONS.shopDeregister,
    idempotent: true,
    summary: 'Ask to deregister the store',
    biz: insertLogoutRecordBiz,
    data: z.strictObject({ id: z.number().int(), ref: z.string(), status: z.number().int(), createTime: z.number().int() }),
    errors: [STORE_CODES.notAllowedInCurrentState, STORE_CODES.alreadyExists],
  }),
  /** /logouting: the result of one request by its unguessable ref, without sign-in (the ref is the secret). */
  queryLogoutResult: defineEndpoint({
    path: `${LOGOUT_BASE}/queryLogoutResult`,
    access: 'public',
    summary: 'The result of a deregistration request, by its reference',
    biz: z.object({ ref: z.string().trim().uuid() }),
    data: z.strictObject({
      id: z.number().int(),
      storeName: z.string(),
      status: z.number().int(),
      createTime: z.number().int(),
      decideTime: z.number().int().nullable(),
      rejectReason: z.string().nullable(),
    }),
    errors: [STORE_CODES.notFound],
  }),
} as const;
