/* global performance */
// p99 of "explain my balance" over a year of entries for one store (issue 29 figures, docs/trade.md "Statements"), on
// PostgreSQL. One store gets a year of ledger history through the ledger's own transferMany (--per-day transfers a
// day: payments, settlements and their commission, refunds, a wallet-to-deposit move now and then), then explain
// (StatementsRepository.explain: the opening from the day rows, the window's entries summed per kind) runs for random
// windows inside that year, the whole year included. Baseline in the same run: a plain SUM of the same account's
// entries over the same window (no opening, no kinds, no join). Rounds alternate; p50 and p99 of every query of each
// are compared. checkLedger must find nothing.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/ledger/explain.mjs [--per-day 80] [--queries 300]
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importFromSource } from '../lib/source-bundle.mjs';
import { withPg } from '../lib/bench-processes.mjs';

const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const PER_DAY = flag('--per-day', 80);
const QUERIES = flag('--queries', 300);
const ROUNDS = 3;
const DAYS = 365;
const DAY_MS = 86_400_000;

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('bench/ledger/explain needs PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const { openStoreDatabase, seedDemoData, systemClock, checkLedger, ledgerDay, transferMany, StatementsRepository, sql } = await importFromSource(here, path.join(here, 'explain-harness.ts'));

const name = `bench_explain_${randomBytes(4).toString('hex')}`;
await withPg(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const handle = await openStoreDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', schema: 'store' });
const db = handle.db;

/** A deterministic generator, so two runs time the same windows. */
let state = 12345;
const random = () => {
  state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
  return state / 2 ** 32;
};

/** A year of one store's money, one transferMany per day (the seed's way). */
async function yearOfHistory(storeId, start) {
  let order = 80_000_000;
  for (let d = 0; d < DAYS; d++) {
    const at = new Date(start + d * DAY_MS + 3_600_000);
    const transfers = [];
    const payments = Math.round(PER_DAY * 0.45);
    for (let i = 0; i < payments; i++) {
      const id = order++;
      const amount = 1_000 + Math.floor(random() * 50_000);
      transfers.push({ storeId, debit: { platform: 'clearing' }, credit: { store: 'pending_settlement' }, amountCents: amount, kind: 'order_payment', source: { type: 'order', id }, orderId: id, at });
      // Settled the same day in this bench (what matters is the entries' count and mix): net and commission.
      const commission = Math.floor((amount * 500 + 5_000) / 10_000);
      transfers.push({ storeId, debit: { store: 'pending_settlement' }, credit: { store: 'available' }, amountCents: amount - commission, kind: 'settlement', source: { type: 'settlement', id: d + 1 }, orderId: id, at });
      transfers.push({ storeId, debit: { store: 'pending_settlement' }, credit: { platform: 'commission' }, amountCents: commission, kind: 'settlement_commission', source: { type: 'settlement', id: d + 1 }, orderId: id, at });
    }
    transfers.push({ storeId, debit: { store: 'available' }, credit: { platform: 'clearing' }, amountCents: 500, kind: 'order_refund', source: { type: 'refund', id: d + 1 }, at });
    if (d % 7 === 3) transfers.push({ storeId, debit: { store: 'available' }, credit: { store: 'deposit' }, amountCents: 1_000, kind: 'wallet_to_deposit', source: { type: 'transfer', id: d + 1 }, at });
    await db.transaction().execute((trx) => transferMany(trx, transfers));
  }
}

const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

try {
  await seedDemoData(db, systemClock);
  const storeId = 1007; // demo_closing: no ledger history of its own
  const start = Date.now() - DAYS * DAY_MS;
  const t0 = performance.now();
  await yearOfHistory(storeId, start);
  const seedSeconds = (performance.now() - t0) / 1000;
  await sql`analyze`.execute(db);
  const account = (await db.selectFrom('store_ledger_account').select('id').where('store_id', '=', storeId).where('code', '=', 'available').executeTakeFirstOrThrow()).id;
  const { rows: counted } = await sql`select count(*)::int8 as n from store_ledger_entry where store_id = ${storeId}`.execute(db);
  const repository = new StatementsRepository(db);
  const firstDay = ledgerDay(new Date(start));
  const lastDay = ledgerDay(new Date(start + (DAYS - 1) * DAY_MS));
  // Random windows, one in ten the whole year.
  const windows = Array.from({ length: QUERIES }, (_, i) => {
    if (i % 10 === 0) return [firstDay, lastDay];
    const a = Math.floor(random() * DAYS);
    const b = Math.min(DAYS - 1, a + Math.floor(random() * DAYS));
    return [ledgerDay(new Date(start + a * DAY_MS)), ledgerDay(new Date(start + b * DAY_MS))];
  });
  const explain = ([from, to]) => repository.explain(storeId, 'available', from, to);
  const plain = ([from, to]) =>
    sql`select coalesce(sum(case when direction = 'credit' then amount_cents else -amount_cents end), 0)::int8 as s from store_ledger_entry where account_id = ${account} and day between ${from}::date and ${to}::date`.execute(db);
  const timings = { explain: [], plain: [] };
  for (const window of windows.slice(0, 20)) {
    await explain(window);
    await plain(window);
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, run] of [['explain', explain], ['plain', plain]]) {
      for (const window of windows) {
        const q0 = performance.now();
        await run(window);
        timings[label].push(performance.now() - q0);
      }
    }
  }
  // The whole year explained equals the account's balance.
  const year = await explain([firstDay, lastDay]);
  const { rows: balance } = await sql`select (credits_cents - debits_cents)::int8 as b from store_ledger_account where id = ${account}`.execute(db);
  const closing = year.openingCents + year.lines.reduce((sum, l) => sum + l.netCents, 0);
  const check = await checkLedger(db);
  console.log(`explain my balance on PostgreSQL: one store, ${DAYS} days, ${Number(counted[0].n)} entries of the store (seeded in ${seedSeconds.toFixed(1)} s), ${QUERIES} windows × ${ROUNDS} rounds; ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`);
  console.log('| query | p50 ms | p99 ms | p99 vs plain SUM |');
  console.log('|---|---|---|---|');
  const row = (label, text) => `| ${text} | ${percentile(timings[label], 50).toFixed(2)} | ${percentile(timings[label], 99).toFixed(2)} | ${(percentile(timings[label], 99) / percentile(timings.plain, 99)).toFixed(2)}× |`;
  console.log(row('explain', 'explain (opening from day rows + the window per kind, statements.repository)'));
  console.log(row('plain', 'plain SUM of the account\'s entries in the window'));
  console.log(`whole year: closing ${closing} = balance ${Number(balance[0].b)}: ${closing === Number(balance[0].b) ? 'yes' : 'NO'}; checkLedger: ${check.ok ? 'ok' : JSON.stringify(check.breaks)}`);
  if (!check.ok || closing !== Number(balance[0].b)) process.exitCode = 1;
} finally {
  await handle.close();
  await withPg(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
