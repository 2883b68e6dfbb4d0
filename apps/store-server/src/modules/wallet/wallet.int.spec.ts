import { randomUUID } from 'node:crypto';
import { PERMISSION_DENIED, PAY_PASSWORD_LOCK_MINUTES, PAY_PASSWORD_MAX_FAILURES, STORE_CODES, WITHDRAWAL_STALE_SECONDS, WITHDRAWAL_STATE, walletEndpoints as api, type PageOf, type WithdrawalRecord, type LedgerEntryRecord } from '@merchant/api-contracts';
import { isSecureTransportError } from '@merchant/secure-transport';
import { sql } from 'kysely';
import { DEMO_SUPPORT } from '../../db/seed-staff';
import { addSeconds, systemClock } from '../../shared/clock';
import { hashSecret } from '../../shared/passwords';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { balances, checkLedger, transfer } from '../ledger';
import { runLedgerCheck } from '../operator/operator.cli';
import { WalletRepository } from './wallet.repository';
import { WalletService, type PayoutGateway } from './wallet.service';

// Issue 29 withdrawals through real HTTP (PGlite, or PostgreSQL with DATABASE_URL, where the concurrent requests run
// on parallel connections), paid out by the sandbox provider over signed HTTP: freeze → post once, every refusal
// changing nothing (bad amounts, over the available balance, wrong pay password and its lockout, the blacklist with
// its remark, the pause after a card change), idempotency keys, another store's ids, a staff member without the
// code, the sweep after a crash, and concurrency (100 withdrawals against a balance covering 10; 20 repeats of a key).
const OK = STORE_CODES.success;
const STORE = 1001;
const PAY_PASSWORD = '135790';
const OTHER_STORE_USER = 'demo_closing'; // store 1007, pay password 135790 (db/seed.ts)
const OPERATOR_KEY = 'wallet-test-operator-key';

// A hundred pay-password checks at once take minutes on a loaded 2-core machine.
jest.setTimeout(300_000);

let h: TestHarness;
beforeAll(async () => {
  h = await startTestServer({ config: { sandboxProviderDelayMs: 20, operatorKey: OPERATOR_KEY } });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.reset();
  await db().updateTable('store_user').set({ pay_password_hash: await hashSecret(PAY_PASSWORD) }).where('username', '=', 'demo_merchant').execute();
});

const db = () => h.database.db;
const owner = () => h.login('demo_merchant', 'Demo12345');
const apply = (token: string, amountCents: number, over: Record<string, unknown> = {}) =>
  h.call<WithdrawalRecord>(api.applyWithdrawal.path, { amountCents, payPassword: PAY_PASSWORD, ...over }, token);
/** Leaves exactly `cents` available: the rest moves to the deposit (a ledger transfer, as the wallet page's transfer would). */
async function availableExactly(cents: number) {
  const { available } = await balances(db(), STORE);
  expect(available).toBeGreaterThan(cents);
  await transfer(db(), { storeId: STORE, debit: { store: 'available' }, credit: { store: 'deposit' }, amountCents: available - cents, kind: 'wallet_to_deposit', source: { type: 'transfer', id: 1 }, at: new Date() });
}
/**
 * A withdrawal from its own client with a long timeout: a hundred pay-password checks at once keep the two cores
 * busy for longer than the console's request timeout, and a timed-out client is not what these tests measure.
 */
async function applyPatiently(token: string, amountCents: number, idempotencyKey: string = randomUUID()): Promise<{ code: string; msg: string; data: WithdrawalRecord | null }> {
  const client = h.client(token);
  try {
    return (await client.request<WithdrawalRecord>(api.applyWithdrawal.path, { amountCents, payPassword: PAY_PASSWORD, idempotencyKey }, { silent: true, timeoutMs: 300_000 })) as { code: string; msg: string; data: WithdrawalRecord };
  } catch (error) {
    if (isSecureTransportError(error)) return { code: error.code, msg: error.msg, data: null };
    throw error;
  } finally {
    client.dispose();
  }
}
const detail = (token: string, withdrawalId: number) => h.call<WithdrawalRecord>(api.queryWithdrawalDetail.path, { withdrawalId }, token);

