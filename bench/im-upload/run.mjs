#!/usr/bin/env node
/* global performance, AbortController, Blob, File */
// IM file upload (issue 13 "Figures"): im-core's FileUploader against the real im-server over
// loopback, with a bare HTTP PUT of the same bytes to the same process and disk as the baseline,
// measured in the same run, interleaved round by round.
//
//   node bench/im-upload/run.mjs                      # 200 MiB, 3 rounds, quick transfer of 1 GiB
//   node bench/im-upload/run.mjs --mib 50 --rounds 1 --quick-mib 256   # smaller, for a busy machine
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/im-upload/run.mjs
//   node bench/im-upload/run.mjs --profile /tmp/prof   # a CPU profile of the server process
//
// Measures:
//   (a) throughput: --mib MiB uploaded by FileUploader (token over the IM socket, 4 MiB chunks, each
//       written and fsynced by the server, md5 and content sniffing at the end) against one PUT of the
//       whole file to a bare node:http server that streams it to a file and fsyncs once. Ratio =
//       FileUploader MB/s ÷ PUT MB/s; target ≥ 0.8.
//   (b) resume: an upload of the same size canceled once it passes 50 % (a page reload), then a new
//       uploader over the same part map; bytes sent again = all chunk bytes sent − the file size;
//       target ≤ one chunk (4 MiB).
//   (c) quick transfer: a --quick-mib file the account already uploaded; its md5 computed with
//       hash-wasm in a worker thread (reported on its own), then the time from FileUploader.upload's call
//       to the URL the message carries; target ≤ 200 ms (median of --quick-runs).
// The object store, the database (PGlite in memory, or PostgreSQL with DATABASE_URL) and the baseline's
// file live in a temporary folder, removed at the end.
import { spawn } from 'node:child_process';
import { randomBytes, randomFillSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { Worker } from 'node:worker_threads';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleFromSource } from '../lib/source-bundle.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const MiB = 1024 * 1024;
const CHUNK = 4 * MiB;
const SIZE = Number(arg('mib', 200)) * MiB;
const ROUNDS = Number(arg('rounds', 3));
const QUICK_SIZE = Number(arg('quick-mib', 1024)) * MiB;
const QUICK_RUNS = Number(arg('quick-runs', 5));
const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mbps = (bytes, ms) => bytes / MiB / (ms / 1000);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const bundles = await bundleFromSource(here, { server: path.join(here, 'harness-server.ts'), client: path.join(here, 'harness-client.ts') });
const { FileUploader, MemoryStore, RawImClient, TEST_SECRET, TEST_APP_KEY } = await import(pathToFileURL(bundles.file('client')).href);

// ------------------------------------------------------------------ the child server

