// Benchmark of @merchant/secure-transport in Node (build first: cd libs/secure-transport && npx tsup).
//
//   node bench/secure-transport/run.mjs [--quick]
//
// Prints a markdown table. Per-request overhead is measured against mode 'none' in the same run, with the
// modes interleaved request by request (none, rsa, aes, aes-rsa2-sign, none, …) so that the noise of a shared
// machine hits every mode alike; the table gives medians, overhead = median(mode) − median(none), the median
// of the per-round differences, and the ratio to 'none'. ST_DIST=<dir> benchmarks another build of the library.
import { createCipheriv, randomBytes as nodeRandomBytes, privateDecrypt, publicEncrypt, sign as nodeSign, constants, createPrivateKey, createPublicKey } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';

const dist = process.env.ST_DIST ? pathToFileURL(`${process.env.ST_DIST.replace(/\/$/, '')}/`).href : new URL('../../libs/secure-transport/dist/', import.meta.url).href;
const { createForgeProvider, createMemoryStorage, createSecureClient, createWebCryptoProvider } = await import(`${dist}index.mjs`);
const server = await import(`${dist}server/index.mjs`);
const { MemorySessionStore, secureTransportPlugin } = server;
const quick = process.argv.includes('--quick');
const n = (full, small) => (quick ? small : full);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
async function timeMedian(runs, fn) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  return median(samples);
}
const MiB = 1024 * 1024;
const fmt = (value, digits = 3) => (value >= 100 ? value.toFixed(1) : value.toFixed(digits));
const sections = [];
function section(title, header) {
  const rows = [];
  sections.push({ title, header, rows });
  return (...cells) => rows.push(cells);
}

const web = createWebCryptoProvider();
const forge = createForgeProvider();
const nodeProvider = server.createNodeCryptoProvider?.();

// --- AES-256-GCM throughput on 1 MiB
const aesRow = section('AES-256-GCM encrypt, 1 MiB', ['implementation', 'median ms', 'MB/s', 'vs node:crypto']);
const key = new Uint8Array(nodeRandomBytes(32));
const iv = new Uint8Array(nodeRandomBytes(12));
const aad = new Uint8Array(16);
const body = new Uint8Array(nodeRandomBytes(MiB));
const mbps = (ms) => MiB / 1e6 / (ms / 1000);
const nodeAesMs = await timeMedian(n(30, 10), () => {
  const c = createCipheriv('aes-256-gcm', key, iv);
  c.setAAD(aad);
  c.update(body);
  c.final();
  c.getAuthTag();
});
aesRow('node:crypto, direct (baseline)', fmt(nodeAesMs), mbps(nodeAesMs).toFixed(0), '1.00×');
const aesProviders = [['node:crypto provider (server default)', nodeProvider, n(30, 10)], ['WebCrypto provider', web, n(30, 10)], ['node-forge provider', forge, n(3, 1)]];
for (const [label, provider, runs] of aesProviders) {
  if (!provider) continue;
  const ms = await timeMedian(runs, () => provider.aesGcmEncrypt(key, iv, body, aad));
  aesRow(label, fmt(ms), mbps(ms).toFixed(0), `${(nodeAesMs / ms).toFixed(2)}×`);
}

