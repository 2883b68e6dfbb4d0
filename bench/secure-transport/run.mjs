// Benchmark of @merchant/secure-transport (build first: cd libs/secure-transport && npx tsup).
// Run: node bench/secure-transport/run.mjs   — prints figures and ratios against node:crypto measured in the same run.
import { createCipheriv, randomBytes as nodeRandomBytes, privateDecrypt, publicEncrypt, sign as nodeSign, constants, createPrivateKey, createPublicKey } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { createForgeProvider, createMemoryStorage, createSecureClient, createWebCryptoProvider } from '../../libs/secure-transport/dist/index.mjs';
import { MemorySessionStore, secureTransportPlugin } from '../../libs/secure-transport/dist/server/index.mjs';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function timeMedian(runs, fn) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  return median(samples);
}
const rows = [];
const row = (what, value, unit, baseline) =>
  rows.push({ what, value: value.toFixed(unit === 'MB/s' ? 0 : 3), unit, 'vs node:crypto': baseline ? (value / baseline).toFixed(2) + '×' : '' });

const MiB = 1024 * 1024;
const web = createWebCryptoProvider();
const forge = createForgeProvider();

// --- AES-256-GCM throughput on 1 MiB
const key = new Uint8Array(nodeRandomBytes(32));
const iv = new Uint8Array(nodeRandomBytes(12));
const aad = new Uint8Array(16);
const body = new Uint8Array(nodeRandomBytes(MiB));
const nodeAesMs = await timeMedian(20, () => {
  const c = createCipheriv('aes-256-gcm', key, iv);
  c.setAAD(aad);
  c.update(body);
  c.final();
  c.getAuthTag();
});
const nodeMBs = 1 / (nodeAesMs / 1000);
row('AES-256-GCM 1 MiB, node:crypto (baseline)', nodeMBs * 1.048576, 'MB/s', nodeMBs * 1.048576);
const webAesMs = await timeMedian(20, () => web.aesGcmEncrypt(key, iv, body, aad));
row('AES-256-GCM 1 MiB, WebCrypto provider', 1.048576 / (webAesMs / 1000), 'MB/s', nodeMBs * 1.048576);
const forgeAesMs = await timeMedian(3, () => forge.aesGcmEncrypt(key, iv, body, aad));
row('AES-256-GCM 1 MiB, node-forge provider', 1.048576 / (forgeAesMs / 1000), 'MB/s', nodeMBs * 1.048576);

// --- RSA-2048 private-key operations
const pair = await web.generateRsaKeyPair();
const nodePriv = createPrivateKey({ key: Buffer.from(pair.privateKey, 'base64'), format: 'der', type: 'pkcs8' });
const nodePub = createPublicKey({ key: Buffer.from(pair.publicKey, 'base64'), format: 'der', type: 'spki' });
const sealed = publicEncrypt({ key: nodePub, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, key);
const nodeRsaMs = await timeMedian(30, () => privateDecrypt({ key: nodePriv, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, sealed));
row('RSA-OAEP decrypt, node:crypto (baseline)', nodeRsaMs, 'ms', nodeRsaMs);
row('RSA-OAEP decrypt, WebCrypto provider', await timeMedian(30, () => web.rsaOaepDecrypt(pair.privateKey, new Uint8Array(sealed))), 'ms', nodeRsaMs);
row('RSA-OAEP decrypt, node-forge provider', await timeMedian(5, () => forge.rsaOaepDecrypt(pair.privateKey, new Uint8Array(sealed))), 'ms', nodeRsaMs);
const msg = new Uint8Array(1024);
const nodeSignMs = await timeMedian(30, () => nodeSign('sha256', msg, nodePriv));
row('RSA PKCS#1 v1.5 sign, node:crypto (baseline)', nodeSignMs, 'ms', nodeSignMs);
row('RSA PKCS#1 v1.5 sign, WebCrypto provider', await timeMedian(30, () => web.rsaSign(pair.privateKey, msg)), 'ms', nodeSignMs);
row('RSA PKCS#1 v1.5 sign, node-forge provider', await timeMedian(5, () => forge.rsaSign(pair.privateKey, msg)), 'ms', nodeSignMs);

// --- End to end over loopback: session set-up and per-request overhead against mode none
const app = Fastify({ bodyLimit: 16 * MiB });
await app.register(secureTransportPlugin, { sessionStore: new MemorySessionStore(), serverKeys: await web.generateRsaKeyPair() });
app.secureRoute('/v1/bench/echo', ({ biz }) => biz);
const url = await app.listen({ port: 0, host: '127.0.0.1' });

for (const [name, provider] of [['WebCrypto', web], ['node-forge', forge]]) {
  const cold = await timeMedian(name === 'WebCrypto' ? 9 : 3, () =>
    createSecureClient({ baseUrl: url, mode: 'aes', storage: createMemoryStorage(), crypto: provider }).ensureSession());
  row(`session set-up incl. client RSA keygen, ${name}`, cold, 'ms');
  const keyPair = JSON.stringify(await provider.generateRsaKeyPair());
  const warm = await timeMedian(9, () =>
    createSecureClient({ baseUrl: url, mode: 'aes', storage: createMemoryStorage({ 'merchant.secure.keyPair': keyPair }), crypto: provider }).ensureSession());
  row(`session set-up with stored key pair, ${name}`, warm, 'ms');
}

const payload1k = { text: 'x'.repeat(1000) };
const payload1m = { text: 'x'.repeat(MiB) };
const clients = {};
for (const mode of ['none', 'aes', 'aes-rsa2-sign']) {
  clients[mode] = createSecureClient({ baseUrl: url, mode, storage: createMemoryStorage() });
  await clients[mode].post('/v1/bench/echo', payload1k);
}
for (const [label, payload, runs] of [['1 KB', payload1k, 300], ['1 MiB', payload1m, 15]]) {
  const base = await timeMedian(runs, () => clients.none.post('/v1/bench/echo', payload));
  row(`round trip ${label}, mode none (baseline for overhead)`, base, 'ms');
  for (const mode of ['aes', 'aes-rsa2-sign']) {
    const t = await timeMedian(runs, () => clients[mode].post('/v1/bench/echo', payload));
    row(`round trip ${label}, mode ${mode} (overhead ${(t - base).toFixed(3)} ms)`, t, 'ms');
  }
}
await app.close();

console.log(`secure-transport benchmark — Node ${process.version}, ${new Date().toISOString()}`);
console.table(rows);
