/* global performance */
// Ledger transfers per second on PostgreSQL (issue 29 figures), with the invariants holding: each transfer is the
// ledger's own `postOrderPayment` (a keyed transfer: its row, two entries, the store account's balance row and day
// row, one transaction each), from --workers concurrent workers over the seeded stores. Baseline in the same run: plain
// inserts of the same rows (the transfer and its two entries, one transaction each, no balance, day row or key
// check), same workers. Three rounds each, alternating; the medians are compared. checkLedger runs at the end and
// must find nothing.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/ledger/run.mjs [--transfers 2000] [--workers 8]
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
const TRANSFERS = flag('--transfers', 2000);
const WORKERS = flag('--workers', 8);
const ROUNDS = 3;

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('bench/ledger needs PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const { openStoreDatabase, seedDemoData, systemClock, checkLedger, ledgerDay, postOrderPayment, sql } = await importFromSource(here, path.join(here, 'harness.ts'));

const name = `bench_ledger_${randomBytes(4).toString('hex')}`;
await withPg(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const handle = await openStoreDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', schema: 'store' });
const db = handle.db;
let nextOrder = 90_000_000;

/** Runs `count` operations from WORKERS workers; answers operations per second. */
async function measure(count, op) {
  let issued = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (issued < count) {
        const i = issued++;
        await op(i);
      }
    }),
  );
  return count / ((performance.now() - t0) / 1000);
}

try {
  await seedDemoData(db, systemClock);
  const stores = (await db.selectFrom('store_store').select('id').orderBy('id').execute()).map((r) => r.id);
  const accounts = await db.selectFrom('store_ledger_account').select(['id', 'store_id', 'code']).execute();
  const clearing = accounts.find((a) => a.store_id === null && a.code === 'clearing').id;
  // The plain rows go to the same accounts (created by a first ledger transfer per store).
  for (const storeId of stores) await postOrderPayment(db, { storeId, orderId: nextOrder++, amountCents: 100, at: new Date() });
  const pendingOf = new Map((await db.selectFrom('store_ledger_account').select(['id', 'store_id']).where('code', '=', 'pending_settlement').execute()).map((a) => [a.store_id, a.id]));

  const ledger = (i) => postOrderPayment(db, { storeId: stores[i % stores.length], orderId: nextOrder++, amountCents: 100 + (i % 5000), at: new Date() });
  const plain = (i) =>
    db.transaction().execute(async (trx) => {
      const storeId = stores[i % stores.length];
      const at = new Date();
      const day = ledgerDay(at);
      const amount = 100 + (i % 5000);
      const orderId = nextOrder++;
      const { id } = await trx
        .insertInto('store_ledger_transfer')
        .values({ store_id: storeId, debit_account_id: clearing, credit_account_id: pendingOf.get(storeId), amount_cents: amount, kind: 'bench_plain', source_type: 'order', source_id: orderId, order_id: orderId, idempotency_key: null, pending_id: null, created_at: at, day })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('store_ledger_entry')
        .values([
          { transfer_id: id, account_id: clearing, store_id: null, direction: 'debit', amount_cents: amount, created_at: at, day },
          { transfer_id: id, account_id: pendingOf.get(storeId), store_id: storeId, direction: 'credit', amount_cents: amount, created_at: at, day },
        ])
        .execute();
    });

  const rates = { ledger: [], plain: [] };
  for (let round = 0; round < ROUNDS; round++) {
    rates.ledger.push(await measure(TRANSFERS, ledger));
    rates.plain.push(await measure(TRANSFERS, plain));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  // The plain rows moved no balance row on purpose: take them out before the check.
  await sql`alter table store_ledger_entry disable trigger user`.execute(db);
  await sql`alter table store_ledger_transfer disable trigger user`.execute(db);
  await sql`delete from store_ledger_entry where transfer_id in (select id from store_ledger_transfer where kind = 'bench_plain')`.execute(db);
  await sql`delete from store_ledger_transfer where kind = 'bench_plain'`.execute(db);
  const check = await checkLedger(db);
  console.log(`ledger transfers on PostgreSQL: ${TRANSFERS} per round, ${WORKERS} workers over ${stores.length} stores, ${ROUNDS} rounds; ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`);
  console.log('| writer | transfers/s (median) | rounds | vs plain inserts |');
  console.log('|---|---|---|---|');
  console.log(`| ledger (postOrderPayment: key check, balance row, day row, 2 entries) | ${median(rates.ledger).toFixed(0)} | ${rates.ledger.map((r) => r.toFixed(0)).join(', ')} | ${(median(rates.ledger) / median(rates.plain)).toFixed(2)}× |`);
  console.log(`| plain inserts (transfer + 2 entries) | ${median(rates.plain).toFixed(0)} | ${rates.plain.map((r) => r.toFixed(0)).join(', ')} | 1.00× |`);
  console.log(`checkLedger: ${check.ok ? 'ok' : JSON.stringify(check.breaks)} (${check.counted.transfers} transfers, ${check.counted.entries} entries)`);
  if (!check.ok) process.exitCode = 1;
} finally {
  await handle.close();
  await withPg(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
