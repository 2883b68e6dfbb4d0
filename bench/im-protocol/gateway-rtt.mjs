/* global performance */
// Loopback command round trip through the im-server gateway (issue 4 (a)): p50 / p99 / mean of
// sequential request → response over WebSocket, against a raw `ws` echo server measured in the
// same run with the same request and reply sizes, so the table shows gateway ÷ raw ws.
//
//   cd libs/im-core && npx tsup && cd ../../apps/im-server && npx tsup && cd ../.. \
//     && node bench/im-protocol/gateway-rtt.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/im-protocol/gateway-rtt.mjs
//
// Knobs (env): RTT_HEARTBEATS (5000), RTT_SENDMSG (1000), RTT_ROUNDS (5, interleaved).
//
// Server and clients share one process and event loop, as do the raw echo server and its client,
// so the ratio compares like with like. Loopback only (127.0.0.1).
// Frequency control: one account sends thousands of commands, far past the default budgets
// (sendMsg 50/10 s, others 200/10 s), so the benchmark server runs the limiter with a 1 ms window
// (the check still runs on every command; it never answers 416).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import WebSocket, { WebSocketServer } from 'ws';
import { CLIENT_TYPE_WEB, ImConnection } from '@merchant/im-core';
import { decodeFrame, encodeRequest, FrameFlag, HEARTBEAT_SERIAL_ID } from '@merchant/im-core/testing';
import { signImToken } from '@merchant/im-core/server';

const here = path.dirname(fileURLToPath(import.meta.url));
const { createImServer } = await import(path.join(here, '../../apps/im-server/dist/server.js'));

const HEARTBEATS = Number(process.env.RTT_HEARTBEATS ?? 5000);
const SENDMSGS = Number(process.env.RTT_SENDMSG ?? 1000);
const ROUNDS = Number(process.env.RTT_ROUNDS ?? 5);
const SECRET = 'bench-rtt-secret';
const APP_KEY = 'merchant-im';
const run = randomUUID().slice(0, 8);
const TEXT = 'Hello! Your order #20251122-0042 has shipped and should arrive on Tuesday.';

