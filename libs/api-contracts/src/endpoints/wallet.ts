// Issue 29, the wallet on the double-entry ledger (docs/ledger.md): the withdrawal to the settlement account and the
// wallet's reads. console-spec §7 names no withdrawal call, so the paths sit beside its
// /v1/store/pay/withdrawal/blacklist/getWithdrawBlacklistByUid. Money is integer cents, times integer seconds.
import { z } from 'zod';
import { defineEndpoint, pageQueryShape, pageResult } from '../endpoint';
import { payPasswordField } from '../fields';
import { PERMISSIONS } from '../permissions';
import { rule } from '../rules';
import { statusTable, type StatusTable } from '../status-tables';
import { STORE_CODES } from '../store-codes';
import { secondsField } from './goods';
import { ORDER_LIMITS } from './orders';

export const WALLET_WITHDRAWAL_BASE = '/v1/store/pay/withdrawal';
export const WALLET_LEDGER_BASE = '/v1/store/pay/ledger';

/** The ledger's business day: China Standard Time (UTC+8) has no daylight saving, so a day is always 24 hours. */
export const LEDGER_DAY_UTC_OFFSET_HOURS = 8;

/**
 * T+N: an order's revenue settles to the available balance this many days after its payment: the return period
 * (ORDER_LIMITS.returnPeriodDays, counted from shipment) plus 5 days for shipping and delivery. Our design.
 */
export const SETTLEMENT_DAYS_AFTER_PAYMENT = ORDER_LIMITS.returnPeriodDays + 5;

/**
 * The platform's commission on settled revenue, in basis points (5%). Per order, in whole cents, rounded half up:
 * commission = floor((net × bp + 5000) / 10000). Our design.
 */
export const PLATFORM_COMMISSION_BP = 500;

/** Pay-password lockout: this many wrong pay passwords (N) lock the checks for PAY_PASSWORD_LOCK_MINUTES (M). */
export const PAY_PASSWORD_MAX_FAILURES = 5;
export const PAY_PASSWORD_LOCK_MINUTES = 60;

/** A withdrawal: at least 1 yuan, at most 50,000 yuan per request (our design). */
export const WITHDRAWAL_LIMITS = { minCents: 100, maxCents: 5_000_000 } as const;

/** A withdrawal left processing this long (a crash between freeze and payout) is resolved by the sweep. */
export const WITHDRAWAL_STALE_SECONDS = 5 * 60;

/** Withdrawal states: 1 processing (the amount is frozen), 2 paid out (posted), 3 failed (voided back to available). */
export const WITHDRAWAL_STATE = { processing: 1, paid: 2, failed: 3 } as const;

/** The kinds of transfer, each with the source document it comes from (docs/ledger.md "Transfers"). */
export const LEDGER_TRANSFER_KINDS = [
  'order_payment',
  'order_refund',
  'settlement',
  'settlement_commission',
  'withdrawal_freeze',
  'withdrawal_payout',
  'withdrawal_void',
  'deposit_top_up',
  'wallet_to_deposit',
  'deposit_to_wallet',
  'adjustment',
] as const;
export type LedgerTransferKind = (typeof LEDGER_TRANSFER_KINDS)[number];

export const LEDGER_SOURCE_TYPES = ['order', 'refund', 'settlement', 'withdrawal', 'top_up', 'transfer', 'adjustment'] as const;
export type LedgerSourceType = (typeof LEDGER_SOURCE_TYPES)[number];

export const STORE_LEDGER_ACCOUNTS = ['available', 'frozen', 'deposit', 'pending_settlement'] as const;
export type StoreLedgerAccount = (typeof STORE_LEDGER_ACCOUNTS)[number];

/** The kinds' labels, written once for the money-flow screens and any export (our design). */
export const LEDGER_TRANSFER_KIND_LABELS: StatusTable<LedgerTransferKind> = statusTable({
  order_payment: { 'zh-CN': '订单收入（待结算）', 'en-US': 'order payment (pending settlement)' },
  order_refund: { 'zh-CN': '订单退款', 'en-US': 'order refund' },
  settlement: { 'zh-CN': '结算入账', 'en-US': 'settlement' },
  settlement_commission: { 'zh-CN': '平台佣金', 'en-US': 'platform commission' },
  withdrawal_freeze: { 'zh-CN': '提现冻结', 'en-US': 'withdrawal frozen' },
  withdrawal_payout: { 'zh-CN': '提现到账', 'en-US': 'withdrawal paid out' },
  withdrawal_void: { 'zh-CN': '提现退回', 'en-US': 'withdrawal returned' },
  deposit_top_up: { 'zh-CN': '保证金充值', 'en-US': 'deposit top-up' },
  wallet_to_deposit: { 'zh-CN': '钱包转保证金', 'en-US': 'wallet to deposit' },
  deposit_to_wallet: { 'zh-CN': '保证金转钱包', 'en-US': 'deposit to wallet' },
  adjustment: { 'zh-CN': '平台调整', 'en-US': 'platform adjustment' },
});

