/* global performance */
// Load test of store-server (issue 34 §5): the goods list and the order list at 200 concurrent connections
// for 60 s each (autocannon), against a bare Fastify route answering a same-shaped JSON body, in the same run.
//
// What is measured: a real store-server child process on 127.0.0.1 over PostgreSQL, demo data seeded at start
// (optionally topped up with --goods N goods through bench/store-api/seed-goods.mjs), configured as in production
// (security floor aes, answers not re-checked against their contracts). Every request is a console request as the console sends it: an AES envelope built by the
// real client library (@merchant/secure-transport, mode aes, one signed-in session), each with its own nonce,
// so the server does the whole path: envelope decryption, replay check (a nonce row per request), token,
// permission, contract, list query, answer encryption. autocannon cannot run the async client per request,
// so the envelopes are made beforehand by the client (its requests are captured instead of sent) and handed
// out one per request; a replayed one would be refused (10301008) and counted as an error. An error is a
// socket error, a timeout, a non-2xx status or an envelope whose code is not 00000000.
// Baseline: a bare Fastify POST route (another child process) that parses the JSON body and answers the
// decrypted page JSON of the same endpoint, fixed. The ratio shows what the product's path costs per call.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/store-load/run.mjs [--duration 60] [--connections 200] [--goods 0]
//   smoke: --duration 5 --connections 20
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchResources } from '../lib/bench-processes.mjs';
import { importFromSource } from '../lib/source-bundle.mjs';

const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const DURATION = flag('--duration', 60);
const CONNECTIONS = flag('--connections', 200);
const GOODS = flag('--goods', 0);
const PAGE_SIZE = 20;

const pgUrl = process.env.DATABASE_URL;
if (!pgUrl) {
  console.error('bench/store-load needs PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(2);
}

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { createSecureClient, goodsEndpoints, orderEndpoints } = await importFromSource(here, path.join(here, '../store-api/harness.ts'));
const resources = benchResources(pgUrl, root);

const ENDPOINTS = [
  { name: 'goods list (on-shelf tab, pages 1-5)', path: goodsEndpoints.list.path, biz: (i) => ({ status: 2, pageNum: (i % 5) + 1, pageSize: PAGE_SIZE }) },
  { name: 'order list (all, pages 1-5)', path: orderEndpoints.orderList.path, biz: (i) => ({ pageNum: (i % 5) + 1, pageSize: PAGE_SIZE }) },
];

/**
 * A real client (aes, signed in) whose calls are captured instead of sent once `capture` is on: each call
 * leaves one finished envelope (fresh nonce, sealed biz) in `captured`, and the stub answers an error code
 * so the client neither decrypts nor retries.
 */
function envelopeMaker(url, accessToken) {
  const state = { capture: false, captured: [] };
  const client = createSecureClient({
    baseUrl: url,
    mode: 'aes',
    accessToken,
    fetch: (target, init) => {
      if (!state.capture) return fetch(target, init);
      state.captured.push(init.body);
      return Promise.resolve({ ok: true, status: 200, text: async () => '{"code":"10100004","msg":"captured","data":null}' });
    },
  });
  return {
    client,
    async make(endpoint, count) {
      state.capture = true;
      state.captured = [];
      for (let i = 0; i < count; i++) await client.request(endpoint.path, endpoint.biz(i), { silent: true }).catch(() => undefined);
      state.capture = false;
      return state.captured;
    },
  };
}

/** One autocannon run; envelope codes are read from each answer, `bodies` handed out one per request. */
async function load(url, requestPath, bodies, checkCode) {
  let next = 0;
  let exhausted = 0;
  const codes = new Map();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
    requests: [
      {
        method: 'POST',
        path: requestPath,
        setupRequest: (request) => {
          if (next >= bodies.length) exhausted++;
          return { ...request, body: bodies[next++ % bodies.length] };
        },
        onResponse: (status, body) => {
          const code = checkCode ? codeOf(body) : String(status);
          codes.set(code, (codes.get(code) ?? 0) + 1);
        },
      },
    ],
  });
  const envelopeErrors = checkCode ? [...codes].filter(([code]) => code !== '00000000').reduce((sum, [, n]) => sum + n, 0) : 0;
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    total: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx + envelopeErrors,
    codes: Object.fromEntries(codes),
    exhausted,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
  };
}

function codeOf(body) {
  try {
    return String(JSON.parse(body).code);
  } catch {
    return 'not JSON';
  }
}