// ------------------------------------------------------------------ servers

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), 'im-rtt-pglite-'));
// Removed on every exit, also when the benchmark throws half-way.
if (dataDir) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const unlimited = { limit: Number.MAX_SAFE_INTEGER, windowMs: 1 };
const server = createImServer({
  host: '127.0.0.1',
  port: 0,
  dataDir,
  databaseUrl,
  tokenSecret: SECRET,
  appKey: APP_KEY,
  rateRules: { '*': unlimited },
  logger: false,
});
const startedAt = performance.now();
const { url } = await server.listen();
const database = databaseUrl ? `PostgreSQL (${databaseUrl.replace(/\/\/[^@]*@/, '//…@')}, schema im)` : `PGlite (temp dir ${dataDir})`;
console.error(`im-server on ${url}, database: ${database}, started in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
const wsUrl = `${url.replace(/^http/, 'ws')}/ws`;

// Raw ws echo: answers every binary message with a reply of `echoReplyBytes` bytes (set per case,
// to the size of the gateway's answer), so both sides move the same bytes.
let echoReply = Buffer.alloc(8);
const echo = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
echo.on('connection', (ws) => ws.on('message', () => ws.send(echoReply, { binary: true })));
await new Promise((r) => echo.once('listening', r));
const echoUrl = `ws://127.0.0.1:${echo.address().port}`;

// ------------------------------------------------------------------ clients

/** One socket, one outstanding request: resolves the next binary message. */
function sequentialSocket(socket) {
  let waiting;
  socket.on('message', (data) => {
    const w = waiting;
    waiting = undefined;
    w?.(data);
  });
  return {
    socket,
    roundTrip(bytes) {
      return new Promise((resolve) => {
        waiting = resolve;
        socket.send(bytes, { binary: true });
      });
    },
  };
}

async function openWs(target) {
  const socket = new WebSocket(target, { perMessageDeflate: false });
  socket.binaryType = 'nodebuffer';
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return socket;
}

const token = (account) => signImToken({ accid: account, appKey: APP_KEY, nick: account }, SECRET);

/** A logged-in raw protocol client: ws + the im-core codec, no reconnect or heartbeat logic. */
async function rawClient(account) {
  const socket = await openWs(wsUrl);
  const seq = sequentialSocket(socket);
  const login = decodeFrame(
    new Uint8Array(
      await seq.roundTrip(
        encodeRequest('login', 1, { appKey: APP_KEY, account, token: token(account), clientType: CLIENT_TYPE_WEB, deviceId: `rtt-${account}`, sdkVersion: 'bench', protocolVersion: 1 }),
      ),
    ),
  );
  if (login.code !== 200) throw new Error(`login of ${account} answered ${login.code}`);
  // The login answer is followed by no pushes for a fresh account (no other ports, no sync asked).
  let serial = 1;
  return {
    socket,
    /** Sends `name` and resolves the decoded answer (checked: response flag, same serial, 200). */
    async request(name, body) {
      serial = (serial % 32767) + 1;
      const serialId = name === 'heartbeat' ? HEARTBEAT_SERIAL_ID : serial;
      const frame = decodeFrame(new Uint8Array(await seq.roundTrip(encodeRequest(name, serialId, body))));
      if (!(frame.flags & FrameFlag.RESPONSE) || frame.serialId !== serialId || frame.code !== 200) {
        throw new Error(`${name}: unexpected answer ${frame.name} serial ${frame.serialId} code ${frame.code}`);
      }
      return frame;
    },
  };
}

const sender = `rtt_s_${run}`;
const senderConn = `rtt_c_${run}`;
const receiver = `rtt_r_${run}`;

const raw = await rawClient(sender);
const connection = new ImConnection({
  lbsUrl: `${url}/lbs`,
  appKey: APP_KEY,
  account: senderConn,
  token: token(senderConn),
  WebSocketImpl: WebSocket,
  fetch,
  transports: ['websocket'],
  networkEvents: null,
});
await connection.connect();
// The receiver is online, so every sendMsg is also pushed to a live socket (and not only stored).
const receiverClient = await rawClient(receiver);
let receiverPushes = 0;
receiverClient.socket.on('message', () => receiverPushes++);
const echoClient = sequentialSocket(await openWs(echoUrl));

let msgCounter = 0;
const sendMsgBody = () => ({ msg: { idClient: `${run}-${++msgCounter}`, scene: 0, to: receiver, type: 0, text: TEXT } });

// Request and answer sizes, so the raw echo moves the same bytes as the gateway.
const sizes = {};
{
  // Measure the sizes once with raw frames on the raw client's socket.
  const measure = async (name, body) => {
    const bytes = encodeRequest(name, 1, body);
    const reply = await new Promise((resolve) => {
      raw.socket.once('message', (d) => resolve(d));
      raw.socket.send(bytes, { binary: true });
    });
    // The sequential helper also saw this message and resolved nothing (no waiter): harmless.
    return { request: bytes.byteLength, reply: reply.byteLength };
  };
  sizes.heartbeat = await measure('heartbeat', {});
  sizes.getServerTime = await measure('getServerTime', {});
  sizes.sendMsg = await measure('sendMsg', sendMsgBody());
}

const cases = [];
function addCase(label, group, count, fn) {
  cases.push({ label, group, count, fn, samples: [] });
}

const echoCase = (size) => {
  const request = Buffer.alloc(size.request, 1);
  const reply = Buffer.alloc(size.reply, 2);
  return async () => {
    echoReply = reply;
    await echoClient.roundTrip(request);
  };
};

addCase(`raw ws echo (${sizes.heartbeat.request} B → ${sizes.heartbeat.reply} B)`, 'small', HEARTBEATS, echoCase(sizes.heartbeat));
addCase('gateway heartbeat, raw ws + codec', 'small', HEARTBEATS, () => raw.request('heartbeat', {}));
addCase(`raw ws echo (${sizes.getServerTime.request} B → ${sizes.getServerTime.reply} B)`, 'time', HEARTBEATS, echoCase(sizes.getServerTime));
addCase('gateway getServerTime, raw ws + codec', 'time', HEARTBEATS, () => raw.request('getServerTime', {}));
addCase('gateway getServerTime, ImConnection.request', 'time', HEARTBEATS, () => connection.request('getServerTime', {}));
addCase(`raw ws echo (${sizes.sendMsg.request} B → ${sizes.sendMsg.reply} B)`, 'send', SENDMSGS, echoCase(sizes.sendMsg));
addCase('gateway sendMsg (stored + pushed), raw ws + codec', 'send', SENDMSGS, () => raw.request('sendMsg', sendMsgBody()));
addCase('gateway sendMsg (stored + pushed), ImConnection.request', 'send', SENDMSGS, () => connection.request('sendMsg', sendMsgBody()));

async function runCase(c, iterations, record) {
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    await c.fn();
    const t1 = process.hrtime.bigint();
    if (record) c.samples.push(Number(t1 - t0) / 1000); // µs
  }
}

// Warm-up: 10 % of each case (at least 100), not recorded.
for (const c of cases) await runCase(c, Math.max(100, Math.ceil(c.count / 10)), false);
// Interleaved rounds, so every case sees the same machine noise.
for (let round = 0; round < ROUNDS; round++) {
  for (const c of cases) await runCase(c, Math.ceil(c.count / ROUNDS), true);
}

// ------------------------------------------------------------------ report

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
const fmt = (us) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(0)} µs`);
const rows = cases.map((c) => {
  const sorted = [...c.samples].sort((a, b) => a - b);
  return { ...c, n: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), mean: sorted.reduce((s, v) => s + v, 0) / sorted.length };
});

console.log(
  `Node ${process.version}, ${os.cpus().length} cores (shared), ${new Date().toISOString().slice(0, 10)}; im-server in-process on ${url}, ${database}; ` +
    `${ROUNDS} interleaved rounds after warm-up; sequential (one request in flight); ratio = gateway ÷ raw ws echo of the same sizes, same run\n`,
);
console.log('| case | n | p50 | p99 | mean | p50 ÷ raw ws | p99 ÷ raw ws |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) {
  const base = rows.find((r) => r.group === row.group && r.label.startsWith('raw ws echo'));
  const isBase = base === row;
  console.log(
    `| ${row.label} | ${row.n} | ${fmt(row.p50)} | ${fmt(row.p99)} | ${fmt(row.mean)} | ${isBase ? '1' : `${(row.p50 / base.p50).toFixed(1)}×`} | ${isBase ? '1' : `${(row.p99 / base.p99).toFixed(1)}×`} |`,
  );
}
console.log(`\nreceiver socket got ${receiverPushes} msg pushes for ${msgCounter} sendMsg`);

// ------------------------------------------------------------------ teardown

connection.destroy();
raw.socket.close();
receiverClient.socket.close();
echoClient.socket.close();
await new Promise((r) => echo.close(r));
await server.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
