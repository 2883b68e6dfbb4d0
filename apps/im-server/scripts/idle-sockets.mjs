#!/usr/bin/env node
// Opens N idle, logged-in WebSocket connections to a running im-server and prints the server's
// RSS (from GET /healthz, and from /proc/<pid>/status VmRSS with --pid) before and after, so the
// memory cost per idle socket can be measured.
//
//   node apps/im-server/scripts/idle-sockets.mjs [--url http://127.0.0.1:3200] [--count 10000]
//        [--batch 200] [--hold 10] [--pid <server pid>] [--secret dev-im-shared-key-change-me]
//        [--app-key merchant-im]
//
// bench/im-protocol/idle-sockets.mjs starts the server itself (PGlite and PostgreSQL) and uses the
// functions exported here.
//
// Needs the built im-core (cd libs/im-core && npx tsup) and enough file descriptors on both sides
// (ulimit -n above count + 100). With the embedded PGlite the RSS includes its WASM heap, which
// grows and shrinks on its own: run the server with DATABASE_URL for a clean per-socket figure.
//
// Keep-alive: the server closes a logged-in link silent for IM_IDLE_TIMEOUT_MS (default 50 s =
// heartbeat 30 s + timeout 5 s + grace 15 s). Every socket sends the spec's heartbeat every 30 s
// (im-client-spec §9), counted from the start of the opening phase, so no socket is ever silent
// for more than 30 s however long opening 10k sockets takes.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
// Resolves to libs/im-core/dist: build im-core first (see above).
import { CLIENT_TYPE_WEB } from '@merchant/im-core';
import { decodeFrame, encodeRequest, HEARTBEAT_SERIAL_ID } from '@merchant/im-core/testing';
import { signImToken } from '@merchant/im-core/server';
import WebSocket from 'ws';

export const HEARTBEAT_INTERVAL_MS = 30_000; // im-client-spec §9

export async function health(baseUrl) {
  const response = await fetch(`${baseUrl}/healthz`);
  if (!response.ok) throw new Error(`/healthz answered ${response.status}`);
  return response.json();
}

export async function lbsLink(baseUrl, appKey) {
  const response = await fetch(`${baseUrl}/lbs?id=idle&sv=1&pv=1&networkType=0&k=${encodeURIComponent(appKey)}`);
  const body = await response.json();
  return body.common.link;
}

/** VmRSS (and VmHWM) of a local process in bytes, from /proc; undefined when not readable. */
export function procRss(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return undefined;
  }
}

function openLoggedIn(wsUrl, account, { appKey, secret }) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl, { perMessageDeflate: false });
    socket.binaryType = 'nodebuffer';
    const fail = (why) => {
      socket.terminate();
      reject(new Error(`${account}: ${why}`));
    };
    const timer = setTimeout(() => fail('login timed out'), 30_000);
    socket.once('error', (e) => fail(e.message));
    socket.once('open', () => {
      const token = signImToken({ accid: account, appKey }, secret);
      socket.send(encodeRequest('login', 1, { appKey, account, token, clientType: CLIENT_TYPE_WEB, deviceId: account, protocolVersion: 1 }));
    });
    socket.once('message', (data) => {
      clearTimeout(timer);
      const frame = decodeFrame(new Uint8Array(data));
      if (frame.name !== 'login' || frame.code !== 200) return fail(`login answered ${frame.code}`);
      socket.removeAllListeners('error');
      socket.on('error', () => {});
      resolve(socket);
    });
  });
}

/**
 * A pool of idle logged-in sockets. `open(n)` adds n more (in batches of concurrent logins);
 * heartbeats run from the pool's creation until `close()`.
 */
