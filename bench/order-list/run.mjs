/* global performance */
// The order list under volume (issue 11 figures): p50/p99 of a 20-row filtered page of the order list
// (status + creation-time window, + a buyer keyword) for a store with --orders orders among other
// stores' orders, on PostgreSQL. The query is the orders module's own list (orderList through the
// resource-list helper: count + page), imported, not copied. Baselines in the same run: the same
// store's first page without filters, and a primary-key lookup of one order through the same list
// definition. EXPLAIN (ANALYZE, BUFFERS) of each page query is printed, and of its total: a count of the
// filtered rows, or — for the unfiltered list and a status tab alone — the read of the kept per-status counts
// (migration 0017). "rows counted" rows run the same page with the list's kept total switched off (the list
// before 0017), in the same run.
// Rows are generated with generate_series in a throw-away schema, dropped at the end; migration 0017's
// statement triggers count them as they are inserted (one aggregate per statement), as for any writer.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/order-list/run.mjs [--orders 1000000] [--runs 200]
//   smoke: --orders 50000 --runs 40
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importFromSource } from '../lib/source-bundle.mjs';

const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const ORDERS = flag('--orders', 1_000_000);
const RUNS = flag('--runs', 200);
/** Other stores' orders beside the measured store's: a fifth as many again, over four stores. */
const OTHER_STORES = [1002, 1003, 1004, 1005];
const STORE = 1001;
const PAGE_SIZE = 20;
const DAY = 86_400;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('bench/order-list needs PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(2);
}

const here = path.dirname(fileURLToPath(import.meta.url));
const { openStoreDatabase, seedDemoData, systemClock, orderList, filteredQuery, listPage, sql, CompiledQuery } = await importFromSource(here, path.join(here, 'harness.ts'));

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timeRuns(run) {
  for (let i = 0; i < Math.min(10, RUNS); i++) await run(i); // warm-up
  const latencies = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run(i);
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** `count` orders of `storeId`, spread over the last year, statuses 1..6, buyers from a small set of names. */
async function generateOrders(db, storeId, count, now) {
  // bigint products: g * 7919 passes int4's range beyond ~271k orders.
  await sql`
    insert into store_order (store_id, status, amount_cents, created_at, order_no, buyer_accid, buyer_name, buyer_phone, paid_at, updated_at)
    select ${storeId}, 1 + (g % 6), 100 + (g * 37::bigint) % 100000, ${now} - (g * 7919::bigint) % (365 * ${DAY}),
      ${`B${storeId}`} || lpad(g::text, 9, '0'), 'c_bench_' || (g % 5000),
      (array['Alice Chen','Bob Li','王芳','李娜','张伟','刘洋','Carol Wu','David Zhao'])[1 + g % 8] || ' ' || (g % 997),
      '139' || lpad((g % 100000000)::text, 8, '0'), ${now} - (g * 7919::bigint) % (365 * ${DAY}), ${now}
    from generate_series(1, ${count}) as g`.execute(db);
}

/** What OrdersRepository.page runs for the page rows (listPage's build), for EXPLAIN. */
function pageRowsQuery(db, query) {
  const definition = orderList.definition;
  const sortColumn = definition.sorts[definition.defaultSort.field];
  return definition
    .select(filteredQuery(db, definition, STORE, query))
    .orderBy(sql.ref(sortColumn), definition.defaultSort.order)
    .orderBy(sql.ref(definition.tieBreaker), definition.defaultSort.order)
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize)
    .compile();
}

