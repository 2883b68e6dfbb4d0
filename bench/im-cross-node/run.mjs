// Cross-node p2p latency (issue 34 §1): how long a p2p message takes from the sender's socket to the
// receiver's socket when the two are on different im-server nodes (the push crosses Redis), against both
// on one node, measured in the same run.
//
//   node bench/im-cross-node/run.mjs                        # 300 messages every 40 ms after 50, 3 rounds
//   node bench/im-cross-node/run.mjs --smoke                # 100 messages, 1 round
//   node bench/im-cross-node/run.mjs --redis-url redis://127.0.0.1:15050 --port-base 15060
//
// Every round creates fresh databases (im_bench_xn_<run>_<config>_<round>, dropped after) and starts the
// real im-server as child processes (../im-groups/server.mjs: the server bundled from source by this
// script, frequency control out of the way): one node alone (LocalRouter, no Redis) and two nodes on one
// PostgreSQL database and one Redis (REDIS_URL). `--pairs` senders and as many receivers (raw protocol
// clients: real codec and tokens, one loopback WebSocket each, all in this process, so one clock) log in,
// and the senders send `--warmup` then `--messages` sendMsg in all, open loop, one every `--interval` ms
// (message k by pair k mod pairs, each to its own receiver). For each message:
// send → the receiver's `msg` push, timed on arrival before it is decoded; p50 / p99 over the measured
// messages, medians over the rounds. Also push − the sender's answer (both follow the commit), which
// leaves the database's time out. Configurations, in an order that flips every round:
//   one-node:   sender and receiver on the node alone (baseline);
//   same-node:  both on node A of the two (the push is delivered in the process; the publish to Redis
//               still happens);
//   cross-node: sender on node A, receiver on node B (the push goes A → Redis → B).
//
// Knobs: --messages 300 --warmup 50 --interval 40 --pairs 5 --rounds 3 --pg-url <url> --redis-url <url>
// --port-base <n> (the nodes listen on n, n+1, n+2; default: ports the OS picks).
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleFromSource } from '../lib/source-bundle.mjs';
import { benchArgs, loadAverages, median, nowNs, nsToMs, percentile, sleep } from '../lib/bench-stats.mjs';
import { benchResources, freePort } from '../lib/bench-processes.mjs';
import WebSocket from 'ws';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { argv, smoke, arg } = benchArgs();
const MESSAGES = Number(arg('messages', 300, 100));
const WARMUP = Number(arg('warmup', 50, 20));
const INTERVAL_MS = Number(arg('interval', 40));
const ROUNDS = Number(arg('rounds', 3, 1));
const PAIRS = Number(arg('pairs', 5));
const PORT_BASE = argv.includes('--port-base') ? Number(arg('port-base', 0)) : undefined;
const PG_URL = arg('pg-url', process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const REDIS_URL = arg('redis-url', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const APP_KEY = 'merchant-im';
const TEXT = 'Your parcel left the warehouse this morning; tracking number SF1234567890.';
const CONFIGS = ['one-node', 'same-node', 'cross-node'];
const run = randomBytes(4).toString('hex');
const secret = randomBytes(16).toString('hex');

for (const [name, value] of Object.entries({ messages: MESSAGES, warmup: WARMUP, interval: INTERVAL_MS, rounds: ROUNDS, pairs: PAIRS })) {
  if (!Number.isInteger(value) || value < (name === 'warmup' ? 0 : 1)) throw new Error(`--${name} must be a whole number (got ${value})`);
}
if (PORT_BASE !== undefined && !(Number.isInteger(PORT_BASE) && PORT_BASE > 0 && PORT_BASE < 65533)) throw new Error(`--port-base must be a port number (got ${PORT_BASE})`);

const ms = nsToMs;
const load = loadAverages;
const fmt = (v, digits = 2) => (Number.isFinite(v) ? v.toFixed(digits) : '—');

const bundles = await bundleFromSource(here, { server: path.join(here, 'harness-server.ts'), client: path.join(here, 'harness-client.ts') });
const { CLIENT_TYPE_WEB, FrameFlag, decodeFrame, encodeRequest, signImToken } = await import(pathToFileURL(bundles.file('client')).href);

const { createDatabase, dropDatabase, startChild, cleanUp } = benchResources(PG_URL, root);

async function startNode(databaseUrl, nodeId, port, redis) {
  const node = await startChild(
    path.join(here, '../im-groups/server.mjs'),
    {
      IM_BENCH_BUNDLE: bundles.file('server'),
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      IM_TOKEN_SECRET: secret,
      IM_NODE_ID: nodeId,
      ...(redis ? { REDIS_URL } : {}),
    },
    'im-bench-server listening on',
  );
  return { ...node, wsUrl: `ws://127.0.0.1:${port}/ws` };
}

/** One socket; every push is timed on arrival, before it is decoded. */
class Client {
  serial = 0;
  waiting = new Map();
  onPush = () => {};

  constructor(socket) {
    this.socket = socket;
    socket.on('message', (data) => {
      const t = nowNs();
      const frame = decodeFrame(new Uint8Array(data));
      if (frame.flags & FrameFlag.PUSH) return this.onPush(frame, t);
      const w = this.waiting.get(frame.serialId);
      if (!w) return;
      this.waiting.delete(frame.serialId);
      w(frame);
    });
  }

  static async login(wsUrl, account) {
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
    this.socket.terminate();
  }
}

/**
 * PAIRS senders send WARMUP + MESSAGES texts in all, one every INTERVAL_MS, message k by pair k mod PAIRS
 * to its own receiver; times each push. Several pairs: a connection handles its frames one after another,
 * so one sender at this rate would measure its own queue.
 */
async function measure(senderUrl, receiverUrl, tag) {
  const names = Array.from({ length: PAIRS }, (_, p) => [`${tag}_s${p}`, `${tag}_r${p}`]);
  const senders = await Promise.all(names.map(([s]) => Client.login(senderUrl, s)));
  const receivers = await Promise.all(names.map(([, r]) => Client.login(receiverUrl, r)));
  try {
    const total = WARMUP + MESSAGES;
    const sentAt = new Array(total);
    const latency = new Array(total);
    const pushedAt = new Array(total);
    const answeredAt = new Array(total);
    const answers = [];
    let received = 0;
    let refused = 0;
    for (const receiver of receivers) {
      receiver.onPush = (frame, t) => {
        if (frame.name !== 'msg') return;
        const idClient = frame.body.msg?.idClient ?? '';
        if (!idClient.startsWith(`${tag}-`)) return;
        const i = Number(idClient.slice(tag.length + 1));
        if (latency[i] === undefined) received++;
        latency[i] = ms(t - sentAt[i]);
        pushedAt[i] = t;
      };
    }
    const started = nowNs();
    for (let i = 0; i < total; i++) {
      const wait = i * INTERVAL_MS - ms(nowNs() - started);
      // fixed wait: the open-loop pacing of the load under measurement
      if (wait > 0) await sleep(wait);
      sentAt[i] = nowNs();
      const pair = i % PAIRS;
      void senders[pair].request('sendMsg', { msg: { idClient: `${tag}-${i}`, scene: 0, to: names[pair][1], type: 0, text: TEXT } }).then((frame) => {
        answeredAt[i] = nowNs();
        if (frame.code !== 200) refused++;
        else if (i >= WARMUP) answers.push(ms(answeredAt[i] - sentAt[i]));
      });
    }
    const deadline = Date.now() + 30_000;
    // polling for the last pushes, bounded by the deadline
    while (received + refused < total && Date.now() < deadline) await sleep(20);
    const measured = latency.slice(WARMUP).filter((v) => v !== undefined).sort((a, b) => a - b);
    answers.sort((a, b) => a - b);
    // The routing alone: after the commit the server hands the push to the router, then answers the
    // sender, so push − answer leaves the database's time out: just under 0 when the push is delivered
    // in the process, the way through Redis and the other node when it is not.
    const afterAnswer = [];
    for (let i = WARMUP; i < total; i++) if (pushedAt[i] !== undefined && answeredAt[i] !== undefined) afterAnswer.push(ms(pushedAt[i] - answeredAt[i]));
    afterAnswer.sort((a, b) => a - b);
    return {
      p50: percentile(measured, 50),
      p99: percentile(measured, 99),
      answerP50: percentile(answers, 50),
      routeP50: percentile(afterAnswer, 50),
      routeP99: percentile(afterAnswer, 99),
      lost: MESSAGES - measured.length,
      refused,
    };
  } finally {
    for (const client of [...senders, ...receivers]) client.close();
  }
}

console.error(
  `im-cross-node bench ${smoke ? '(SMOKE sizes) ' : ''}run ${run}: ${cpus().length} CPUs, Node ${process.version}, load average ${load()}; ` +
    `PostgreSQL ${PG_URL.replace(/\/\/[^@]*@/, '//…@')}, Redis ${REDIS_URL}; ${MESSAGES} messages every ${INTERVAL_MS} ms after ${WARMUP}; ${ROUNDS} round(s)`,
);
const results = Object.fromEntries(CONFIGS.map((c) => [c, []]));
const loads = [load()];
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const alone = `im_bench_xn_${run}_o_${round}`;
    const shared = `im_bench_xn_${run}_t_${round}`;
    const nodes = [];
    try {
      const port = async (n) => (PORT_BASE !== undefined ? PORT_BASE + n : freePort());
      const single = await startNode(await createDatabase(alone), `xn-${run}-o${round}`, await port(0), false);
      nodes.push(single);
      const sharedUrl = await createDatabase(shared);
      // One after the other, so only the first runs the migrations for real.
      const nodeA = await startNode(sharedUrl, `xn-${run}-a${round}`, await port(1), true);
      nodes.push(nodeA);
      const nodeB = await startNode(sharedUrl, `xn-${run}-b${round}`, await port(2), true);
      nodes.push(nodeB);
      const where = { 'one-node': [single, single], 'same-node': [nodeA, nodeA], 'cross-node': [nodeA, nodeB] };
      // The order flips every round, so a slow spell of the machine does not hit one configuration only.
      const order = round % 2 ? CONFIGS : [...CONFIGS].reverse();
      for (const config of order) {
        const before = load();
        const [from, to] = where[config];
        const result = await measure(from.wsUrl, to.wsUrl, `x${run}${config[0]}${round}`);
        results[config].push(result);
        console.error(`round ${round} ${config}: p50 ${fmt(result.p50)} ms p99 ${fmt(result.p99)} ms; answer p50 ${fmt(result.answerP50)} ms; push − answer p50 ${fmt(result.routeP50)} p99 ${fmt(result.routeP99)} ms; lost ${result.lost}; refused ${result.refused}; load ${before} → ${load()}`);
      }
    } finally {
      for (const node of nodes) await node.stop();
      await dropDatabase(alone);
      await dropDatabase(shared);
    }
    loads.push(load());
  }
} finally {
  await cleanUp();
}