/** Everything a withdrawal may change. */
async function money() {
  return {
    balances: await balances(db(), STORE),
    withdrawals: (await db().selectFrom('store_withdrawal').select(['id', 'state']).orderBy('id').execute()).map((w) => `${w.id}:${w.state}`),
    transfers: Number((await db().selectFrom('store_ledger_transfer').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  };
}

/** Polls the withdrawal until it leaves processing (the provider's callback), at most ~10 s. */
async function settled(token: string, withdrawalId: number): Promise<WithdrawalRecord> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const record = (await detail(token, withdrawalId)).data;
    if (record.state !== WITHDRAWAL_STATE.processing) return record;
    // fixed wait: poll interval while the provider's callback is due; the loop bound ends the wait
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`withdrawal ${withdrawalId} still processing`);
}

describe('withdrawals', () => {
  it('freezes at once, is paid out by the provider, and posts once; a repeated key answers the first', async () => {
    const token = await owner();
    const before = await balances(db(), STORE);
    expect(before.available).toBeGreaterThan(10_000);
    const key = randomUUID();
    const first = await apply(token, 10_000, { idempotencyKey: key });
    expect([first.code, first.data.amountCents, first.data.cardLast4]).toEqual([OK, 10_000, '4482']);
    const paid = await settled(token, first.data.withdrawalId);
    expect(paid.state).toBe(WITHDRAWAL_STATE.paid);
    expect(await balances(db(), STORE)).toEqual({ ...before, available: before.available - 10_000 });

    const again = await apply(token, 10_000, { idempotencyKey: key });
    expect([again.code, again.data.withdrawalId]).toEqual([OK, first.data.withdrawalId]);
    expect((await apply(token, 20_000, { idempotencyKey: key })).code).toBe(STORE_CODES.alreadyExists);
    expect((await balances(db(), STORE)).available).toBe(before.available - 10_000);

    const flow = await h.call<PageOf<LedgerEntryRecord>>(api.queryLedgerEntries.path, { pageSize: 10, kind: 'withdrawal_freeze', account: 'available' }, token);
    expect(flow.data.list[0]).toMatchObject({ account: 'available', amountCents: -10_000, sourceType: 'withdrawal', sourceId: first.data.withdrawalId });
    const account = await h.call<Record<string, number>>('/v1/store/pay/account/queryPayAccountByUser', {}, token);
    expect(account.data.availableBalance).toBe(before.available - 10_000);
    expect(await checkLedger(db())).toMatchObject({ ok: true });
  });

  it('voids a payout the bank refuses: the money goes back to available', async () => {
    const token = await owner();
    await db().updateTable('store_bank_card').set({ card_number: '6222021001122334' }).where('store_id', '=', STORE).execute(); // ends in 4: the sandbox refuses it
    const before = await balances(db(), STORE);
    const applied = await apply(token, 5_000);
    const failed = await settled(token, applied.data.withdrawalId);
    expect([failed.state, failed.failReason !== null]).toEqual([WITHDRAWAL_STATE.failed, true]);
    expect(await balances(db(), STORE)).toEqual(before);
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('refuses bad amounts, an amount over the available balance and a wrong pay password, changing nothing', async () => {
    const token = await owner();
    await availableExactly(7_000);
    const before = await money();
    for (const amountCents of [0, -100, 100.5, 99]) {
      const refused = await apply(token, amountCents);
      expect([amountCents, refused.code]).toEqual([amountCents, STORE_CODES.invalidParameter]);
    }
    const over = await apply(token, before.balances.available + 100);
    expect([over.code, over.msg]).toEqual([STORE_CODES.notAllowedInCurrentState, 'the available balance is not enough']);
    expect((await apply(token, 1_000, { payPassword: '000000' })).code).toBe(STORE_CODES.wrongPayPassword);
    expect(await money()).toEqual(before);
  });

  it(`locks the pay password after ${PAY_PASSWORD_MAX_FAILURES} wrong tries for ${PAY_PASSWORD_LOCK_MINUTES} minutes`, async () => {
    const token = await owner();
    const before = await money();
    for (let i = 0; i < PAY_PASSWORD_MAX_FAILURES; i++) expect((await apply(token, 1_000, { payPassword: '000000' })).code).toBe(STORE_CODES.wrongPayPassword);
    // Locked: even the right password is refused, and nothing moves.
    expect((await apply(token, 1_000)).code).toBe(STORE_CODES.tooManyAttempts);
    expect(await money()).toEqual(before);
    // The failures age past the window (as if M minutes had passed): the right password works again.
    await sql`update store_rate_event set occurred_at = occurred_at - ${`${PAY_PASSWORD_LOCK_MINUTES} minutes`}::interval where bucket = 'pay-password-failure'`.execute(db());
    expect((await apply(token, 1_000)).code).toBe(OK);
  });

  it('refuses a blacklisted store with the blacklist remark, and pauses after a card change', async () => {
    const token = await owner();
    const before = await money();
    await db().insertInto('store_withdraw_blacklist').values({ store_id: STORE, remark: 'deposit dispute under review' }).execute();
    const refused = await apply(token, 1_000);
    expect([refused.code, refused.msg, refused.errInfo]).toEqual([
      STORE_CODES.notAllowedInCurrentState,
      'the store is on the withdrawal blacklist and cannot withdraw: deposit dispute under review',
      { blacklistRemark: 'deposit dispute under review' },
    ]);
    await db().deleteFrom('store_withdraw_blacklist').where('store_id', '=', STORE).execute();
    await db().updateTable('store_bank_card').set({ withdrawals_paused_until: addSeconds(new Date(), 3_600) }).where('store_id', '=', STORE).execute();
    const paused = await apply(token, 1_000);
    expect([paused.code, paused.msg]).toEqual([STORE_CODES.notAllowedInCurrentState, expect.stringContaining('withdrawals pause for 24 hours')]);
    expect(await money()).toEqual(before);
  });

  it("shows a store only its own withdrawals and entries; staff without wallet:withdraw are refused", async () => {
    const token = await owner();
    const mine = await apply(token, 1_000);
    const other = await h.login(OTHER_STORE_USER, 'Demo12345');
    expect((await detail(other, mine.data.withdrawalId)).code).toBe(STORE_CODES.notFound);
    expect((await h.call<PageOf<WithdrawalRecord>>(api.queryWithdrawalList.path, {}, other)).data.total).toBe(0);
    expect((await h.call<PageOf<LedgerEntryRecord>>(api.queryLedgerEntries.path, {}, other)).data.total).toBe(0);
    const support = await h.login(DEMO_SUPPORT.userName, DEMO_SUPPORT.password);
    const before = await money();
    expect((await apply(support, 1_000)).code).toBe(PERMISSION_DENIED);
    expect((await h.call(api.queryLedgerEntries.path, {}, support)).code).toBe(PERMISSION_DENIED);
    expect(await money()).toEqual(before);
  });
});

describe('the sweep after a crash', () => {
  it('asks for the payout a crash never asked for, once, and posts it once', async () => {
    const repository = new WalletRepository(db());
    const cards = { withdrawalCard: async () => ({ bank_code: 'ICBC', card_number: '6222021001122334482', account_name: 'Demo' }) };
    const noPassword = { check: async () => undefined };
    const down: PayoutGateway = { requestPayout: () => Promise.reject(new Error('provider unreachable')), payout: () => Promise.reject(new Error('provider unreachable')) };
    const before = await balances(db(), STORE);
    const crashed = await new WalletService(repository, systemClock, noPassword, cards, down).apply({ userId: 1, storeId: STORE, accessToken: '' }, { amountCents: 2_500, payPassword: PAY_PASSWORD, idempotencyKey: randomUUID() });
    expect([crashed.state, (await balances(db(), STORE)).frozen]).toEqual([WITHDRAWAL_STATE.processing, before.frozen + 2_500]);

    const asked: string[] = [];
    const provider: PayoutGateway = {
      requestPayout: async (input) => (asked.push(input.reference), { transferId: `t-${input.reference}`, status: 'succeeded', failureReason: null }),
      payout: async (transferId) => ({ transferId, status: 'succeeded', failureReason: null }),
    };
    const later = { now: () => addSeconds(new Date(), WITHDRAWAL_STALE_SECONDS + 1) };
    const sweeper = new WalletService(repository, later, noPassword, cards, provider);
    const cardOf = async () => '6222021001122334482';
    // Not stale yet on the real clock: the sweep leaves it alone.
    expect(await new WalletService(repository, systemClock, noPassword, cards, provider).sweepStale(cardOf)).toBe(0);
    expect(await sweeper.sweepStale(cardOf)).toBe(1);
    expect(await sweeper.sweepStale(cardOf)).toBe(0);
    expect(asked).toEqual([expect.stringMatching(new RegExp(`^W${crashed.withdrawalId}-`))]);
    expect(await balances(db(), STORE)).toEqual({ ...before, available: before.available - 2_500 });
    expect((await checkLedger(db())).ok).toBe(true);
  });
});

describe('concurrency', () => {
  it('100 concurrent withdrawals against a balance covering 10 succeed exactly 10 times', async () => {
    const token = await owner();
    // Covers 10 withdrawals and most of an 11th.
    const amountCents = 1_000;
    const available = 10 * amountCents + 999;
    await availableExactly(available);
    const answers = await Promise.all(Array.from({ length: 100 }, () => applyPatiently(token, amountCents)));
    const codes = answers.map((a) => a.code);
    expect(answers.filter((a) => a.code !== OK && a.code !== STORE_CODES.notAllowedInCurrentState).map((a) => `${a.code} ${a.msg}`)).toEqual([]);
    expect(codes.filter((c) => c === OK)).toHaveLength(10);
    expect(codes.filter((c) => c !== OK).every((c) => c === STORE_CODES.notAllowedInCurrentState)).toBe(true);
    const after = await balances(db(), STORE);
    expect(after.available).toBe(available - 10 * amountCents);
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('20 concurrent repeats of one idempotency key move the money once', async () => {
    const token = await owner();
    const before = await balances(db(), STORE);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => applyPatiently(token, 3_000, key)));
    expect(new Set(answers.map((a) => `${a.code}:${a.data?.withdrawalId}`)).size).toBe(1);
    expect(answers[0]!.code).toBe(OK);
    expect((await db().selectFrom('store_withdrawal').select('id').where('idempotency_key', '=', key).execute()).length).toBe(1);
    expect((await balances(db(), STORE)).available).toBe(before.available - 3_000);
    expect((await checkLedger(db())).ok).toBe(true);
  });
});

describe('npm run operator -- ledger-check', () => {
  it('prints the check and exits 0 when every invariant holds, 1 with the break otherwise', async () => {
    const env = { STORE_SERVER_URL: h.url, OPERATOR_KEY };
    const lines: string[] = [];
    expect(await runLedgerCheck(env, (line) => lines.push(line))).toBe(0);
    expect(lines[0]).toMatch(/^ledger check: ok \(\d+ transfers, \d+ entries, \d+ store accounts, \d+ account-days\)$/);
    await sql`update store_ledger_account set credits_cents = credits_cents + 1 where store_id = ${STORE} and code = 'available'`.execute(db());
    lines.length = 0;
    expect(await runLedgerCheck(env, (line) => lines.push(line))).toBe(1);
    expect(lines.join('\n')).toContain('balance-row-equals-entries');
    expect(await runLedgerCheck({ ...env, OPERATOR_KEY: 'wrong' }, () => undefined)).toBe(1);
  });
});