const rows = [];
try {
  const databaseUrl = await resources.createDatabase(`store_load_${process.pid}`);
  const store = await resources.startChild(path.join(here, 'server.mjs'), { DATABASE_URL: databaseUrl, GOODS: String(GOODS) }, 'READY', 30_000);
  const url = store.output().match(/READY (\S+)/)[1];

  const login = createSecureClient({ baseUrl: url, mode: 'aes' });
  const { data } = await login.request('/v1/store/eshop/store/user/login', { userName: 'demo_merchant', password: 'Demo12345' });
  const maker = envelopeMaker(url, data.accessToken);

  for (const endpoint of ENDPOINTS) {
    // The page as the console reads it (decrypted), for the check and the baseline's body.
    const page = await maker.client.request(endpoint.path, endpoint.biz(0));
    if (page.code !== '00000000' || !Array.isArray(page.data.list) || page.data.list.length === 0) throw new Error(`${endpoint.name}: unexpected answer ${JSON.stringify(page).slice(0, 200)}`);
    const bodyFile = path.join(tmpdir(), `store-load-${process.pid}.json`);
    writeFileSync(bodyFile, JSON.stringify(page));
    const bare = await resources.startChild(path.join(here, 'bare-server.mjs'), { BODY_FILE: bodyFile }, 'READY');
    const bareUrl = bare.output().match(/READY (\S+)/)[1];

    // Probe (5 s) to size the envelope pool, then the measured runs: endpoint, then the bare route.
    const probeBodies = await maker.make(endpoint, 20_000);
    let probed = 0;
    const probe = await autocannon({ url, connections: CONNECTIONS, duration: 5, headers: { 'content-type': 'application/json' }, requests: [{ method: 'POST', path: endpoint.path, setupRequest: (r) => ({ ...r, body: probeBodies[probed++ % probeBodies.length] }) }] });
    const poolSize = Math.ceil(probe.requests.average * DURATION * 1.5) + 5_000;
    const t0 = performance.now();
    const bodies = await maker.make(endpoint, poolSize);
    const makeSeconds = (performance.now() - t0) / 1000;
    const measured = await load(url, endpoint.path, bodies, true);
    const baseline = await load(bareUrl, '/bare', bodies, false);
    await bare.stop();
    rows.push({ endpoint, measured, baseline, poolSize, makeSeconds, pageBytes: JSON.stringify(page).length });
  }
  maker.client.dispose?.();
  login.dispose?.();
  await store.stop();
} finally {
  await resources.cleanUp();
}

const f = (n) => n.toFixed(1);
console.log(`\nstore-server under load: ${CONNECTIONS} connections, ${DURATION} s per row (autocannon 9), PostgreSQL, demo data${GOODS ? ` + ${GOODS.toLocaleString('en-US')} goods` : ''}`);
console.log(`${cpus().length} cores, load ${loadavg().map((n) => n.toFixed(2)).join(' ')}; store-server, bare route, PostgreSQL and autocannon on one machine\n`);
console.log('| endpoint | path | requests | errors | p50 ms | p99 ms | req/s | p99 ratio to bare | req/s ratio to bare |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const { endpoint, measured: m, baseline: b } of rows) {
  console.log(`| ${endpoint.name} | store-server, aes envelope (decrypt, replay check, token, permission, contract, query, encrypt) | ${m.total} | ${m.errors} | ${f(m.p50)} | ${f(m.p99)} | ${m.rps.toFixed(0)} | ${(m.p99 / b.p99).toFixed(1)}× | ${(m.rps / b.rps).toFixed(2)}× |`);
  console.log(`| ${endpoint.name} | bare Fastify route, same-shaped JSON (baseline) | ${b.total} | ${b.errors} | ${f(b.p50)} | ${f(b.p99)} | ${b.rps.toFixed(0)} | 1.0× | 1.00× |`);
}
for (const { endpoint, measured: m, poolSize, makeSeconds, pageBytes } of rows) {
  console.log(`\n${endpoint.name}: envelope codes ${JSON.stringify(m.codes)}; ${poolSize} envelopes made by the client in ${makeSeconds.toFixed(1)} s${m.exhausted ? `, ${m.exhausted} requests past the pool (replays)` : ''}; page ${pageBytes} bytes decrypted`);
}
if (rows.some((r) => r.measured.errors > 0 || r.baseline.errors > 0)) process.exitCode = 1;