const objectDir = mkdtempSync(path.join(tmpdir(), 'im-upload-bench-'));
// --profile <dir>: the server process writes a V8 CPU profile there (open it in Chromium's DevTools).
const profileDir = arg('profile', undefined);
const child = spawn(process.execPath, [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profileDir)] : []), path.join(here, 'server.mjs')], {
  cwd: root,
  env: { PATH: process.env.PATH ?? '', IM_BENCH_BUNDLE: bundles.file('server'), IM_OBJECT_DIR: objectDir, IM_TOKEN_SECRET: TEST_SECRET, IM_APP_KEY: TEST_APP_KEY, ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const cleanUp = () => {
  child.kill('SIGKILL');
  rmSync(objectDir, { recursive: true, force: true });
};
process.on('exit', cleanUp);
const endpoints = await new Promise((resolve, reject) => {
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
    const match = /im-upload-bench listening (\{.*\})/.exec(output);
    if (match) resolve(JSON.parse(match[1]));
  });
  child.stderr.on('data', (d) => (output += d));
  child.once('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`)));
});
const wsUrl = `${endpoints.url.replace(/^http/, 'ws')}/ws`;
const account = `bench_upload_${randomBytes(3).toString('hex')}`;
let im = await RawImClient.loggedIn(wsUrl, account);
// Heartbeats keep the socket through the stretches without a request; filling 1 GiB blocks this thread for
// longer than the idle timeout on a busy machine, so a socket closed meanwhile is opened again (same account).
let stopHeartbeats = im.keepAlive(5_000);
async function liveIm() {
  if (!im.closeInfo) return im;
  stopHeartbeats();
  im = await RawImClient.loggedIn(wsUrl, account);
  stopHeartbeats = im.keepAlive(5_000);
  return im;
}

function ports(store) {
  let sent = 0;
  return {
    requestToken: async ({ size, fileName, nosSurvivalTime }) => {
      const answer = await (await liveIm()).request('getNosToken', { size, fileName, nosSurvivalTime, count: 1 });
      if (answer.code !== 200) throw new Error(`getNosToken answered ${answer.code}`);
      const [token] = answer.body.tokens;
      return { bucket: token.bucket, objectName: token.objectName, token: token.token, expireTime: token.expireTime };
    },
    edges: () => [`${endpoints.url}/nos`],
    quickTransfer: async ({ md5, size }) => {
      const answer = await (await liveIm()).request('fileQuickTransfer', { md5, size });
      return answer.code === 200 ? { url: answer.body.url, threshold: answer.body.threshold } : undefined;
    },
    loadBalancerUrl: `${endpoints.url}/nos-lbs`,
    store,
    fetch: async (input, init) => {
      if (init?.body instanceof Blob) sent += init.body.size;
      return fetch(input, init);
    },
    sent: () => sent,
  };
}

/** A file of `size` random bytes (a different one each call, so quick transfer never applies). */
function randomFile(size, name) {
  const bytes = new Uint8Array(size);
  for (let offset = 0; offset < size; offset += 64 * MiB) randomFillSync(bytes, offset, Math.min(64 * MiB, size - offset));
  return new File([bytes], name, { type: 'application/octet-stream', lastModified: Date.now() });
}

async function timeUploader(file) {
  const start = performance.now();
  const uploaded = await new FileUploader(ports()).upload({ type: 'file', file });
  const ms = performance.now() - start;
  if (uploaded.size !== file.size) throw new Error(`uploaded ${uploaded.size} of ${file.size} bytes`);
  return ms;
}

async function timePut(file) {
  const start = performance.now();
  const response = await fetch(`${endpoints.raw}/file`, { method: 'PUT', body: file, headers: { 'content-type': 'application/octet-stream' } });
  const { received } = await response.json();
  const ms = performance.now() - start;
  if (received !== file.size) throw new Error(`PUT received ${received} of ${file.size} bytes`);
  return ms;
}

// ------------------------------------------------------------------ (a) throughput

console.error(`im-upload bench: ${SIZE / MiB} MiB × ${ROUNDS} rounds, quick transfer ${QUICK_SIZE / MiB} MiB; ${cpus().length} cores, load ${load()}`);
const rounds = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const file = randomFile(SIZE, `bench-${round}.bin`);
  // Alternate which goes first, so neither always meets a warmer page cache.
  const order = round % 2 === 0 ? ['put', 'uploader'] : ['uploader', 'put'];
  const result = {};
  for (const which of order) result[which] = which === 'put' ? await timePut(file) : await timeUploader(file);
  rounds.push(result);
  console.error(`round ${round + 1}: PUT ${result.put.toFixed(0)} ms, FileUploader ${result.uploader.toFixed(0)} ms (load ${load()})`);
}
const putMs = median(rounds.map((r) => r.put));
const uploaderMs = median(rounds.map((r) => r.uploader));
const ratios = rounds.map((r) => r.put / r.uploader);

// ------------------------------------------------------------------ (b) resume at 50 %