async function explain(db, compiled) {
  const result = await db.executeQuery(CompiledQuery.raw(`explain (analyze, buffers) ${compiled.sql}`, compiled.parameters));
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

const schema = `order_bench_${randomBytes(4).toString('hex')}`;
const handle = await openStoreDatabase({ databaseUrl, dataDir: 'memory://', schema });
const db = handle.db;
try {
  // The demo stores (1001..1006) the orders belong to; the demo seed's own few orders come with them.
  await seedDemoData(db, systemClock);
  const now = Math.floor(Date.now() / 1000);
  const t0 = performance.now();
  await generateOrders(db, STORE, ORDERS, now);
  for (const other of OTHER_STORES) await generateOrders(db, other, Math.ceil(ORDERS / 20), now);
  await sql`analyze store_order`.execute(db);
  const seedSeconds = (performance.now() - t0) / 1000;

  const window = { createTimeStart: now - 30 * DAY, createTimeEnd: now };
  const cases = [
    { name: 'status + 30-day window', query: { pageNum: 1, pageSize: PAGE_SIZE, status: 2, ...window } },
    { name: 'status + 30-day window + buyer keyword', query: { pageNum: 1, pageSize: PAGE_SIZE, status: 2, ...window, buyer: 'Bob' } },
    { name: 'status + 30-day window, page 5', query: { pageNum: 5, pageSize: PAGE_SIZE, status: 2, ...window } },
    { name: 'status tab alone (kept count)', query: { pageNum: 1, pageSize: PAGE_SIZE, status: 2 } },
    { name: 'status tab alone, rows counted (before 0017)', query: { pageNum: 1, pageSize: PAGE_SIZE, status: 2 }, counted: true },
    { name: 'first page, no filters (kept count)', query: { pageNum: 1, pageSize: PAGE_SIZE } },
    { name: 'baseline: first page, no filters, rows counted (before 0017)', query: { pageNum: 1, pageSize: PAGE_SIZE }, counted: true, baseline: true },
  ];
  // The list as it was before 0017: the same definition without its kept total, so every total is counted.
  const countedList = { ...orderList.definition, total: undefined };
  const pageOf = (c) => (c.counted ? listPage(db, countedList, STORE, c.query) : orderList.page(db, STORE, c.query));
  const rows = [];
  for (const c of cases) {
    const check = await pageOf(c);
    if (check.list.length === 0) throw new Error(`${c.name}: empty page`);
    const kept = c.counted ? undefined : await orderList.definition.total(db, STORE, c.query);
    if (kept !== undefined && kept !== (await listPage(db, countedList, STORE, c.query)).total) throw new Error(`${c.name}: kept total differs from the rows' count`);
    rows.push({ name: c.name, total: check.total, ...(await timeRuns(() => pageOf(c))), query: c.query, counted: c.counted, kept: kept !== undefined, baseline: c.baseline });
  }
  const firstId = (await orderList.page(db, STORE, { pageNum: 1, pageSize: 1 })).list[0].orderId;
  const lookup = await timeRuns(() => orderList.row(db, STORE, (q) => q.where('o.id', '=', firstId)));
  rows.push({ name: 'baseline: one order by primary key (same list definition)', total: 1, ...lookup, baseline: true });

  const unfiltered = rows.find((r) => r.name.startsWith('baseline: first page, no filters'));
  const f = (n) => n.toFixed(2);
  console.log(`\norder-list: ${PAGE_SIZE}-row pages of the order list (count + rows, orderList through the resource-list helper) for one store with ${ORDERS.toLocaleString('en-US')} orders`);
  console.log(`among ${OTHER_STORES.length} other stores with ${Math.ceil(ORDERS / 20).toLocaleString('en-US')} each; PostgreSQL (DATABASE_URL); ${RUNS} runs each, one at a time`);
  console.log(`${cpus().length} cores, load ${loadavg().map((n) => n.toFixed(2)).join(' ')}; generating took ${seedSeconds.toFixed(1)} s\n`);
  console.log('| page | matching orders | p50 ms | p99 ms | p50 ratio to unfiltered page | p50 ratio to PK lookup |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${r.total.toLocaleString('en-US')} | ${f(r.p50)} | ${f(r.p99)} | ${(r.p50 / unfiltered.p50).toFixed(2)}× | ${(r.p50 / lookup.p50).toFixed(2)}× |`);
  }
  for (const r of rows.filter((row) => row.query)) {
    if (!r.counted) console.log(`\nEXPLAIN (ANALYZE, BUFFERS), page rows of "${r.name}":\n${await explain(db, pageRowsQuery(db, r.query))}`);
    if (r.kept) {
      // What keptListTotal (modules/orders/orders.counts.ts) runs.
      const status = r.query.status;
      const keptTotal = sql`select coalesce(sum(order_count), 0) as total from store_order_status_count where store_id = ${STORE} ${status === undefined ? sql`` : sql`and status = ${status}`}`.compile(db);
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS), total of "${r.name}" (kept per-status counts):\n${await explain(db, keptTotal)}`);
    } else {
      const count = filteredQuery(db, orderList.definition, STORE, r.query).select((eb) => eb.fn.countAll().as('total')).compile();
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS), count of "${r.name}":\n${await explain(db, count)}`);
    }
  }
} finally {
  await sql`drop schema ${sql.id(schema)} cascade`.execute(db).catch(() => undefined);
  await handle.close();
}
