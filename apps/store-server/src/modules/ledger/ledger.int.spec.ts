import { PLATFORM_COMMISSION_BP, SETTLEMENT_DAYS_AFTER_PAYMENT, STORE_CODES } from '@merchant/api-contracts';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { StoreError } from '../../shared/store-error';
import {
  balances,
  checkLedger,
  commissionOf,
  entries,
  freeze,
  postOrderPayment,
  postOrderRefund,
  postPending,
  settleStore,
  transfer,
  voidPending,
} from './index';

// The ledger core on a real database (PGlite, or PostgreSQL with DATABASE_URL): transfers, immutability, int8 as
// numbers, refusals that change nothing, idempotency keys, the two-phase freeze resolved once, refunds within what
// was captured, T+N settlement less the commission, and checkLedger finding a break.
let database: TestDatabase;
let store: number;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.reset();
  // A seeded store other than the demo store: no ledger history of its own.
  store = (await database.db.selectFrom('store_store').select('id').where('id', '<>', 1001).orderBy('id').executeTakeFirstOrThrow()).id;
});

const db = () => database.db;
const DAY = 86_400_000;
const T0 = new Date('2026-10-01T02:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY);
let nextOrder = 9_000_000;
const pay = async (amountCents: number, when = T0) => {
  const orderId = nextOrder++;
  await postOrderPayment(db(), { storeId: store, orderId, amountCents, at: when });
  return orderId;
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof StoreError ? error.code : String(error)),
  );

