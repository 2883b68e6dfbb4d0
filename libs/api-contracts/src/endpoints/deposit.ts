// Issue 29, the warranty deposit (docs/ledger.md "Deposit top-ups and transfers"): moneyMgmt/topUp, a top-up paid
// through the sandbox payment provider (pending until its signed callback, then paid or failed), and
// moneyMgmt/transferRecord (+view), the moves between the store's wallet (available) and its deposit plus the
// platform's adjustments. console-spec §7 names no deposit call, so the paths sit beside the wallet's under
// /v1/store/pay. Money is integer cents, times integer seconds.
import { z } from 'zod';
import { defineEndpoint, pageQueryShape, pageResult } from '../endpoint';
import { payPasswordField } from '../fields';
import { PERMISSIONS } from '../permissions';
import { rule } from '../rules';
import { STORE_CODES } from '../store-codes';
import { STORE_LEDGER_ACCOUNTS } from './wallet';

export const DEPOSIT_BASE = '/v1/store/pay/deposit';

/** A deposit top-up: at least 1 yuan, at most 100,000 yuan per payment (our design, docs/ledger.md). */
export const DEPOSIT_TOP_UP_LIMITS = { minCents: 100, maxCents: 10_000_000 } as const;
/** A move between wallet and deposit: at least 1 yuan, at most 1,000,000 yuan per request (our design). */
export const DEPOSIT_TRANSFER_LIMITS = { minCents: 100, maxCents: 100_000_000 } as const;

/** Top-up states: 1 pending (waiting for the provider's callback), 2 paid (posted to the deposit), 3 failed (nothing posted). */
export const TOP_UP_STATE = { pending: 1, paid: 2, failed: 3 } as const;
export const TOP_UP_STATES = [1, 2, 3] as const;

/** While a top-up is pending the console asks again this often (the provider calls back within seconds). */
export const TOP_UP_POLL_MS = 1000;

/** A merchant's own move: from the wallet's available balance to the deposit, or back. */
export const DEPOSIT_TRANSFER_DIRECTIONS = ['wallet_to_deposit', 'deposit_to_wallet'] as const;
export type DepositTransferDirection = (typeof DEPOSIT_TRANSFER_DIRECTIONS)[number];
/** What the transfer record lists: the merchant's moves and the platform's adjustments. */
export const DEPOSIT_TRANSFER_KINDS = [...DEPOSIT_TRANSFER_DIRECTIONS, 'adjustment'] as const;
export type DepositTransferKind = (typeof DEPOSIT_TRANSFER_KINDS)[number];

const cents = (limits: { minCents: number; maxCents: number }) =>
  z.number().refine(Number.isInteger, rule('wholeCents')).min(limits.minCents).max(limits.maxCents);

const topUpData = z.strictObject({
  topUpId: z.number().int(),
  amountCents: z.number().int(),
  /** TOP_UP_STATE */
  state: z.number().int(),
  /** The provider's reason when it declined the payment. */
  failReason: z.string().nullable(),
  createTime: z.number().int(),
  resolveTime: z.number().int().nullable(),
});
export type DepositTopUpRecord = z.output<typeof topUpData>;

/** One side of a transfer: one of the store's accounts, or the platform (an adjustment's other side). */
const sideSchema = z.enum([...STORE_LEDGER_ACCOUNTS, 'platform']);

const transferData = z.strictObject({
  /** The ledger transfer's id. */
  transferId: z.number().int(),
  kind: z.enum(DEPOSIT_TRANSFER_KINDS),
  amountCents: z.number().int(),
  from: sideSchema,
  to: sideSchema,
  /** The platform's reason for an adjustment; null for the merchant's own moves. */
  remark: z.string().nullable(),
  createTime: z.number().int(),
});
export type DepositTransferRecord = z.output<typeof transferData>;

const transferDetailData = transferData.extend({
  /** The deposit and available balances now (after every transfer so far). */
  depositCents: z.number().int(),
  availableCents: z.number().int(),
});
export type DepositTransferDetail = z.output<typeof transferDetailData>;

const windowValid = (v: { createTimeStart?: number; createTimeEnd?: number }) =>
  v.createTimeStart === undefined || v.createTimeEnd === undefined || v.createTimeEnd >= v.createTimeStart;
const seconds = () => z.number().int().nonnegative();

export const transferListBiz = z
  .object({ ...pageQueryShape, kind: z.enum(DEPOSIT_TRANSFER_KINDS).optional(), createTimeStart: seconds().optional(), createTimeEnd: seconds().optional() })
  .refine(windowValid, rule('endBeforeStart', { path: ['createTimeEnd'] }));

/** What the top-up and transfer forms check (the calls add their idempotencyKey). */
export const depositTopUpBiz = z.object({ amountCents: cents(DEPOSIT_TOP_UP_LIMITS) });
export const depositTransferBiz = z.object({ direction: z.enum(DEPOSIT_TRANSFER_DIRECTIONS), amountCents: cents(DEPOSIT_TRANSFER_LIMITS), payPassword: payPasswordField });

const refusals = [STORE_CODES.notAllowedInCurrentState, STORE_CODES.wrongPayPassword, STORE_CODES.tooManyAttempts] as const;

export const depositEndpoints = {
  /** Asks the payment provider for a payment of `amountCents`; answered pending, paid or failed once it calls back. */
  applyTopUp: defineEndpoint({
    path: `${DEPOSIT_BASE}/applyTopUp`,
    access: 'user',
    permission: PERMISSIONS.walletTopUp,
    idempotent: true,
    summary: 'Top up the warranty deposit through the payment provider',
    biz: depositTopUpBiz,
    data: topUpData,
    errors: [STORE_CODES.notAllowedInCurrentState],
  }),
  queryTopUpList: defineEndpoint({
    path: `${DEPOSIT_BASE}/queryTopUpList`,
    access: 'user',
    permission: PERMISSIONS.walletView,
    summary: "The store's deposit top-ups, newest first",
    biz: z.object({ ...pageQueryShape, state: z.number().int().min(1).max(3).optional() }),
    data: pageResult(topUpData),
  }),
  queryTopUpDetail: defineEndpoint({
    path: `${DEPOSIT_BASE}/queryTopUpDetail`,
    access: 'user',
    permission: PERMISSIONS.walletView,
    summary: 'One deposit top-up of the store (what the console polls while it is pending)',
    biz: z.object({ topUpId: z.number().int().positive() }),
    data: topUpData,
    errors: [STORE_CODES.notFound],
  }),
  /** Moves money between the available balance and the deposit; the pay password; at most the source's balance. */
  applyTransfer: defineEndpoint({
    path: `${DEPOSIT_BASE}/applyTransfer`,
    access: 'user',
    permission: PERMISSIONS.walletTopUp,
    idempotent: true,
    summary: 'Move money between the wallet and the deposit',
    biz: depositTransferBiz,
    data: transferData,
    errors: refusals,
  }),
  queryTransferList: defineEndpoint({
    path: `${DEPOSIT_BASE}/queryTransferList`,
    access: 'user',
    permission: PERMISSIONS.walletView,
    summary: "The store's wallet/deposit transfers and platform adjustments, newest first",
    biz: transferListBiz,
    data: pageResult(transferData),
  }),
  queryTransferDetail: defineEndpoint({
    path: `${DEPOSIT_BASE}/queryTransferDetail`,
    access: 'user',
    permission: PERMISSIONS.walletView,
    summary: 'One transfer or adjustment of the store',
    biz: z.object({ transferId: z.number().int().positive() }),
    data: transferDetailData,
    errors: [STORE_CODES.notFound],
  }),
} as const;
