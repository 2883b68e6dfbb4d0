import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { Clock } from '../../shared/clock';
import { postOrderPayments, postOrderRefund } from '../ledger';

// Months of earlier trade for the demo store under `npm start` (docs/trade.md "Demo history"), so the bills, the
// settlements and "explain my balance" have a past: completed orders paid every day before the regular demo orders'
// window (DEMO_ORDER_DAYS), a few partly refunded, their payments posted in one batch (transferMany). It runs before
// the wallet's demo history, which then settles them day by day (T+N) and withdraws weekly, so every posting goes
// through the ledger's own functions and checkLedger holds. Off unless DEMO_LEDGER_HISTORY_MONTHS is set (tools/start.mjs
// sets it): the test databases keep the demo store's exact order counts.

export const DEMO_LEDGER_HISTORY_ENV = 'DEMO_LEDGER_HISTORY_MONTHS';
/** The history ends where the regular demo orders begin (db/orders.seed.ts DEMO_ORDER_DAYS). */
const REGULAR_DEMO_DAYS = 60;
const DAY_S = 86_400;
const HISTORY_BUYER = 'c_demo_history';
const TITLES = ['Oak dining chair', 'Walnut side table', 'Linen sofa cover', 'Ceramic floor tile (box)', 'Brass door handle', 'LED ceiling light', 'Bamboo shelf', 'Wool rug 160×230'];

/** Months asked for by the environment (0: off), at most 24. */
export function demoHistoryMonths(env: NodeJS.ProcessEnv): number {
  const months = Number(env[DEMO_LEDGER_HISTORY_ENV] ?? 0);
  return Number.isInteger(months) && months > 0 ? Math.min(months, 24) : 0;
}

/** A small deterministic generator: the same clock gives the same history. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Seeds once per store (nothing when its history buyer has orders). */
export async function seedDemoStatementHistory(db: Kysely<StoreDatabase>, clock: Clock, storeId: number, months: number): Promise<void> {
  if (months <= 0) return;
  const seeded = await db.selectFrom('store_order').select('id').where('store_id', '=', storeId).where('buyer_accid', '=', HISTORY_BUYER).executeTakeFirst();
  if (seeded) return;
  const now = Math.floor(clock.now().getTime() / 1000);
  const next = generator(storeId * 7919);
  const first = now - months * 30 * DAY_S;
  const last = now - (REGULAR_DEMO_DAYS + 1) * DAY_S;
  const orders: { created_at: number; paid_at: number; amount_cents: number; title: string }[] = [];
  for (let day = first; day <= last; day += DAY_S) {
    const weekend = new Date(day * 1000).getUTCDay() % 6 === 0;
    const count = 2 + Math.floor(next() * (weekend ? 8 : 5));
    for (let i = 0; i < count; i++) {
      const created = day + Math.floor(next() * (DAY_S - 3_600));
      // 29.90 to about 900 yuan, whole dimes, as furniture and fittings sell.
      const amount = 2_990 + Math.floor(next() * 8_700) * 10;
      orders.push({ created_at: created, paid_at: created + 60 + Math.floor(next() * 600), amount_cents: amount, title: TITLES[Math.floor(next() * TITLES.length)]! });
    }
  }
  const ids: number[] = [];
  for (let i = 0; i < orders.length; i += 500) {
    const part = orders.slice(i, i + 500);
    const rows = await db
      .insertInto('store_order')
      .values(part.map((o) => ({ store_id: storeId, status: 4, amount_cents: o.amount_cents, created_at: o.created_at, paid_at: o.paid_at, updated_at: o.paid_at + 10 * DAY_S, buyer_accid: HISTORY_BUYER, buyer_name: 'Returning customer', buyer_phone: '13900001234' })))
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
    await db
      .insertInto('store_order_item')
      .values(part.map((o, j) => ({ order_id: rows[j]!.id, store_id: storeId, goods_id: 1, sku_id: 1, title: o.title, unit_price_cents: o.amount_cents, quantity: 1 })))
      .execute();
  }
  await sql`update store_order set order_no = to_char(to_timestamp(created_at + 8 * 3600) at time zone 'UTC', 'YYYYMMDD') || lpad(id::text, 10, '0') where store_id = ${storeId} and buyer_accid = ${HISTORY_BUYER} and order_no is null`.execute(db);
  await postOrderPayments(
    db,
    orders.map((o, i) => ({ storeId, orderId: ids[i]!, amountCents: o.amount_cents, at: new Date(o.paid_at * 1000) })),
  );
  // About one order in twenty gets part of its money back three days after payment (before it settles).
  for (const [i, o] of orders.entries()) {
    if (i % 20 !== 7) continue;
    const refund = Math.floor((o.amount_cents * 3) / 10);
    await postOrderRefund(db, { storeId, orderId: ids[i]!, refundId: ids[i]!, amountCents: refund, idempotencyKey: `demo-history-refund-${ids[i]}`, at: new Date((o.paid_at + 3 * DAY_S) * 1000), source: { type: 'order', id: ids[i]! } });
    await db.updateTable('store_order').set({ refunded_cents: refund }).where('id', '=', ids[i]!).execute();
  }
}
