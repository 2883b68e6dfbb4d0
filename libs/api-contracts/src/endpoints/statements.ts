// Issue 29, the statement side of /trade (console-spec §2 billManagement/bills, platformTrad/settlementInquiry (+view),
// docs/trade.md "Statements"): daily and monthly statements per ledger account, "explain my balance" between two days,
// the store's settlements with their orders, and the settlement calendar (when pending money becomes available).
// Everything is read from the double-entry ledger (docs/ledger.md); money is integer cents, days 'YYYY-MM-DD' in the
// ledger's business day (LEDGER_DAY_UTC_OFFSET_HOURS), times integer seconds.
import { z } from 'zod';
import { endpointsUnder, pageQueryShape, pageResult } from '../endpoint';
import { PERMISSIONS } from '../permissions';
import { rule } from '../rules';
import { STORE_CODES } from '../store-codes';
import { isCalendarDay } from './brands';
import { TRADE_BASE } from './trade';
import { LEDGER_DAY_UTC_OFFSET_HOURS, LEDGER_TRANSFER_KINDS, STORE_LEDGER_ACCOUNTS } from './wallet';

/** A statement covers one business day or one calendar month of the business days. */
export const STATEMENT_PERIODS = ['day', 'month'] as const;
export type StatementPeriod = (typeof STATEMENT_PERIODS)[number];

/**
 * The money-flow screen (moneyMgmt/moneyWater) and the console table that lists its entries: a link opens it with
 * that table's filters in the URL (`<table>.q` = its filters as JSON, the console's table URL state), here the
 * account, the kind and the business days as a time range in seconds.
 */
export const MONEY_WATER_PATH = '/trade/moneyMgmt/moneyWater';
export const MONEY_WATER_TABLE = 'wallet.moneyWater';

/** "Explain my balance" covers at most this many days (a bit over a year: the bench's window). */
export const EXPLAIN_MAX_DAYS = 366;

const dayField = () => z.string().refine(isCalendarDay, rule('date'));
const fromBeforeTo = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
const spanDays = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** One kind of movement on one account in a period: + money in, − money out. */
const kindSumSchema = z.object({ kind: z.enum(LEDGER_TRANSFER_KINDS), netCents: z.number().int(), count: z.number().int() });
export type StatementKindSum = z.infer<typeof kindSumSchema>;

export const statementListBiz = z
  .object({
    ...pageQueryShape,
    period: z.enum(STATEMENT_PERIODS),
    account: z.enum(STORE_LEDGER_ACCOUNTS).optional(),
    /** First day of the periods listed (a month: any day in it counts from the month's first day). */
    from: dayField().optional(),
    to: dayField().optional(),
  })
  .refine(fromBeforeTo, rule('endBeforeStart', { path: ['to'] }));
export type StatementListQuery = z.input<typeof statementListBiz>;

/** One account's statement for one period with movements: opening + Σ byKind = closing. */
export const statementRowSchema = z.object({
  /** `${period}:${account}:${periodStart}`. */
  statementId: z.string(),
  period: z.enum(STATEMENT_PERIODS),
  account: z.enum(STORE_LEDGER_ACCOUNTS),
  periodStart: z.string(),
  periodEnd: z.string(),
  openingCents: z.number().int(),
  /** Money in (credits) and out (debits) of the period. */
  inCents: z.number().int(),
  outCents: z.number().int(),
  closingCents: z.number().int(),
  byKind: z.array(kindSumSchema),
});
export type StatementRow = z.infer<typeof statementRowSchema>;

export const explainBalanceBiz = z
  .object({ account: z.enum(STORE_LEDGER_ACCOUNTS), from: dayField(), to: dayField() })
  .refine(fromBeforeTo, rule('endBeforeStart', { path: ['to'] }))
  .refine((v) => !isCalendarDay(v.from) || !isCalendarDay(v.to) || spanDays(v.from, v.to) <= EXPLAIN_MAX_DAYS, rule('max', { limit: EXPLAIN_MAX_DAYS, path: ['to'] }));
export type ExplainBalanceQuery = z.input<typeof explainBalanceBiz>;

export const explainBalanceSchema = z.object({
  account: z.enum(STORE_LEDGER_ACCOUNTS),
  from: z.string(),
  to: z.string(),
  /** The balance at the start of `from` (the end of the day before). */
  openingCents: z.number().int(),
  /** Each kind of movement in the window, summed; `link` opens its entries in the money flow. */
  lines: z.array(kindSumSchema.extend({ link: z.string() })),
  /** The balance at the end of `to`: opening + Σ lines. */
  closingCents: z.number().int(),
});
export type ExplainBalance = z.infer<typeof explainBalanceSchema>;