// --- RSA-2048 private-key operations
const rsaRow = section('RSA-2048 private-key operations', ['operation', 'implementation', 'median ms', 'vs node:crypto']);
const pair = await web.generateRsaKeyPair();
const nodePriv = createPrivateKey({ key: Buffer.from(pair.privateKey, 'base64'), format: 'der', type: 'pkcs8' });
const nodePub = createPublicKey({ key: Buffer.from(pair.publicKey, 'base64'), format: 'der', type: 'spki' });
const sealed = publicEncrypt({ key: nodePub, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, key);
const msg = new Uint8Array(1024);
const nodeRsaMs = await timeMedian(n(40, 10), () => privateDecrypt({ key: nodePriv, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, sealed));
const nodeSignMs = await timeMedian(n(40, 10), () => nodeSign('sha256', msg, nodePriv));
rsaRow('OAEP-SHA256 decrypt', 'node:crypto, direct (baseline)', fmt(nodeRsaMs), '1.00×');
for (const [label, provider, runs] of aesProviders) {
  if (!provider) continue;
  const ms = await timeMedian(Math.min(runs, n(40, 10)), () => provider.rsaOaepDecrypt(pair.privateKey, new Uint8Array(sealed)));
  rsaRow('OAEP-SHA256 decrypt', label, fmt(ms), `${(ms / nodeRsaMs).toFixed(2)}×`);
}
rsaRow('PKCS#1 v1.5 SHA-256 sign', 'node:crypto, direct (baseline)', fmt(nodeSignMs), '1.00×');
for (const [label, provider, runs] of aesProviders) {
  if (!provider) continue;
  const ms = await timeMedian(Math.min(runs, n(40, 10)), () => provider.rsaSign(pair.privateKey, msg));
  rsaRow('PKCS#1 v1.5 SHA-256 sign', label, fmt(ms), `${(ms / nodeSignMs).toFixed(2)}×`);
}

// --- End to end over loopback
const app = Fastify({ bodyLimit: 16 * MiB });
await app.register(secureTransportPlugin, { sessionStore: new MemorySessionStore(), serverKeys: await web.generateRsaKeyPair() });
app.secureRoute('/v1/bench/echo', ({ biz }) => biz);
const url = await app.listen({ port: 0, host: '127.0.0.1' });

const setupRow = section("Session set-up, mode 'aes' (createSession + handshake on loopback; Node client)", ['client crypto', 'key pair', 'median ms', 'runs']);
for (const [name, provider] of [['WebCrypto', web], ['node-forge', forge]]) {
  const coldRuns = name === 'WebCrypto' ? n(15, 5) : n(3, 1);
  const cold = await timeMedian(coldRuns, () => createSecureClient({ baseUrl: url, mode: 'aes', storage: createMemoryStorage(), crypto: provider }).ensureSession());
  setupRow(name, 'fresh (generated during set-up)', fmt(cold), coldRuns);
  const stored = JSON.stringify(await provider.generateRsaKeyPair());
  const warm = await timeMedian(n(15, 5), () =>
    createSecureClient({ baseUrl: url, mode: 'aes', storage: createMemoryStorage({ 'merchant.secure.keyPair': stored }), crypto: provider }).ensureSession());
  setupRow(name, 'stored', fmt(warm), n(15, 5));
}

// 'aes·node' is mode aes with a Node client on the node:crypto provider: the protocol's own cost without
// WebCrypto's per-call thread-pool hop (which the two-core machine makes expensive under load).
const MODES = ['none', 'rsa', 'aes', 'aes-rsa2-sign', ...(nodeProvider ? ['aes·node'] : [])];
const clients = {};
for (const mode of MODES) {
  const nodeClient = mode === 'aes·node';
  clients[mode] = createSecureClient({ baseUrl: url, mode: nodeClient ? 'aes' : mode, storage: createMemoryStorage(), ...(nodeClient ? { crypto: nodeProvider } : {}) });
  await clients[mode].post('/v1/bench/echo', { warm: true });
}
const overheadRow = section('Per-request round trip (Fastify echo on loopback, client and server in this process)', [
  'body',
  'mode',
  'median ms',
  'overhead vs none (ms)',
  'median paired overhead (ms)',
  'ratio vs none',
  'rounds',
]);
const overheads = {};
for (const [label, payload, rounds] of [
  ['1 KB', { text: 'x'.repeat(1000) }, n(1500, 300)],
  ['1 MiB', { text: 'x'.repeat(MiB) }, n(25, 6)],
]) {
  const samples = Object.fromEntries(MODES.map((mode) => [mode, []]));
  for (let w = 0; w < Math.min(50, rounds); w++) for (const mode of MODES) await clients[mode].post('/v1/bench/echo', payload);
  for (let round = 0; round < rounds; round++) {
    // Rotate the order so no mode always runs right after another's garbage.
    for (let k = 0; k < MODES.length; k++) {
      const mode = MODES[(round + k) % MODES.length];
      const started = performance.now();
      await clients[mode].post('/v1/bench/echo', payload);
      samples[mode].push(performance.now() - started);
    }
  }
  const base = median(samples.none);
  for (const mode of MODES) {
    const m = median(samples[mode]);
    const paired = median(samples[mode].map((t, i) => t - samples.none[i]));
    overheads[`${label} ${mode}`] = paired;
    overheadRow(label, mode, fmt(m), mode === 'none' ? '—' : fmt(m - base), mode === 'none' ? '—' : fmt(paired), `${(m / base).toFixed(2)}×`, rounds);
  }
}
await app.close();

const cpu = cpus();
console.log(`## secure-transport, Node benchmark\n`);
console.log(`- command: \`node bench/secure-transport/run.mjs${quick ? ' --quick' : ''}\`${process.env.ST_DIST ? ` (ST_DIST=${process.env.ST_DIST})` : ''}`);
console.log(`- date: ${new Date().toISOString()}; Node ${process.version}; ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}; load average at end ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
console.log(`- server crypto: ${nodeProvider ? 'node:crypto provider (default)' : 'WebCrypto (this build has no node:crypto provider)'}; client crypto: WebCrypto (what browsers use)\n`);
for (const { title, header, rows } of sections) {
  console.log(`### ${title}\n`);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const cells of rows) console.log(`| ${cells.join(' | ')} |`);
  console.log('');
}
const target = overheads['1 KB aes'];
console.log(`Target: 1 KB overhead in mode aes ≤ 0.5 ms → measured ${fmt(target)} ms (median paired) — ${target <= 0.5 ? 'met' : 'NOT met'}.`);
