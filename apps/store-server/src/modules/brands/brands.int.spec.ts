// brandApply against a real store-server and database: bad forms change nothing, certificates must be the
// store's own library files, the platform's review (operator endpoint and CLI parsing) and the approved
// brand list, each store seeing only its own applications.
import { BRAND_APPLICATION_STATUS, goodsEndpoints as e, type BrandApplicationRow, type PageOf } from '@merchant/api-contracts';
import { sql } from 'kysely';
import { createStoreServer, type StoreServer } from '../../server';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { parseOperatorArgs } from '../operator/operator.cli';
import { OPERATOR_BRANDS_PATH_PREFIX, OPERATOR_KEY_HEADER } from '../operator/operator.schemas';

const OK = '00000000';
const KEY = 'operator-key-for-brand-tests-0123456789';
const DEMO = 1001;
const IN_A_YEAR = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);

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
    const good = { brandName: 'Marco Tiles', brandExpireDate: IN_A_YEAR, certificateFileIds: [demoFiles[0]] };
    const cases: Array<[unknown, RegExp]> = [
      [{ ...good, brandName: undefined }, /brandName is required/],
      [{ ...good, brandName: '   ' }, /brandName is required/],
      [{ ...good, brandName: 'x'.repeat(31) }, /brandName must be at most 30 characters/],
      [{ ...good, brandName: 42 }, /brandName must be text/],
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
    const applied = await apply({ brandName: '  Marco Tiles ', brandExpireDate: IN_A_YEAR, certificateFileIds: demoFiles });
    expect(applied.code).toBe(OK);
    expect(applied.data).toEqual({ applicationId: expect.any(Number), status: BRAND_APPLICATION_STATUS.underReview });
    const id = applied.data.applicationId;

    const list = await listOf(demo);
    expect(list.data.total).toBe(1);
    const row = list.data.list[0] as BrandApplicationRow;
    expect(row).toMatchObject({ applicationId: id, brandName: 'Marco Tiles', brandExpireDate: IN_A_YEAR, status: 1, rejectReason: '', reviewTime: 0 });
    expect(row.certificates.map((c) => c.fileId)).toEqual(demoFiles);
    const picture = await fetch(row.certificates[0]?.objectUrl ?? '');
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/png']);

    // One live application per brand (case-insensitive); another store may apply for the same name.
    const again = await apply({ brandName: 'marco tiles', brandExpireDate: IN_A_YEAR, certificateFileIds: [demoFiles[0]] });
    expect([again.code, again.msg]).toEqual(['10100009', 'brand "marco tiles" is already under review or approved']);
    expect((await listOf(other)).data).toMatchObject({ total: 0, list: [] });
    expect(await brandsOf(demo)).toEqual([]);

    // The platform rejects with a reason the merchant reads; a new application may follow.
    expect(await operate(id, 'reject')).toMatchObject({ status: 400, code: '10100001', msg: expect.stringMatching(/brand-reject needs --reason/) });
    const rejected = await operate(id, 'reject', { reason: 'The certificate is blurred.' });
    expect(rejected).toMatchObject({ code: OK, data: { applicationId: id, storeId: DEMO, status: BRAND_APPLICATION_STATUS.rejected, rejectReason: 'The certificate is blurred.' } });
    expect((await listOf(demo)).data.list[0]).toMatchObject({ status: 3, rejectReason: 'The certificate is blurred.', reviewTime: expect.any(Number) });
    expect(await operate(id, 'approve')).toMatchObject({ code: '10100005' });

    const second = await apply({ brandName: 'Marco Tiles', brandExpireDate: IN_A_YEAR, certificateFileIds: [demoFiles[1]] });
    expect(second.code).toBe(OK);
    expect(await operate(second.data.applicationId, 'approve')).toMatchObject({ code: OK, data: { status: BRAND_APPLICATION_STATUS.approved } });
    expect(await brandsOf(demo)).toEqual(['Marco Tiles']);
    expect(await brandsOf(other)).toEqual([]);
    expect((await apply({ brandName: 'MARCO TILES', brandExpireDate: IN_A_YEAR, certificateFileIds: [demoFiles[0]] })).code).toBe('10100009');

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
  });
});
