// Brands (issue 27 area 4) against a real store-server and database: bad forms change nothing, certificates must be
// the store's own library files, BRAND_MACHINE's moves through the platform's review (operator endpoint and CLI
// parsing) and the system's expiry, brandManagement's flag, the dashboard's brandExpiryDays, the approved brand list,
// each store seeing only its own applications (another store's id answers 10100004).
import { BRAND_APPLICATION_STATUS, brandEndpoints as e, type BrandApplicationRow, type PageOf } from '@merchant/api-contracts';
import { sql } from 'kysely';
import { createStoreServer, type StoreServer } from '../../server';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { parseOperatorArgs } from '../operator/operator.cli';
import { systemClock } from '../../shared/clock';
import { DEMO_EXPIRING_BRAND, seedDemoBrands } from './brands.seed';
import { OPERATOR_BRANDS_PATH_PREFIX, OPERATOR_KEY_HEADER } from '../operator/operator.schemas';

const OK = '00000000';
const KEY = 'operator-key-for-brand-tests-0123456789';
const DEMO = 1001;
const IN_A_YEAR = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
const dayIn = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);
const FORM = { brandOwner: 'Marco Group', authorisationChain: ['Marco Group', 'Marco China'] };

describe('brand applications', () => {
  let h: TestHarness;
  let operatorServer: StoreServer;
  let operatorUrl: string;
  let demo: string;
  let other: string;
  let demoFiles: number[];

  beforeAll(async () => {
    h = await startTestServer();
    operatorServer = await createStoreServer({ host: '127.0.0.1', port: 0, logLevel: 'silent', operatorKey: KEY }, { database: h.database });
    operatorUrl = (await operatorServer.listen()).url;
  });
  afterAll(async () => {
    await operatorServer.close();
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
    // These tests start from stores without applications (the demo seed approves a few brands: DEMO_BRANDS).
    await h.database.db.deleteFrom('store_brand_application').execute();
    demo = await h.login('demo_merchant', 'Demo12345');
    other = await h.login('demo_service', 'Demo12345');
    const files = await sql<{ id: number }>`select id from store_media_file where store_id = ${DEMO} order by id limit 2`.execute(h.database.db);
    demoFiles = files.rows.map((row) => row.id);
  });

  const operate = (applicationId: number | string, action: string, body: unknown = {}) =>
    fetch(`${operatorUrl}${OPERATOR_BRANDS_PATH_PREFIX}/${applicationId}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OPERATOR_KEY_HEADER]: KEY },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, ...((await r.json()) as { code: string; msg: string; data: Record<string, unknown> | null }) }));
  const rows = async () => (await h.database.db.selectFrom('store_brand_application').selectAll().orderBy('id').execute());
  const apply = (biz: unknown, token = demo) => h.call<{ applicationId: number; status: number }>(e.brandApply.path, biz, token);
  const listOf = (token: string) => h.call<PageOf<BrandApplicationRow>>(e.brandApplicationList.path, { pageNum: 1, pageSize: 10 }, token);
  const brandsOf = async (token: string) => (await h.call<{ list: Array<{ brandName: string }> }>(e.queryStoreBrandList.path, {}, token)).data.list.map((b) => b.brandName);

  it('refuses bad applications with a clear message and changes nothing', async () => {
    const good = { ...FORM, brandName: 'Marco Tiles', brandExpireDate: IN_A_YEAR, certificateFileIds: [demoFiles[0]] };
    const cases: Array<[unknown, RegExp]> = [
      [{ ...good, brandName: undefined }, /brandName is required/],
      [{ ...good, brandName: '   ' }, /brandName is required/],
      [{ ...good, brandName: 'x'.repeat(31) }, /brandName must be at most 30 characters/],
      [{ ...good, brandName: 42 }, /brandName must be text/],
      [{ ...good, brandOwner: ' ' }, /brandOwner is required/],
      [{ ...good, brandOwner: 'x'.repeat(61) }, /brandOwner must be at most 60 characters/],
      [{ ...good, authorisationChain: [] }, /authorisationChain: at least 1/],
      [{ ...good, authorisationChain: ['a', 'b', 'c', 'd', 'e', 'f'] }, /authorisationChain: at most 5/],
      [{ ...good, brandExpireDate: undefined }, /brandExpireDate is required/],
      [{ ...good, brandExpireDate: '2027-02-30' }, /brandExpireDate must be a date \(YYYY-MM-DD\)/],
      [{ ...good, brandExpireDate: 'tomorrow' }, /brandExpireDate must be a date/],
      [{ ...good, brandExpireDate: '2000-01-01' }, /brandExpireDate must be after today/],
      [{ ...good, certificateFileIds: [] }, /certificateFileIds: at least 1/],
      [{ ...good, certificateFileIds: [1, 2, 3, 4] }, /certificateFileIds: at most 3/],
      [{ ...good, certificateFileIds: [demoFiles[0], demoFiles[0]] }, /the same item is listed twice/],
      [{ ...good, certificateFileIds: ['a'] }, /certificateFileIds.0 must be a number/],
      [{ ...good, certificateFileIds: [1.5] }, /must be a whole number/],
      [{ ...good, certificateFileIds: [99_999_999] }, /certificate files are not in your media library: 99999999/],
    ];
    for (const [biz, message] of cases) {
      const answer = await apply(biz);
      expect([answer.code, answer.msg]).toEqual(['10100001', expect.stringMatching(message)]);
    }
    // Another store can never name the demo store's files as its certificates.
    const foreign = await apply(good, other);
    expect([foreign.code, foreign.msg]).toEqual(['10100001', `certificate files are not in your media library: ${demoFiles[0]}`]);
    expect(await rows()).toEqual([]);
  });

  it('applies, lists with signed certificates, reviews, and only approved brands join the brand list; other stores see nothing', async () => {
    const applied = await apply({ ...FORM, brandName: '  Marco Tiles ', brandExpireDate: IN_A_YEAR, certificateFileIds: demoFiles });
    expect(applied.code).toBe(OK);
    expect(applied.data).toEqual({ applicationId: expect.any(Number), status: BRAND_APPLICATION_STATUS.submitted });
    const id = applied.data.applicationId;

    const list = await listOf(demo);
    expect(list.data.total).toBe(1);
    const row = list.data.list[0] as BrandApplicationRow;
    expect(row).toMatchObject({ applicationId: id, brandName: 'Marco Tiles', ...FORM, brandExpireDate: IN_A_YEAR, status: 0, rejectReason: '', reviewTime: 0, expiringSoon: false });
    expect(row.certificates.map((c) => c.fileId)).toEqual(demoFiles);
    const picture = await fetch(row.certificates[0]?.objectUrl ?? '');
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/png']);

    // One live application per brand (case-insensitive); another store may apply for the same name.
    const again = await apply({ ...FORM, brandName: 'marco tiles', brandExpireDate: IN_A_YEAR, certificateFileIds: [demoFiles[0]] });
    expect([again.code, again.msg]).toEqual(['10100009', 'brand "marco tiles" is already applied for or approved']);
    expect((await listOf(other)).data).toMatchObject({ total: 0, list: [] });
    expect(await brandsOf(demo)).toEqual([]);

    // The platform rejects with a reason the merchant reads; a new application may follow.
    expect(await operate(id, 'reject')).toMatchObject({ status: 400, code: '10100001', msg: expect.stringMatching(/brand-reject needs --reason/) });
    const rejected = await operate(id, 'reject', { reason: 'The certificate is blurred.' });
    expect(rejected).toMatchObject({ code: OK, data: { applicationId: id, storeId: DEMO, status: BRAND_APPLICATION_STATUS.rejected, rejectReason: 'The certificate is blurred.' } });
    expect((await listOf(demo)).data.list[0]).toMatchObject({ status: 3, rejectReason: 'The certificate is blurred.', reviewTime: expect.any(Number) });
    expect(await operate(id, 'approve')).toMatchObject({ code: '10100005' });

    const second = await apply({ ...FORM, brandName: 'Marco Tiles', brandExpireDate: IN_A_YEAR, certificateFileIds: [demoFiles[1]] });
    expect(second.code).toBe(OK);
    expect(await operate(second.data.applicationId, 'approve')).toMatchObject({ code: OK, data: { status: BRAND_APPLICATION_STATUS.approved } });
    expect(await brandsOf(demo)).toEqual(['Marco Tiles']);
    expect(await brandsOf(other)).toEqual([]);
    expect((await apply({ ...FORM, brandName: 'MARCO TILES', brandExpireDate: IN_A_YEAR, certificateFileIds: [demoFiles[0]] })).code).toBe('10100009');

    // An approved brand whose authorisation has ended leaves the list.
    await h.database.db.updateTable('store_brand_application').set({ brand_expire_date: '2001-01-01' }).where('id', '=', second.data.applicationId).execute();
    expect(await brandsOf(demo)).toEqual([]);
  });

  it('the operator endpoint and CLI refuse malformed brand commands', async () => {
    expect(await operate(999_999, 'approve')).toMatchObject({ code: '10100004' });
    expect(await operate('abc', 'approve')).toMatchObject({ status: 400, code: '10100001', msg: expect.stringMatching(/applicationId must be a number/) });
    expect(await operate(1, 'publish')).toMatchObject({ status: 400, code: '10100001' });
    expect(parseOperatorArgs(['brand-approve', '7'])).toEqual({ ok: true, command: { action: 'approve', applicationId: 7 } });
    expect(parseOperatorArgs(['brand-reject', '7', '--reason', 'blurred'])).toEqual({ ok: true, command: { action: 'reject', applicationId: 7, reason: 'blurred' } });
    expect(parseOperatorArgs(['brand-reject', '7'])).toEqual({ ok: false, message: expect.stringMatching(/brand-reject needs --reason/) });
    expect(parseOperatorArgs(['brand-approve'])).toEqual({ ok: false, message: 'expected a brand action and one application id' });
    expect(parseOperatorArgs(['brand-review', '7'])).toEqual({ ok: true, command: { action: 'review', applicationId: 7 } });
    expect(parseOperatorArgs(['brand-review', '7', '--reason', 'x'])).toMatchObject({ ok: false });
  });

  it('walks BRAND_MACHINE: submitted → under review → approved → expired; illegal moves answer 10100005 and change nothing', async () => {
    const applied = await apply({ ...FORM, brandName: 'Nordic Home', brandExpireDate: dayIn(20), certificateFileIds: [demoFiles[0]] });
    const id = applied.data.applicationId;
    const statusOf = async () => (await rows()).find((r) => r.id === id)?.status;
    expect(await statusOf()).toBe(BRAND_APPLICATION_STATUS.submitted);
    expect(await operate(id, 'review')).toMatchObject({ code: OK, data: { status: BRAND_APPLICATION_STATUS.underReview } });
    expect(await operate(id, 'review')).toMatchObject({ code: '10100005', msg: expect.stringMatching(/cannot review brand application \d+: it is under review/) });
    expect(await statusOf()).toBe(BRAND_APPLICATION_STATUS.underReview);
    expect(await operate(id, 'approve')).toMatchObject({ code: OK, data: { status: BRAND_APPLICATION_STATUS.approved } });
    for (const action of ['review', 'approve']) expect(await operate(id, action)).toMatchObject({ code: '10100005' });
    expect(await operate(id, 'reject', { reason: 'late' })).toMatchObject({ code: '10100005' });
    expect(await statusOf()).toBe(BRAND_APPLICATION_STATUS.approved);

    // brandManagement: approved brands with their days left; 20 days out is flagged, like the dashboard's count.
    const management = (biz: unknown, token = demo) => h.call<PageOf<BrandApplicationRow>>(e.brandManagementList.path, biz, token);
    expect((await management({ pageNum: 1, pageSize: 10 })).data).toMatchObject({ total: 1, list: [{ applicationId: id, status: 2, daysLeft: 20, expiringSoon: true }] });
    expect((await management({ pageNum: 1, pageSize: 10, expiringSoon: true })).data.total).toBe(1);
    expect((await management({ pageNum: 1, pageSize: 10 }, other)).data.total).toBe(0);
    const home = async () => (await h.call<{ brandExpiryDays: number | null }>('/v1/store/eshop/store/user/storePcHome', {}, demo)).data.brandExpiryDays;
    expect(await home()).toBe(20);

    // 61 days out: listed but not flagged, and not among the expiring ones.
    await h.database.db.updateTable('store_brand_application').set({ brand_expire_date: dayIn(61) }).where('id', '=', id).execute();
    expect((await management({ pageNum: 1, pageSize: 10 })).data.list[0]).toMatchObject({ daysLeft: 61, expiringSoon: false });
    expect((await management({ pageNum: 1, pageSize: 10, expiringSoon: true })).data.total).toBe(0);

    // The end day passed: the system's expire move on the next read; it leaves brandManagement and goodRelease's list.
    await h.database.db.updateTable('store_brand_application').set({ brand_expire_date: dayIn(-1) }).where('id', '=', id).execute();
    expect((await management({ pageNum: 1, pageSize: 10 })).data.total).toBe(0);
    expect(await statusOf()).toBe(BRAND_APPLICATION_STATUS.expired);
    expect(await brandsOf(demo)).toEqual([]);
    expect(await operate(id, 'approve')).toMatchObject({ code: '10100005', msg: expect.stringMatching(/it is expired/) });
    // Expired is final; the store applies again for the same brand.
    expect((await apply({ ...FORM, brandName: 'Nordic Home', brandExpireDate: IN_A_YEAR, certificateFileIds: [demoFiles[0]] })).code).toBe(OK);
  });

  it('answers one application in detail; another store\'s id is 10100004 and the past expiry is refused on its field in Chinese', async () => {
    const applied = await apply({ ...FORM, brandName: 'Stone Craft', brandExpireDate: IN_A_YEAR, certificateFileIds: [demoFiles[0]] });
    const id = applied.data.applicationId;
    const detail = await h.call<BrandApplicationRow>(e.brandApplicationDetail.path, { applicationId: id }, demo);
    expect(detail.data).toMatchObject({ applicationId: id, brandName: 'Stone Craft', brandOwner: 'Marco Group', authorisationChain: ['Marco Group', 'Marco China'], status: 0 });
    expect(detail.data.certificates.map((c) => c.fileId)).toEqual([demoFiles[0]]);
    const foreign = await h.call(e.brandApplicationDetail.path, { applicationId: id }, other);
    expect([foreign.code, foreign.data]).toEqual(['10100004', null]);
    expect((await h.call(e.brandApplicationDetail.path, { applicationId: 'x' }, demo)).code).toBe('10100001');

    const before = await rows();
    const zh = await h
      .client(demo, 'none', 'zh-CN')
      .request(e.brandApply.path, { ...FORM, brandName: 'Oak & Pine', brandExpireDate: dayIn(-3), certificateFileIds: [demoFiles[0]] }, { silent: true, acceptCodes: ['10100001'] });
    expect(zh).toMatchObject({ code: '10100001', msg: 'brandExpireDate须晚于今天', errInfo: { problems: [{ field: 'brandExpireDate', problem: { rule: 'notAfterToday' } }] } });
    expect(await rows()).toEqual(before);
  });

  it('the demo seed has a brand in each state and one 30 days from its end, counted by the dashboard; seeding again adds nothing', async () => {
    await seedDemoBrands(h.database.db, systemClock);
    await seedDemoBrands(h.database.db, systemClock);
    const demoRows = (await rows()).filter((r) => r.store_id === DEMO);
    expect([...new Set(demoRows.map((r) => r.status))].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(demoRows).toHaveLength(7);
    const soon = await h.call<PageOf<BrandApplicationRow>>(e.brandManagementList.path, { pageNum: 1, pageSize: 10, expiringSoon: true }, demo);
    expect(soon.data.list.map((b) => [b.brandName, b.daysLeft, b.expiringSoon])).toEqual([[DEMO_EXPIRING_BRAND.brandName, 30, true]]);
    expect((await h.call<{ brandExpiryDays: number | null }>('/v1/store/eshop/store/user/storePcHome', {}, demo)).data.brandExpiryDays).toBe(30);
    expect(await brandsOf(demo)).toEqual(['Marco Tiles', 'Nordic Home', 'Stone Craft']);
  });
});
