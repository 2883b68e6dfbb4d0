// The fake store-server answers through the contracts: what it refuses and answers is what the real
// store-server could (apps/store-server/src/http/contracts.int.spec.ts checks the server side).
import { STORE_CODES, accountEndpoints, authEndpoints, describeStoreCode, imEndpoints } from '@merchant/api-contracts';
import { DEMO_OWNER, DEMO_USER, contractViolation, createFakeStoreServer } from './fakeStoreServer';

async function post(server: ReturnType<typeof createFakeStoreServer>, path: string, biz: unknown, accessToken = '') {
  const response = await server.fetch(`http://fake${path}`, {
    method: 'POST',
    headers: {},
    body: JSON.stringify({ sys: { accessToken }, biz }),
    signal: new AbortController().signal,
  } as never);
  return JSON.parse(await response.text()) as { code: string; msg: string; data?: unknown };
}

describe('fake store-server against the contracts', () => {
  it('answers a wrong password with the real code 10103001', async () => {
    const server = createFakeStoreServer();
    const answer = await post(server, authEndpoints.login.path, { userName: DEMO_USER.userName, password: 'Wrong12345' });
    expect(answer.code).toBe(STORE_CODES.wrongCredentials);
    expect(answer.code).toBe('10103001');
    expect(describeStoreCode(answer.code as never, 'en-US')).toBeTruthy();
  });

  it('refuses a biz the contract refuses with 10100001 before any handler runs', async () => {
    const server = createFakeStoreServer();
    const handler = jest.fn(() => ({ code: STORE_CODES.success, msg: 'success', data: null }));
    server.on(authEndpoints.login.path, handler);
    const answer = await post(server, authEndpoints.login.path, { userName: 'x', password: '1' });
    expect(answer.code).toBe(STORE_CODES.invalidParameter);
    expect(answer.msg).toMatch(/user name/);
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers the built-in calls inside their contracts', async () => {
    const server = createFakeStoreServer([DEMO_OWNER]);
    const login = await post(server, authEndpoints.login.path, { userName: DEMO_USER.userName, password: DEMO_USER.password });
    expect(authEndpoints.login.data.parse(login.data)).toEqual({ accessToken: DEMO_USER.token, storeStatus: 2 });
    const user = await post(server, authEndpoints.getUserByToken.path, { token: DEMO_USER.token });
    expect(authEndpoints.getUserByToken.data.safeParse(user.data).success).toBe(true);
    const im = await post(server, imEndpoints.getCccUserImToken.path, {}, DEMO_USER.token);
    expect(imEndpoints.getCccUserImToken.data.safeParse(im.data).success).toBe(true);
    // Like store-server, the IM token needs im:chat: DEMO_USER holds no codes.
    expect((await post(createFakeStoreServer(), imEndpoints.getCccUserImToken.path, {}, DEMO_USER.token)).code).toBe(STORE_CODES.permissionDenied);
    expect((await post(server, authEndpoints.getUserByToken.path, { token: 'unknown' })).code).toBe(STORE_CODES.tokenInvalid);
    expect(server.violations).toEqual([]);
  });

  it('fails a call whose answer the real server never gives, and records why', async () => {
    const server = createFakeStoreServer();
    server.on(accountEndpoints.storeBankCardIsExists.path, () => ({ code: STORE_CODES.success, msg: 'success', data: { exists: 'yes' } }));
    await expect(post(server, accountEndpoints.storeBankCardIsExists.path, {}, DEMO_USER.token)).rejects.toThrow(/outside its contract/);
    server.on(authEndpoints.login.path, () => ({ code: '10102001', msg: 'wrong' }));
    await expect(post(server, authEndpoints.login.path, { userName: DEMO_USER.userName, password: DEMO_USER.password })).rejects.toThrow(
      /never answers code 10102001/,
    );
    expect(server.violations).toHaveLength(2);
  });

  it('judges an answer by its call: codes the call may answer, data of its schema', () => {
    expect(contractViolation(accountEndpoints.updatePasswordByToken, { code: STORE_CODES.wrongCredentials, msg: 'x' })).toBeNull();
    expect(contractViolation(accountEndpoints.updatePasswordByToken, { code: STORE_CODES.success, msg: 'x', data: null })).toBeNull();
    expect(contractViolation(accountEndpoints.storeBankCardIsExists, { code: STORE_CODES.wrongPayPassword, msg: 'x' })).toMatch(/never answers/);
    expect(contractViolation(accountEndpoints.storeBankCardIsExists, { code: '99999999', msg: 'internal error' })).toBeNull();
    expect(contractViolation(accountEndpoints.storeBankCardIsExists, { code: '20000001', msg: 'another service failed' })).toBeNull();
    expect(contractViolation(authEndpoints.login, { code: '10102001', msg: 'wrong' })).toMatch(/never answers code 10102001/);
  });
});
