// 10k idle authenticated sockets on one im-server: RSS ≤ 1 GiB (issue 4 (b)).
//
//   cd libs/im-core && npx tsup && cd ../../apps/im-server && npx tsup && cd ../.. \
//     && node bench/im-protocol/idle-sockets.mjs [--db pglite|postgres|both] [--count 10000] [--ramp 1000]
//
// For each database it starts im-server as its own process (node apps/im-server/dist/main.js,
// PORT free, HOST 127.0.0.1, DATA_DIR a temp folder, IM_TOKEN_SECRET random; for PostgreSQL
// DATABASE_URL pointing at a fresh database created for the run and dropped after it), then from
// this process opens `--ramp` sockets, then up to `--count`, all logged in and otherwise idle
// (heartbeat every 30 s, under the server's 50 s idle timeout). At 0, ramp and count sockets it
// takes `--samples` readings of the server's RSS one second apart (GET /healthz `rss` and
// /proc/<pid>/status VmRSS) and reports the medians.
//
// PostgreSQL: --pg-url (default $DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres) is only
// used to CREATE/DROP DATABASE im_bench_<run>; the server's tables go to schema `im` in that database.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { health, idleSocketPool, lbsLink, procRss } from '../../apps/im-server/scripts/idle-sockets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const dbs = (args.db ?? 'both') === 'both' ? ['pglite', 'postgres'] : [args.db];
const COUNT = Number(args.count ?? 10_000);
const RAMP = Number(args.ramp ?? 1_000);
const SAMPLES = Number(args.samples ?? 5);
const SETTLE_S = Number(args.settle ?? 10);
const BATCH = Number(args.batch ?? 200);
const PG_URL = args['pg-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GiB = 1024 ** 3;
const APP_KEY = 'merchant-im';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function freePort() {
  const server = net.createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

async function withPg(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function startServer(db, run) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'im-idle-'));
  const secret = randomBytes(16).toString('hex');
  const env = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, IM_TOKEN_SECRET: secret, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  let database;
  if (db === 'postgres') {
    database = `im_bench_${run}`;
    await withPg(PG_URL, (c) => c.query(`CREATE DATABASE ${database}`));
    const url = new URL(PG_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  }
  const child = spawn(process.execPath, [path.join(root, 'apps/im-server/dist/main.js')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((r) => child.once('exit', r));
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`im-server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await health(baseUrl)).status === 'ok') break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error(`im-server did not start:\n${output}`);
    await sleep(250);
  }
  return {
    child,
    baseUrl,
    secret,
    startSeconds: (Date.now() - started) / 1000,
    label: db === 'postgres' ? `PostgreSQL (fresh database ${database}, schema im)` : 'PGlite (embedded, temp DATA_DIR)',
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      if (database) await withPg(PG_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    },
  };
}

/** SAMPLES readings one second apart: medians of /healthz rss, VmRSS, heapUsed, plus the last stats. */
async function reading(server) {
  const rss = [];
  const vm = [];
  const heap = [];
  let hwm = NaN;
  let last;
  for (let i = 0; i < SAMPLES; i++) {
    if (i > 0) await sleep(1000);
    last = await health(server.baseUrl);
    rss.push(last.rss);
    heap.push(last.heapUsed);
    const proc = procRss(server.child.pid);
    vm.push(proc?.rss ?? NaN);
    hwm = proc?.hwm ?? NaN;
  }
  return { rss: median(rss), vmRss: median(vm), hwm, heap: median(heap), min: Math.min(...rss), max: Math.max(...rss), connections: last.connections, loggedIn: last.loggedIn };
}

async function measure(db) {
  const run = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const server = await startServer(db, run);
  console.error(`[${db}] im-server pid ${server.child.pid} on ${server.baseUrl} ready in ${server.startSeconds.toFixed(1)} s`);
  const rows = [];
  try {
    await sleep(SETTLE_S * 1000);
    rows.push({ sockets: 0, ...(await reading(server)) });
    const wsUrl = await lbsLink(server.baseUrl, APP_KEY);
    const pool = idleSocketPool({ wsUrl, secret: server.secret, appKey: APP_KEY, batch: BATCH, prefix: `idle_${run}` });
    try {
      const opening = [];
      for (const target of [RAMP, COUNT].filter((t, i, all) => t > 0 && all.indexOf(t) === i)) {
        const res = await pool.open(target - pool.sockets.length, (n) => process.stderr.write(`\r[${db}] ${n} open`));
        process.stderr.write(`\r[${db}] ${pool.sockets.length} open (+${res.opened} in ${res.seconds.toFixed(1)} s, ${(res.opened / res.seconds).toFixed(0)}/s, ${res.failed} failed)\n`);
        opening.push(res);
        await sleep(SETTLE_S * 1000);
        const r = await reading(server);
        rows.push({ sockets: pool.openCount, target, ...r, loginRate: res.opened / res.seconds, failed: res.failed, closedByServer: pool.closedByServer });
        if (r.loggedIn !== target) console.error(`[${db}] WARNING: server reports ${r.loggedIn} logged in, expected ${target}`);
      }
    } finally {
      await pool.close();
    }
    await sleep(3000);
    rows.push({ sockets: 0, after: true, ...(await reading(server)) });
  } finally {
    await server.stop();
  }
  return { db, label: server.label, rows };
}

const results = [];
for (const db of dbs) results.push(await measure(db));

console.log(
  `Node ${process.version}, ${os.cpus().length} cores (shared), ${new Date().toISOString().slice(0, 10)}; im-server as its own process (dist/main.js), ` +
    `clients in the benchmark process; RSS = median of ${SAMPLES} readings 1 s apart, ${SETTLE_S} s after the last login; ulimit -n ${process.env.ULIMIT_N ?? 'see RESULTS.md'}\n`,
);
console.log('| database | sockets (client open / server logged in) | RSS /healthz (min–max) | VmRSS /proc | VmHWM (peak) | heap used | RSS Δ per socket vs 0 | vs previous row | login rate | RSS ≤ 1 GiB |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const { label, rows } of results) {
  const base = rows[0];
  for (const [i, row] of rows.entries()) {
    const prev = rows[i - 1];
    const marginal = prev && row.sockets > prev.sockets && !row.after ? `${((row.rss - prev.rss) / (row.sockets - prev.sockets) / 1024).toFixed(1)} KB` : '—';
    const per = row.sockets > 0 && !row.after ? `${((row.rss - base.rss) / row.sockets / 1024).toFixed(1)} KB` : '—';
    const name = row.after ? '0 (after closing all)' : `${row.sockets} / ${row.loggedIn}`;
    const rate = row.loginRate ? `${row.loginRate.toFixed(0)}/s` : '—';
    const verdict = row.sockets === COUNT && !row.after ? (row.rss <= GiB && row.vmRss <= GiB ? '**PASS**' : '**FAIL**') : '';
    console.log(`| ${label} | ${name} | ${mb(row.rss)} (${mb(row.min)}–${mb(row.max)}) | ${mb(row.vmRss)} | ${mb(row.hwm)} | ${mb(row.heap)} | ${per} | ${marginal} | ${rate} | ${verdict} |`);
  }
}
const problems = results.flatMap(({ label, rows }) => rows.filter((r) => r.failed || r.closedByServer).map((r) => `${label}: ${r.failed ?? 0} failed logins, ${r.closedByServer ?? 0} sockets closed by the server`));
console.log(problems.length ? `\n${problems.join('\n')}` : '\nevery socket logged in and stayed open until the end of its reading');
