import { imEndpoints } from '@merchant/api-contracts';
import { verifyImToken } from '@merchant/im-core/server';
import { startTestServer, type TestHarness } from '../../testing/harness';

// The IM info dialog's save (console-spec §2, §5) against the real server and database: both fields
// required, the nickname trimmed, a refusal changes nothing, and the next IM token carries the new name.

const USER = '/v1/store/eshop/store/user';
const DEV_IM_KEY = 'dev-im-shared-key-change-me';
let h: TestHarness;
let token: string;

beforeAll(async () => {
  h = await startTestServer();
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.reset();
  token = await h.login('demo_merchant', 'Demo12345');
});

const userInfo = async () => (await h.call<{ nickname: string; avatarUrl: string | null }>(`${USER}/getUserByToken`, { token })).data;

describe('updateImInfo', () => {
  it.each([
    ['a blank nickname', { nickname: '   ', avatarUrl: 'http://127.0.0.1/a.png' }],
    ['no avatar', { nickname: 'Shop Ann' }],
    ['an empty avatar', { nickname: 'Shop Ann', avatarUrl: ' ' }],
    ['a nickname over 20 characters', { nickname: 'x'.repeat(21), avatarUrl: 'http://127.0.0.1/a.png' }],
  ])('refuses %s with 10100001 and changes nothing', async (_label, biz) => {
    const before = await userInfo();
    const result = await h.call(imEndpoints.updateImInfo.path, biz, token);
    expect(result.code).toBe('10100001');
    expect(result.msg).toMatch(/please fill in IM info|avatarUrl is required|at most 20/);
    expect(await userInfo()).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    expect((await h.call(imEndpoints.updateImInfo.path, { nickname: 'Shop Ann', avatarUrl: 'http://127.0.0.1/a.png' })).code).toBe('10302006');
  });

  it('saves the trimmed nickname and the avatar; user info and the next IM token carry them', async () => {
    const saved = await h.call(imEndpoints.updateImInfo.path, { nickname: '  Shop Ann  ', avatarUrl: 'http://127.0.0.1/ann.png' }, token);
    expect(saved.code).toBe('00000000');
    expect(await userInfo()).toMatchObject({ nickname: 'Shop Ann', avatarUrl: 'http://127.0.0.1/ann.png' });
    const im = await h.call<{ imToken: string }>(imEndpoints.getCccUserImToken.path, {}, token);
    expect(verifyImToken(im.data.imToken, DEV_IM_KEY)).toMatchObject({ accid: 's_1001', nick: 'Shop Ann', avatar: 'http://127.0.0.1/ann.png' });
  });

  it("changes only the caller's own user: another store's user keeps its info", async () => {
    const other = await h.login('demo_service', 'Demo12345');
    const otherBefore = (await h.call<{ nickname: string }>(`${USER}/getUserByToken`, { token: other })).data;
    await h.call(imEndpoints.updateImInfo.path, { nickname: 'Shop Ann', avatarUrl: 'http://127.0.0.1/ann.png' }, token);
    expect((await h.call<{ nickname: string }>(`${USER}/getUserByToken`, { token: other })).data).toEqual(otherBefore);
  });
});