// The "reload" comes while a chunk is on its way (the worst case: that chunk is lost), not between two
// chunks: once half the file is acknowledged, the page goes 5 ms into the next chunk's request.
const resumeFile = randomFile(SIZE, 'resume.bin');
const store = new MemoryStore();
const first = ports(store);
const abort = new AbortController();
let halfAcknowledged = false;
const firstFetch = first.fetch;
first.fetch = async (input, init) => {
  if (halfAcknowledged && init?.body instanceof Blob) setTimeout(() => abort.abort(), 5);
  return firstFetch(input, init);
};
await new FileUploader(first)
  .upload({ type: 'file', file: resumeFile, signal: abort.signal, onProgress: (p) => (halfAcknowledged ||= p.percentage >= 50) })
  .then(() => {
    throw new Error('the first half was not canceled');
  })
  .catch((error) => {
    if (error?.errorName !== 'Operation_Canceled') throw error;
  });
const second = ports(store);
await new FileUploader(second).upload({ type: 'file', file: resumeFile });
const resentBytes = first.sent() + second.sent() - resumeFile.size;

// ------------------------------------------------------------------ (c) quick transfer

const shared = new SharedArrayBuffer(QUICK_SIZE);
const quickBytes = new Uint8Array(shared);
for (let offset = 0; offset < QUICK_SIZE; offset += 64 * MiB) randomFillSync(quickBytes, offset, Math.min(64 * MiB, QUICK_SIZE - offset));
const quickFile = new File([quickBytes], 'catalogue.mp4', { type: 'video/mp4', lastModified: 1 });
const hashStart = performance.now();
const md5 = await new Promise((resolve, reject) => {
  const worker = new Worker(path.join(here, 'md5-worker.mjs'), { workerData: { buffer: shared } });
  worker.once('message', (hex) => {
    resolve(hex);
    void worker.terminate();
  });
  worker.once('error', reject);
});
const hashMs = performance.now() - hashStart;
// The server has the file once this account uploaded it (its md5 is computed when the last byte arrives).
const seed = ports();
await new FileUploader(seed).upload({ type: 'file', file: quickFile, name: 'catalogue.mp4' });
const quickMs = [];
let quickSent = 0;
for (let run = 0; run < QUICK_RUNS; run += 1) {
  const p = ports();
  const start = performance.now();
  const uploaded = await new FileUploader(p).upload({ type: 'video', file: quickFile, md5 });
  quickMs.push(performance.now() - start);
  quickSent += p.sent();
  if (!uploaded.url) throw new Error('quick transfer answered no URL');
}
if (quickSent !== 0) throw new Error(`quick transfer sent ${quickSent} bytes`);

// ------------------------------------------------------------------ the table

const f = (n, d = 0) => n.toFixed(d);
console.log(`\n### im-upload (${new Date().toISOString()}, ${cpus().length} cores, load ${load()}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})\n`);
console.log('| measure | FileUploader → im-server | bare PUT (baseline) | ratio | target |');
console.log('|---|---|---|---|---|');
console.log(`| ${SIZE / MiB} MiB upload, median of ${ROUNDS} (ms) | ${f(uploaderMs)} | ${f(putMs)} | | |`);
console.log(`| throughput (MB/s) | ${f(mbps(SIZE, uploaderMs), 1)} | ${f(mbps(SIZE, putMs), 1)} | **${f(median(ratios), 2)}×** (rounds: ${ratios.map((r) => f(r, 2)).join(', ')}) | ≥ 0.8× |`);
console.log(`| bytes sent again after a resume at 50 % | ${f(resentBytes / MiB, 2)} MiB (${f(resentBytes / CHUNK, 2)} chunks) | | | ≤ 1 chunk (4 MiB) |`);
console.log(`| quick transfer of ${QUICK_SIZE / MiB} MiB the server has: call → URL, median of ${QUICK_RUNS} (ms) | ${f(median(quickMs), 1)} (max ${f(Math.max(...quickMs), 1)}; 0 bytes sent) | | | ≤ 200 ms |`);
console.log(`| its md5 (hash-wasm in a worker thread), reported apart (ms) | ${f(hashMs)} (${f(mbps(QUICK_SIZE, hashMs), 0)} MB/s) | | | |`);
stopHeartbeats();
im.close();
// SIGTERM lets the server close (and write its profile) before the folder is removed.
const exited = new Promise((resolve) => child.once('exit', resolve));
child.kill('SIGTERM');
await exited;
process.exit(0);
