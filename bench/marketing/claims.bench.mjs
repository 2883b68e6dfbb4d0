/* global performance */
// Coupon claims at the limit (issue 28 figures): claims per second when 2 × L buyers claim a template with an
// issue limit of L all at once, on PostgreSQL, with the count checked exact (taken = L, L coupon rows, L
// refusals logged) after every round. The claim is the coupons module's own (CouponsService.claim: the
// template's conditional UPDATE, the buyer's conditional upsert, the coupon's insert, in one transaction; a
// refusal logged with its reason), bundled from source. Baseline in the same run, on the same pool: the bare
// conditional UPDATE of a template row (`update … set taken = taken + 1 where id = $1 and taken + 1 <=
// issue_limit`, autocommit), 2 × L at once against its own fresh row. Rounds alternate the two cases so a
// busy machine slows them alike; medians over the rounds. Runs in a throw-away schema, dropped at the end.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/marketing/claims.bench.mjs [--limit 500] [--rounds 7]
//   smoke: --limit 50 --rounds 2
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importFromSource } from '../lib/source-bundle.mjs';

const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const LIMIT = flag('--limit', 500);
const ROUNDS = flag('--rounds', 7);
const ATTEMPTS = 2 * LIMIT;
const STORE = 1001;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('bench/marketing/claims needs PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(2);
}

const here = path.dirname(fileURLToPath(import.meta.url));
const { openStoreDatabase, seedDemoData, systemClock, ClaimRefused, CouponsService, CouponsRepository, sql } = await importFromSource(here, path.join(here, 'claims-harness.ts'));

const schema = `coupon_bench_${randomBytes(4).toString('hex')}`;
const handle = await openStoreDatabase({ databaseUrl, dataDir: 'memory://', schema });
const db = handle.db;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  await seedDemoData(db, systemClock);
  const repository = new CouponsRepository(db);
  const service = new CouponsService(repository, systemClock);
  const newTemplate = (name) =>
    repository.insertTemplate(
      STORE,
      { name, kind: 1, amountCents: 500, percentOffBp: null, capCents: null, thresholdCents: 0, scope: 1, scopeIds: [], issueLimit: LIMIT, perBuyerLimit: 1, validity: 2, validFrom: null, validUntil: null, validDays: 30 },
      new Date(),
    );

  async function claimRound(round) {
    const template = await newTemplate(`bench claims ${round}`);
    const t0 = performance.now();
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        service.claim(STORE, template.id, [{ buyerAccid: `bench_${round}_${i}`, buyerPhone: '13900000000' }]).then(
          () => true,
          (error) => {
            if (error instanceof ClaimRefused) return false;
            throw error;
          },
        ),
      ),
    );
    const ms = performance.now() - t0;
    const granted = answers.filter(Boolean).length;
    const taken = (await db.selectFrom('store_coupon_template').select('taken').where('id', '=', template.id).executeTakeFirstOrThrow()).taken;
    const rows = Number((await db.selectFrom('store_coupon').select((eb) => eb.fn.countAll().as('n')).where('template_id', '=', template.id).executeTakeFirstOrThrow()).n);
    const refusals = Number((await db.selectFrom('store_coupon_refusal').select((eb) => eb.fn.countAll().as('n')).where('template_id', '=', template.id).executeTakeFirstOrThrow()).n);
    const exact = granted === LIMIT && taken === LIMIT && rows === LIMIT && refusals === ATTEMPTS - LIMIT;
    return { ms, granted, exact };
  }

  async function bareRound(round) {
    const template = await newTemplate(`bench bare ${round}`);
    const t0 = performance.now();
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, () =>
        sql`update store_coupon_template set taken = taken + 1 where id = ${template.id} and taken + 1 <= issue_limit returning taken`.execute(db).then((r) => r.rows.length === 1),
      ),
    );
    const ms = performance.now() - t0;
    const granted = answers.filter(Boolean).length;
    const taken = (await db.selectFrom('store_coupon_template').select('taken').where('id', '=', template.id).executeTakeFirstOrThrow()).taken;
    return { ms, granted, exact: granted === LIMIT && taken === LIMIT };
  }

  await claimRound('warm');
  await bareRound('warm');
  const claims = [];
  const bare = [];
  for (let round = 0; round < ROUNDS; round++) {
    claims.push(await claimRound(round));
    bare.push(await bareRound(round));
  }
  const perSecond = (rounds) => median(rounds.map((r) => (ATTEMPTS / r.ms) * 1000));
  const allExact = (rounds) => rounds.every((r) => r.exact);
  const claimRate = perSecond(claims);
  const bareRate = perSecond(bare);
  console.log(`coupon claims at the limit: ${ATTEMPTS} at once against an issue limit of ${LIMIT}, ${ROUNDS} rounds, PostgreSQL, pool of 10`);
  console.log(`node ${process.version}, ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ${new Date().toISOString()}`);
  console.log('| case | attempts/s (median) | round ms (median) | granted per round | exact every round | ratio |');
  console.log('|---|---|---|---|---|---|');
  console.log(`| CouponsService.claim | ${claimRate.toFixed(0)} | ${median(claims.map((r) => r.ms)).toFixed(1)} | ${claims.map((r) => r.granted).join(', ')} | ${allExact(claims) ? 'yes' : 'NO'} | ${(claimRate / bareRate).toFixed(2)}× |`);
  console.log(`| bare conditional UPDATE | ${bareRate.toFixed(0)} | ${median(bare.map((r) => r.ms)).toFixed(1)} | ${bare.map((r) => r.granted).join(', ')} | ${allExact(bare) ? 'yes' : 'NO'} | 1.00× |`);
  if (!allExact(claims) || !allExact(bare)) process.exitCode = 1;
} finally {
  await sql`drop schema ${sql.id(schema)} cascade`.execute(db).catch(() => undefined);
  await handle.close();
}
