import { SETTLEMENT_DAYS_AFTER_PAYMENT } from '@merchant/api-contracts';
import fc from 'fast-check';
import { StoreError } from '../../shared/store-error';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { balances, checkLedger, commissionOf, freeze, postDepositTopUp, postOrderPayment, postOrderRefund, postPending, postWalletDepositMove, settleStore, voidPending, type StoreBalances } from './index';

// Property (fast-check, on a real database): any sequence of order payments, refunds (within and beyond what was
// captured), settlements after the clock moves, withdrawals frozen and then posted or voided, deposit top-ups and
// moves between the wallet and the deposit keeps every invariant of checkLedger, and the balances equal a model of
// the same sequence. A refused move (over captured, over available) changes nothing.
jest.setTimeout(600_000);

let database: TestDatabase;
let store: number;
beforeAll(async () => {
  database = await createTestDatabase();
  store = (await database.db.selectFrom('store_store').select('id').where('id', '<>', 1001).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => database.close());

const DAY = 86_400_000;
type Op =
  | { op: 'pay'; cents: number }
  | { op: 'refund'; order: number; cents: number }
  | { op: 'advance'; days: number }
  | { op: 'settle' }
  | { op: 'withdraw'; cents: number }
  | { op: 'resolve'; which: number; post: boolean }
  | { op: 'topUp'; cents: number }
  | { op: 'toDeposit'; cents: number };

const cents = fc.integer({ min: 1, max: 50_000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: cents.map((c) => ({ op: 'pay' as const, cents: c })) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('refund' as const), order: fc.nat(30), cents }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 20 }).map((days) => ({ op: 'advance' as const, days })) },
  { weight: 2, arbitrary: fc.constant({ op: 'settle' as const }) },
  { weight: 2, arbitrary: cents.map((c) => ({ op: 'withdraw' as const, cents: c })) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('resolve' as const), which: fc.nat(10), post: fc.boolean() }) },
  { weight: 1, arbitrary: cents.map((c) => ({ op: 'topUp' as const, cents: c })) },
  { weight: 1, arbitrary: cents.map((c) => ({ op: 'toDeposit' as const, cents: c })) },
);

let run = 0;
let nextId = 50_000_000;

it('keeps every invariant and matches the model under any sequence of money moves', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
      const db = database.db;
      // Each run starts far after the last one, with nothing unsettled or frozen left by it.
      let now = new Date(Date.UTC(2030, 0, 1) + run++ * 3_000 * DAY);
      const model: StoreBalances = { ...(await balances(db, store)) };
      const orders: Array<{ id: number; paidAt: number; captured: number; refunded: number; settled: boolean }> = [];
      const pending: number[] = [];
      const refused = async (move: () => Promise<unknown>) => {
        try {
          await move();
          return false;
        } catch (error) {
          if (error instanceof StoreError) return true;
          throw error;
        }
      };
      const settleModel = (at: Date) => {
        for (const o of orders) {
          if (o.settled || o.paidAt > at.getTime() - SETTLEMENT_DAYS_AFTER_PAYMENT * DAY) continue;
          const net = o.captured - o.refunded;
          model.pendingSettlement -= net;
          model.available += net - commissionOf(net);
          o.settled = true;
        }
      };
      for (const step of ops) {
        const id = nextId++;
        switch (step.op) {
          case 'pay':
            await postOrderPayment(db, { storeId: store, orderId: id, amountCents: step.cents, at: now });
            orders.push({ id, paidAt: now.getTime(), captured: step.cents, refunded: 0, settled: false });
            model.pendingSettlement += step.cents;
            break;
          case 'refund': {
            const o = orders[step.order % Math.max(orders.length, 1)];
            if (!o) break;
            const fits = step.cents <= o.captured - o.refunded && (!o.settled || step.cents <= model.available);
            const wasRefused = await refused(() => postOrderRefund(db, { storeId: store, orderId: o.id, refundId: id, amountCents: step.cents, idempotencyKey: `p-${id}`, at: now }));
            expect(wasRefused).toBe(!fits);
            if (fits) {
              o.refunded += step.cents;
              if (o.settled) model.available -= step.cents;
              else model.pendingSettlement -= step.cents;
            }
            break;
          }
          case 'advance':
            now = new Date(now.getTime() + step.days * DAY);
            break;
          case 'settle':
            await settleStore(db, store, now);
            settleModel(now);
            break;
          case 'withdraw': {
            const fits = step.cents <= model.available;
            let pendingId = 0;
            expect(await refused(async () => ({ pendingId } = await freeze(db, { storeId: store, amountCents: step.cents, source: { type: 'withdrawal', id }, at: now })))).toBe(!fits);
            if (fits) {
              pending.push(pendingId);
              model.available -= step.cents;
              model.frozen += step.cents;
            }
            break;
          }
          case 'resolve': {
            const pendingId = pending[step.which % Math.max(pending.length, 1)];
            if (pendingId === undefined) break;
            const row = await db.selectFrom('store_ledger_pending').select(['amount_cents', 'state']).where('transfer_id', '=', pendingId).executeTakeFirstOrThrow();
            const outcome = step.post ? await postPending(db, pendingId, now) : await voidPending(db, pendingId, now);
            expect(outcome.resolved).toBe(row.state === 'pending');
            if (outcome.resolved) {
              model.frozen -= Number(row.amount_cents);
              if (!step.post) model.available += Number(row.amount_cents);
            }
            break;
          }
          case 'topUp':
            await postDepositTopUp(db, { storeId: store, topUpId: id, amountCents: step.cents, idempotencyKey: `t-${id}`, at: now });
            model.deposit += step.cents;
            break;
          case 'toDeposit': {
            const fits = step.cents <= model.available;
            expect(await refused(() => postWalletDepositMove(db, { storeId: store, direction: 'wallet_to_deposit', transferDocId: id, amountCents: step.cents, idempotencyKey: `d-${id}`, at: now }))).toBe(!fits);
            if (fits) {
              model.available -= step.cents;
              model.deposit += step.cents;
            }
            break;
          }
        }
        expect(await balances(db, store)).toEqual(model);
      }
      const check = await checkLedger(db);
      expect(check.breaks).toEqual([]);
      // Leave nothing for the next run: every freeze voided, every order settled.
      for (const pendingId of pending) await voidPending(db, pendingId, now);
      await settleStore(db, store, new Date(now.getTime() + (SETTLEMENT_DAYS_AFTER_PAYMENT + 1) * DAY));
    }),
    { numRuns: 12 },
  );
});
