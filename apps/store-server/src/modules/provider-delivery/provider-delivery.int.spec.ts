import { providerDeliveryEndpoints as api, STORE_CODES, type PageOf } from '@merchant/api-contracts';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { parseOperatorArgs, runOperatorCommand } from '../operator/operator.cli';
import { OPERATOR_PROVIDER_CONTRACTS_PATH_PREFIX } from './provider-delivery.routes';

// Issue 27 §6 provider delivery through real HTTP (PGlite, or PostgreSQL with DATABASE_URL, where the concurrent
// openings run on parallel connections): open, sign, close, the operator's suspend/resume, every illegal step
// refused with 10100005 and nothing changed, another store's ids, bad input on its field in the caller's language.
const OK = STORE_CODES.success;
const NOT_ALLOWED = STORE_CODES.notAllowedInCurrentState;
const NOT_FOUND = STORE_CODES.notFound;
const INVALID = STORE_CODES.invalidParameter;
const OPERATOR_KEY = 'provider-delivery-test-operator-key';
const STORE = 1001;

interface Contract {
  contractId: number;
  providerId: number;
  providerName: string;
  state: number;
  agreementVersion: string;
  signTime: number | null;
  signedBy: string | null;
  suspendedBy: string | null;
  suspendReason: string | null;
  closeTime: number | null;
  closedBy: string | null;
  closeReason: string | null;
}
interface Detail {
  contract: Contract;
  provider: { providerId: number; name: string; agreementVersion: string };
  agreementText: { 'zh-CN': string; 'en-US': string };
  steps: Array<{ event: string; actor: string; userName: string | null; reason: string | null }>;
}