describe('transfers', () => {
  it('moves balances through entries, answers int8 as numbers and keeps every invariant', async () => {
    await pay(12_345);
    expect(await balances(db(), store)).toEqual({ available: 0, frozen: 0, deposit: 0, pendingSettlement: 12_345 });
    const page = await entries(db(), store, { pageNum: 1, pageSize: 10 });
    expect(page.list).toEqual([expect.objectContaining({ account: 'pending_settlement', amountCents: 12_345, kind: 'order_payment', sourceType: 'order' })]);
    expect(typeof page.list[0]!.transferId).toBe('number');
    expect(await checkLedger(db())).toMatchObject({ ok: true, breaks: [] });
  });

  it('never updates or deletes an entry or a transfer', async () => {
    await pay(500);
    const entry = await db().selectFrom('store_ledger_entry').select('id').where('store_id', '=', store).executeTakeFirstOrThrow();
    await expect(sql`update store_ledger_entry set amount_cents = 1 where id = ${entry.id}`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`delete from store_ledger_entry where id = ${entry.id}`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`update store_ledger_transfer set amount_cents = 1 where store_id = ${store}`.execute(db())).rejects.toThrow(/append-only/);
  });

  it('refuses a move that would take a store account below zero, and changes nothing', async () => {
    await pay(1_000);
    const before = await balances(db(), store);
    const count = async () => Number((await db().selectFrom('store_ledger_transfer').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const transfers = await count();
    const move = transfer(db(), { storeId: store, debit: { store: 'available' }, credit: { store: 'deposit' }, amountCents: 1, kind: 'wallet_to_deposit', source: { type: 'transfer', id: 1 }, at: T0 });
    expect(await refusal(move)).toBe(STORE_CODES.notAllowedInCurrentState);
    expect([await balances(db(), store), await count()]).toEqual([before, transfers]);
  });

  it('posts a keyed transfer once; the same key with other fields is refused', async () => {
    const input = { storeId: store, debit: { platform: 'top_ups' as const }, credit: { store: 'deposit' as const }, amountCents: 700, kind: 'deposit_top_up' as const, source: { type: 'top_up' as const, id: 5 }, idempotencyKey: 'k-1', at: T0 };
    const first = await transfer(db(), input);
    const again = await transfer(db(), input);
    expect([again.transferId, again.replayed, first.replayed]).toEqual([first.transferId, true, false]);
    expect((await balances(db(), store)).deposit).toBe(700);
    expect(await refusal(transfer(db(), { ...input, amountCents: 701 }))).toBe(STORE_CODES.alreadyExists);
    expect((await balances(db(), store)).deposit).toBe(700);
  });
});

describe('two-phase', () => {
  async function available(amountCents: number) {
    await pay(amountCents, at(-SETTLEMENT_DAYS_AFTER_PAYMENT - 1));
    await settleStore(db(), store, T0);
  }

  it('freezes, then posts or voids exactly once', async () => {
    await available(10_000);
    const start = (await balances(db(), store)).available;
    const a = await freeze(db(), { storeId: store, amountCents: 3_000, source: { type: 'withdrawal', id: 1 }, at: T0 });
    const b = await freeze(db(), { storeId: store, amountCents: 2_000, source: { type: 'withdrawal', id: 2 }, at: T0 });
    expect(await balances(db(), store)).toMatchObject({ available: start - 5_000, frozen: 5_000 });
    // Both resolutions of one freeze at once: one wins, the other finds it resolved.
    const [post, voided] = await Promise.all([postPending(db(), a.pendingId, T0), voidPending(db(), a.pendingId, T0)]);
    expect([post.resolved, voided.resolved].filter(Boolean)).toHaveLength(1);
    expect((await postPending(db(), a.pendingId, T0)).resolved).toBe(false);
    expect((await voidPending(db(), b.pendingId, T0)).state).toBe('voided');
    expect((await voidPending(db(), b.pendingId, T0)).resolved).toBe(false);
    const paidOut = post.resolved ? 3_000 : 0;
    expect(await balances(db(), store)).toMatchObject({ available: start - paidOut, frozen: 0 });
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('refuses a freeze over the available balance', async () => {
    await available(1_000);
    const left = (await balances(db(), store)).available;
    expect(await refusal(freeze(db(), { storeId: store, amountCents: left + 1, source: { type: 'withdrawal', id: 3 }, at: T0 }))).toBe(STORE_CODES.notAllowedInCurrentState);
    expect((await balances(db(), store)).frozen).toBe(0);
  });
});

describe('refunds and settlement', () => {
  it("never refunds more than the order's captured payment", async () => {
    const orderId = await pay(5_000);
    await postOrderRefund(db(), { storeId: store, orderId, refundId: 1, amountCents: 3_000, idempotencyKey: 'r1', at: T0 });
    expect(await refusal(postOrderRefund(db(), { storeId: store, orderId, refundId: 2, amountCents: 2_001, idempotencyKey: 'r2', at: T0 }))).toBe(STORE_CODES.notAllowedInCurrentState);
    // The first refund's key again: answered, not paid twice.
    expect((await postOrderRefund(db(), { storeId: store, orderId, refundId: 1, amountCents: 3_000, idempotencyKey: 'r1', at: T0 })).replayed).toBe(true);
    await postOrderRefund(db(), { storeId: store, orderId, refundId: 2, amountCents: 2_000, idempotencyKey: 'r2', at: T0 });
    expect((await balances(db(), store)).pendingSettlement).toBe(0);
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('settles T+N after payment, less the commission rounded half up, listing its orders', async () => {
    const due = await pay(10_010, at(-SETTLEMENT_DAYS_AFTER_PAYMENT));
    const refunded = await pay(999, at(-SETTLEMENT_DAYS_AFTER_PAYMENT - 2));
    await postOrderRefund(db(), { storeId: store, orderId: refunded, refundId: 3, amountCents: 999, idempotencyKey: 'r3', at: at(-SETTLEMENT_DAYS_AFTER_PAYMENT) });
    const notYet = await pay(2_000, at(-SETTLEMENT_DAYS_AFTER_PAYMENT + 1));
    const outcome = await settleStore(db(), store, T0);
    const commission = commissionOf(10_010);
    expect(commission).toBe(Math.floor((10_010 * PLATFORM_COMMISSION_BP + 5_000) / 10_000));
    expect(outcome).toMatchObject({ orderCount: 2, grossCents: 11_009, refundedCents: 999, commissionCents: commission, netCents: 10_010 - commission });
    const orders = await db().selectFrom('store_settlement_order').select(['order_id']).where('settlement_id', '=', outcome!.settlementId).orderBy('order_id').execute();
    expect(orders.map((o) => o.order_id)).toEqual([due, refunded].sort((a, b) => a - b));
    expect(await balances(db(), store)).toMatchObject({ available: 10_010 - commission, pendingSettlement: 2_000 });
    expect(await settleStore(db(), store, T0)).toBeUndefined();
    expect(notYet).toBeGreaterThan(0);
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('rounds the commission half up in whole cents', () => {
    expect([commissionOf(10), commissionOf(9), commissionOf(30), commissionOf(0)]).toEqual([1, 0, 2, 0]);
  });
});

describe('checkLedger', () => {
  it('finds a balance row that no longer matches its entries', async () => {
    await pay(800);
    await sql`update store_ledger_account set credits_cents = credits_cents + 1 where store_id = ${store} and code = 'pending_settlement'`.execute(db());
    const result = await checkLedger(db());
    expect(result.ok).toBe(false);
    expect(result.breaks.map((b) => b.rule)).toEqual(expect.arrayContaining(['balance-row-equals-entries', 'opening-plus-day-equals-closing']));
  });
});
