// Benchmark of @merchant/secure-transport's client in Debian's Chromium against a real Fastify server.
//
//   cd libs/secure-transport && npx tsup && cd ../.. && node bench/secure-transport/chromium.mjs [--quick]
//
// The library's ESM build (dist/index.mjs) is bundled with node-forge into one file by esbuild, served with
// an HTML page by the same Fastify instance that runs the plugin on 127.0.0.1 (same origin: no CORS; a
// loopback origin is a secure context, so crypto.subtle exists; COOP/COEP make the page cross-origin
// isolated so performance.now() is not coarsened to 100 µs). Everything is measured inside the page.
// Prints markdown tables; ratios are against mode 'none' measured in the same run, modes interleaved.
/* global performance, navigator, crypto -- runInPage runs in the browser page */
import { cpus, loadavg } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import Fastify from 'fastify';
import { chromium } from 'playwright-core';

const quick = process.argv.includes('--quick');
const libDist = fileURLToPath(new URL('../../libs/secure-transport/dist/', import.meta.url));
const { MemorySessionStore, secureTransportPlugin, generateServerKeys } = await import(`${libDist}server/index.mjs`);

// --- one-file browser bundle of the library's ESM build, node-forge included (it is loaded lazily by import()).
const outDir = mkdtempSync(join(tmpdir(), 'st-chromium-'));
const bundled = await build({
  entryPoints: [join(libDist, 'index.mjs')],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'chrome120',
  minify: true,
  write: false,
  outfile: join(outDir, 'secure-transport.mjs'),
  logLevel: 'warning',
});
const bundle = bundled.outputFiles[0].text;
rmSync(outDir, { recursive: true, force: true });

const page = `<!doctype html><meta charset="utf-8"><title>secure-transport bench</title>
<script type="module">
  import * as ST from '/secure-transport.mjs';
  window.ST = ST;
  window.stReady = true;
</script>`;

const app = Fastify({ bodyLimit: 16 * 1024 * 1024 });
await app.register(secureTransportPlugin, { sessionStore: new MemorySessionStore(), serverKeys: await generateServerKeys() });
app.secureRoute('/v1/bench/echo', ({ biz }) => biz);
const isolation = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp', 'cache-control': 'no-store' };
app.get('/', (_request, reply) => reply.headers(isolation).type('text/html; charset=utf-8').send(page));
app.get('/secure-transport.mjs', (_request, reply) => reply.headers(isolation).type('text/javascript; charset=utf-8').send(bundle));
const url = await app.listen({ port: 0, host: '127.0.0.1' });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
let results;
try {
  const tab = await browser.newPage();
  await tab.goto(`${url}/`);
  await tab.waitForFunction(() => window.stReady === true);
  results = await tab.evaluate(runInPage, {
    baseUrl: url,
    runs: quick
      ? { setupFresh: 7, setupStored: 7, keygen: 7, aesWeb: 10, aesForge: 1, rounds1k: 150, rounds1m: 4 }
      : { setupFresh: 25, setupStored: 25, keygen: 25, aesWeb: 30, aesForge: 3, rounds1k: 800, rounds1m: 15 },
  });
} finally {
  await browser.close();
  await app.close();
}

