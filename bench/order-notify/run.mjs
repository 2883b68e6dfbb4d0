/* global performance, TextDecoder, AbortController */
// New-order notification latency (issue 11): a buyer pays over HTTP (`/buyer/orders/:id/pay`) and the
// store's open console stream (SSE, decision 0006) receives the `orderPaid` event. p50/p99 of "pay
// request sent → event read by the client", against baselines measured in the same run: the pay call's
// own HTTP round trip and a plain GET /healthz round trip. PGlite always; PostgreSQL too when
// DATABASE_URL is set (a throw-away schema, dropped at the end).
//
//   node bench/order-notify/run.mjs [--payments N]     (default 300; smoke: --payments 30)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/order-notify/run.mjs
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importFromSource } from '../lib/source-bundle.mjs';

const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const PAYMENTS = flag('--payments', 300);
const STORE = 1001;
const UNPAID = 0;

const here = path.dirname(fileURLToPath(import.meta.url));
const { openStoreDatabase, createStoreServer, DEV_BUYER_KEY, createSecureClient, notificationEndpoints, STORE_EVENT_STREAM_PATH, sql } = await importFromSource(here, path.join(here, 'harness.ts'));

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

/** An SSE reader over fetch: resolves the waiter registered for each orderPaid event's orderId. */
async function openStream(url) {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: abort.signal });
  if (response.status !== 200) throw new Error(`stream refused: ${response.status} ${await response.text()}`);
  const waiters = new Map();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (!block.includes('event: orderPaid') || !data) continue;
          const at = performance.now();
          const { orderId } = JSON.parse(data.slice(6));
          waiters.get(orderId)?.(at);
          waiters.delete(orderId);
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  return {
    arrival: (orderId) => new Promise((resolve) => waiters.set(orderId, resolve)),
    close: () => abort.abort(),
  };
}

async function benchOne(kind, databaseUrl) {
  const schema = databaseUrl ? `store_bench_${randomBytes(4).toString('hex')}` : 'store';
  const handle = await openStoreDatabase({ databaseUrl, dataDir: 'memory://', schema });
  const server = await createStoreServer({ host: '127.0.0.1', port: 0, logLevel: 'silent', buyerKey: DEV_BUYER_KEY }, { database: handle });
  try {
    const { url } = await server.listen();
    const login = createSecureClient({ baseUrl: url, mode: 'none' });
    const { data } = await login.request('/v1/store/eshop/store/user/login', { userName: 'demo_merchant', password: 'Demo12345' });
    const merchant = createSecureClient({ baseUrl: url, mode: 'none', accessToken: data.accessToken });
    const ticket = await merchant.request(notificationEndpoints.createEventStreamTicket.path, {});
    const stream = await openStream(`${url}${STORE_EVENT_STREAM_PATH}?ticket=${encodeURIComponent(ticket.data.ticket)}`);

    const run = `b${randomBytes(3).toString('hex')}`;
    const now = Math.floor(Date.now() / 1000);
    const orders = [];
    for (let i = 0; i < PAYMENTS + 10; i++) {
      const buyerAccid = `c_${run}_${i}`;
      const row = await handle.db
        .insertInto('store_order')
        .values({ store_id: STORE, status: UNPAID, amount_cents: 100 + i, created_at: now, buyer_accid: buyerAccid })
        .returning('id')
        .executeTakeFirstOrThrow();
      orders.push({ orderId: row.id, buyerAccid });
    }
    const pay = (order) =>
      fetch(`${url}/buyer/orders/${order.orderId}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-buyer-key': DEV_BUYER_KEY },
        body: JSON.stringify({ buyerAccid: order.buyerAccid }),
      });

    const notify = [];
    const payTrip = [];
    const health = [];
    for (let i = 0; i < orders.length; i++) {
      const order = orders[i];
      const arrived = stream.arrival(order.orderId);
      const t0 = performance.now();
      const response = await pay(order);
      const answered = performance.now();
      if (response.status !== 200) throw new Error(`pay refused: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      const arrivedAt = await arrived;
      const h0 = performance.now();
      await (await fetch(`${url}/healthz`)).arrayBuffer();
      const h1 = performance.now();
      if (i < 10) continue; // warm-up
      notify.push(arrivedAt - t0);
      payTrip.push(answered - t0);
      health.push(h1 - h0);
    }
    stream.close();
    for (const c of [login, merchant]) c.dispose?.();
    return { kind, notify: summary(notify), pay: summary(payTrip), health: summary(health) };
  } finally {
    await server.close();
    if (databaseUrl) await sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db).catch(() => undefined);
    await handle.close();
  }
}

const results = [await benchOne('PGlite (embedded)', undefined)];
if (process.env.DATABASE_URL) results.push(await benchOne('PostgreSQL (DATABASE_URL)', process.env.DATABASE_URL));
const f = (n) => n.toFixed(2);
console.log(`\norder-notify: buyer pays over HTTP → orderPaid on the store's open SSE stream, ${PAYMENTS} payments one at a time (after 10 warm-up)`);
console.log(`${cpus().length} cores, load ${loadavg().map((n) => n.toFixed(2)).join(' ')}\n`);
console.log('| database | measured | p50 ms | p99 ms | p50 ratio to GET /healthz |');
console.log('|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.kind} | pay sent → event read on the stream | ${f(r.notify.p50)} | ${f(r.notify.p99)} | ${(r.notify.p50 / r.health.p50).toFixed(2)}× |`);
  console.log(`| ${r.kind} | pay HTTP round trip (baseline: the payment itself) | ${f(r.pay.p50)} | ${f(r.pay.p99)} | ${(r.pay.p50 / r.health.p50).toFixed(2)}× |`);
  console.log(`| ${r.kind} | GET /healthz round trip (baseline: plain HTTP) | ${f(r.health.p50)} | ${f(r.health.p99)} | 1.00× |`);
}