let h: TestHarness;
beforeAll(async () => {
  h = await startTestServer({ config: { operatorKey: OPERATOR_KEY } });
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const db = () => h.database.db;
const owner = () => h.login('demo_merchant', 'Demo12345');
const operator = (contractId: number, action: string, reason?: string) =>
  h.keyed<{ contractId: number; state: number; suspendedBy: string | null }>(`${OPERATOR_PROVIDER_CONTRACTS_PATH_PREFIX}/${contractId}/${action}`, reason === undefined ? {} : { reason }, OPERATOR_KEY, 'x-operator-key');

/** Every contract and step row of the database, to prove a refusal changed nothing. */
async function contractState() {
  const contracts = await db().selectFrom('store_provider_contract').selectAll().orderBy('id').execute();
  const steps = await db().selectFrom('store_provider_contract_step').selectAll().orderBy('id').execute();
  return { contracts, steps };
}

/** The demo store's running contract, closed, so a new one can be opened. */
async function closeSeeded(token: string): Promise<void> {
  const list = await h.call<PageOf<Contract>>(api.contractList.path, { state: 2 }, token);
  for (const c of list.data.list) expect((await h.call(api.closeContract.path, { contractId: c.contractId }, token)).code).toBe(OK);
}

async function openWith(token: string, providerId = 3): Promise<Detail> {
  const opened = await h.call<Detail>(api.openContract.path, { providerId }, token);
  expect([opened.code, opened.msg]).toEqual([OK, 'success']);
  return opened.data;
}

describe('provider delivery', () => {
  it('lists the seeded providers and the demo store running contract signed by its owner', async () => {
    const token = await owner();
    const providers = await h.call<Array<{ providerId: number; name: string; agreementVersion: string }>>(api.providerList.path, {}, token);
    expect(providers.data.map((p) => p.providerId)).toEqual([1, 2, 3]);
    const list = await h.call<PageOf<Contract>>(api.contractList.path, {}, token);
    expect(list.data.list.map((c) => [c.providerId, c.state, c.signedBy])).toEqual([
      [1, 2, 'demo_merchant'],
      [2, 4, 'demo_merchant'],
    ]);
    const detail = await h.call<Detail>(api.contractDetail.path, { contractId: list.data.list[1].contractId }, token);
    expect(detail.data.steps.map((s) => `${s.event} ${s.actor}`)).toEqual(['open merchant', 'sign merchant', 'suspend provider', 'close merchant']);
  });

  it('opens, shows the agreement, signs with time and account, and closes; each step recorded', async () => {
    const token = await owner();
    await closeSeeded(token);
    const opened = await openWith(token);
    expect(opened.contract).toMatchObject({ providerId: 3, state: 1, signTime: null, signedBy: null });
    expect(opened.agreementText['zh-CN']).toContain('家居大件配送');
    expect(opened.agreementText['en-US']).toContain('Agree and sign');

    const signed = await h.call<Detail>(api.signContract.path, { contractId: opened.contract.contractId, agreementVersion: opened.contract.agreementVersion, accepted: true }, token);
    expect(signed.code).toBe(OK);
    expect(signed.data.contract).toMatchObject({ state: 2, signedBy: 'demo_merchant' });
    expect(signed.data.contract.signTime).toEqual(expect.any(Number));
    const row = await db().selectFrom('store_provider_contract').select(['signed_by_user_id', 'signed_at']).where('id', '=', opened.contract.contractId).executeTakeFirstOrThrow();
    const ownerId = (await db().selectFrom('store_user').select('id').where('username', '=', 'demo_merchant').executeTakeFirstOrThrow()).id;
    expect(row.signed_by_user_id).toBe(ownerId);
    expect(Math.floor(row.signed_at!.getTime() / 1000)).toBe(signed.data.contract.signTime);

    const closed = await h.call<Detail>(api.closeContract.path, { contractId: opened.contract.contractId, reason: 'season over' }, token);
    expect(closed.data.contract).toMatchObject({ state: 4, closedBy: 'demo_merchant', closeReason: 'season over' });
    expect(closed.data.steps.map((s) => [s.event, s.actor, s.userName, s.reason])).toEqual([
      ['open', 'merchant', 'demo_merchant', null],
      ['sign', 'merchant', 'demo_merchant', null],
      ['close', 'merchant', 'demo_merchant', 'season over'],
    ]);
  });

  it('refuses every illegal step with 10100005, a clear message in the caller language, and changes nothing', async () => {
    const token = await owner();
    const running = (await h.call<PageOf<Contract>>(api.contractList.path, { state: 2 }, token)).data.list[0];
    const before = await contractState();
    // A second contract while one is not closed.
    const second = await h.call(api.openContract.path, { providerId: 2 }, token);
    expect([second.code, second.msg]).toEqual([NOT_ALLOWED, `the store already has a provider delivery contract that is not closed (no. ${running.contractId}); close it before opening another`]);
    // Signing a running contract.
    const resign = await h.call(api.signContract.path, { contractId: running.contractId, agreementVersion: running.agreementVersion, accepted: true }, token);
    expect([resign.code, resign.msg]).toEqual([NOT_ALLOWED, 'the store cannot sign a contract that is running; the store may close it now']);
    const zh = h.client(token, 'none', 'zh-CN');
    const resignZh = await zh.request(api.signContract.path, { contractId: running.contractId, agreementVersion: running.agreementVersion, accepted: true }, { silent: true, acceptCodes: [NOT_ALLOWED] });
    expect(resignZh.msg).toBe('合同当前状态为“服务中”，店铺不能签署，当前可关闭');
    // The platform cannot resume a running contract.
    const resume = await operator(running.contractId, 'resume');
    expect([resume.status, resume.code, resume.msg]).toEqual([409, NOT_ALLOWED, 'the platform cannot resume a contract that is running; the platform may suspend it now']);
    expect(await contractState()).toEqual(before);

    // Suspended by the provider: the store may only close; a suspended one cannot be suspended again.
    const suspended = await operator(running.contractId, 'provider-suspend', 'no drivers this week');
    expect([suspended.code, suspended.data.state, suspended.data.suspendedBy]).toEqual([OK, 3, 'provider']);
    const again = await operator(running.contractId, 'suspend', 'breach');
    expect([again.code, again.msg]).toEqual([NOT_ALLOWED, 'the platform cannot suspend a contract that is suspended; the platform may resume it now']);
    const signSuspended = await h.call(api.signContract.path, { contractId: running.contractId, agreementVersion: running.agreementVersion, accepted: true }, token);
    expect(signSuspended.code).toBe(NOT_ALLOWED);
    const resumed = await operator(running.contractId, 'resume');
    expect([resumed.code, resumed.data.state, resumed.data.suspendedBy]).toEqual([OK, 2, null]);
    expect((await operator(running.contractId, 'suspend', 'breach')).data.state).toBe(3);
    expect((await h.call<Detail>(api.closeContract.path, { contractId: running.contractId }, token)).data.contract.state).toBe(4);

    // Closed is final: nothing moves it, and the refusals change nothing.
    const closedState = await contractState();
    for (const [path, biz] of [
      [api.closeContract.path, { contractId: running.contractId }],
      [api.signContract.path, { contractId: running.contractId, agreementVersion: running.agreementVersion, accepted: true }],
    ] as const) {
      const answer = await h.call(path, biz, token);
      expect([path, answer.code]).toEqual([path, NOT_ALLOWED]);
    }
    expect((await operator(running.contractId, 'resume')).msg).toBe('the platform cannot resume a contract that is closed');
    expect((await operator(running.contractId, 'suspend', 'x')).code).toBe(NOT_ALLOWED);
    expect(await contractState()).toEqual(closedState);
  });

  it('signs only the agreement version it was shown', async () => {
    const token = await owner();
    await closeSeeded(token);
    const opened = await openWith(token, 1);
    const before = await contractState();
    const stale = await h.call(api.signContract.path, { contractId: opened.contract.contractId, agreementVersion: '2020-01', accepted: true }, token);
    expect([stale.code, stale.msg]).toEqual([NOT_ALLOWED, `the agreement is now version ${opened.contract.agreementVersion}; read it and sign again`]);
    expect(await contractState()).toEqual(before);
  });

  it('refuses bad input on its field in the caller language, nothing changed', async () => {
    const token = await owner();
    await closeSeeded(token);
    const opened = await openWith(token, 1);
    const before = await contractState();
    const unaccepted = await h.call<unknown>(api.signContract.path, { contractId: opened.contract.contractId, agreementVersion: opened.contract.agreementVersion, accepted: false }, token);
    expect(unaccepted.code).toBe(INVALID);
    expect(unaccepted.msg).toContain('accepted');
    const zh = h.client(token, 'none', 'zh-CN');
    const zhAnswer = await zh.request(api.openContract.path, { providerId: 0 }, { silent: true, acceptCodes: [INVALID] });
    expect(zhAnswer.code).toBe(INVALID);
    expect(zhAnswer.msg).toMatch(/providerId.*[\u4e00-\u9fff]|[\u4e00-\u9fff].*providerId/);
    const tooLong = await h.call(api.closeContract.path, { contractId: opened.contract.contractId, reason: 'x'.repeat(201) }, token);
    expect([tooLong.code, tooLong.msg.includes('reason')]).toEqual([INVALID, true]);
    expect((await h.call(api.openContract.path, { providerId: 99 }, token)).code).toBe(NOT_FOUND);
    expect((await operator(opened.contract.contractId, 'suspend')).status).toBe(400);
    expect(await contractState()).toEqual(before);
  });

  it('opens at most one contract per store when two openings race', async () => {
    const token = await owner();
    await closeSeeded(token);
    const before = (await contractState()).contracts.length;
    const answers = await Promise.all([1, 2, 3, 1].map((providerId) => h.call(api.openContract.path, { providerId }, token)));
    expect(answers.map((a) => a.code).sort()).toEqual([OK, NOT_ALLOWED, NOT_ALLOWED, NOT_ALLOWED].sort());
    const open = await db().selectFrom('store_provider_contract').select('id').where('store_id', '=', STORE).where('state', '<>', 4).execute();
    expect(open).toHaveLength(1);
    expect((await contractState()).contracts.length).toBe(before + 1);
  });
});

describe('the operator CLI', () => {
  it('parses the delivery commands with the endpoint rules and drives the endpoint', async () => {
    expect(parseOperatorArgs(['delivery-suspend', '7', '--reason', 'breach'])).toEqual({ ok: true, command: { action: 'suspend', contractId: 7, reason: 'breach' } });
    expect(parseOperatorArgs(['delivery-provider-suspend', '7', '--reason', 'no drivers'])).toEqual({ ok: true, command: { action: 'provider-suspend', contractId: 7, reason: 'no drivers' } });
    expect(parseOperatorArgs(['delivery-resume', '7'])).toEqual({ ok: true, command: { action: 'resume', contractId: 7 } });
    expect(parseOperatorArgs(['delivery-suspend', '7'])).toMatchObject({ ok: false });
    expect(parseOperatorArgs(['delivery-close', '7'])).toMatchObject({ ok: false });
    expect(parseOperatorArgs(['delivery-resume'])).toEqual({ ok: false, message: 'expected a delivery action and one contract id' });

    const token = await owner();
    const running = (await h.call<PageOf<Contract>>(api.contractList.path, { state: 2 }, token)).data.list[0];
    const env = { STORE_SERVER_URL: h.url, OPERATOR_KEY };
    const suspended = await runOperatorCommand({ action: 'provider-suspend', contractId: running.contractId, reason: 'no drivers' }, env);
    expect([suspended.code, suspended.data]).toEqual([OK, { contractId: running.contractId, storeId: STORE, providerName: running.providerName, state: 3, suspendedBy: 'provider', suspendReason: 'no drivers' }]);
    const detail = await h.call<Detail>(api.contractDetail.path, { contractId: running.contractId }, token);
    expect(detail.data.contract).toMatchObject({ state: 3, suspendedBy: 'provider', suspendReason: 'no drivers' });
    expect(detail.data.steps.at(-1)).toEqual({ event: 'suspend', actor: 'provider', userName: null, time: expect.any(Number), reason: 'no drivers' });
    const wrongKey = await runOperatorCommand({ action: 'resume', contractId: running.contractId }, { ...env, OPERATOR_KEY: 'wrong' });
    expect(wrongKey.code).toBe(STORE_CODES.permissionDenied);
    const resumed = (await runOperatorCommand({ action: 'resume', contractId: running.contractId }, env)) as { data: { state: number } | null };
    expect(resumed.data?.state).toBe(2);
  });
});

describe("another store's ids", () => {
  it('answers not found on every call and changes nothing', async () => {
    const token = await owner();
    const running = (await h.call<PageOf<Contract>>(api.contractList.path, { state: 2 }, token)).data.list[0];
    const other = await h.login('demo_service', 'Demo12345');
    const before = await contractState();
    const calls: Array<[string, unknown]> = [
      [api.contractDetail.path, { contractId: running.contractId }],
      [api.signContract.path, { contractId: running.contractId, agreementVersion: running.agreementVersion, accepted: true }],
      [api.closeContract.path, { contractId: running.contractId }],
    ];
    for (const [path, biz] of calls) expect([path, (await h.call(path, biz, other)).code]).toEqual([path, NOT_FOUND]);
    expect((await h.call<PageOf<Contract>>(api.contractList.path, { pageSize: 200 }, other)).data.list.map((c) => c.contractId)).not.toContain(running.contractId);
    expect(await contractState()).toEqual(before);
  });
});
