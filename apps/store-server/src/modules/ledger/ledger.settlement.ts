import { PLATFORM_COMMISSION_BP, SETTLEMENT_DAYS_AFTER_PAYMENT } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { int8 } from './ledger.accounts';
import { inTransaction, lockStoreAccounts, transferMany, type TransferInput } from './ledger.core';

type Db = Kysely<StoreDatabase>;

const DAY_MS = 86_400_000;

/** The platform's commission on `netCents`, in whole cents, rounded half up (PLATFORM_COMMISSION_BP). */
export const commissionOf = (netCents: number, bp: number = PLATFORM_COMMISSION_BP) => Math.floor((netCents * bp + 5_000) / 10_000);

export interface SettlementOutcome {
  settlementId: number;
  storeId: number;
  orderCount: number;
  grossCents: number;
  refundedCents: number;
  commissionCents: number;
  netCents: number;
}

/** Orders settled per store and run; the next run takes the rest. */
const BATCH = 500;

/** Stores with orders paid at least T+N days before `now` and not settled yet. */
async function storesWithDueOrders(db: Db, dueBefore: Date, storeId?: number): Promise<number[]> {
  let query = db
    .selectFrom('store_ledger_transfer as t')
    .select('t.store_id')
    .distinct()
    .where('t.kind', '=', 'order_payment')
    .where('t.created_at', '<=', dueBefore)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('store_settlement_order as s').select('s.order_id').whereRef('s.order_id', '=', 't.order_id'))));
  if (storeId !== undefined) query = query.where('t.store_id', '=', storeId);
  return (await query.execute()).map((r) => r.store_id).filter((id): id is number => id !== null);
}

/**
 * Settles one store's due orders (T+N, docs/ledger.md "Settlement"): under the store's account locks, each order's
 * captured payment less its refunds leaves pending settlement: the commission to the platform, the rest to the
 * available balance. One settlement row lists its orders; an order settles once (its primary key). An order
 * refunded in full settles with 0 and moves nothing. Undefined when nothing was due.
 */
export async function settleStore(db: Db, storeId: number, now: Date): Promise<SettlementOutcome | undefined> {
  const dueBefore = new Date(now.getTime() - SETTLEMENT_DAYS_AFTER_PAYMENT * DAY_MS);
  return inTransaction(db, async (trx) => {
    await lockStoreAccounts(trx, storeId);
    const due = await trx
      .selectFrom('store_ledger_transfer as t')
      .select('t.order_id')
      .where('t.store_id', '=', storeId)
      .where('t.kind', '=', 'order_payment')
      .where('t.created_at', '<=', dueBefore)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('store_settlement_order as s').select('s.order_id').whereRef('s.order_id', '=', 't.order_id'))))
      .orderBy('t.created_at')
      .orderBy('t.order_id')
      .limit(BATCH)
      .execute();
    const orderIds = due.map((r) => r.order_id).filter((id): id is number => id !== null);
    if (orderIds.length === 0) return undefined;
    const sums = await trx
      .selectFrom('store_ledger_transfer')
      .select((eb) => [
        'order_id',
        eb.fn.sum<string>(eb.case().when('kind', '=', 'order_payment').then(eb.ref('amount_cents')).else(0).end()).as('paid'),
        eb.fn.sum<string>(eb.case().when('kind', '=', 'order_refund').then(eb.ref('amount_cents')).else(0).end()).as('refunded'),
      ])
      .where('order_id', 'in', orderIds)
      .groupBy('order_id')
      .execute();
    const lines = orderIds.map((orderId) => {
      const row = sums.find((s) => s.order_id === orderId);
      const paid = int8(String(row?.paid ?? 0));
      const refunded = int8(String(row?.refunded ?? 0));
      const net = Math.max(paid - refunded, 0);
      const commission = commissionOf(net);
      return { orderId, paid, refunded, commission, net: net - commission };
    });
    const total = (pick: (l: (typeof lines)[number]) => number) => lines.reduce((sum, l) => sum + pick(l), 0);
    const settlement = await trx
      .insertInto('store_settlement')
      .values({
        store_id: storeId,
        settled_at: now,
        order_count: lines.length,
        gross_cents: total((l) => l.paid),
        refunded_cents: total((l) => l.refunded),
        commission_cents: total((l) => l.commission),
        net_cents: total((l) => l.net),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('store_settlement_order')
      .values(lines.map((l) => ({ order_id: l.orderId, settlement_id: settlement.id, store_id: storeId, paid_cents: l.paid, refunded_cents: l.refunded, commission_cents: l.commission, net_cents: l.net })))
      .execute();
    const source = { type: 'settlement' as const, id: settlement.id };
    const transfers: TransferInput[] = lines.flatMap((l) => [
      ...(l.net > 0 ? [{ storeId, debit: { store: 'pending_settlement' as const }, credit: { store: 'available' as const }, amountCents: l.net, kind: 'settlement' as const, source, orderId: l.orderId, at: now }] : []),
      ...(l.commission > 0
        ? [{ storeId, debit: { store: 'pending_settlement' as const }, credit: { platform: 'commission' as const }, amountCents: l.commission, kind: 'settlement_commission' as const, source, orderId: l.orderId, at: now }]
        : []),
    ]);
    await transferMany(trx, transfers);
    return {
      settlementId: settlement.id,
      storeId,
      orderCount: lines.length,
      grossCents: total((l) => l.paid),
      refundedCents: total((l) => l.refunded),
      commissionCents: total((l) => l.commission),
      netCents: total((l) => l.net),
    };
  });
}

/** One settlement run over every store with due orders (the sweeper's tick); each store in its own transaction. */
export async function settleDue(db: Db, now: Date, storeId?: number): Promise<SettlementOutcome[]> {
  const dueBefore = new Date(now.getTime() - SETTLEMENT_DAYS_AFTER_PAYMENT * DAY_MS);
  const outcomes: SettlementOutcome[] = [];
  for (const id of await storesWithDueOrders(db, dueBefore, storeId)) {
    for (;;) {
      const outcome = await settleStore(db, id, now);
      if (!outcome) break;
      outcomes.push(outcome);
      if (outcome.orderCount < BATCH) break;
    }
  }
  return outcomes;
}
