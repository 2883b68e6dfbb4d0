// The price calculation under stacked promotions (issue 28 figures): p50/p99 of one priceCart call on a
// 50-line cart with 3 stacked promotions (time-limited sale prices on 20 SKUs, group-buy prices on 20 SKUs
// overlapping 10 of them, and a percentage coupon with a cap scoped to two categories that covers about
// half of the lines), against baselines measured in the same run: the plain sum of the same 50 lines
// (Σ list price × quantity, what an order costs without promotions) and priceCart of the same cart without
// promotions. The calculation is the store-server marketing module's own (apps/store-server/src/modules/
// marketing/pricing), bundled from source. Each call is timed on its own (process.hrtime.bigint); the
// cases run interleaved in rounds so a busy machine slows them alike; "timer alone" is the cost of the
// two clock reads around an empty call.
//
//   node bench/marketing/pricing.bench.mjs [--calls 20000]      (smoke: --calls 2000)
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importFromSource } from '../lib/source-bundle.mjs';

const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const CALLS = flag('--calls', 20_000);
const ROUND = 500;
const LINES = 50;
/** Distinct carts of the same shape, used in turn, so no case runs on one input only. */
const CARTS = 16;

const here = path.dirname(fileURLToPath(import.meta.url));
const { priceCart, checkCartMargin } = await importFromSource(here, path.join(here, 'pricing-harness.ts'));

/** A deterministic pseudo-random sequence (mulberry32), so every run prices the same carts. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeCart(seed) {
  const next = random(seed);
  const lines = Array.from({ length: LINES }, (_, i) => ({
    skuId: 1 + i,
    goodsId: 1000 + i,
    categoryIds: [10 + (i % 4), 1],
    quantity: 1 + Math.floor(next() * 5),
    listUnitCents: 500 + Math.floor(next() * 50_000),
  }));
  const saleUnitCents = new Map(lines.slice(0, 20).map((l) => [l.skuId, Math.floor(l.listUnitCents * 0.8)]));
  const groupUnitCents = new Map(lines.slice(10, 30).map((l) => [l.skuId, Math.floor(l.listUnitCents * 0.7)]));
  const coupon = { kind: 'percent', percentOffBp: 1500, capCents: 20_000, thresholdCents: 10_000, scope: { kind: 'categories', categoryIds: [10, 11] } };
  const floors = new Map(lines.map((l) => [l.skuId, Math.floor(l.listUnitCents * 0.5)]));
  return { lines, promotions: { saleUnitCents, groupUnitCents, coupon }, floors };
}
const carts = Array.from({ length: CARTS }, (_, i) => makeCart(i + 1));

// The measured cart really stacks three promotions: refuse to report figures otherwise.
for (const cart of carts) {
  const priced = priceCart(cart.lines, cart.promotions);
  const kinds = new Set(priced.lines.map((l) => l.promotion));
  if (!kinds.has('sale') || !kinds.has('groupBuy') || !priced.coupon?.applied) throw new Error('the benchmark cart does not stack a sale, a group buy and a coupon');
  if (priced.totals.payableCents !== priced.lines.reduce((sum, l) => sum + l.payableCents, 0)) throw new Error('lines do not sum to the total');
  if (checkCartMargin(priced, cart.floors) !== null) throw new Error('the benchmark cart breaks its own floors');
}

const plainSum = (lines) => {
  let total = 0;
  for (const l of lines) total += l.listUnitCents * l.quantity;
  return total;
};
let sink = 0; // every result feeds it, so no call can be optimised away
const cases = [
  { name: 'timer alone (empty call)', run: () => 0 },
  { name: 'baseline: plain sum of the 50 lines', run: (c) => plainSum(c.lines), baseline: true },
  { name: 'priceCart, no promotions', run: (c) => priceCart(c.lines).totals.payableCents },
  { name: 'priceCart, 3 stacked promotions', run: (c) => priceCart(c.lines, c.promotions).totals.payableCents, measured: true },
  { name: 'priceCart, 3 stacked promotions + margin guard', run: (c) => (checkCartMargin(priceCart(c.lines, c.promotions), c.floors) === null ? 1 : 2) },
];

// Warm-up: let the JIT settle on every case.
for (let i = 0; i < 5_000; i++) for (const c of cases) sink += c.run(carts[i % CARTS]);

const samples = cases.map(() => new Float64Array(CALLS));
for (let done = 0; done < CALLS; done += ROUND) {
  cases.forEach((c, k) => {
    const out = samples[k];
    for (let i = done; i < Math.min(CALLS, done + ROUND); i++) {
      const cart = carts[i % CARTS];
      const t0 = process.hrtime.bigint();
      sink += c.run(cart);
      out[i] = Number(process.hrtime.bigint() - t0) / 1000; // µs
    }
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const rows = cases.map((c, k) => {
  const sorted = samples[k].sort();
  return { ...c, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
});
const base = rows.find((r) => r.baseline);
const unpromoted = rows.find((r) => r.name === 'priceCart, no promotions');
const f = (n) => (n < 10 ? n.toFixed(2) : n.toFixed(1));

console.log(`\nmarketing pricing: one price calculation of a ${LINES}-line cart (${CARTS} carts of that shape in turn), ${CALLS.toLocaleString('en-US')} calls per case, each timed on its own`);
console.log(`Node ${process.versions.node}, ${cpus().length} cores, load ${loadavg().map((n) => n.toFixed(2)).join(' ')}; checksum ${sink % 1000}\n`);
console.log('| calculation | p50 µs | p99 µs | p50 ratio to plain sum | p99 ratio to plain sum | p50 ratio to priceCart without promotions |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.name} | ${f(r.p50)} | ${f(r.p99)} | ${(r.p50 / base.p50).toFixed(1)}× | ${(r.p99 / base.p99).toFixed(1)}× | ${(r.p50 / unpromoted.p50).toFixed(2)}× |`);
}