/** The source documents' labels. */
export const LEDGER_SOURCE_TYPE_LABELS: StatusTable<LedgerSourceType> = statusTable({
  order: { 'zh-CN': '订单', 'en-US': 'order' },
  refund: { 'zh-CN': '退款单', 'en-US': 'refund' },
  settlement: { 'zh-CN': '结算单', 'en-US': 'settlement' },
  withdrawal: { 'zh-CN': '提现单', 'en-US': 'withdrawal' },
  top_up: { 'zh-CN': '充值单', 'en-US': 'top-up' },
  transfer: { 'zh-CN': '转账单', 'en-US': 'transfer' },
  adjustment: { 'zh-CN': '调整单', 'en-US': 'adjustment' },
});

/** The store's accounts' labels; platform accounts (the other side of a transfer) read as the platform's. */
export const STORE_LEDGER_ACCOUNT_LABELS: StatusTable<StoreLedgerAccount> = statusTable({
  available: { 'zh-CN': '可用余额', 'en-US': 'available' },
  frozen: { 'zh-CN': '冻结金额', 'en-US': 'frozen' },
  deposit: { 'zh-CN': '保证金', 'en-US': 'deposit' },
  pending_settlement: { 'zh-CN': '待结算', 'en-US': 'pending settlement' },
});

/** WITHDRAWAL_STATE's labels. */
export const WITHDRAWAL_STATE_LABELS: StatusTable<1 | 2 | 3> = statusTable({
  1: { 'zh-CN': '处理中', 'en-US': 'processing' },
  2: { 'zh-CN': '已到账', 'en-US': 'paid' },
  3: { 'zh-CN': '失败', 'en-US': 'failed' },
});

/** How many of the newest entries myWallet shows. */
export const WALLET_RECENT_ENTRIES = 10;

const amountCents = () =>
  z
    .number()
    .refine(Number.isInteger, rule('wholeCents'))
    .min(WITHDRAWAL_LIMITS.minCents)
    .max(WITHDRAWAL_LIMITS.maxCents);

const withdrawalData = z.strictObject({
  withdrawalId: z.number().int(),
  amountCents: z.number().int(),
  /** WITHDRAWAL_STATE */
  state: z.number().int(),
  bankCode: z.string(),
  cardLast4: z.string(),
  accountName: z.string(),
  failReason: z.string().nullable(),
  createTime: z.number().int(),
  resolveTime: z.number().int().nullable(),
});
export type WithdrawalRecord = z.output<typeof withdrawalData>;

const ledgerEntryData = z.strictObject({
  entryId: z.number().int(),
  transferId: z.number().int(),
  account: z.enum(STORE_LEDGER_ACCOUNTS),
  /** + credit (money in to this account), − debit. */
  amountCents: z.number().int(),
  kind: z.enum(LEDGER_TRANSFER_KINDS),
  sourceType: z.enum(LEDGER_SOURCE_TYPES),
  sourceId: z.number().int(),
  createTime: z.number().int(),
});
export type LedgerEntryRecord = z.output<typeof ledgerEntryData>;

const walletSummaryData = z.strictObject({
  availableCents: z.number().int(),
  frozenCents: z.number().int(),
  depositCents: z.number().int(),
  pendingSettlementCents: z.number().int(),
  /** The newest WALLET_RECENT_ENTRIES entries. */
  recent: z.array(ledgerEntryData),
  /** The bound settlement account, masked; null when none is bound. */
  settlementAccount: z.strictObject({ bankCode: z.string(), bankName: z.string(), cardLast4: z.string(), accountName: z.string() }).nullable(),
  /** Seconds: withdrawals pause until then after the settlement account changed; null when not paused. */
  withdrawalPausedUntil: z.number().int().nullable(),
  /** The withdrawal blacklist's remark (§3); null when the store is not on it. */
  blacklistRemark: z.string().nullable(),
  /** The pay password: whether one is set, wrong tries left before the lockout, and the lockout's end (seconds) while locked. */
  payPassword: z.strictObject({ set: z.boolean(), triesLeft: z.number().int(), lockedUntil: z.number().int().nullable() }),
});
export type WalletSummary = z.output<typeof walletSummaryData>;