const med = (config, key) => median(results[config].map((r) => r[key]));
const LABELS = {
  'one-node': 'one node alone, no Redis (baseline)',
  'same-node': 'two nodes over Redis, sender and receiver on the same node',
  'cross-node': 'two nodes over Redis, sender and receiver on different nodes',
};
console.log(`\n### Cross-node p2p latency${ROUNDS > 1 ? `, medians of ${ROUNDS} rounds` : ''}${smoke ? ' — SMOKE SIZES' : ''}\n`);
console.log(
  `Run ${run}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} CPUs, Node ${process.version}; load average (1 / 5 / 15 min) ` +
    `${loads[0]} at the start, ${loads.at(-1)} at the end. ${MESSAGES} messages after ${WARMUP} warm-up, one every ${INTERVAL_MS} ms from ${PAIRS} senders to ${PAIRS} receivers, per configuration and round; ` +
    `send → the receiver's \`msg\` push on loopback WebSocket. Baseline: one node alone, same run.\n`,
);
console.log('| configuration | send → push p50 (ms) | send → push p99 (ms) | p50 ÷ baseline | p99 ÷ baseline | sender’s answer p50 (ms) | push − answer p50 / p99 (ms) | lost pushes |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const config of CONFIGS) {
  const lost = results[config].reduce((s, r) => s + r.lost, 0);
  const ratio = (key) => (config === 'one-node' ? '1.00×' : `${fmt(med(config, key) / med('one-node', key))}×`);
  console.log(
    `| ${LABELS[config]} | ${fmt(med(config, 'p50'))} | ${fmt(med(config, 'p99'))} | ${ratio('p50')} | ${ratio('p99')} | ${fmt(med(config, 'answerP50'))} | ` +
      `${fmt(med(config, 'routeP50'))} / ${fmt(med(config, 'routeP99'))} | ${lost} |`,
  );
}
console.log(`\nPer round (p50 / p99 ms): ${CONFIGS.map((c) => `${c} ${results[c].map((r) => `${fmt(r.p50)} / ${fmt(r.p99)}`).join(', ')}`).join('; ')}.`);