export function idleSocketPool({ wsUrl, secret, appKey, batch = 200, heartbeatMs = HEARTBEAT_INTERVAL_MS, prefix = `idle_${randomBytes(3).toString('hex')}` }) {
  const sockets = [];
  let failures = 0;
  let closedByServer = 0;
  const heartbeatFrame = encodeRequest('heartbeat', HEARTBEAT_SERIAL_ID, {});
  const heartbeat = setInterval(() => {
    for (const s of sockets) if (s.readyState === WebSocket.OPEN) s.send(heartbeatFrame);
  }, heartbeatMs);
  return {
    sockets,
    get failures() {
      return failures;
    },
    get closedByServer() {
      return closedByServer;
    },
    /** Sockets still open on the client side. */
    get openCount() {
      return sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    },
    /** Opens `count` more sockets; resolves { opened, failed, seconds }. */
    async open(count, onProgress = () => {}) {
      const started = Date.now();
      const first = sockets.length;
      let failed = 0;
      for (let i = 0; i < count; i += batch) {
        const results = await Promise.allSettled(
          Array.from({ length: Math.min(batch, count - i) }, (_, j) => openLoggedIn(wsUrl, `${prefix}_${first + i + j}`, { appKey, secret })),
        );
        for (const r of results) {
          if (r.status === 'fulfilled') {
            r.value.once('close', () => closedByServer++);
            sockets.push(r.value);
          } else if (failed++ < 5) console.error(r.reason.message);
        }
        onProgress(sockets.length);
      }
      failures += failed;
      return { opened: sockets.length - first, failed, seconds: (Date.now() - started) / 1000 };
    },
    async close() {
      clearInterval(heartbeat);
      for (const s of sockets) s.removeAllListeners('close');
      for (const s of sockets) s.close();
      await new Promise((r) => setTimeout(r, 1000));
      for (const s of sockets) s.terminate();
    },
  };
}

// ------------------------------------------------------------------ CLI

async function main() {
  const args = Object.fromEntries(
    process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
  );
  const baseUrl = (args.url ?? 'http://127.0.0.1:3200').replace(/\/$/, '');
  const count = Number(args.count ?? 10_000);
  const batch = Number(args.batch ?? 200);
  const holdSeconds = Number(args.hold ?? 10);
  const pid = args.pid ? Number(args.pid) : undefined;
  const secret = args.secret ?? process.env.IM_TOKEN_SECRET ?? 'dev-im-shared-key-change-me';
  const appKey = args['app-key'] ?? process.env.IM_APP_KEY ?? 'merchant-im';
  const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

  const before = await health(baseUrl);
  const procBefore = pid ? procRss(pid) : undefined;
  const wsUrl = await lbsLink(baseUrl, appKey);
  console.log(`server ${baseUrl} (${before.database}, ${before.routing}); opening ${count} sockets to ${wsUrl} in batches of ${batch}`);
  const pool = idleSocketPool({ wsUrl, secret, appKey, batch });
  const { opened, failed, seconds } = await pool.open(count, (n) => process.stdout.write(`\r${n} open`));
  process.stdout.write(`\r${opened} open in ${seconds.toFixed(1)} s (${failed} failed)\n`);

  await new Promise((r) => setTimeout(r, holdSeconds * 1000));
  const after = await health(baseUrl);
  const procAfter = pid ? procRss(pid) : undefined;
  const n = pool.openCount;
  const perSocket = n > 0 ? (after.rss - before.rss) / n : 0;

  console.table([
    { measure: 'sockets open (client)', value: n },
    { measure: 'server connections / logged in', value: `${after.connections} / ${after.loggedIn}` },
    { measure: 'server RSS before (MB)', value: mb(before.rss) },
    { measure: 'server RSS with sockets (MB)', value: mb(after.rss) },
    ...(procBefore && procAfter
      ? [
          { measure: 'server VmRSS before / with sockets (MB)', value: `${mb(procBefore.rss)} / ${mb(procAfter.rss)}` },
          { measure: 'server VmHWM (MB)', value: mb(procAfter.hwm) },
        ]
      : []),
    { measure: 'server heap used (MB)', value: mb(after.heapUsed) },
    { measure: 'RSS per idle socket (KB)', value: (perSocket / 1024).toFixed(1) },
    { measure: 'JS heap per idle socket (KB)', value: n > 0 ? ((after.heapUsed - before.heapUsed) / n / 1024).toFixed(1) : '0' },
    { measure: 'open + login rate (sockets/s)', value: (opened / seconds).toFixed(0) },
  ]);

  await pool.close();
  process.exit(pool.failures > 0 ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
