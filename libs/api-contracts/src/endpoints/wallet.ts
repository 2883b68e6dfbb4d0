// Issue 29, the wallet on the double-entry ledger (docs/ledger.md): the withdrawal to the settlement account and the
// wallet's reads. console-spec §7 names no withdrawal call, so the paths sit beside its
// /v1/store/pay/withdrawal/blacklist/getWithdrawBlacklistByUid. Money is integer cents, times integer seconds.
import { z } from 'zod';
import { defineEndpoint, pageQueryShape, pageResult } from '../endpoint';
import { payPasswordField } from '../fields';
import { PERMISSIONS } from '../permissions';
import { rule } from '../rules';
import { STORE_CODES } from '../store-codes';
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
    biz: z.object({ ...pageQueryShape, account: z.enum(STORE_LEDGER_ACCOUNTS).optional(), kind: z.enum(LEDGER_TRANSFER_KINDS).optional() }),
    data: pageResult(ledgerEntryData),
  }),
} as const;
