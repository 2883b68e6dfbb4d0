import { randomUUID } from 'node:crypto';
import {
  DEPOSIT_TOP_UP_LIMITS,
  PERMISSION_DENIED,
  STORE_CODES,
  TOP_UP_STATE,
  depositEndpoints as api,
  type DepositTopUpRecord,
  type DepositTransferDetail,
  type DepositTransferRecord,
  type PageOf,
} from '@merchant/api-contracts';
import { isSecureTransportError } from '@merchant/secure-transport';
import { DEMO_SUPPORT } from '../../db/seed-staff';
import { addSeconds, systemClock } from '../../shared/clock';
import { hashSecret } from '../../shared/passwords';
import { eventually } from '../../testing/eventually';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { balances, checkLedger, transfer } from '../ledger';
import { SANDBOX_CALLBACK_PATH, SANDBOX_FAILING_PAYMENT_CENTS, signedHeaders } from '../sandbox-provider';
import { DepositRepository } from './deposit.repository';
import { DepositService, TOP_UP_RECHECK_SECONDS, type PaymentGateway } from './deposit.service';

// Issue 29 deposit calls through real HTTP (PGlite, or PostgreSQL with DATABASE_URL, where concurrent requests run on
// parallel connections): a top-up paid by the sandbox provider's real signed callback posts once, however often and
// however concurrently its outcome is delivered; a declined payment posts nothing; wallet/deposit transfers with the
// pay password move once per key and never more than the source holds; another store's ids and a staff member
// without wallet:top-up are refused; the ledger's invariants hold after each.
const OK = STORE_CODES.success;
const STORE = 1001;
const PAY_PASSWORD = '135790';
const SECRET = 'deposit-int-spec-secret';
const OTHER_STORE_USER = 'demo_closing'; // store 1007 (db/seed.ts)

jest.setTimeout(300_000);

let h: TestHarness;
beforeAll(async () => {
  h = await startTestServer({ config: { sandboxProviderDelayMs: 20, sandboxProviderSecret: SECRET } });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.reset();
  await db().updateTable('store_user').set({ pay_password_hash: await hashSecret(PAY_PASSWORD) }).where('username', '=', 'demo_merchant').execute();
});

const db = () => h.database.db;
const owner = () => h.login('demo_merchant', 'Demo12345');
const topUp = (token: string, amountCents: number, over: Record<string, unknown> = {}) => h.call<DepositTopUpRecord>(api.applyTopUp.path, { amountCents, ...over }, token);
const topUpDetail = (token: string, topUpId: number) => h.call<DepositTopUpRecord>(api.queryTopUpDetail.path, { topUpId }, token);
const move = (token: string, direction: 'wallet_to_deposit' | 'deposit_to_wallet', amountCents: number, over: Record<string, unknown> = {}) =>
  h.call<DepositTransferRecord>(api.applyTransfer.path, { direction, amountCents, payPassword: PAY_PASSWORD, ...over }, token);

/** A transfer from its own client with a long timeout: twenty pay-password checks at once keep two cores busy. */
async function movePatiently(token: string, amountCents: number, idempotencyKey: string = randomUUID()): Promise<{ code: string; msg: string; data: DepositTransferRecord | null }> {
  const client = h.client(token);
  try {
    return (await client.request<DepositTransferRecord>(api.applyTransfer.path, { direction: 'wallet_to_deposit', amountCents, payPassword: PAY_PASSWORD, idempotencyKey }, { silent: true, timeoutMs: 300_000 })) as {
      code: string;
      msg: string;
      data: DepositTransferRecord;
    };
  } catch (error) {
    if (isSecureTransportError(error)) return { code: error.code, msg: error.msg, data: null };
    throw error;
  } finally {
    client.dispose();
  }
}

/** The top-up once it has left pending (the provider's callback), within a deadline. */
const resolved = (token: string, topUpId: number) =>
  eventually(
    async () => (await topUpDetail(token, topUpId)).data,
    (record) => record.state !== TOP_UP_STATE.pending,
    { timeoutMs: 30_000, intervalMs: 50 },
  );

const postingsOf = async (topUpId: number) =>
  (await db().selectFrom('store_ledger_transfer').select(['id', 'amount_cents']).where('store_id', '=', STORE).where('source_type', '=', 'top_up').where('source_id', '=', topUpId).execute()).length;
