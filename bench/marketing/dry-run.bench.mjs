/* global performance */
// The coupon dry run (issue 28 "Beyond the anchors"; docs/marketing.md "Dry run"): the time of one dryRun call
// for a store with N orders (default 10,000, about 3 lines each) in its last 30 days, through the coupons
// module's own CouponsService.dryRun (bundled from source: the repository's one read of the window's lines with
// their category paths, then couponDiscount per order). Three coupons: whole store with a threshold, 10 % off a
// level-1 category (capped), and a goods scope. Baseline in the same run, on the same rows: the bare aggregate
// of the window (`count(distinct order)`, `sum(unit price × quantity)` over the same join and filter), the least
// any replay must read. Before timing, each dry run's order count and revenue are checked equal to the
// baseline's. Rounds interleave the cases so a busy machine slows them alike; medians over the rounds.
// Runs in a throw-away schema (PostgreSQL) or an in-memory PGlite without DATABASE_URL.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/marketing/dry-run.bench.mjs [--orders 10000] [--rounds 9]
//   smoke: --orders 1000 --rounds 2
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importFromSource } from '../lib/source-bundle.mjs';

const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const ORDERS = flag('--orders', 10_000);
const ROUNDS = flag('--rounds', 9);
const STORE = 1001;
const DAY = 24 * 60 * 60;

const databaseUrl = process.env.DATABASE_URL;
const here = path.dirname(fileURLToPath(import.meta.url));
const { openStoreDatabase, seedDemoData, systemClock, CouponsService, CouponsRepository, sql } = await importFromSource(here, path.join(here, 'dry-run-harness.ts'));

const schema = databaseUrl ? `coupon_dry_run_bench_${randomBytes(4).toString('hex')}` : 'store';
const handle = await openStoreDatabase({ databaseUrl, dataDir: 'memory://', schema });
const db = handle.db;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  await seedDemoData(db, systemClock);
  const now = Math.floor(Date.now() / 1000);
  // The demo orders move out of the window; N orders spread over the last 29 days take their place, 1–5 lines each
  // (3 on average) on the store's goods, statuses 1–4.
  await sql`update store_order set created_at = created_at - ${90 * DAY} where store_id = ${STORE}`.execute(db);
  const goods = (await sql`select id from store_goods where store_id = ${STORE} and category_id is not null order by id`.execute(db)).rows.map((r) => r.id);
  await sql`
    insert into store_order (store_id, status, amount_cents, created_at, paid_at, receiver)
    select ${STORE}, 1 + (g % 4), 0, ${now} - (g * 7919) % ${29 * DAY}, ${now} - (g * 7919) % ${29 * DAY}, '{}'::jsonb
    from generate_series(1, ${ORDERS}) g`.execute(db);
  await sql`
    insert into store_order_item (order_id, store_id, goods_id, sku_id, title, unit_price_cents, quantity)
    select o.id, ${STORE}, (${sql.val(goods)}::int[])[1 + ((o.id * 31 + l) % ${goods.length})], 1, 'bench line', 500 + (o.id * 97 + l * 13) % 40000, 1 + (o.id + l) % 3
    from store_order o cross join generate_series(1, 5) l
    where o.store_id = ${STORE} and o.created_at > ${now - 30 * DAY} and l <= 1 + (o.id % 5)`.execute(db);
  await sql`analyze store_order`.execute(db);
  await sql`analyze store_order_item`.execute(db);

  const service = new CouponsService(new CouponsRepository(db), systemClock);
  const caller = { storeId: STORE, userId: 0, accessToken: 'bench' };
  const rules = { name: 'bench', issueLimit: 100, perBuyerLimit: 1, validity: 2, validDays: 30, scopeIds: [] };
  const cases = [
    { name: 'whole store, ¥10 off from ¥100', biz: { source: 'rules', ...rules, kind: 1, amountCents: 1_000, thresholdCents: 10_000, scope: 1 } },
    { name: '10 % off category 1, cap ¥50', biz: { source: 'rules', ...rules, kind: 2, percentOffBp: 1_000, capCents: 5_000, thresholdCents: 0, scope: 2, scopeIds: [1] } },
    { name: '¥30 off 20 goods', biz: { source: 'rules', ...rules, kind: 1, amountCents: 3_000, thresholdCents: 0, scope: 3, scopeIds: goods.slice(0, 20) } },
  ];
  const baseline = async () =>
    (
      await sql`select count(distinct o.id)::int as orders, coalesce(sum(i.unit_price_cents * i.quantity), 0)::bigint as revenue
        from store_order o join store_order_item i on i.order_id = o.id and i.store_id = o.store_id
        where o.store_id = ${STORE} and o.status in (1, 2, 3, 4) and o.created_at >= ${Math.floor(Date.now() / 1000) - 30 * DAY} and o.created_at < ${Math.floor(Date.now() / 1000)}`.execute(db)
    ).rows[0];

  const expected = await baseline();
  const lines = Number((await sql`select count(*)::int as n from store_order_item where store_id = ${STORE} and title = 'bench line'`.execute(db)).rows[0].n);
  for (const c of cases) {
    const result = await service.dryRun(caller, c.biz);
    c.check = result;
    if (result.orders !== Number(expected.orders) || result.revenueCents !== Number(expected.revenue)) {
      console.error(`${c.name}: ${result.orders} orders / ${result.revenueCents} cents, baseline ${expected.orders} / ${expected.revenue}`);
      process.exitCode = 1;
    }
  }

  const timings = new Map([['baseline', []], ...cases.map((c) => [c.name, []])]);
  for (let round = 0; round < ROUNDS; round++) {
    let t0 = performance.now();
    await baseline();
    timings.get('baseline').push(performance.now() - t0);
    for (const c of cases) {
      t0 = performance.now();
      await service.dryRun(caller, c.biz);
      timings.get(c.name).push(performance.now() - t0);
    }
  }
  const base = median(timings.get('baseline'));
  console.log(`coupon dry run: ${expected.orders} orders (${lines} lines) in the window, ${ROUNDS} rounds, ${databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)'}`);
  console.log(`node ${process.version}, ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ${new Date().toISOString()}`);
  console.log('| case | ms (median) | ms (min–max) | qualifying orders | discount ¥ | ratio to baseline |');
  console.log('|---|---|---|---|---|---|');
  console.log(`| baseline: bare aggregate of the window | ${base.toFixed(1)} | ${Math.min(...timings.get('baseline')).toFixed(1)}–${Math.max(...timings.get('baseline')).toFixed(1)} | | | 1.00× |`);
  for (const c of cases) {
    const ms = timings.get(c.name);
    console.log(`| dryRun: ${c.name} | ${median(ms).toFixed(1)} | ${Math.min(...ms).toFixed(1)}–${Math.max(...ms).toFixed(1)} | ${c.check.qualifying} | ${(c.check.discountCents / 100).toFixed(2)} | ${(median(ms) / base).toFixed(2)}× |`);
  }
} finally {
  if (databaseUrl) await sql`drop schema ${sql.id(schema)} cascade`.execute(db).catch(() => undefined);
  await handle.close();
}
