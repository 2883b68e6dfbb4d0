// Codec benchmark: our TLV frame vs JSON (+ UTF-8) vs msgpackr's standard Packr, for a 15-field message.
// Run: cd libs/im-core && npx tsup && cd ../.. && node bench/im-protocol/run.mjs
// Every figure and ratio comes from this one run; rounds are interleaved to share machine noise.
import { createRequire } from 'node:module';
import { TextDecoder, TextEncoder } from 'node:util';
import { Packr } from 'msgpackr';

const require = createRequire(import.meta.url);
const { encodeFrame, decodeFrame } = require('../../libs/im-core/dist/server/index.js');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 300);

/** A typical chat message: the 15 fields a text message carries on the wire. */
const message = {
  idClient: 'c8f4a1e2-5b7d-4c3a-9e1f-2d6b8a0c4e7f',
  idServer: '1790318274659123',
  scene: 0,
  from: 's_1001',
  to: 'c_demo1',
  time: 1763800012345,
  type: 0,
  text: 'Hello! Your order #20251122-0042 has shipped and should arrive on Tuesday.',
  fromNick: 'Demo Flagship Store',
  fromClientType: 16,
  sessionId: 'p2p-c_demo1',
  custom: '{"orderId":"20251122-0042","kind":"shipping"}',
  needMsgReceipt: true,
  isPushable: true,
  status: 'success',
};
const body = { msg: message };

const packr = new Packr({ useRecords: false }); // standard MessagePack, no record extension
const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

const codecs = {
  'TLV frame (ours)': {
    encode: () => encodeFrame({ name: 'sendMsg', serialId: 1, body }),
    decode: (bytes) => decodeFrame(bytes),
  },
  JSON: {
    encode: () => utf8Encoder.encode(JSON.stringify(body)),
    decode: (bytes) => JSON.parse(utf8Decoder.decode(bytes)),
  },
  'msgpackr (standard Packr)': {
    encode: () => packr.pack(body),
    decode: (bytes) => packr.unpack(bytes),
  },
};

// Sanity: every codec round-trips the message.
for (const [name, codec] of Object.entries(codecs)) {
  const decoded = codec.decode(codec.encode());
  const got = decoded.body?.msg ?? decoded.msg;
  if (JSON.stringify(got) !== JSON.stringify(message)) throw new Error(`${name} does not round-trip`);
}

// Each case gets its own copy of the timing loop (new Function), so the call site inside it only
// ever sees one codec: a shared loop would turn megamorphic and penalise whichever codec it liked least.
const makeLoop = () =>
  new Function(
    'fn',
    'roundMs',
    `const start = process.hrtime.bigint();
     const deadline = start + BigInt(roundMs) * 1000000n;
     let ops = 0, sink = 0, now = start;
     while (now < deadline) {
       for (let i = 0; i < 1000; i++) sink ^= fn() === undefined ? 0 : 1;
       ops += 1000;
       now = process.hrtime.bigint();
     }
     globalThis.__benchSink = sink;
     return ops / (Number(now - start) / 1e9);`,
  );
const loops = new Map();
function opsPerSecond(key, fn) {
  if (!loops.has(key)) loops.set(key, makeLoop());
  return loops.get(key)(fn, ROUND_MS);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const samples = Object.fromEntries(Object.keys(codecs).map((name) => [name, { encode: [], decode: [] }]));
const encoded = Object.fromEntries(Object.entries(codecs).map(([name, codec]) => [name, codec.encode()]));

for (let round = 0; round < ROUNDS + 1; round++) {
  for (const [name, codec] of Object.entries(codecs)) {
    const bytes = encoded[name];
    const enc = opsPerSecond(`${name} encode`, codec.encode);
    const dec = opsPerSecond(`${name} decode`, () => codec.decode(bytes));
    if (round > 0) {
      // round 0 is warm-up
      samples[name].encode.push(enc);
      samples[name].decode.push(dec);
    }
  }
}

const ours = 'TLV frame (ours)';
const rows = Object.keys(codecs).map((name) => ({
  name,
  encode: median(samples[name].encode),
  decode: median(samples[name].decode),
  bytes: encoded[name].length,
}));
const base = rows.find((r) => r.name === ours);
const fmt = (n) => `${(n / 1e6).toFixed(2)} M`;
console.log(`Node ${process.version}, ${ROUNDS} rounds × ${ROUND_MS} ms, median ops/s; 15-field message (sendMsg frame incl. 8-byte header)\n`);
console.log('| codec | encode ops/s | decode ops/s | bytes | ours ÷ this: encode | decode | bytes (this ÷ ours) |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.name} | ${fmt(row.encode)} | ${fmt(row.decode)} | ${row.bytes} | ${(base.encode / row.encode).toFixed(2)}× | ${(base.decode / row.decode).toFixed(2)}× | ${(row.bytes / base.bytes).toFixed(2)}× |`,
  );
}
const msgpack = rows.find((r) => r.name.startsWith('msgpackr'));
const json = rows.find((r) => r.name === 'JSON');
const checks = [
  [`encode ≥ 1.4× msgpackr`, base.encode / msgpack.encode >= 1.4, (base.encode / msgpack.encode).toFixed(2)],
  [`decode ≥ 1.4× msgpackr`, base.decode / msgpack.decode >= 1.4, (base.decode / msgpack.decode).toFixed(2)],
  [`bytes ≤ 0.7× JSON`, base.bytes / json.bytes <= 0.7, (base.bytes / json.bytes).toFixed(2)],
];
console.log('');
for (const [what, ok, value] of checks) console.log(`${ok ? 'PASS' : 'MISS'} ${what}: ${value}`);