const transferCount = async () => Number((await db().selectFrom('store_ledger_transfer').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** Posts a payment outcome to store-server's receiver, signed with the provider's secret, as the provider would. */
function deliver(event: { eventId: string; transferId: string; reference: string; amountCents: number; status: 'succeeded' | 'failed' }) {
  const body = JSON.stringify({ ...event, kind: 'payment', failureReason: event.status === 'failed' ? 'declined' : null, completedAt: Date.now() });
  return fetch(`${h.url}${SANDBOX_CALLBACK_PATH}`, { method: 'POST', headers: signedHeaders(SECRET, Date.now(), body), body });
}

/** Leaves exactly `cents` available: the rest moves to the deposit on the ledger. */
async function availableExactly(cents: number) {
  const { available } = await balances(db(), STORE);
  expect(available).toBeGreaterThan(cents);
  await transfer(db(), { storeId: STORE, debit: { store: 'available' }, credit: { store: 'deposit' }, amountCents: available - cents, kind: 'wallet_to_deposit', source: { type: 'transfer', id: 1 }, at: new Date() });
}

describe('deposit top-ups', () => {
  it('is pending until the provider calls back, then paid: the deposit grows by exactly the amount, once', async () => {
    const token = await owner();
    const before = await balances(db(), STORE);
    const key = randomUUID();
    const applied = await topUp(token, 12_300, { idempotencyKey: key });
    expect([applied.code, applied.data.amountCents, applied.data.state]).toEqual([OK, 12_300, TOP_UP_STATE.pending]);
    const paid = await resolved(token, applied.data.topUpId);
    expect([paid.state, paid.failReason, paid.resolveTime !== null]).toEqual([TOP_UP_STATE.paid, null, true]);
    expect(await balances(db(), STORE)).toEqual({ ...before, deposit: before.deposit + 12_300 });
    expect(await postingsOf(applied.data.topUpId)).toBe(1);

    // The same key answers the first answer (the same top-up); with another amount it is refused; neither moves money.
    const again = await topUp(token, 12_300, { idempotencyKey: key });
    expect([again.code, again.data.topUpId]).toEqual([OK, applied.data.topUpId]);
    expect((await topUp(token, 99_900, { idempotencyKey: key })).code).toBe(STORE_CODES.alreadyExists);
    const list = await h.call<PageOf<DepositTopUpRecord>>(api.queryTopUpList.path, { pageSize: 5 }, token);
    expect(list.data.list[0]).toMatchObject({ topUpId: applied.data.topUpId, state: TOP_UP_STATE.paid, amountCents: 12_300 });
    expect((await balances(db(), STORE)).deposit).toBe(before.deposit + 12_300);
    expect(await checkLedger(db())).toMatchObject({ ok: true });
  });

  it('posts once when the signed callback is delivered again and concurrently (replays and forged event ids included)', async () => {
    const token = await owner();
    const before = await balances(db(), STORE);
    const applied = await topUp(token, 45_600);
    const row = await db().selectFrom('store_deposit_top_up').selectAll().where('id', '=', applied.data.topUpId).executeTakeFirstOrThrow();
    expect(row.provider_transfer_id).not.toBeNull();
    const event = { eventId: `${row.provider_transfer_id}.succeeded`, transferId: row.provider_transfer_id!, reference: row.provider_reference, amountCents: 45_600, status: 'succeeded' as const };
    // Racing the provider's own delivery: the same event ten times, and ten more with event ids of their own.
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => deliver(event)),
      ...Array.from({ length: 10 }, (_, i) => deliver({ ...event, eventId: `${event.eventId}.again-${i}` })),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    await resolved(token, applied.data.topUpId);
    // The provider's delivery too: marked delivered once it has answered.
    await eventually(
      () => db().selectFrom('sandbox_provider_transfer').select('callback_delivered_at').where('id', '=', row.provider_transfer_id!).executeTakeFirstOrThrow(),
      (t) => t.callback_delivered_at !== null,
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    // A late "failed" for the same payment, and an outcome for another amount, change nothing either.
    expect((await deliver({ ...event, eventId: `${event.transferId}.failed`, status: 'failed' })).status).toBe(200);
    expect((await deliver({ ...event, eventId: 'other-amount', amountCents: 1 })).status).toBe(200);
    expect(await postingsOf(applied.data.topUpId)).toBe(1);
    expect((await topUpDetail(token, applied.data.topUpId)).data.state).toBe(TOP_UP_STATE.paid);
    expect(await balances(db(), STORE)).toEqual({ ...before, deposit: before.deposit + 45_600 });
    // An unsigned callback is refused before anything is read.
    const unsigned = await fetch(`${h.url}${SANDBOX_CALLBACK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...event, eventId: 'unsigned' }) });
    expect(unsigned.status).toBe(401);
    expect(await checkLedger(db())).toMatchObject({ ok: true });
  });

  it('marks a declined payment failed and posts nothing', async () => {
    const token = await owner();
    const before = await balances(db(), STORE);
    const transfersBefore = await transferCount();
    const amountCents = 10_000 + SANDBOX_FAILING_PAYMENT_CENTS; // 100.04 yuan: the sandbox declines it
    const applied = await topUp(token, amountCents);
    const failed = await resolved(token, applied.data.topUpId);
    expect([failed.state, failed.failReason]).toEqual([TOP_UP_STATE.failed, 'payment declined by the payer']);
    expect(await postingsOf(applied.data.topUpId)).toBe(0);
    expect(await transferCount()).toBe(transfersBefore);
    expect(await balances(db(), STORE)).toEqual(before);
  });

  it('refuses bad amounts, changing nothing', async () => {
    const token = await owner();
    const rows = async () => (await db().selectFrom('store_deposit_top_up').select('id').execute()).length;
    const before = await rows();
    for (const amountCents of [0, -100, 100.5, DEPOSIT_TOP_UP_LIMITS.minCents - 1, DEPOSIT_TOP_UP_LIMITS.maxCents + 1]) {
      expect([amountCents, (await topUp(token, amountCents)).code]).toEqual([amountCents, STORE_CODES.invalidParameter]);
    }
    expect(await rows()).toBe(before);
  });
});

describe('a lost callback', () => {
  it('resolves a top-up whose callbacks never arrived from a later look at the provider, once; an unreachable provider is asked again', async () => {
    const caller = { userId: 1, storeId: STORE, accessToken: '' };
    const before = await balances(db(), STORE);
    let status: 'pending' | 'succeeded' = 'pending';
    const looks: string[] = [];
    const provider: PaymentGateway = {
      requestPayment: async (input) => ({ transferId: `t-${input.reference}`, status: 'pending', failureReason: null }),
      payment: async (transferId) => (looks.push(transferId), { transferId, status, failureReason: null }),
    };
    const noPassword = { check: async () => undefined };
    const repository = new DepositRepository(db());
    const now = new DepositService(repository, systemClock, noPassword, provider);
    const later = new DepositService(repository, { now: () => addSeconds(new Date(), TOP_UP_RECHECK_SECONDS + 1) }, noPassword, provider);
    const applied = await now.applyTopUp(caller, { amountCents: 7_700, idempotencyKey: randomUUID() });
    // Fresh: no look at the provider yet. Later, while the provider still says pending: still pending.
    expect((await now.topUp(caller, applied.topUpId)).state).toBe(TOP_UP_STATE.pending);
    expect(looks).toEqual([]);
    expect((await later.topUp(caller, applied.topUpId)).state).toBe(TOP_UP_STATE.pending);
    // The provider settled it and its callbacks were lost: the next look posts it, and only once.
    status = 'succeeded';
    const resolvedLooks = await Promise.all(Array.from({ length: 5 }, () => later.topUp(caller, applied.topUpId)));
    expect(resolvedLooks.map((t) => t.state)).toEqual(Array(5).fill(TOP_UP_STATE.paid));
    expect(await postingsOf(applied.topUpId)).toBe(1);
    expect(await balances(db(), STORE)).toEqual({ ...before, deposit: before.deposit + 7_700 });

    // A provider that cannot be reached leaves a new top-up pending; the next look asks again with the same reference.
    const asked: string[] = [];
    let reachable = false;
    const flaky: PaymentGateway = {
      requestPayment: async (input) => {
        asked.push(input.reference);
        if (!reachable) throw new Error('provider unreachable');
        return { transferId: `t-${input.reference}`, status: 'pending', failureReason: null };
      },
      payment: provider.payment,
    };
    const offline = new DepositService(repository, systemClock, noPassword, flaky);
    const stuck = await offline.applyTopUp(caller, { amountCents: 1_100, idempotencyKey: randomUUID() });
    expect(stuck.state).toBe(TOP_UP_STATE.pending);
    reachable = true;
    await offline.topUp(caller, stuck.topUpId);
    expect(asked).toHaveLength(2);
    expect(new Set(asked).size).toBe(1);
    expect((await db().selectFrom('store_deposit_top_up').select('provider_transfer_id').where('id', '=', stuck.topUpId).executeTakeFirstOrThrow()).provider_transfer_id).toBe(`t-${asked[0]}`);
    expect((await checkLedger(db())).ok).toBe(true);
  });
});

describe('wallet ⇄ deposit transfers', () => {
  it('moves both ways with the pay password, lists each move and refuses what the source does not hold', async () => {
    const token = await owner();
    const before = await balances(db(), STORE);
    expect(before.available).toBeGreaterThan(5_000);
    const there = await move(token, 'wallet_to_deposit', 5_000);
    expect([there.code, there.data.kind, there.data.from, there.data.to, there.data.amountCents]).toEqual([OK, 'wallet_to_deposit', 'available', 'deposit', 5_000]);
    const back = await move(token, 'deposit_to_wallet', 2_000);
    expect([back.code, back.data.from, back.data.to]).toEqual([OK, 'deposit', 'available']);
    const after = await balances(db(), STORE);
    expect(after).toEqual({ ...before, available: before.available - 3_000, deposit: before.deposit + 3_000 });

    const list = await h.call<PageOf<DepositTransferRecord>>(api.queryTransferList.path, { pageSize: 20 }, token);
    expect(list.data.list.slice(0, 2).map((r) => r.transferId)).toEqual([back.data.transferId, there.data.transferId]);
    // The seeded platform adjustments are listed with their remark, and filter by kind.
    const adjustments = await h.call<PageOf<DepositTransferRecord>>(api.queryTransferList.path, { kind: 'adjustment' }, token);
    expect(adjustments.data.total).toBeGreaterThanOrEqual(2);
    expect(adjustments.data.list.every((r) => r.kind === 'adjustment' && r.remark !== null && (r.from === 'platform' || r.to === 'platform'))).toBe(true);
    const detail = await h.call<DepositTransferDetail>(api.queryTransferDetail.path, { transferId: there.data.transferId }, token);
    expect(detail.data).toMatchObject({ transferId: there.data.transferId, kind: 'wallet_to_deposit', depositCents: after.deposit, availableCents: after.available });
    // The money flow names the move by its source document: that id opens the same record.
    const { source_id: documentId } = await db().selectFrom('store_ledger_transfer').select('source_id').where('id', '=', there.data.transferId).executeTakeFirstOrThrow();
    const byDocument = await h.call<DepositTransferDetail>(api.queryTransferDetail.path, { transferId: Number(documentId) }, token);
    expect([Number(documentId) >= 900_001, byDocument.data.transferId]).toEqual([true, there.data.transferId]);

    const over = await move(token, 'deposit_to_wallet', after.deposit + 100);
    expect([over.code, over.msg]).toEqual([STORE_CODES.notAllowedInCurrentState, 'the deposit balance is not enough']);
    const overAvailable = await move(token, 'wallet_to_deposit', after.available + 100);
    expect([overAvailable.code, overAvailable.msg]).toEqual([STORE_CODES.notAllowedInCurrentState, 'the available balance is not enough']);
    expect((await move(token, 'wallet_to_deposit', 1_000, { payPassword: '000000' })).code).toBe(STORE_CODES.wrongPayPassword);
    for (const amountCents of [0, -100, 100.5, 99]) expect((await move(token, 'wallet_to_deposit', amountCents)).code).toBe(STORE_CODES.invalidParameter);
    expect(await balances(db(), STORE)).toEqual(after);
    expect(await checkLedger(db())).toMatchObject({ ok: true });
  });

  it('a repeated key answers the first move; the same key with other fields is refused', async () => {
    const token = await owner();
    const before = await balances(db(), STORE);
    const idempotencyKey = randomUUID();
    const first = await move(token, 'wallet_to_deposit', 1_500, { idempotencyKey });
    const again = await move(token, 'wallet_to_deposit', 1_500, { idempotencyKey });
    expect([again.code, again.data.transferId]).toEqual([OK, first.data.transferId]);
    expect((await move(token, 'deposit_to_wallet', 1_500, { idempotencyKey })).code).toBe(STORE_CODES.alreadyExists);
    expect((await move(token, 'wallet_to_deposit', 2_500, { idempotencyKey })).code).toBe(STORE_CODES.alreadyExists);
    expect((await balances(db(), STORE)).deposit).toBe(before.deposit + 1_500);
  });

  it('20 concurrent repeats of one key move the money once', async () => {
    const token = await owner();
    const before = await balances(db(), STORE);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => movePatiently(token, 3_000, key)));
    expect(new Set(answers.map((a) => `${a.code}:${a.data?.transferId}`)).size).toBe(1);
    expect(answers[0]!.code).toBe(OK);
    expect((await db().selectFrom('store_deposit_transfer').select('id').where('store_id', '=', STORE).where('idempotency_key', '=', key).execute()).length).toBe(1);
    expect(await balances(db(), STORE)).toEqual({ ...before, available: before.available - 3_000, deposit: before.deposit + 3_000 });
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('20 concurrent different transfers against a balance covering 5 succeed exactly 5 times', async () => {
    const token = await owner();
    const amountCents = 1_000;
    await availableExactly(5 * amountCents + 999);
    const before = await balances(db(), STORE);
    const answers = await Promise.all(Array.from({ length: 20 }, () => movePatiently(token, amountCents)));
    expect(answers.filter((a) => a.code !== OK && a.code !== STORE_CODES.notAllowedInCurrentState).map((a) => `${a.code} ${a.msg}`)).toEqual([]);
    expect(answers.filter((a) => a.code === OK)).toHaveLength(5);
    expect(await balances(db(), STORE)).toEqual({ ...before, available: 999, deposit: before.deposit + 5 * amountCents });
    expect((await checkLedger(db())).ok).toBe(true);
  });
});

describe('store scope and permissions', () => {
  it("shows a store only its own top-ups and transfers; staff without wallet:top-up or wallet:view are refused", async () => {
    const token = await owner();
    const before = await balances(db(), STORE);
    const mine = await topUp(token, 2_000);
    const moved = await move(token, 'wallet_to_deposit', 1_000);
    const other = await h.login(OTHER_STORE_USER, 'Demo12345');
    expect((await topUpDetail(other, mine.data.topUpId)).code).toBe(STORE_CODES.notFound);
    expect((await h.call(api.queryTransferDetail.path, { transferId: moved.data.transferId }, other)).code).toBe(STORE_CODES.notFound);
    const { source_id: documentId } = await db().selectFrom('store_ledger_transfer').select('source_id').where('id', '=', moved.data.transferId).executeTakeFirstOrThrow();
    expect((await h.call(api.queryTransferDetail.path, { transferId: Number(documentId) }, other)).code).toBe(STORE_CODES.notFound);
    expect((await h.call<PageOf<DepositTopUpRecord>>(api.queryTopUpList.path, {}, other)).data.total).toBe(0);
    expect((await h.call<PageOf<DepositTransferRecord>>(api.queryTransferList.path, {}, other)).data.total).toBe(0);

    const support = await h.login(DEMO_SUPPORT.userName, DEMO_SUPPORT.password);
    expect((await topUp(support, 2_000)).code).toBe(PERMISSION_DENIED);
    expect((await move(support, 'wallet_to_deposit', 1_000)).code).toBe(PERMISSION_DENIED);
    expect((await h.call(api.queryTransferList.path, {}, support)).code).toBe(PERMISSION_DENIED);
    expect((await h.call(api.queryTopUpList.path, {}, support)).code).toBe(PERMISSION_DENIED);
    await resolved(token, mine.data.topUpId);
    // Only the owner's top-up and move: the staff member's refused calls moved nothing.
    expect(await balances(db(), STORE)).toEqual({ ...before, available: before.available - 1_000, deposit: before.deposit + 3_000 });
    expect((await checkLedger(db())).ok).toBe(true);
  });
});
