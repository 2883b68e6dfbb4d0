// Issue 26 §1, the shop profile: getStoreInfo (the grouped view, phones and the ID number masked),
// updateStoreInfo (the at-once fields), the permission codes of both, each store seeing only its own row, and
// the dashboard's licence and brand days at their boundaries (0..60 about to expire, -1 expired).
import { hashSecret } from '../../shared/passwords';
import type { Clock } from '../../shared/clock';
import { startTestServer, type TestHarness } from '../../testing/harness';

const USER = '/v1/store/eshop/store/user';
const OK = '00000000';
const DEMO = 1001;
const OTHER = 1006;
const DAY_MS = 24 * 60 * 60 * 1000;

describe('shop profile: getStoreInfo, updateStoreInfo, dashboard days', () => {
  let h: TestHarness;
  let now = new Date('2026-12-01T08:00:00Z');
  const clock: Clock = { now: () => now };
  beforeAll(async () => {
    h = await startTestServer({ clock });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    now = new Date('2026-12-01T08:00:00Z');
    await h.reset();
  });

  const storeRow = (id: number) => h.database.db.selectFrom('store_store').select(['store_info', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();

  /** A sub-account of the demo store holding only the given codes. */
  async function staffWith(codes: string[]): Promise<string> {
    const db = h.database.db;
    const user = await db
      .insertInto('store_user')
      .values({ store_id: DEMO, username: 'profile_staff', password_hash: await hashSecret('Demo12345'), nickname: 'Profile staff', avatar_object_key: null, is_owner: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (codes.length) {
      const role = await db.insertInto('store_role').values({ store_id: DEMO, name: 'profile-only' }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('store_role_permission').values(codes.map((permission_code) => ({ role_id: role.id, permission_code }))).execute();
      await db.insertInto('store_user_role').values({ user_id: user.id, role_id: role.id }).execute();
    }
    return h.login('profile_staff', 'Demo12345');
  }

  it('shows the store, licence, legal person, categories and contact, phones masked to the first 3 and last 4', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const info = await h.call<Record<string, unknown>>(`${USER}/getStoreInfo`, {}, token);
    expect(info.code).toBe(OK);
    expect(info.data).toMatchObject({
      storeId: DEMO,
      storeName: 'Demo Flagship Store',
      address: '1 Demo Road, Huangpu, Shanghai',
      mobile: '138****1001',
      contactName: 'Demo Owner',
      contactMobile: '138****1001',
      legalPersonName: 'Demo Owner',
      licenseNumber: '91310000MA1FL0000X',
      licenseImageUrl: '/static/demo/license.png',
    });
    expect((info.data.categories as Array<{ categoryId: number }>).map((c) => c.categoryId)).toEqual([11, 21]);
    expect(typeof info.data.licenseExpireTime).toBe('number');
    // The legal person's ID number never leaves the server whole.
    await h.database.db
      .updateTable('store_store')
      .set({ store_info: JSON.stringify({ ...((await storeRow(DEMO)).store_info as object), legalPersonIdNumber: '11010519491231002X' }) })
      .where('id', '=', DEMO)
      .execute();
    expect((await h.call<{ legalPersonIdNumber: string }>(`${USER}/getStoreInfo`, {}, token)).data.legalPersonIdNumber).toBe('110***********002X');
  });

  it('changes logo, introduction and contact at once, for the caller’s store only', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const otherBefore = await storeRow(OTHER);
    const changed = await h.call<Record<string, unknown>>(
      `${USER}/updateStoreInfo`,
      { storeLogoUrl: '/static/demo/logo-new.png', storeIntro: 'Tiles and paint since 1999', contactName: 'Li Si', contactMobile: '13912345678' },
      token,
    );
    expect(changed.code).toBe(OK);
    expect(changed.data).toMatchObject({ storeLogoUrl: '/static/demo/logo-new.png', storeIntro: 'Tiles and paint since 1999', contactName: 'Li Si', contactMobile: '139****5678' });
    // The reviewed fields did not move.
    expect(changed.data).toMatchObject({ licenseNumber: '91310000MA1FL0000X', legalPersonName: 'Demo Owner' });
    expect((await h.call<Record<string, unknown>>(`${USER}/getStoreInfo`, {}, token)).data).toMatchObject({ contactName: 'Li Si', storeIntro: 'Tiles and paint since 1999' });
    expect((await storeRow(OTHER)).store_info).toEqual(otherBefore.store_info);
    // The change is in the operation log: who, from which session, when.
    const log = await h.database.db.selectFrom('store_operation_log').select(['user_id', 'session_id', 'operation_type']).where('store_id', '=', DEMO).where('operation_type', '=', 'STORE_INFO_UPDATE').execute();
    expect(log).toHaveLength(1);
    expect(log[0]!.session_id).not.toBeNull();
    // Another store's merchant sees its own shop.
    const other = await h.login('demo_service', 'Demo12345');
    const theirs = await h.call<Record<string, unknown>>(`${USER}/getStoreInfo`, {}, other);
    expect(theirs.data.storeId).toBe(OTHER);
    expect(theirs.data.contactName).not.toBe('Li Si');
  });

  it('refuses bad input in the caller’s language and changes nothing', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const before = await storeRow(DEMO);
    expect((await h.call(`${USER}/updateStoreInfo`, { contactName: '' }, token)).code).toBe('10100001');
    expect((await h.call(`${USER}/updateStoreInfo`, { contactMobile: '1234' }, token)).msg).toBe('phone number format error');
    expect((await h.call(`${USER}/updateStoreInfo`, { storeIntro: 'x'.repeat(501) }, token)).code).toBe('10100001');
    expect((await storeRow(DEMO)).store_info).toEqual(before.store_info);
  });

  it('needs shop:view to read and shop:edit to change; a refusal changes nothing', async () => {
    const viewer = await staffWith(['shop:view']);
    const before = await storeRow(DEMO);
    expect((await h.call(`${USER}/getStoreInfo`, {}, viewer)).code).toBe(OK);
    const refused = await h.call(`${USER}/updateStoreInfo`, { storeIntro: 'staff wrote this' }, viewer);
    expect(refused.code).toBe('10100003');
    expect((await storeRow(DEMO)).store_info).toEqual(before.store_info);
    expect(await h.database.db.selectFrom('store_operation_log').select('id').where('operation_type', '=', 'STORE_INFO_UPDATE').execute()).toEqual([]);
    await h.database.db.deleteFrom('store_user_role').execute();
    expect((await h.call(`${USER}/getStoreInfo`, {}, viewer)).code).toBe('10100003');
  });

  it('counts the licence and brand days: 60 and 0 are about to expire, past the end is -1', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    // Brand days count to the soonest approved brand's end when the store has approved brands (brands.int.spec);
    // without any, to the registration's brand date, which this test moves.
    await h.database.db.deleteFrom('store_brand_application').where('store_id', '=', DEMO).where('status', '=', 2).execute();
    const setEnds = (licenseMs: number, brandMs: number) =>
      h.database.db
        .updateTable('store_store')
        .set({ license_expires_on: new Date(now.getTime() + licenseMs), brand_expires_on: new Date(now.getTime() + brandMs) })
        .where('id', '=', DEMO)
        .execute();
    const days = async () => {
      const home = await h.call<{ storeLicenseDays: number | null; brandExpiryDays: number | null }>(`${USER}/storePcHome`, {}, token);
      return [home.data.storeLicenseDays, home.data.brandExpiryDays];
    };
    await setEnds(60 * DAY_MS, 61 * DAY_MS);
    expect(await days()).toEqual([60, 61]);
    await setEnds(0, DAY_MS - 1000);
    expect(await days()).toEqual([0, 0]);
    await setEnds(-1000, -400 * DAY_MS);
    expect(await days()).toEqual([-1, -1]);
    await h.database.db.updateTable('store_store').set({ license_expires_on: null, brand_expires_on: null }).where('id', '=', DEMO).execute();
    expect(await days()).toEqual([null, null]);
  });
});
