// 10100001 on the real server (docs/security.md "Validation answers"): errInfo lists every refused field
// with the rule it broke (api-contracts validationErrInfo), msg says the first one in the caller's
// language, and nothing changes.
import { accountEndpoints, authEndpoints, STORE_CODES, validationErrInfo } from '@merchant/api-contracts';
import { isSecureTransportError } from '@merchant/secure-transport';
import { startTestServer, type TestHarness } from '../testing/harness';

const DEMO = 1001;

describe('validation answers (10100001 with errInfo.problems)', () => {
  let h: TestHarness;
  let demo: string;
  beforeAll(async () => {
    h = await startTestServer();
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.reset();
    demo = await h.login('demo_merchant', 'Demo12345');
  });

  /** One refused call from a client speaking `language`: the answer's code, msg and errInfo. */
  async function refusedIn(language: string, path: string, biz: unknown, token: string | null) {
    const error: unknown = await h.client(token, 'none', language).request(path, biz, { silent: true }).then(
      () => new Error(`${path} accepted ${JSON.stringify(biz)}`),
      (refusal: unknown) => refusal,
    );
    if (!isSecureTransportError(error)) throw error;
    return { code: error.code, msg: error.msg, errInfo: error.errInfo };
  }

  it('answers a store-info form with three bad fields with three problems, in schema order, in both languages', async () => {
    const storeRow = () => h.database.db.selectFrom('store_store').selectAll().where('id', '=', DEMO).executeTakeFirstOrThrow();
    const before = await storeRow();
    // contactName after address and before contactMobile in the schema; sent in another order.
    const bad = { contactMobile: '12345', contactName: '   ', address: 'x'.repeat(101), storeIntro: 'fine' };
    const problems = [
      { field: 'address', problem: { rule: 'maxLength', limit: 100 } },
      { field: 'contactName', problem: { rule: 'required' } },
      { field: 'contactMobile', problem: { rule: 'phone' } },
    ];
    const en = await refusedIn('en-US', accountEndpoints.updateStoreInfo.path, bad, demo);
    expect(en).toEqual({ code: STORE_CODES.invalidParameter, msg: 'address must be at most 100 characters', errInfo: { problems } });
    const zh = await refusedIn('zh-CN', accountEndpoints.updateStoreInfo.path, bad, demo);
    expect(zh).toEqual({ code: STORE_CODES.invalidParameter, msg: expect.stringMatching(/^参数错误：address.*100/), errInfo: { problems } });
    expect(validationErrInfo.parse(zh.errInfo)).toEqual({ problems });
    expect(await storeRow()).toEqual(before);
  });

  it('refuses a text holding U+0000 as the field\'s invalid rule (PostgreSQL cannot store it), and changes nothing', async () => {
    const storeRow = () => h.database.db.selectFrom('store_store').selectAll().where('id', '=', DEMO).executeTakeFirstOrThrow();
    const before = await storeRow();
    const answer = await refusedIn('en-US', accountEndpoints.updateStoreInfo.path, { contactMobile: '13800138000', contactName: 'Li\u0000Lei', address: '18 Keyuan Road', storeIntro: 'a\u0000b' }, demo);
    expect(answer).toEqual({
      code: STORE_CODES.invalidParameter,
      msg: 'contactName is not valid, please check it',
      errInfo: { problems: [{ field: 'contactName', problem: { rule: 'invalid' } }, { field: 'storeIntro', problem: { rule: 'invalid' } }] },
    });
    expect(await storeRow()).toEqual(before);
  });

  it('lists the problems of a public call and of a whole biz that is not an object', async () => {
    const login = await refusedIn('en-US', authEndpoints.login.path, { userName: 'x', password: 'short' }, null);
    expect(login.errInfo).toEqual({
      problems: [
        { field: 'userName', problem: { rule: 'userName' } },
        { field: 'password', problem: { rule: 'minLength', limit: 8 } },
      ],
    });
    const notAnObject = await refusedIn('en-US', accountEndpoints.updateStoreInfo.path, 'not an object', demo);
    expect(notAnObject).toMatchObject({ code: STORE_CODES.invalidParameter, errInfo: { problems: [{ field: '', problem: { rule: 'object' } }] } });
  });
});
