// The test hooks (ENABLE_TEST_HOOKS only): the send window of one mobile is opened on request, so an e2e flow that
// needs several codes does not wait minutes; the one-a-minute rule still answers everyone else.
import { STORE_CODES } from '@merchant/api-contracts';
import { startTestServer, type TestHarness } from '../testing/harness';

const SEND = '/v1/store/eshop/store/user/sendRegisterCheckCode';

describe('test hooks', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await startTestServer();
  });
  afterAll(() => h.close());

  const codes = async (mobile: string) => ((await (await fetch(`${h.url}/__test__/check-codes?target=${mobile}`)).json()) as { codes: unknown[] }).codes.length;
  const openWindow = (mobile: string) => fetch(`${h.url}/__test__/check-codes/open-window?target=${mobile}`, { method: 'POST' });

  it("opens one mobile's send window: the next code goes out at once, another mobile's window is untouched", async () => {
    expect((await h.call(SEND, { mobile: '13911110001' })).code).toBe(STORE_CODES.success);
    expect((await h.call(SEND, { mobile: '13911110002' })).code).toBe(STORE_CODES.success);
    const refused = await h.call(SEND, { mobile: '13911110001' });
    expect(refused.code).not.toBe(STORE_CODES.success);
    expect(await codes('13911110001')).toBe(1);

    expect((await openWindow('13911110001')).status).toBe(200);
    expect((await h.call(SEND, { mobile: '13911110001' })).code).toBe(STORE_CODES.success);
    expect(await codes('13911110001')).toBe(2);
    // The other mobile still waits out its minute.
    expect((await h.call(SEND, { mobile: '13911110002' })).code).toBe(refused.code);
  });

  it('asks for the mobile', async () => {
    expect((await fetch(`${h.url}/__test__/check-codes/open-window`, { method: 'POST' })).status).toBe(400);
  });
});
