// Team message fan-out (issue 12 "Benchmarks"): how long a message to an N-member team takes to reach
// every member's socket, on one im-server node and on two nodes over Redis, against a bare `ws` broadcast
// of a frame of the same size to the same number of sockets, measured in the same run.
//
//   node bench/im-groups/run.mjs                       # full size: 2,000 members, 50 messages (+5 warm-up)
//   node bench/im-groups/run.mjs --smoke               # 200 members, 10 messages, for a shared machine
//   node bench/im-groups/run.mjs --members 1000 --messages 20 --rounds 2 --cpu-prof
//
// For every configuration it creates a fresh database (im_bench_grp_<run>_<config>_<round>, dropped
// after), starts the real im-server as child process(es) (server.mjs: the server bundled from source by
// this script, frequency control out of the way), logs N accounts in over loopback WebSocket with raw
// protocol clients (real codec and tokens, one socket per account, all in this process), builds one
// normal team of them (createTeam with 199, then addTeamMembers 200 at a time) and has the owner send
// `--messages` text messages paced every `--interval` ms after `--warmup` ones. For every message:
// send → the LAST member socket's `teamMsg` push ("all reached"), and the median over the member
// sockets of send → push. p50/p99 over the messages. Each socket takes its arrival time before it
// decodes the frame, and every socket decodes every frame, in every configuration.
//   one-node:   one node, every socket on it (LocalRouter);
//   two-nodes:  two nodes on the same PostgreSQL and Redis (REDIS_URL), members alternate between them,
//               the sender is on node A, so half the pushes cross Redis;
//   ws-baseline: ws-broadcast.mjs, a bare `ws` server forwarding the sender's frame (an encoded teamMsg
//               push of the size the im-server sent in this run) to every other socket.
// The team cap is the server's TEAM_MEMBER_LIMIT; at that size the bench also checks one more member is
// refused (801).
//   super-10k:       a super team of --super-members (default 10,000, SUPER_TEAM_MEMBER_LIMIT) on one node;
//                    created through ImServer.createSuperTeam on the same database once every member has
//                    logged in (the spec has no create command); the owner sends sendSuperTeamMsg and the
//                    bench times the superTeamMsg pushes; at the cap one more member is refused (801);
//   ws-baseline-10k: the bare ws broadcast of a superTeamMsg frame to the same number of sockets.
//   node bench/im-groups/run.mjs --configs super-10k,ws-baseline-10k
//
// Knobs: --members 2000 --messages 50 --warmup 5 --interval 200 --rounds 1 --super-members 10000 --super-interval 500
// --configs one-node,two-nodes,ws-baseline[,super-10k,ws-baseline-10k] --pg-url <url> --redis-url <url> --cpu-prof (writes a CPU profile
// of each im-server node over the measured messages to /tmp/im-groups-<run>-*.cpuprofile).
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
const cpuProf = argv.includes('--cpu-prof');
const MEMBERS = Number(arg('members', 2000, 200));
const MESSAGES = Number(arg('messages', 50, 10));
const WARMUP = Number(arg('warmup', 5, 2));
const INTERVAL_MS = Number(arg('interval', 200));
const ROUNDS = Number(arg('rounds', 1));
const CONFIGS = String(arg('configs', 'one-node,two-nodes,ws-baseline')).split(',');
const SUPER_MEMBERS = Number(arg('super-members', 10_000, 500));
const SUPER_INTERVAL_MS = Number(arg('super-interval', 500));
const PG_URL = arg('pg-url', process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const REDIS_URL = arg('redis-url', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const APP_KEY = 'merchant-im';
const TEXT = 'Hello team! Order #20251122-0042 has shipped; the pickup list for Tuesday is pinned above.';
const TARGETS = { 'one-node': 100, 'two-nodes': 150 };
const run = randomBytes(4).toString('hex');
const secret = randomBytes(16).toString('hex');

for (const [name, value] of Object.entries({ members: MEMBERS, messages: MESSAGES, warmup: WARMUP, interval: INTERVAL_MS, rounds: ROUNDS })) {
  if (!Number.isInteger(value) || value < (name === 'warmup' ? 0 : name === 'members' ? 2 : 1)) throw new Error(`--${name} must be a whole number (got ${value})`);
}
const ALL_CONFIGS = ['one-node', 'two-nodes', 'ws-baseline', 'super-10k', 'ws-baseline-10k'];
const unknownConfig = CONFIGS.find((c) => !ALL_CONFIGS.includes(c));
if (unknownConfig) throw new Error(`unknown configuration ${unknownConfig} (${ALL_CONFIGS.join(', ')})`);
const isSuper = (config) => config === 'super-10k' || config === 'ws-baseline-10k';
const membersOf = (config) => (isSuper(config) ? SUPER_MEMBERS : MEMBERS);

const ms = nsToMs;
const load = loadAverages;
const fmt = (v) => (Number.isFinite(v) ? v.toFixed(1) : '—');

// ------------------------------------------------------------------ bundles (source as it is now)

const bundles = await bundleFromSource(here, { server: path.join(here, 'harness-server.ts'), client: path.join(here, 'harness-client.ts') });
const { CLIENT_TYPE_WEB, FrameFlag, TEAM_MEMBER_LIMIT, SUPER_TEAM_MEMBER_LIMIT, decodeFrame, encodeFrame, encodeRequest, signImToken } = await import(pathToFileURL(bundles.file('client')).href);
if (MEMBERS > TEAM_MEMBER_LIMIT) throw new Error(`--members ${MEMBERS}: the server allows at most ${TEAM_MEMBER_LIMIT} members in a team (TEAM_MEMBER_LIMIT)`);
if (SUPER_MEMBERS > SUPER_TEAM_MEMBER_LIMIT) throw new Error(`--super-members ${SUPER_MEMBERS}: at most ${SUPER_TEAM_MEMBER_LIMIT} (SUPER_TEAM_MEMBER_LIMIT)`);

// ------------------------------------------------------------------ child processes and databases

const { createDatabase, dropDatabase, startChild: startScript, cleanUp } = benchResources(PG_URL, root);
const startChild = (script, env, ready) => startScript(path.join(here, script), env, ready);

/** One im-server node; nodes started one after the other, so only the first runs the migrations for real. */
async function startNode(databaseUrl, nodeId, redis, profileFile) {
  const port = await freePort();
  const node = await startChild(
    'server.mjs',
    {
      IM_BENCH_BUNDLE: bundles.file('server'),
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      IM_TOKEN_SECRET: secret,
      IM_NODE_ID: nodeId,
      ...(redis ? { REDIS_URL } : {}),
      ...(profileFile ? { IM_BENCH_PROFILE: profileFile } : {}),
    },
    'im-bench-server listening on',
  );
  return { ...node, wsUrl: `ws://127.0.0.1:${port}/ws` };
}

// ------------------------------------------------------------------ raw protocol client

let lastPushAt = 0;

/** One socket. Every frame is timed on arrival, before it is decoded; pushes go to onPush(frame, t). */
class Client {
  serial = 0;
  waiting = new Map();
  onPush = () => {};

  constructor(socket) {
    this.socket = socket;
    socket.on('message', (data) => {
      const t = nowNs();
      const frame = decodeFrame(new Uint8Array(data));
      if (frame.flags & FrameFlag.PUSH) {
        lastPushAt = Date.now();
        return this.onPush(frame, t, data.length);
      }
      const w = this.waiting.get(frame.serialId);
      if (!w) return;
      this.waiting.delete(frame.serialId);
      w(frame);
    });
  }

  static async connect(wsUrl) {
    const socket = new WebSocket(wsUrl, { perMessageDeflate: false });
    socket.binaryType = 'nodebuffer';
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new Client(socket);
  }

  static async login(wsUrl, account) {
    const client = await Client.connect(wsUrl);
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

/** Opens one client per item, `batch` at a time. */
async function openMany(items, open, batch = 50) {
  const clients = [];
  for (let i = 0; i < items.length; i += batch) clients.push(...(await Promise.all(items.slice(i, i + batch).map(open))));
  return clients;
}

async function quiet(ms = 1000, limitMs = 60_000) {
  const deadline = Date.now() + limitMs;
  while (Date.now() - lastPushAt < ms && Date.now() < deadline) await sleep(100);
}

// ------------------------------------------------------------------ the measurement (same for every configuration)

/**
 * Sends WARMUP + MESSAGES messages paced every INTERVAL_MS through `send(i, idClient)` and times their
 * `teamMsg` pushes on `members` (the sockets other than the sender's).
 */
async function measure(members, tag, send, pushName = 'teamMsg', interval = INTERVAL_MS) {
  const total = WARMUP + MESSAGES;
  const sentAt = new Array(total);
  const arrivals = Array.from({ length: total }, () => []);
  const answers = [];
  let received = 0;
  let frameBytes = 0;
  let sample;
  for (const m of members) {
    m.onPush = (frame, t, bytes) => {
      if (frame.name !== pushName) return;
      const idClient = frame.body.msg?.idClient ?? '';
      if (!idClient.startsWith(`${tag}-`)) return;
      const i = Number(idClient.slice(tag.length + 1));
      arrivals[i].push(ms(t - sentAt[i]));
      received++;
      frameBytes = bytes;
      sample ??= frame.body;
    };
  }
  const started = nowNs();
  for (let i = 0; i < total; i++) {
    const wait = i * interval - ms(nowNs() - started);
    if (wait > 0) await sleep(wait);
    sentAt[i] = nowNs();
    const answered = send(i, `${tag}-${i}`);
    if (answered) {
      void answered.then((frame) => {
        if (frame.code !== 200) throw new Error(`message ${i} answered ${frame.code}`);
        if (i >= WARMUP) answers.push(ms(nowNs() - sentAt[i]));
      });
    }
  }
  const expected = total * members.length;
  const deadline = Date.now() + 60_000;
  while (received < expected && Date.now() < deadline) await sleep(20);
  const measured = arrivals.slice(WARMUP);
  const allReached = measured.filter((a) => a.length === members.length).map((a) => Math.max(...a));
  const perSocket = measured.filter((a) => a.length > 0).map((a) => median(a));
  allReached.sort((a, b) => a - b);
  perSocket.sort((a, b) => a - b);
  answers.sort((a, b) => a - b);
  return {
    allP50: percentile(allReached, 50),
    allP99: percentile(allReached, 99),
    socketP50: percentile(perSocket, 50),
    socketP99: percentile(perSocket, 99),
    ackP50: percentile(answers, 50),
    incomplete: measured.length - allReached.length,
    lost: measured.reduce((s, a) => s + members.length - a.length, 0),
    frameBytes,
    sample,
  };
}

// ------------------------------------------------------------------ configurations

let sampleBody; // a teamMsg push body the im-server sent in this run: the baseline forwards frames like it

async function imConfiguration(config, round) {
  const nodes = config === 'two-nodes' ? 2 : 1;
  const short = config === 'two-nodes' ? 't' : 'o';
  const database = `im_bench_grp_${run}_${short}_${round}`;
  const databaseUrl = await createDatabase(database);
  const started = [];
  const clients = [];
  try {
    for (let n = 0; n < nodes; n++) {
      const profileFile = cpuProf ? `/tmp/im-groups-${run}-${config}-r${round}-node${n}.cpuprofile` : undefined;
      started.push(await startNode(databaseUrl, `grp-${run}-${short}${round}-${n}`, nodes > 1, profileFile));
    }
    const tag = `g${run}${short}${round}`;
    const names = Array.from({ length: MEMBERS }, (_, i) => `${tag}_m${i}`);
    // Member i on node i mod nodes: the owner (the sender) on node A, half the others on node B.
    clients.push(...(await openMany(names.map((name, i) => [name, i]), ([name, i]) => Client.login(started[i % nodes].wsUrl, name))));
    const [owner, ...members] = clients;
    const created = await owner.request('createTeam', { team: { type: 0, name: `bench ${MEMBERS}` }, accounts: names.slice(1, 200) });
    if (created.code !== 200) throw new Error(`createTeam answered ${created.code}: ${created.body.errMsg}`);
    const teamId = created.body.team.teamId;
    for (let i = 200; i < MEMBERS; i += 200) {
      const added = await owner.request('addTeamMembers', { teamId, accounts: names.slice(i, i + 200) });
      if (added.code !== 200) throw new Error(`addTeamMembers answered ${added.code}: ${added.body.errMsg}`);
    }
    const info = await owner.request('getTeam', { teamId });
    const memberNum = info.body.team?.memberNum;
    if (memberNum !== MEMBERS) throw new Error(`the team has ${memberNum} members, not ${MEMBERS}`);
    let capCheck = '';
    if (MEMBERS === TEAM_MEMBER_LIMIT) {
      const outsider = await Client.login(started[0].wsUrl, `${tag}_out`);
      clients.push(outsider);
      const refused = await owner.request('addTeamMembers', { teamId, accounts: [`${tag}_out`] });
      capCheck = `member ${MEMBERS + 1} refused with ${refused.code}`;
      if (refused.code !== 801) throw new Error(`a ${MEMBERS + 1}th member answered ${refused.code}, not 801`);
    }
    await quiet();
    for (const node of started) if (cpuProf) node.child.kill('SIGUSR2');
    if (cpuProf) await sleep(300);
    const result = await measure(members, `${tag}x`, (i, idClient) => owner.request('sendTeamMsg', { msg: { idClient, scene: 1, to: teamId, type: 0, text: TEXT } }));
    sampleBody ??= result.sample;
    return { ...result, capCheck };
  } finally {
    for (const c of clients) c.close();
    for (const node of started) await node.stop();
    await dropDatabase(database);
  }
}

let superSampleBody; // a superTeamMsg push body of this run, for ws-baseline-10k

/**
 * super-10k: SUPER_MEMBERS sockets on one node; the super team is made by ImServer.createSuperTeam of a
 * second server instance on the same database (no socket: it only writes the team), after every member
 * logged in (the server adds only accounts it knows).
 */
async function superConfiguration(round) {
  const database = `im_bench_grp_${run}_s_${round}`;
  const databaseUrl = await createDatabase(database);
  const clients = [];
  let node;
  let maker;
  try {
    const profileFile = cpuProf ? `/tmp/im-groups-${run}-super-r${round}.cpuprofile` : undefined;
    node = await startNode(databaseUrl, `grp-${run}-s${round}`, false, profileFile);
    const tag = `g${run}s${round}`;
    const names = Array.from({ length: SUPER_MEMBERS }, (_, i) => `${tag}_m${i}`);
    clients.push(...(await openMany(names, (name) => Client.login(node.wsUrl, name), 100)));
    const [owner, ...members] = clients;
    const { createImServer } = await import(pathToFileURL(bundles.file('server')).href);
    maker = createImServer({ host: '127.0.0.1', port: 0, dataDir: 'memory://', databaseUrl, tokenSecret: secret, appKey: APP_KEY, logger: false });
    await maker.listen();
    const made = await maker.createSuperTeam({ owner: names[0], name: `bench super ${SUPER_MEMBERS}`, members: names.slice(1), beInviteMode: 1 });
    const teamId = made.team.teamId;
    const info = await owner.request('getSuperTeam', { teamId });
    if (info.body.team?.memberNum !== SUPER_MEMBERS) throw new Error(`the super team has ${info.body.team?.memberNum} members, not ${SUPER_MEMBERS}`);
    let capCheck = '';
    if (SUPER_MEMBERS === SUPER_TEAM_MEMBER_LIMIT) {
      const outsider = await Client.login(node.wsUrl, `${tag}_out`);
      clients.push(outsider);
      const refused = await owner.request('addSuperTeamMembers', { teamId, accounts: [`${tag}_out`] });
      capCheck = `member ${SUPER_MEMBERS + 1} refused with ${refused.code}`;
      if (refused.code !== 801) throw new Error(`a ${SUPER_MEMBERS + 1}th super team member answered ${refused.code}, not 801`);
    }
    await quiet();
    if (cpuProf) node.child.kill('SIGUSR2');
    if (cpuProf) await sleep(300);
    const result = await measure(
      members,
      `${tag}x`,
      (i, idClient) => owner.request('sendSuperTeamMsg', { msg: { idClient, scene: 5, to: teamId, type: 0, text: TEXT } }),
      'superTeamMsg',
      SUPER_INTERVAL_MS,
    );
    superSampleBody ??= result.sample;
    return { ...result, capCheck };
  } finally {
    for (const c of clients) c.close();
    await maker?.close();
    await node?.stop();
    await dropDatabase(database);
  }
}

async function baselineConfiguration(round, size = MEMBERS, pushName = 'teamMsg', interval = INTERVAL_MS, sampled = sampleBody) {
  const port = await freePort();
  const server = await startChild('ws-broadcast.mjs', { PORT: String(port) }, 'ws-broadcast listening');
  const clients = await openMany(Array.from({ length: size }), () => Client.connect(`ws://127.0.0.1:${port}`), 100);
  try {
    const [sender, ...members] = clients;
    // The frame the im-server pushed in this run, with this message's idClient; a stand-in if none ran.
    const body = sampled ?? { msg: { scene: pushName === 'teamMsg' ? 1 : 5, from: 'bench_sender', to: '1', type: 0, text: TEXT, time: Date.now(), idServer: '1', fromNick: 'bench_sender' } };
    const frame = (idClient) => encodeFrame({ name: pushName, serialId: 0, code: 200, flags: FrameFlag.PUSH, body: { ...body, msg: { ...body.msg, idClient } } });
    return await measure(
      members,
      `wb${run}${round}x`,
      (i, idClient) => {
        sender.socket.send(frame(idClient), { binary: true });
        return undefined;
      },
      pushName,
      interval,
    );
  } finally {
    for (const c of clients) c.close();
    await server.stop();
  }
}

// ------------------------------------------------------------------ run

console.error(
  `im-groups bench ${smoke ? '(SMOKE sizes) ' : ''}run ${run}: ${cpus().length} CPUs, Node ${process.version}, load average ${load()}; ` +
    `PostgreSQL ${PG_URL.replace(/\/\/[^@]*@/, '//…@')}, Redis ${REDIS_URL}; ${MEMBERS} members; ${MESSAGES} messages every ${INTERVAL_MS} ms after ${WARMUP}; ` +
    `${ROUNDS} round(s); team cap ${TEAM_MEMBER_LIMIT}`,
);
const results = Object.fromEntries(CONFIGS.map((c) => [c, []]));
let capCheck = '';
let superCapCheck = '';
try {
  for (let round = 1; round <= ROUNDS; round++) {
    // The baseline runs after an im-server configuration in round 1 (it forwards a frame like theirs); the
    // order flips every round after, so a slow spell of the machine does not hit one configuration only.
    const order = round % 2 ? CONFIGS : [...CONFIGS].reverse();
    for (const config of order) {
      const before = load();
      const result =
        config === 'ws-baseline' ? await baselineConfiguration(round)
        : config === 'ws-baseline-10k' ? await baselineConfiguration(round, SUPER_MEMBERS, 'superTeamMsg', SUPER_INTERVAL_MS, superSampleBody)
        : config === 'super-10k' ? await superConfiguration(round)
        : await imConfiguration(config, round);
      if (result.capCheck && config === 'super-10k') superCapCheck = result.capCheck;
      else if (result.capCheck) capCheck = result.capCheck;
      results[config].push(result);
      console.error(
        `round ${round} ${config}: all reached p50 ${fmt(result.allP50)} ms p99 ${fmt(result.allP99)} ms; per-socket median p50 ${fmt(result.socketP50)} ms; ` +
          `answer p50 ${fmt(result.ackP50)} ms; lost ${result.lost}; frame ${result.frameBytes} B; load ${before} → ${load()}`,
      );
    }
  }
} finally {
  await cleanUp();
}

// ------------------------------------------------------------------ table

const med = (config, key) => median(results[config].map((r) => r[key]));
const baselineOf = (config) => (isSuper(config) ? 'ws-baseline-10k' : 'ws-baseline');
const ratio = (config, key) => (results[baselineOf(config)]?.length ? `${(med(config, key) / med(baselineOf(config), key)).toFixed(1)}×` : '—');
const LABELS = {
  'one-node': 'one node',
  'two-nodes': 'two nodes over Redis',
  'ws-baseline': 'bare ws broadcast (baseline)',
  'super-10k': `super team, ${SUPER_MEMBERS.toLocaleString('en')} members, one node`,
  'ws-baseline-10k': `bare ws broadcast to ${SUPER_MEMBERS.toLocaleString('en')} sockets (baseline of the super team)`,
};
const sizes = [...new Set(CONFIGS.map(membersOf))].join(' / ');
console.log(`\n### Team message fan-out, ${sizes} members${ROUNDS > 1 ? `, medians of ${ROUNDS} rounds` : ''}${smoke ? ' — SMOKE SIZES, not the issue’s figures' : ''}\n`);
console.log(
  `Run ${run}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load average at the end ${load()} (1 / 5 / 15 min), ${cpus().length} CPUs. ` +
    `${MESSAGES} messages after ${WARMUP} warm-up, every ${INTERVAL_MS} ms (teams) / ${SUPER_INTERVAL_MS} ms (super team). Baselines: bare ws broadcast to as many sockets, same run, same client.` +
    `${capCheck ? ` Team cap ${TEAM_MEMBER_LIMIT}: ${capCheck}.` : ''}${superCapCheck ? ` Super team cap ${SUPER_TEAM_MEMBER_LIMIT}: ${superCapCheck}.` : ''}\n`,
);
console.log('| configuration | all reached p50 (ms) | all reached p99 (ms) | per-socket median arrival (ms) | sender’s answer p50 (ms) | lost pushes | frame (B) | all reached p50 ÷ baseline | target (p50) | met |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|---|');
for (const config of CONFIGS) {
  const target = TARGETS[config];
  const lost = results[config].reduce((s, r) => s + r.lost, 0);
  const baseline = config.startsWith('ws-baseline');
  console.log(
    `| ${LABELS[config]} | ${fmt(med(config, 'allP50'))} | ${fmt(med(config, 'allP99'))} | ${fmt(med(config, 'socketP50'))} | ${baseline ? '—' : fmt(med(config, 'ackP50'))} | ${lost} | ` +
      `${results[config][0]?.frameBytes ?? '—'} | ${baseline ? '1.0×' : ratio(config, 'allP50')} | ${target ? `≤ ${target} ms` : '—'} | ` +
      `${target ? (MEMBERS < 2000 ? 'n/a (smaller team)' : med(config, 'allP50') <= target ? 'yes' : '**no**') : '—'} |`,
  );
}
