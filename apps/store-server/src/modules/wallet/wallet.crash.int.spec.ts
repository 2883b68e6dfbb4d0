import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { walletEndpoints as api, STORE_CODES, WITHDRAWAL_STATE, type WithdrawalRecord } from '@merchant/api-contracts';
import { createSecureClient, type SecureClient } from '@merchant/secure-transport';
import { eventually } from '../../testing/eventually';
import { ChildStoreServer, freePort } from '../../../test/support/child-store-server';

// Issue 29: a crash between the freeze and the payout. A real store-server process (the bundled src/main.ts on a PGlite
// data folder) takes a withdrawal: the amount is frozen and the payout asked of the sandbox provider, due in a few
// seconds. The process is SIGKILLed before the payout completes and started again on the same data: the provider's
// pending payout completes, its signed callback posts the freeze, and the ledger check holds. Nothing is lost (the
// frozen money reaches the payout) and nothing is paid twice (one payout, one post).
jest.setTimeout(600_000);

const OPERATOR_KEY = 'wallet-crash-operator-key';
const PAY_PASSWORD = '135790';
const KEY = randomUUID();

let dataDir: string;
let server: ChildStoreServer | undefined;

async function startServer(): Promise<string> {
  server = new ChildStoreServer(port, {
    DATA_DIR: dataDir,
    ENABLE_TEST_HOOKS: '1',
    OPERATOR_KEY,
    SANDBOX_PROVIDER_DELAY_MS: '4000',
    LEDGER_SWEEP_SECONDS: '0',
    UNPAID_SWEEP_SECONDS: '0',
  });
  await server.start();
  return server.url;
}

async function killServer(): Promise<void> {
  await server?.kill();
  server = undefined;
}

let port: number;

beforeAll(async () => {
  port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'wallet-crash-'));
});
afterAll(async () => {
  await killServer();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(url: string): Promise<SecureClient> {
  const client = createSecureClient({ baseUrl: url, mode: 'none', getLanguage: () => 'en-US' });
  const login = await client.request<{ accessToken: string }>('/v1/store/eshop/store/user/login', { userName: 'demo_merchant', password: 'Demo12345' }, { silent: true });
  client.setAccessToken(login.data.accessToken);
  return client;
}

const ledgerCheck = async (url: string) =>
  ((await (await fetch(`${url}/operator/ledger/check`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-operator-key': OPERATOR_KEY }, body: '{}' })).json()) as { data: { ok: boolean; breaks: unknown[] } }).data;
const wallet = async (client: SecureClient) => (await client.request<Record<string, number>>('/v1/store/pay/account/queryPayAccountByUser', {}, { silent: true })).data;

it('resolves a withdrawal frozen before a SIGKILL once the server is back: paid out once, nothing lost', async () => {
  let url = await startServer();
  let client = await signIn(url);
  await client.request('/v1/store/pay/user/sendInitPayPasswordCheckCode', {}, { silent: true });
  const codes = (await (await fetch(`${url}/__test__/check-codes?target=13800001001`)).json()) as { codes: Array<{ code: string }> };
  await client.request('/v1/store/pay/user/initPayPassword', { payPassword: PAY_PASSWORD, checkCode: codes.codes[0]!.code }, { silent: true });
  const before = await wallet(client);
  expect(before.availableBalance).toBeGreaterThan(10_000);

  const applied = await client.request<WithdrawalRecord>(api.applyWithdrawal.path, { amountCents: 10_000, payPassword: PAY_PASSWORD, idempotencyKey: KEY }, { silent: true });
  expect([applied.code, applied.data.state]).toEqual([STORE_CODES.success, WITHDRAWAL_STATE.processing]);
  expect((await wallet(client)).frozenBalance).toBe(before.frozenBalance + 10_000);
  client.dispose();
  await killServer(); // the payout is due in 4 s: the process dies with the money frozen

  url = await startServer();
  client = await signIn(url);
  // The restarted server's sweep and the provider's payout resolve the frozen withdrawal: read it until it leaves processing.
  const record = await eventually(
    async () => (await client.request<WithdrawalRecord>(api.queryWithdrawalDetail.path, { withdrawalId: applied.data.withdrawalId }, { silent: true })).data,
    (withdrawal) => withdrawal.state !== WITHDRAWAL_STATE.processing,
  );
  expect(record.state).toBe(WITHDRAWAL_STATE.paid);
  const after = await wallet(client);
  expect([after.availableBalance, after.frozenBalance]).toEqual([before.availableBalance - 10_000, before.frozenBalance]);
  // The same submit again answers the first withdrawal and moves nothing.
  const repeat = await client.request<WithdrawalRecord>(api.applyWithdrawal.path, { amountCents: 10_000, payPassword: PAY_PASSWORD, idempotencyKey: KEY }, { silent: true });
  expect(repeat.data.withdrawalId).toBe(applied.data.withdrawalId);
  expect((await wallet(client)).availableBalance).toBe(before.availableBalance - 10_000);
  expect(await ledgerCheck(url)).toMatchObject({ ok: true, breaks: [] });
  client.dispose();
});
