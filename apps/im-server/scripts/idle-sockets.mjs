#!/usr/bin/env node
/* global fetch */
// Opens N idle, logged-in WebSocket connections to a running im-server and prints the server's
// RSS (from GET /healthz) before and after, so the memory cost per idle socket can be measured.
//
//   node apps/im-server/scripts/idle-sockets.mjs [--url http://127.0.0.1:3200] [--count 10000]
//        [--batch 200] [--hold 10] [--secret dev-im-shared-key-change-me] [--app-key merchant-im]
//
// Needs the built im-core (npx nx build im-core) and enough file descriptors on both sides
// (ulimit -n above count + 100). With the embedded PGlite the RSS includes its WASM heap, which
// grows and shrinks on its own: run the server with DATABASE_URL for a clean per-socket figure.
// Sockets send the spec's heartbeat every 30 s (im-client-spec §9)
// so the server's idle timeout does not close them while they are held.
import { randomBytes } from 'node:crypto';
import process from 'node:process';
// Resolves to libs/im-core/dist: build im-core first (see above).
import * as core from '@merchant/im-core';
import { signImToken } from '@merchant/im-core/server';
import WebSocket from 'ws';

const protocol = { ...core, signImToken };

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const baseUrl = (args.url ?? 'http://127.0.0.1:3200').replace(/\/$/, '');
const count = Number(args.count ?? 10_000);
const batch = Number(args.batch ?? 200);
const holdSeconds = Number(args.hold ?? 10);
const secret = args.secret ?? process.env.IM_TOKEN_SECRET ?? 'dev-im-shared-key-change-me';
const appKey = args['app-key'] ?? process.env.IM_APP_KEY ?? 'merchant-im';
const HEARTBEAT_INTERVAL_MS = 30_000; // im-client-spec §9
const run = randomBytes(3).toString('hex');

async function health() {
  const response = await fetch(`${baseUrl}/healthz`);
  if (!response.ok) throw new Error(`/healthz answered ${response.status}`);
  return response.json();
}

async function lbsLink() {
  const response = await fetch(`${baseUrl}/lbs?id=idle&sv=1&pv=1&networkType=0&k=${encodeURIComponent(appKey)}`);
  const body = await response.json();
  return body.common.link;
}

function openLoggedIn(wsUrl, index) {
  return new Promise((resolve, reject) => {
    const account = `idle_${run}_${index}`;
    const socket = new WebSocket(wsUrl);
    socket.binaryType = 'nodebuffer';
    const fail = (why) => {
      socket.terminate();
      reject(new Error(`${account}: ${why}`));
    };
    const timer = setTimeout(() => fail('login timed out'), 30_000);
    socket.once('error', (e) => fail(e.message));
    socket.once('open', () => {
      const token = protocol.signImToken({ accid: account, appKey }, secret);
      socket.send(protocol.encodeRequest('login', 1, { appKey, account, token, clientType: protocol.CLIENT_TYPE_WEB, deviceId: account }));
    });
    socket.once('message', (data) => {
      clearTimeout(timer);
      const frame = protocol.decodeFrame(new Uint8Array(data));
      if (frame.name !== 'login' || frame.code !== 200) return fail(`login answered ${frame.code}`);
      socket.removeAllListeners('error');
      socket.on('error', () => {});
      resolve(socket);
    });
  });
}

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

const before = await health();
const wsUrl = await lbsLink();
console.log(`server ${baseUrl} (${before.database}, ${before.routing}); opening ${count} sockets to ${wsUrl} in batches of ${batch}`);
const sockets = [];
const started = Date.now();
let failures = 0;
for (let i = 0; i < count; i += batch) {
  const results = await Promise.allSettled(Array.from({ length: Math.min(batch, count - i) }, (_, j) => openLoggedIn(wsUrl, i + j)));
  for (const r of results) {
    if (r.status === 'fulfilled') sockets.push(r.value);
    else if (failures++ < 5) console.error(r.reason.message);
  }
  if ((i / batch) % 10 === 0) process.stdout.write(`\r${sockets.length} open`);
}
const openSeconds = (Date.now() - started) / 1000;
process.stdout.write(`\r${sockets.length} open in ${openSeconds.toFixed(1)} s (${failures} failed)\n`);

let serial = 1;
const heartbeat = setInterval(() => {
  serial = (serial % 32767) + 1;
  const frame = protocol.encodeRequest('heartbeat', 0, {});
  for (const s of sockets) if (s.readyState === WebSocket.OPEN) s.send(frame);
}, HEARTBEAT_INTERVAL_MS);

await new Promise((r) => setTimeout(r, holdSeconds * 1000));
const after = await health();
const perSocket = sockets.length > 0 ? (after.rss - before.rss) / sockets.length : 0;

console.table([
  { measure: 'sockets open (client)', value: sockets.length },
  { measure: 'server connections / logged in', value: `${after.connections} / ${after.loggedIn}` },
  { measure: 'server RSS before (MB)', value: mb(before.rss) },
  { measure: 'server RSS with sockets (MB)', value: mb(after.rss) },
  { measure: 'server heap used (MB)', value: mb(after.heapUsed) },
  { measure: 'RSS per idle socket (KB)', value: (perSocket / 1024).toFixed(1) },
  { measure: 'JS heap per idle socket (KB)', value: sockets.length > 0 ? ((after.heapUsed - before.heapUsed) / sockets.length / 1024).toFixed(1) : '0' },
  { measure: 'open + login rate (sockets/s)', value: (sockets.length / openSeconds).toFixed(0) },
]);

clearInterval(heartbeat);
for (const s of sockets) s.close();
await new Promise((r) => setTimeout(r, 500));
process.exit(failures > 0 ? 1 : 0);
