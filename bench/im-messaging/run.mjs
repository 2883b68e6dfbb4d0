// IM messaging on PostgreSQL (issues 10 and 36): write designs measured in the same run, interleaved
// round by round; by default the working tree against issue 36's baseline, commit e6939b6's group
// commit, built beside it (ratios divide by the first design, or --baseline).
//
//   node bench/im-messaging/run.mjs                 # full size (quiet machine)
//   node bench/im-messaging/run.mjs --smoke         # small sizes, for a shared machine
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/im-messaging/run.mjs
//
// For every round and design it creates a fresh database (im_bench_msg_<run>_<design>_<round>, dropped
// after), starts the real im-server as a child process (server.mjs: the server bundled from source by
// this script, IM_WRITE_MODE = the design, frequency control out of the way) and measures over loopback
// WebSocket with raw protocol clients (real codec and tokens, one socket per account):
//   (a) end to end: `--pairs` senders each writing to its own online receiver, paced together at
//       `--rate` msg/s (open loop, scheduled every 1 ms). send → receiver's `msg` push (the server
//       pushes only after the commit), and send → sender's answer, p50/p99 after `--warmup` s;
//   (b) persisted throughput: `--senders` accounts, each keeping `--window` sendMsg in flight, to as many
//       offline receivers (sender i's k-th message goes to receiver (i + k) mod senders, so the batch
//       spreads over many accounts and sessions), for `--seconds` after `--warmup`; counted from the
//       answers (200 = committed) and checked against the rows in the database afterwards.
// Both designs answer a sendMsg only after its transaction committed.
//
// Knobs: --rate 1000 --pairs 100 --latency-seconds 10 --senders 200 --window 4 --seconds 10 --warmup 2
// --rounds 3 --batch-max 200 --designs group-commit@e6939b6,group-commit --baseline <design> --pg-url <url>
// --server-profile <dir>. A design `<mode>@<git commit>` runs im-server as it was at that commit (its
// apps/im-server and libs trees, from `git archive`, bundled with that commit's tsconfig paths) in that
// write mode: the default puts issue 36's baseline (e6939b6) beside the working tree;
// `--designs per-message,group-commit` is issue 10's comparison; `group-commit:3` sets IM_WRITES_IN_FLIGHT.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleFromSource } from '../lib/source-bundle.mjs';
import { benchArgs, loadAverages, median, nowNs, nsToMs, percentile, sleep } from '../lib/bench-stats.mjs';
import { benchResources, freePort, withPg } from '../lib/bench-processes.mjs';
import { build } from 'esbuild';
import WebSocket from 'ws';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { smoke, arg } = benchArgs();
const RATE = Number(arg('rate', 1000, 200));
const PAIRS = Number(arg('pairs', 100, 20));
const LATENCY_S = Number(arg('latency-seconds', 10, 3));
const SENDERS = Number(arg('senders', 200, 50));
const WINDOW = Number(arg('window', 4, 2));
const SECONDS = Number(arg('seconds', 10, 3));
const WARMUP_S = Number(arg('warmup', 2, 1));
const ROUNDS = Number(arg('rounds', 3, 1));
const BATCH_MAX = Number(arg('batch-max', 200, 200));
// Issue 36: today's design against the group-commit design of commit e6939b6, built beside it.
const ISSUE36_BASELINE = 'group-commit@e6939b6';
const DESIGNS = String(arg('designs', `${ISSUE36_BASELINE},group-commit`, `${ISSUE36_BASELINE},group-commit`)).split(',');
// --baseline <design>: the design the ratios divide by (default: the first of --designs).
const BASELINE = arg('baseline', DESIGNS[0], DESIGNS[0]);
// --server-profile <dir>: the im-server child writes a V8 CPU profile there when it stops (node:inspector), named after the round's database.
const SERVER_PROFILE_DIR = arg('server-profile', '', '');
const PG_URL = arg('pg-url', process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const APP_KEY = 'merchant-im';
const TEXT = 'Hello! Your order #20251122-0042 has shipped and should arrive on Tuesday.';
const run = randomBytes(4).toString('hex');
const secret = randomBytes(16).toString('hex');

const ms = nsToMs;
const load = loadAverages;

// ------------------------------------------------------------------ bundles (source as it is now)

// Designs pinned to a commit: that commit's apps/im-server and libraries (and its tsconfig paths), from
// `git archive`, bundled on their own next to the current bundles (git-ignored), so the baseline is the
// design as it was built then, beside the one in the working tree.
const refs = [...new Set(DESIGNS.filter((d) => d.includes('@')).map((d) => d.split('@')[1]))];
const refBundles = {};
if (refs.length > 0) {
  const refRoot = path.join(here, `.build-ref-${process.pid}`);
  process.on('exit', () => rmSync(refRoot, { recursive: true, force: true }));
  for (const [i, ref] of refs.entries()) {
    const dir = path.join(refRoot, String(i));
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git -C "${root}" archive "${ref}" apps/im-server libs tsconfig.base.json | tar -x -C "${dir}"`]);
    writeFileSync(path.join(dir, 'entry.ts'), "export { createImServer } from './apps/im-server/src/server';\n");
    const outfile = path.join(dir, 'server.mjs');
    await build({
      entryPoints: [path.join(dir, 'entry.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      tsconfig: path.join(dir, 'tsconfig.base.json'),
      logLevel: 'warning',
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
      plugins: [
        {
          name: 'externals',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@merchant/') ? undefined : { path: args.path, external: true }));
          },
        },
      ],
    });
    refBundles[ref] = outfile;
  }
}
const bundles = await bundleFromSource(here, { server: path.join(here, 'harness-server.ts'), client: path.join(here, 'harness-client.ts') });
const bundleOf = (design) => (design.includes('@') ? refBundles[design.split('@')[1]] : bundles.file('server'));
const { CLIENT_TYPE_WEB, FrameFlag, decodeFrame, encodeRequest, signImToken } = await import(pathToFileURL(bundles.file('client')).href);

// ------------------------------------------------------------------ database and child server

const { createDatabase, dropDatabase, startChild, cleanUp } = benchResources(PG_URL, root);

async function startServer(design, round) {
  const database = `im_bench_msg_${run}_${design.replace(/[^a-z0-9]+/gi, '_').toLowerCase()}_${round}`;
  const databaseUrl = await createDatabase(database);
  const port = await freePort();
  const env = {
    IM_BENCH_BUNDLE: bundleOf(design),
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    IM_TOKEN_SECRET: secret,
    IM_WRITE_MODE: design.split('@')[0].split(':')[0],
    IM_WRITE_BATCH_MAX: String(BATCH_MAX),
    // `group-commit:2`: two batches in flight (writesInFlight).
    IM_WRITES_IN_FLIGHT: design.split('@')[0].split(':')[1] ?? '',
    ...(SERVER_PROFILE_DIR ? { IM_BENCH_CPU_PROFILE: path.resolve(SERVER_PROFILE_DIR, `${database}.cpuprofile`) } : {}),
  };
  const child = await startChild(path.join(here, 'server.mjs'), env, 'im-bench-server listening on', 10_000);
  return {
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    databaseUrl,
    database,
    pid: child.child.pid,
    stop: child.stop,
    dropDatabase: () => dropDatabase(database),
  };
}

// ------------------------------------------------------------------ raw protocol client

/** One logged-in socket: requests resolve with (code, body, answer time); pushes go to onPush. */
class Client {
  serial = 0;
  waiting = new Map();
  onPush = () => {};

  constructor(socket) {
    this.socket = socket;
    socket.on('message', (data) => {
      const frame = decodeFrame(new Uint8Array(data));
      if (frame.flags & FrameFlag.PUSH) return this.onPush(frame);
      const w = this.waiting.get(frame.serialId);
      if (!w) return;
      this.waiting.delete(frame.serialId);
      w(frame);
    });
  }

  static async open(wsUrl, account) {
    const socket = new WebSocket(wsUrl, { perMessageDeflate: false });
    socket.binaryType = 'nodebuffer';
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const client = new Client(socket);
    const token = signImToken({ accid: account, appKey: APP_KEY, nick: account }, secret);
    const login = await client.request('login', { appKey: APP_KEY, account, token, clientType: CLIENT_TYPE_WEB, deviceId: `bench-${account}`, sdkVersion: 'bench', protocolVersion: 1 });
    if (login.code !== 200) throw new Error(`login of ${account} answered ${login.code}`);
    return client;
  }

  request(name, body) {
    this.serial = (this.serial % 32767) + 1;
    const serialId = this.serial;
    return new Promise((resolve) => {
      this.waiting.set(serialId, resolve);
      this.socket.send(encodeRequest(name, serialId, body), { binary: true });
    });
  }

  close() {
    this.socket.close();
  }
}

/** Logs `count` accounts in, 50 at a time. */
async function openMany(wsUrl, names) {
  const clients = [];
  for (let i = 0; i < names.length; i += 50) clients.push(...(await Promise.all(names.slice(i, i + 50).map((n) => Client.open(wsUrl, n)))));
  return clients;
}

// ------------------------------------------------------------------ (a) paced end-to-end latency

async function latencyPhase(server, tag) {
  const senderNames = Array.from({ length: PAIRS }, (_, i) => `${tag}_ls${i}`);
  const receiverNames = Array.from({ length: PAIRS }, (_, i) => `${tag}_lr${i}`);
  const senders = await openMany(server.wsUrl, senderNames);
  const receivers = await openMany(server.wsUrl, receiverNames);
  const total = Math.round(RATE * (WARMUP_S + LATENCY_S));
  const firstMeasured = Math.round(RATE * WARMUP_S);
  const sentAt = new Array(total);
  const e2e = [];
  const ack = [];
  let received = 0;
  let failed = 0;
  for (const r of receivers) {
    r.onPush = (frame) => {
      if (frame.name !== 'msg') return;
      const t = nowNs();
      const n = Number(frame.body.msg.idClient.slice(tag.length + 1));
      received++;
      if (n >= firstMeasured) e2e.push(ms(t - sentAt[n]));
    };
  }
  const started = nowNs();
  let n = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((ms(nowNs() - started) / 1000) * RATE));
      while (n < due) {
        const i = n % PAIRS;
        const id = n;
        const body = { msg: { idClient: `${tag}-${id}`, scene: 0, to: receiverNames[i], type: 0, text: TEXT } };
        sentAt[id] = nowNs();
        void senders[i].request('sendMsg', body).then((frame) => {
          if (frame.code !== 200) failed++;
          else if (id >= firstMeasured) ack.push(ms(nowNs() - sentAt[id]));
        });
        n++;
      }
      if (n >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  const offeredS = ms(nowNs() - started) / 1000;
  const deadline = Date.now() + 30_000;
  while (received + failed < total && Date.now() < deadline) await sleep(20);
  for (const c of [...senders, ...receivers]) c.close();
  e2e.sort((a, b) => a - b);
  ack.sort((a, b) => a - b);
  return {
    offeredRate: total / offeredS,
    e2eP50: percentile(e2e, 50),
    e2eP99: percentile(e2e, 99),
    ackP50: percentile(ack, 50),
    ackP99: percentile(ack, 99),
    lost: total - received - failed,
    latFailed: failed,
  };
}

// ------------------------------------------------------------------ (b) persisted throughput

/**
 * CPU milliseconds used so far by processes `pids` (utime + stime from /proc; Linux, 100 ticks a second);
 * a process gone by now counts 0.
 */
function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // exited
    }
  }
  return ticks * 10;
}

/**
 * CPU used by the PostgreSQL backends of `database` (the server's pool) from now until stop(): the pool
 * opens and closes connections, so the backends are looked up every 200 ms and each one's CPU counts
 * from its first sample (a backend that appears later started during the measurement: from 0) to its
 * last.
 */
function backendCpu(database) {
  const first = new Map();
  const last = new Map();
  let stopped = false;
  const sample = async (initial) => {
    const { rows } = await withPg(PG_URL, (c) => c.query('select pid from pg_stat_activity where datname = $1', [database]));
    for (const { pid } of rows) {
      const used = cpuMs([pid]);
      if (used === 0 && last.has(pid)) continue; // exiting: keep its last reading
      if (!first.has(pid)) first.set(pid, initial ? used : 0);
      last.set(pid, used);
    }
  };
  const started = sample(true);
  const loop = (async () => {
    await started;
    while (!stopped) {
      await sleep(200);
      await sample(false);
    }
  })();
  return {
    started,
    async stop() {
      stopped = true;
      await loop;
      let total = 0;
      for (const [pid, used] of last) total += used - first.get(pid);
      return total;
    },
  };
}

async function throughputPhase(server, tag) {
  const names = Array.from({ length: SENDERS }, (_, i) => `${tag}_ts${i}`);
  const receivers = Array.from({ length: SENDERS }, (_, i) => `${tag}_tr${i}`);
  const senders = await openMany(server.wsUrl, names);
  let stopping = false;
  let inFlight = 0;
  let answered = 0;
  let failed = 0;
  let measured = 0;
  let measuring = false;
  const done = () => inFlight === 0;
  const pump = (client, i, state) => {
    while (!stopping && state.inFlight < WINDOW) {
      const k = state.next++;
      state.inFlight++;
      inFlight++;
      const body = { msg: { idClient: `${tag}-${i}-${k}`, scene: 0, to: receivers[(i + k) % SENDERS], type: 0, text: TEXT } };
      void client.request('sendMsg', body).then((frame) => {
        state.inFlight--;
        inFlight--;
        if (frame.code === 200) {
          answered++;
          if (measuring) measured++;
        } else failed++;
        pump(client, i, state);
      });
    }
  };
  senders.forEach((c, i) => pump(c, i, { next: 0, inFlight: 0 }));
  await sleep(WARMUP_S * 1000);
  // CPU used while measuring, per persisted message: less sensitive to a busy machine than msg/s
  // (WAL writer, checkpointer and the kernel's network work are not counted).
  const pgCpu = backendCpu(server.database);
  await pgCpu.started;
  const cpu0 = { server: cpuMs([server.pid]), client: process.cpuUsage() };
  measuring = true;
  const t0 = nowNs();
  await sleep(SECONDS * 1000);
  measuring = false;
  const elapsedS = ms(nowNs() - t0) / 1000;
  const pgMs = await pgCpu.stop();
  const clientCpu = process.cpuUsage(cpu0.client);
  const perMsgUs = (cpuMsUsed) => (measured > 0 ? (cpuMsUsed * 1000) / measured : NaN);
  const cpu = {
    serverUs: perMsgUs(cpuMs([server.pid]) - cpu0.server),
    pgUs: perMsgUs(pgMs),
    clientUs: perMsgUs((clientCpu.user + clientCpu.system) / 1000),
  };
  stopping = true;
  const deadline = Date.now() + 30_000;
  while (!done() && Date.now() < deadline) await sleep(20);
  for (const c of senders) c.close();
  const db = await withPg(server.databaseUrl, (c) =>
    c.query(`select count(*)::int as rows, count(distinct xmin::text)::int as txs from im.im_message where sender like $1`, [`${tag}\\_ts%`]),
  );
  const { rows, txs } = db.rows[0];
  return { perSecond: measured / elapsedS, answered, failed, rows, perTx: rows / Math.max(1, txs), ...cpu };
}

// ------------------------------------------------------------------ run

console.error(
  `im-messaging bench ${smoke ? '(SMOKE sizes) ' : ''}run ${run}: ${cpus().length} CPUs, Node ${process.version}, load average ${load()}; ` +
    `PostgreSQL ${PG_URL.replace(/\/\/[^@]*@/, '//…@')}; rate ${RATE}/s × ${LATENCY_S} s over ${PAIRS} pairs; ` +
    `${SENDERS} senders × window ${WINDOW} for ${SECONDS} s; warm-up ${WARMUP_S} s; ${ROUNDS} round(s); batch max ${BATCH_MAX}`,
);
const results = Object.fromEntries(DESIGNS.map((d) => [d, []]));
try {
  for (let round = 1; round <= ROUNDS; round++) {
    // Interleaved, and the order flips every round, so a slow spell of the machine hits both designs.
    const order = round % 2 ? DESIGNS : [...DESIGNS].reverse();
    for (const design of order) {
      const server = await startServer(design, round);
      try {
        const tag = `b${round}${design === 'group-commit' ? 'g' : design === 'per-message' ? 'p' : `x${DESIGNS.indexOf(design)}`}`;
        const latency = await latencyPhase(server, tag);
        const throughput = await throughputPhase(server, tag);
        results[design].push({ ...latency, ...throughput });
        console.error(
          `round ${round} ${design}: e2e p50 ${latency.e2eP50.toFixed(2)} ms p99 ${latency.e2eP99.toFixed(2)} ms (offered ${latency.offeredRate.toFixed(0)}/s, lost ${latency.lost}, failed ${latency.latFailed}); ` +
            `${throughput.perSecond.toFixed(0)} msg/s persisted (${throughput.rows} rows for ${throughput.answered} answers, ${throughput.failed} failed, ${throughput.perTx.toFixed(1)} rows/tx); ` +
            `CPU µs/msg server ${throughput.serverUs.toFixed(0)} PostgreSQL ${throughput.pgUs.toFixed(0)} bench client ${throughput.clientUs.toFixed(0)}; load ${load()}`,
        );
      } finally {
        await server.stop();
        await server.dropDatabase();
      }
    }
  }
} finally {
  await cleanUp();
}

// ------------------------------------------------------------------ table

const baseline = BASELINE;
const med = (design, key) => median(results[design].map((r) => r[key]));
const ratioOf = (design, key) => med(design, key) / med(baseline, key);
const ratio = (design, key) => (med(baseline, key) > 0 ? `${ratioOf(design, key).toFixed(2)}×` : '—');
console.log(`\n### IM messaging on PostgreSQL, medians of ${ROUNDS} round(s)${smoke ? ' — SMOKE SIZES, not the issue’s figures' : ''}\n`);
console.log(`Load average at the end: ${load()} (1 / 5 / 15 min), ${cpus().length} CPUs. Baseline: ${baseline}, same run.\n`);
console.log(`| design | e2e p50 (ms) | e2e p99 (ms) | answer p50 / p99 (ms) | offered msg/s | lost / failed | persisted msg/s (${SENDERS} senders) | rows per transaction | throughput ÷ baseline | e2e p50 ÷ baseline | CPU µs per persisted msg: server / PostgreSQL / client | PostgreSQL CPU ÷ baseline |`);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const design of DESIGNS) {
  const lost = results[design].reduce((s, r) => s + r.lost, 0);
  const failed = results[design].reduce((s, r) => s + r.latFailed + r.failed, 0);
  const mismatch = results[design].reduce((s, r) => s + Math.abs(r.rows - r.answered), 0);
  console.log(
    `| ${design}${design === baseline ? ' (baseline)' : ''} | ${med(design, 'e2eP50').toFixed(2)} | ${med(design, 'e2eP99').toFixed(2)} | ` +
      `${med(design, 'ackP50').toFixed(2)} / ${med(design, 'ackP99').toFixed(2)} | ${med(design, 'offeredRate').toFixed(0)} | ${lost} / ${failed} | ` +
      `${med(design, 'perSecond').toFixed(0)}${mismatch ? ` (rows ≠ answers by ${mismatch})` : ''} | ${med(design, 'perTx').toFixed(1)} | ${ratio(design, 'perSecond')} | ${ratio(design, 'e2eP50')} | ` +
      `${med(design, 'serverUs').toFixed(0)} / ${med(design, 'pgUs').toFixed(0)} / ${med(design, 'clientUs').toFixed(0)} | ${ratio(design, 'pgUs')} |`,
  );
}
for (const design of DESIGNS) {
  if (design === baseline) continue;
  const verdict = (ok) => (ok ? 'met' : 'NOT met');
  const tput = ratioOf(design, 'perSecond');
  const pg = ratioOf(design, 'pgUs');
  const p50 = ratioOf(design, 'e2eP50');
  const p99 = med(design, 'e2eP99');
  console.log(
    `\nIssue 36 targets for ${design} against ${baseline} (medians, same run): persisted throughput ${tput.toFixed(2)}× (≥ 1.5×: ${verdict(tput >= 1.5)}); ` +
      `PostgreSQL CPU per persisted message ${pg.toFixed(2)}× (≤ 0.75×: ${verdict(pg <= 0.75)}); e2e p50 at ${RATE} msg/s ${p50.toFixed(2)}× (≤ 0.6×: ${verdict(p50 <= 0.6)}); ` +
      `e2e p99 ${p99.toFixed(2)} ms (≤ 10 ms: ${verdict(p99 <= 10)}).`,
  );
}
