/* global performance */
// The goods list endpoint under load (issue 9 figures): p50/p99 of a 20-row page out of 100k goods of one
// store, through the real server (envelope, token, permission, contract, resource-list helper, Kysely),
// against the same page as two raw SQL statements on the same database in the same run (the baseline).
// PGlite always; PostgreSQL too when DATABASE_URL is set (a throw-away schema, dropped at the end).
//
//   node bench/store-api/run.mjs [--quick]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/store-api/run.mjs
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importFromSource } from '../lib/source-bundle.mjs';
import { seedGoods } from './seed-goods.mjs';

const quick = process.argv.includes('--quick');
const GOODS = quick ? 20_000 : 100_000;
const REQUESTS = quick ? 100 : 400;
/** Latency alone (one request at a time) and under load (10 in flight: PGlite queues them on its one connection). */
const CONCURRENCIES = [1, 10];
const PAGE_SIZE = 20;
const STORE = 1001;
const ON_SHELF = 2;

const here = path.dirname(fileURLToPath(import.meta.url));
const { openStoreDatabase, createStoreServer, createSecureClient, goodsEndpoints, sql } = await importFromSource(here, path.join(here, 'harness.ts'));

/** Sorted latencies → percentile (nearest rank). */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** `total` calls of `run(i)` with `concurrency` in flight; the latency of each in ms. */
async function measure(run, total, concurrency) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await run(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: total / seconds };
}

/** The same page as the endpoint, written by hand: the count and the 20 rows. */
async function rawPage(db, pageNum) {
  const offset = (pageNum - 1) * PAGE_SIZE;
  await sql`select count(*) from store_goods g where g.store_id = ${STORE} and g.status <> 0 and g.status = ${ON_SHELF}`.execute(db);
  return sql`
    select g.id, g.title, g.brand_name, g.category_id, c.category_name, g.status, g.min_price_cents, g.reject_reason,
      g.created_at, g.updated_at, coalesce(g.images -> 0 ->> 'objectUrl', '') as main_image,
      (select coalesce(sum(s.stock), 0) from store_goods_sku s where s.goods_id = g.id) as total_stock,
      (select count(*) from store_goods_sku s where s.goods_id = g.id) as sku_count
    from store_goods g left join ref_category c on c.id = g.category_id
    where g.store_id = ${STORE} and g.status <> 0 and g.status = ${ON_SHELF}
    order by g.created_at desc, g.id desc limit ${PAGE_SIZE} offset ${offset}`.execute(db);
}

async function benchOne(kind, databaseUrl) {
  const schema = databaseUrl ? `store_bench_${randomBytes(4).toString('hex')}` : 'store';
  const handle = await openStoreDatabase({ databaseUrl, dataDir: 'memory://', schema });
  const server = await createStoreServer({ host: '127.0.0.1', port: 0, logLevel: 'silent' }, { database: handle });
  try {
    const { url } = await server.listen();
    const t0 = performance.now();
    await seedGoods(handle.db, { storeId: STORE, total: GOODS });
    const seedSeconds = (performance.now() - t0) / 1000;
    const login = createSecureClient({ baseUrl: url, mode: 'none' });
    const { data } = await login.request('/v1/store/eshop/store/user/login', { userName: 'demo_merchant', password: 'Demo12345' });
    const clients = Array.from({ length: 10 }, () => createSecureClient({ baseUrl: url, mode: 'none', accessToken: data.accessToken }));
    const pageOf = (i) => (i % 10) + 1; // pages 1..10 in turn
    const check = await clients[0].request(goodsEndpoints.list.path, { status: ON_SHELF, pageNum: 1, pageSize: PAGE_SIZE });
    if (check.data.list.length !== PAGE_SIZE || check.data.total < GOODS / 2) throw new Error(`unexpected page: ${check.data.list.length} rows of ${check.data.total}`);
    const raw = await rawPage(handle.db, 1);
    if (raw.rows[0].id !== check.data.list[0].goodsId) throw new Error('the raw query and the endpoint disagree on the first row');
    const endpoint = (i) => clients[i % clients.length].request(goodsEndpoints.list.path, { status: ON_SHELF, pageNum: pageOf(i), pageSize: PAGE_SIZE });
    const baseline = (i) => rawPage(handle.db, pageOf(i));

    // Warm-up of both paths, then interleaved blocks (endpoint, raw, endpoint, raw) per concurrency.
    await measure(endpoint, 50, 10);
    await measure(baseline, 50, 10);
    const rows = [];
    for (const concurrency of CONCURRENCIES) {
      const endpointRuns = [];
      const rawRuns = [];
      for (let round = 0; round < 2; round++) {
        endpointRuns.push(await measure(endpoint, REQUESTS / 2, concurrency));
        rawRuns.push(await measure(baseline, REQUESTS / 2, concurrency));
      }
      const avg = (runs, key) => runs.reduce((s, r) => s + r[key], 0) / runs.length;
      const summary = (runs) => ({ p50: avg(runs, 'p50'), p99: Math.max(...runs.map((r) => r.p99)), rps: avg(runs, 'rps') });
      rows.push({ concurrency, endpoint: summary(endpointRuns), raw: summary(rawRuns) });
    }
    for (const c of [login, ...clients]) c.dispose?.();
    return { kind, total: check.data.total, seedSeconds, rows };
  } finally {
    await server.close();
    if (databaseUrl) await sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db).catch(() => undefined);
    await handle.close();
  }
}

const results = [await benchOne('PGlite (embedded, one connection)', undefined)];
if (process.env.DATABASE_URL) results.push(await benchOne('PostgreSQL (DATABASE_URL)', process.env.DATABASE_URL));

const f = (n) => n.toFixed(2);
console.log(`\nstore-api goods list: ${PAGE_SIZE}-row page (on-shelf tab, pages 1-10 in turn) of ${GOODS.toLocaleString('en-US')} goods of one store, ${REQUESTS} requests per row`);
console.log(`${cpus().length} cores, load ${loadavg().map((n) => n.toFixed(2)).join(' ')}, ${quick ? 'quick' : 'full'} run\n`);
console.log('| database | in flight | path | p50 ms | p99 ms | req/s | p50 ratio to raw SQL |');
console.log('|---|---|---|---|---|---|---|');
for (const r of results) {
  for (const row of r.rows) {
    console.log(`| ${r.kind} | ${row.concurrency} | goods/list endpoint (envelope, token, permission, contract, list helper) | ${f(row.endpoint.p50)} | ${f(row.endpoint.p99)} | ${row.endpoint.rps.toFixed(0)} | ${(row.endpoint.p50 / row.raw.p50).toFixed(2)}× |`);
    console.log(`| ${r.kind} | ${row.concurrency} | raw SQL, the same two statements (baseline) | ${f(row.raw.p50)} | ${f(row.raw.p99)} | ${row.raw.rps.toFixed(0)} | 1.00× |`);
  }
}
console.log(`\n(on-shelf rows: ${results.map((r) => `${r.kind.split(' ')[0]} ${r.total}`).join(', ')}; seeding ${GOODS.toLocaleString('en-US')} goods + SKUs: ${results.map((r) => `${r.seedSeconds.toFixed(1)} s`).join(', ')})`);