/** Runs inside the page: everything here is browser code (window.ST is the bundled library). */
async function runInPage({ baseUrl, runs }) {
  const ST = window.ST;
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  const timeMedian = async (count, fn) => {
    const samples = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      await fn(i);
      samples.push(performance.now() - started);
    }
    return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples), runs: count };
  };
  const out = { userAgent: navigator.userAgent, crossOriginIsolated: globalThis.crossOriginIsolated, setup: [], aes: [], requests: [] };
  const web = ST.createWebCryptoProvider();
  const forge = ST.createForgeProvider();

  // Session set-up. 'aes' is what the console uses; the signed mode also signs the handshake.
  out.setup.push({ what: 'RSA-2048 key generation alone (WebCrypto)', ...(await timeMedian(runs.keygen, () => web.generateRsaKeyPair())) });
  for (const mode of ['aes', 'aes-rsa2-sign']) {
    out.setup.push({
      what: `set-up, mode ${mode}, fresh key pair (keygen ∥ createSession, then handshake)`,
      ...(await timeMedian(runs.setupFresh, () => ST.createSecureClient({ baseUrl, mode, storage: ST.createMemoryStorage() }).ensureSession())),
    });
    const stored = JSON.stringify(await web.generateRsaKeyPair());
    out.setup.push({
      what: `set-up, mode ${mode}, stored key pair (createSession + handshake)`,
      ...(await timeMedian(runs.setupStored, () =>
        ST.createSecureClient({ baseUrl, mode, storage: ST.createMemoryStorage({ 'merchant.secure.keyPair': stored }) }).ensureSession())),
    });
  }
  const forgeStored = JSON.stringify(await web.generateRsaKeyPair());
  out.setup.push({
    what: 'set-up, mode aes, stored key pair, node-forge client (plain-http pages)',
    ...(await timeMedian(Math.max(3, runs.setupStored >> 2), () =>
      ST.createSecureClient({ baseUrl, mode: 'aes', crypto: forge, storage: ST.createMemoryStorage({ 'merchant.secure.keyPair': forgeStored }) }).ensureSession())),
  });

  // AES-256-GCM on 1 MiB.
  const MiB = 1024 * 1024;
  const key = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const aad = new Uint8Array(16);
  const body = new Uint8Array(MiB);
  for (let offset = 0; offset < MiB; offset += 65_536) crypto.getRandomValues(body.subarray(offset, offset + 65_536));
  for (const [name, provider, count] of [['WebCrypto', web, runs.aesWeb], ['node-forge', forge, runs.aesForge]]) {
    const enc = await timeMedian(count, () => provider.aesGcmEncrypt(key, iv, body, aad));
    const sealed = await provider.aesGcmEncrypt(key, iv, body, aad);
    const dec = await timeMedian(count, () => provider.aesGcmDecrypt(key, iv, sealed, aad));
    out.aes.push({ name, encMs: enc.median, decMs: dec.median, encMBs: MiB / 1e6 / (enc.median / 1000), decMBs: MiB / 1e6 / (dec.median / 1000), runs: count });
  }

  // Per-request round trips, modes interleaved in rotating order.
  const modes = ['none', 'rsa', 'aes', 'aes-rsa2-sign'];
  const clients = {};
  for (const mode of modes) clients[mode] = ST.createSecureClient({ baseUrl, mode, storage: ST.createMemoryStorage() });
  clients['aes·forge'] = ST.createSecureClient({ baseUrl, mode: 'aes', crypto: forge, storage: ST.createMemoryStorage({ 'merchant.secure.keyPair': forgeStored }) });
  for (const [label, payload, rounds, set] of [
    ['1 KB', { text: 'x'.repeat(1000) }, runs.rounds1k, [...modes, 'aes·forge']],
    ['1 MiB', { text: 'x'.repeat(MiB) }, runs.rounds1m, modes],
  ]) {
    const samples = Object.fromEntries(set.map((mode) => [mode, []]));
    for (let w = 0; w < Math.min(30, rounds); w++) for (const mode of set) await clients[mode].post('/v1/bench/echo', payload);
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < set.length; k++) {
        const mode = set[(round + k) % set.length];
        const started = performance.now();
        await clients[mode].post('/v1/bench/echo', payload);
        samples[mode].push(performance.now() - started);
      }
    }
    const base = median(samples.none);
    for (const mode of set) {
      const m = median(samples[mode]);
      const paired = median(samples[mode].map((t, i) => t - samples.none[i]));
      out.requests.push({ label, mode, median: m, overhead: m - base, paired, ratio: m / base, rounds });
    }
  }
  return out;
}

// --- report
const fmt = (value, digits = 3) => (value >= 100 ? value.toFixed(1) : value.toFixed(digits));
const table = (header, rows) => [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((cells) => `| ${cells.join(' | ')} |`), ''].join('\n');
const cpu = cpus();
const chromeVersion = /Chrome\/([\d.]+)/.exec(results.userAgent)?.[1] ?? results.userAgent;
console.log('## secure-transport, Chromium benchmark\n');
console.log(`- command: \`node bench/secure-transport/chromium.mjs${quick ? ' --quick' : ''}\``);
console.log(`- date: ${new Date().toISOString()}; Chromium ${chromeVersion} (headless, /usr/bin/chromium); server: Fastify + plugin (node:crypto) on 127.0.0.1, Node ${process.version}`);
console.log(`- machine: ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}; load average at end ${loadavg().map((l) => l.toFixed(1)).join(' / ')}; page crossOriginIsolated=${results.crossOriginIsolated}\n`);
console.log('### Session set-up (measured in the page)\n');
console.log(table(['what', 'median ms', 'min ms', 'max ms', 'runs'], results.setup.map((r) => [r.what, fmt(r.median), fmt(r.min), fmt(r.max), r.runs])));
console.log('### AES-256-GCM, 1 MiB\n');
const webAes = results.aes.find((r) => r.name === 'WebCrypto');
console.log(table(['provider', 'encrypt ms', 'encrypt MB/s', 'decrypt ms', 'decrypt MB/s', 'vs WebCrypto', 'runs'], results.aes.map((r) => [
  r.name, fmt(r.encMs), r.encMBs.toFixed(1), fmt(r.decMs), r.decMBs.toFixed(1), `${(r.encMBs / webAes.encMBs).toFixed(3)}×`, r.runs,
])));
console.log('### Per-request round trip from the page (Fastify echo on loopback)\n');
console.log(table(['body', 'mode', 'median ms', 'overhead vs none (ms)', 'median paired overhead (ms)', 'ratio vs none', 'rounds'], results.requests.map((r) => [
  r.label, r.mode, fmt(r.median), r.mode === 'none' ? '—' : fmt(r.overhead), r.mode === 'none' ? '—' : fmt(r.paired), `${r.ratio.toFixed(2)}×`, r.rounds,
])));
const fresh = results.setup.find((r) => r.what.startsWith('set-up, mode aes, fresh'));
const stored = results.setup.find((r) => r.what.startsWith('set-up, mode aes, stored'));
const aes1k = results.requests.find((r) => r.label === '1 KB' && r.mode === 'aes');
console.log(`Targets: set-up ≤ 150 ms → fresh key pair ${fmt(fresh.median)} ms (${fresh.median <= 150 ? 'met' : 'NOT met'}), stored key pair ${fmt(stored.median)} ms (${stored.median <= 150 ? 'met' : 'NOT met'}); ` +
  `1 KB overhead in mode aes ≤ 0.5 ms → ${fmt(aes1k.paired)} ms (${aes1k.paired <= 0.5 ? 'met' : 'NOT met'}).`);