const transferEntryData = z.strictObject({
  entryId: z.number().int(),
  /** A store account, or the platform's (`platform:<code>`, e.g. platform:payouts). */
  account: z.string(),
  owner: z.enum(['store', 'platform']),
  /** + credit, − debit. */
  amountCents: z.number().int(),
});

const ledgerTransferData = z.strictObject({
  transferId: z.number().int(),
  kind: z.enum(LEDGER_TRANSFER_KINDS),
  amountCents: z.number().int(),
  sourceType: z.enum(LEDGER_SOURCE_TYPES),
  sourceId: z.number().int(),
  /** The order a payment, refund or settlement concerns. */
  orderId: z.number().int().nullable(),
  createTime: z.number().int(),
  /** Its two entries: the debit and the credit. */
  entries: z.array(transferEntryData),
});
export type LedgerTransferRecord = z.output<typeof ledgerTransferData>;

const busy = [STORE_CODES.notAllowedInCurrentState, STORE_CODES.wrongPayPassword, STORE_CODES.tooManyAttempts] as const;

export const walletEndpoints = {
  /**
   * Withdraws to the bound settlement account: the pay password, not on the blacklist (its remark answered), not
   * paused after a card change, at most the available balance. Frozen at once, then paid out or voided back.
   */
  applyWithdrawal: defineEndpoint({
    path: `${WALLET_WITHDRAWAL_BASE}/applyWithdrawal`,
    access: 'user',
    permission: PERMISSIONS.walletWithdraw,
    idempotent: true,
    summary: 'Withdraw from the available balance to the settlement account',
    biz: z.object({ amountCents: amountCents(), payPassword: payPasswordField }),
    data: withdrawalData,
    errors: busy,
  }),
  queryWithdrawalList: defineEndpoint({
    path: `${WALLET_WITHDRAWAL_BASE}/queryWithdrawalList`,
    access: 'user',
    permission: PERMISSIONS.walletView,
    summary: "The store's withdrawals, newest first",
    biz: z.object({ ...pageQueryShape, state: z.number().int().min(1).max(3).optional() }),
    data: pageResult(withdrawalData),
  }),
  queryWithdrawalDetail: defineEndpoint({
    path: `${WALLET_WITHDRAWAL_BASE}/queryWithdrawalDetail`,
    access: 'user',
    permission: PERMISSIONS.walletView,
    summary: 'One withdrawal of the store',
    biz: z.object({ withdrawalId: z.number().int().positive() }),
    data: withdrawalData,
    errors: [STORE_CODES.notFound],
  }),
  /** The store's ledger entries (money flow), newest first, each with its source document. */
  queryLedgerEntries: defineEndpoint({
    path: `${WALLET_LEDGER_BASE}/queryLedgerEntries`,
    access: 'user',
    permission: PERMISSIONS.walletView,
    summary: "The store's money movements",
    biz: z
      .object({
        ...pageQueryShape,
        account: z.enum(STORE_LEDGER_ACCOUNTS).optional(),
        kind: z.enum(LEDGER_TRANSFER_KINDS).optional(),
        /** Seconds, both ends inclusive. */
        createTimeStart: secondsField().optional(),
        createTimeEnd: secondsField().optional(),
      })
      .refine((v) => v.createTimeStart === undefined || v.createTimeEnd === undefined || v.createTimeEnd >= v.createTimeStart, rule('endBeforeStart', { path: ['createTimeEnd'] })),
    data: pageResult(ledgerEntryData),
  }),
  /** One transfer of the store with both its entries and its source document (moneyWater's details). */
  queryLedgerTransfer: defineEndpoint({
    path: `${WALLET_LEDGER_BASE}/queryLedgerTransfer`,
    access: 'user',
    permission: PERMISSIONS.walletView,
    summary: 'One money movement of the store, both its entries',
    biz: z.object({ transferId: z.number().int().positive() }),
    data: ledgerTransferData,
    errors: [STORE_CODES.notFound],
  }),
  /** myWallet in one call: the four balances from the ledger, the newest entries, and what a withdrawal needs. */
  queryWalletSummary: defineEndpoint({
    path: `${WALLET_LEDGER_BASE}/queryWalletSummary`,
    access: 'user',
    permission: PERMISSIONS.walletView,
    summary: "The store's balances, newest movements and withdrawal conditions",
    biz: z.object({}),
    data: walletSummaryData,
  }),
} as const;
