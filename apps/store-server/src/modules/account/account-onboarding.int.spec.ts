// Issue 26 §4 follow-ups on the onboarding calls, against the real server and database:
// getStoreInfoByToken answers the submitted information masked, and storeAcceptAgreement never re-stamps an
// agreement on record once the store was submitted (docs/onboarding.md).
import { startTestServer, type TestHarness } from '../../testing/harness';

const USER = '/v1/store/eshop/store/user';
const OK = '00000000';
const NOT_ALLOWED = '10100005';
const ID_NUMBER = '11010519491231002X';
const storeInfo = {
  storeName: 'Masked Store',
  storeType: 2,
  principalType: 1,
  cityCode: '440300',
  address: '9 Test Road',
  contactName: 'Zhang San',
  contactMobile: '13900000003',
  legalPersonName: 'Zhang San',
  legalPersonIdNumber: ID_NUMBER,
  licenseNumber: '91440300MA5XXXXX0Y',
  licenseImageUrl: '/media/license.png',
  categoryIds: [11, 31],
};

describe('onboarding calls: masked store information, the agreement signed once', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await startTestServer();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  const agreementOf = (storeId: number) =>
    h.database.db.selectFrom('store_store').select(['agreement_accepted_at', 'agreement_version', 'store_status']).where('id', '=', storeId).executeTakeFirstOrThrow();

  async function registerStore(): Promise<string> {
    expect((await h.call(`${USER}/sendRegisterCheckCode`, { mobile: '13900000003' })).code).toBe(OK);
    const code = await h.lastCheckCode('13900000003');
    const reg = await h.call<{ accessToken: string }>(`${USER}/registerUser`, { userName: 'masked_store', password: 'Masked123', mobile: '13900000003', checkCode: code });
    expect(reg.code).toBe(OK);
    return reg.data.accessToken;
  }

  async function refusalIn(token: string, language: string, path: string): Promise<{ code: string; msg: string }> {
    const answer = await h.client(token, 'none', language).request(path, {}, { silent: true, acceptCodes: [NOT_ALLOWED] });
    return { code: answer.code, msg: answer.msg };
  }

  it("masks the legal person's ID number and the contact mobile in every status; re-editing after a rejection still has the full number", async () => {
    // A store in the console (the disabled demo store, status 4; its seed holds the same ID number).
    const inApp = await h.login('demo_disabled', 'Demo12345');
    const approved = await h.call<{ storeStatus: number; storeInfo: Record<string, unknown> }>(`${USER}/getStoreInfoByToken`, {}, inApp);
    expect([approved.code, approved.data.storeStatus]).toEqual([OK, 4]);
    expect(approved.data.storeInfo).toMatchObject({ legalPersonIdNumber: '110***********002X', contactMobile: '138****1005' });
    expect(JSON.stringify(approved.data)).not.toContain(ID_NUMBER);
    // The shop profile masks it the same way.
    const profile = await h.call<{ legalPersonIdNumber: string; contactMobile: string }>(`${USER}/getStoreInfo`, {}, inApp);
    expect(profile.data).toMatchObject({ legalPersonIdNumber: approved.data.storeInfo.legalPersonIdNumber, contactMobile: approved.data.storeInfo.contactMobile });

    const token = await registerStore();
    expect((await h.call(`${USER}/storeAcceptAgreement`, {}, token)).code).toBe(OK);
    expect((await h.call(`${USER}/registerStore`, storeInfo, token)).code).toBe(OK);
    const underReview = await h.call<{ storeStatus: number; storeInfo: Record<string, unknown> }>(`${USER}/getStoreInfoByToken`, {}, token);
    expect(underReview.data.storeStatus).toBe(1);
    expect(underReview.data.storeInfo).toMatchObject({ legalPersonName: 'Zhang San', legalPersonIdNumber: '110***********002X', contactMobile: '139****0003' });
    expect(JSON.stringify(underReview.data)).not.toContain(ID_NUMBER);

    // Rejected: the onboarding form re-edits from the recovered draft, which keeps the full number; the stored
    // information itself is untouched by the masking.
    await h.database.db.updateTable('store_store').set({ store_status: 3, reject_reason: 'blurred licence' }).where('store_name', '=', 'Masked Store').execute();
    const rejected = await h.call<{ storeInfo: Record<string, unknown> }>(`${USER}/getStoreInfoByToken`, {}, token);
    expect(rejected.data.storeInfo.legalPersonIdNumber).toBe('110***********002X');
    const recovered = await h.call<Record<string, unknown>>(`${USER}/recoveryStoreInfoByToken`, {}, token);
    expect(recovered.data).toMatchObject({ legalPersonIdNumber: ID_NUMBER, contactMobile: '13900000003' });
    expect((await h.call<Record<string, unknown>>(`${USER}/getStorageStoreInfoByToken`, {}, token)).data.legalPersonIdNumber).toBe(ID_NUMBER);
    const stored = await h.database.db.selectFrom('store_store').select('store_info').where('store_name', '=', 'Masked Store').executeTakeFirstOrThrow();
    expect((stored.store_info as Record<string, unknown>).legalPersonIdNumber).toBe(ID_NUMBER);
  });

  it("masks the store's own mobile (first 3 and last 4) in every status, as the shop profile does; the stored number is untouched", async () => {
    const mobileOf = (storeId: number) => h.database.db.selectFrom('store_store').select('mobile').where('id', '=', storeId).executeTakeFirstOrThrow();
    for (const [userName, storeId, status] of [['demo_merchant', 1001, 2], ['demo_disabled', 1005, 4], ['demo_review', 1003, 1], ['demo_rejected', 1004, 3]] as const) {
      const token = await h.login(userName, 'Demo12345');
      const full = (await mobileOf(storeId)).mobile;
      expect(full).toMatch(/^\d{11}$/);
      const info = await h.call<{ storeId: number; storeStatus: number; mobile: string }>(`${USER}/getStoreInfoByToken`, {}, token);
      expect([info.code, info.data.storeId, info.data.storeStatus]).toEqual([OK, storeId, status]);
      expect(info.data.mobile).toBe(`${full.slice(0, 3)}****${full.slice(-4)}`);
      expect(JSON.stringify(info.data)).not.toContain(full);
      if (status === 2 || status === 4) {
        expect((await h.call<{ mobile: string }>(`${USER}/getStoreInfo`, {}, token)).data.mobile).toBe(info.data.mobile);
      }
      expect((await mobileOf(storeId)).mobile).toBe(full);
    }
    // A store just registered (status 0) too.
    const token = await registerStore();
    const fresh = await h.call<{ storeStatus: number; mobile: string }>(`${USER}/getStoreInfoByToken`, {}, token);
    expect([fresh.data.storeStatus, fresh.data.mobile]).toEqual([0, '139****0003']);
  });

  it("refuses to re-stamp an approved store's agreement in both languages, and changes nothing", async () => {
    const demo = await h.login('demo_merchant', 'Demo12345');
    const before = await agreementOf(1001);
    expect(before.agreement_accepted_at).not.toBeNull();
    expect(await refusalIn(demo, 'zh-CN', `${USER}/storeAcceptAgreement`)).toEqual({ code: NOT_ALLOWED, msg: '商家协议已签署，店铺提交审核后不能重新签署' });
    expect(await refusalIn(demo, 'en-US', `${USER}/storeAcceptAgreement`)).toEqual({
      code: NOT_ALLOWED,
      msg: 'the merchant agreement is already signed and cannot be signed again once the store has been submitted',
    });
    expect(await agreementOf(1001)).toEqual(before);
    // The dashboard still reads it as signed.
    expect((await h.call<{ existsProtocol: boolean }>(`${USER}/storePcHome`, {}, demo)).data.existsProtocol).toBe(true);
  });

  it('refuses it under review and for a disabled store too; allows it again while a rejected store re-submits', async () => {
    for (const [userName, storeId] of [['demo_review', 1003], ['demo_disabled', 1005]] as const) {
      const token = await h.login(userName, 'Demo12345');
      const before = await agreementOf(storeId);
      expect((await h.call(`${USER}/storeAcceptAgreement`, {}, token)).code).toBe(NOT_ALLOWED);
      expect(await agreementOf(storeId)).toEqual(before);
    }
    const rejected = await h.login('demo_rejected', 'Demo12345');
    const accepted = await h.call<{ agreementVersion: string }>(`${USER}/storeAcceptAgreement`, {}, rejected);
    expect([accepted.code, accepted.data.agreementVersion]).toEqual([OK, '2026-01']);
  });

  it("lets an approved store with no agreement on record sign it once (the dashboard's prompt), then refuses a second stamp", async () => {
    await h.database.db.updateTable('store_store').set({ agreement_accepted_at: null, agreement_version: null }).where('id', '=', 1001).execute();
    const demo = await h.login('demo_merchant', 'Demo12345');
    expect((await h.call<{ existsProtocol: boolean }>(`${USER}/storePcHome`, {}, demo)).data.existsProtocol).toBe(false);
    const signed = await h.call<{ agreementVersion: string; acceptTime: number }>(`${USER}/storeAcceptAgreement`, {}, demo);
    expect(signed.code).toBe(OK);
    const first = await agreementOf(1001);
    expect(first).toMatchObject({ agreement_version: '2026-01', store_status: 2 });
    expect(first.agreement_accepted_at).not.toBeNull();
    expect((await h.call<{ existsProtocol: boolean }>(`${USER}/storePcHome`, {}, demo)).data.existsProtocol).toBe(true);
    expect((await h.call(`${USER}/storeAcceptAgreement`, {}, demo)).code).toBe(NOT_ALLOWED);
    expect(await agreementOf(1001)).toEqual(first);
  });
});