/** The first second of a business day ('YYYY-MM-DD' in UTC+LEDGER_DAY_UTC_OFFSET_HOURS). */
export const businessDayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000 - LEDGER_DAY_UTC_OFFSET_HOURS * 3600;

/** The money-flow address that lists one line's entries: account, kind, and from the start of `from` to the end of `to`. */
export function moneyWaterLink(filter: { account: string; kind?: string; from: string; to: string }): string {
  const filters = { account: filter.account, ...(filter.kind ? { kind: filter.kind } : {}), createTime: [businessDayStart(filter.from), businessDayStart(filter.to) + 86_400 - 1] };
  return `${MONEY_WATER_PATH}?${new URLSearchParams({ [`${MONEY_WATER_TABLE}.q`]: JSON.stringify(filters) }).toString()}`;
}

export const settlementListBiz = z
  .object({ ...pageQueryShape, settledFrom: z.number().int().min(0).optional(), settledTo: z.number().int().min(0).optional() })
  .refine((v) => v.settledFrom === undefined || v.settledTo === undefined || v.settledTo >= v.settledFrom, rule('endBeforeStart', { path: ['settledTo'] }));
export type SettlementListQuery = z.input<typeof settlementListBiz>;

/** One settlement run of the store: its orders' payments less refunds less the commission (PLATFORM_COMMISSION_BP). */
export const settlementRowSchema = z.object({
  settlementId: z.number().int(),
  /** Seconds. */
  settledTime: z.number().int(),
  orderCount: z.number().int(),
  grossCents: z.number().int(),
  refundedCents: z.number().int(),
  commissionCents: z.number().int(),
  /** gross − refunded − commission: what reached the available balance. */
  netCents: z.number().int(),
});
export type SettlementRow = z.infer<typeof settlementRowSchema>;

export const settlementOrderRowSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  /** Seconds; null when the order row has none. */
  payTime: z.number().int().nullable(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  commissionCents: z.number().int(),
  netCents: z.number().int(),
});
export type SettlementOrderRow = z.infer<typeof settlementOrderRowSchema>;

export const settlementCalendarDaySchema = z.object({
  /** The business day the amount becomes available (payment + SETTLEMENT_DAYS_AFTER_PAYMENT days). */
  day: z.string(),
  orderCount: z.number().int(),
  /** Payments less refunds so far: what leaves pending settlement that day. */
  pendingCents: z.number().int(),
  /** Of it, the platform's commission (estimated on today's refunds) and what reaches the available balance. */
  commissionCents: z.number().int(),
  netCents: z.number().int(),
});
export type SettlementCalendarDay = z.infer<typeof settlementCalendarDaySchema>;

const view = { access: 'user', permission: PERMISSIONS.tradeView } as const;
const call = endpointsUnder(TRADE_BASE);

export const statementEndpoints = {
  statementList: call('bill/list', { biz: statementListBiz, data: pageResult(statementRowSchema), ...view, summary: 'billManagement/bills: daily or monthly statements per account, newest first' }),
  explainBalance: call('bill/explain', { biz: explainBalanceBiz, data: explainBalanceSchema, ...view, summary: 'Explain my balance: opening, each kind of movement, closing between two days' }),
  settlementList: call('settlement/list', { biz: settlementListBiz, data: pageResult(settlementRowSchema), ...view, summary: 'platformTrad/settlementInquiry: settlements, newest first' }),
  settlementDetail: call('settlement/detail', { biz: z.object({ settlementId: z.number().int().positive() }), data: settlementRowSchema, errors: [STORE_CODES.notFound], ...view, summary: 'platformTrad/settlementInquiry view' }),
  settlementOrders: call('settlement/orders', {
    biz: z.object({ ...pageQueryShape, settlementId: z.number().int().positive() }),
    data: pageResult(settlementOrderRowSchema),
    errors: [STORE_CODES.notFound],
    ...view,
    summary: 'The orders one settlement settled',
  }),
  settlementCalendar: call('settlement/calendar', {
    biz: z.object({}),
    data: z.object({ days: z.array(settlementCalendarDaySchema), pendingCents: z.number().int() }),
    ...view,
    summary: 'When each pending amount becomes available, per day',
  }),
} as const;
