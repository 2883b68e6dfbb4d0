// Issue 26 §1: the shop profile's reviewed changes. Asked for by the merchant (pending, one per kind, the store
// keeps its approved data), decided by the operator command (approval writes it in, a refusal keeps the reason),
// each store seeing only its own, the permission codes, the operation-log entry, and the categories check.
import { hashSecret } from '../../shared/passwords';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { parseOperatorArgs, runOperatorCommand } from '../operator/operator.cli';
import { DEMO_PENDING_LICENSE } from './store-info-changes.seed';

const USER = '/v1/store/eshop/store/user';
const OK = '00000000';
const DEMO = 1001;
const KEY = 'operator-key-for-tests-0123456789abcdef';
const LICENSE = { licenseNumber: '91310000MA1FL9999Y', licenseImageUrl: '/static/demo/license-2027.png', licenseExpireTime: 1_900_000_000 };

type Change = { changeId: number; kind: string; status: number; changes: Record<string, unknown>; categories: Array<{ categoryId: number }>; rejectReason: string };

describe('shop profile: reviewed changes and the operator review', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await startTestServer({ config: { operatorKey: KEY } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  const env = () => ({ STORE_SERVER_URL: h.url, OPERATOR_KEY: KEY });
  const operator = async (...argv: string[]) => {
    const parsed = parseOperatorArgs(argv);
    if (!parsed.ok) throw new Error(parsed.message);
    return runOperatorCommand(parsed.command, env());
  };
  const info = async (token: string) => (await h.call<Record<string, unknown>>(`${USER}/getStoreInfo`, {}, token)).data;
  const changes = async (token: string) => (await h.call<{ list: Change[] }>(`${USER}/queryStoreInfoChanges`, {}, token)).data.list;

  async function staffWith(codes: string[]): Promise<string> {
    const db = h.database.db;
    const user = await db
      .insertInto('store_user')
      .values({ store_id: DEMO, username: 'profile_staff', password_hash: await hashSecret('Demo12345'), nickname: 'Profile staff', avatar_object_key: null, is_owner: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const role = await db.insertInto('store_role').values({ store_id: DEMO, name: 'profile-only' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('store_role_permission').values(codes.map((permission_code) => ({ role_id: role.id, permission_code }))).execute();
    await db.insertInto('store_user_role').values({ user_id: user.id, role_id: role.id }).execute();
    return h.login('profile_staff', 'Demo12345');
  }

  it('keeps a licence change pending beside the approved data until the operator approves it', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    // The demo data's renewed licence waits for review (one pending per kind: a second one is refused).
    const [seeded] = await changes(token);
    expect(seeded).toMatchObject({ kind: 'license', status: 1, changes: DEMO_PENDING_LICENSE });
    const twice = await h.call(`${USER}/applyStoreLicenseChange`, LICENSE, token);
    expect([twice.code, twice.msg]).toEqual(['10100005', 'a change of the business licence is already under review; wait for its result']);
    expect((await operator('profile-approve', String(seeded!.changeId))).code).toBe(OK);
    expect((await info(token)).licenseNumber).toBe(DEMO_PENDING_LICENSE.licenseNumber);

    const before = await info(token);
    const asked = await h.call<Change>(`${USER}/applyStoreLicenseChange`, LICENSE, token);
    expect(asked.code).toBe(OK);
    expect(asked.data).toMatchObject({ kind: 'license', status: 1, changes: LICENSE, rejectReason: '' });
    // The shop keeps selling on the approved licence.
    expect(await info(token)).toMatchObject({ licenseNumber: before.licenseNumber, licenseImageUrl: before.licenseImageUrl });
    expect((await changes(token)).map((c) => [c.kind, c.status, c.changeId])).toEqual([['license', 1, asked.data.changeId]]);
    // One pending change per kind.
    const again = await h.call(`${USER}/applyStoreLicenseChange`, LICENSE, token);
    expect([again.code, again.msg]).toEqual(['10100005', 'a change of the business licence is already under review; wait for its result']);
    // The operation log names who asked, from which session.
    const log = await h.database.db.selectFrom('store_operation_log').select(['operation_type', 'session_id']).where('store_id', '=', DEMO).where('operation_type', '=', 'STORE_INFO_CHANGE_APPLY').execute();
    expect(log).toHaveLength(1);
    expect(log[0]!.session_id).not.toBeNull();

    const approved = await operator('profile-approve', String(asked.data.changeId));
    expect(approved).toMatchObject({ code: OK, data: { changeId: asked.data.changeId, storeId: DEMO, kind: 'license', status: 2 } });
    expect(await info(token)).toMatchObject({ licenseNumber: LICENSE.licenseNumber, licenseImageUrl: LICENSE.licenseImageUrl, licenseExpireTime: LICENSE.licenseExpireTime });
    expect((await changes(token))[0]).toMatchObject({ status: 2 });
    // A decided change is not decided twice.
    expect((await operator('profile-reject', String(asked.data.changeId), '--reason', 'late')).code).toBe('10100005');
  });

  it('a refusal keeps the approved data and shows the reason; the merchant may ask again', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const asked = await h.call<Change>(`${USER}/applyLegalPersonChange`, { legalPersonName: 'Wang Wu', legalPersonIdNumber: '11010519491231002X' }, token);
    expect(asked.data.changes.legalPersonIdNumber).toBe('110***********002X');
    const refused = await operator('profile-reject', String(asked.data.changeId), '--reason', 'the ID card photo is unreadable');
    expect(refused).toMatchObject({ code: OK, data: { status: 3, rejectReason: 'the ID card photo is unreadable' } });
    expect(await info(token)).toMatchObject({ legalPersonName: 'Demo Owner' });
    expect((await changes(token))[0]).toMatchObject({ kind: 'legalPerson', status: 3, rejectReason: 'the ID card photo is unreadable' });
    expect((await h.call(`${USER}/applyLegalPersonChange`, { legalPersonName: 'Wang Wu', legalPersonIdNumber: '11010519491231002X' }, token)).code).toBe(OK);
  });

  it('approves a store name change into the store row', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const asked = await h.call<Change>(`${USER}/applyStoreNameChange`, { storeName: 'Demo Flagship Store II' }, token);
    expect((await operator('profile-approve', String(asked.data.changeId))).code).toBe(OK);
    expect((await info(token)).storeName).toBe('Demo Flagship Store II');
  });

  it('refuses removing a category with goods on shelf when asked, naming how many; an allowed change applies on approval', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const refused = await h.call(`${USER}/applyStoreCategoriesChange`, { categoryIds: [11, 22] }, token);
    expect(refused.code).toBe('10100010');
    expect(refused.msg).toMatch(/\(\d+ on shelf\)$/);
    expect((await changes(token)).map((c) => c.kind)).toEqual(['license']);
    const asked = await h.call<Change>(`${USER}/applyStoreCategoriesChange`, { categoryIds: [11, 21, 22] }, token);
    expect(asked.data.categories.map((c) => c.categoryId)).toEqual([11, 21, 22]);
    expect(((await info(token)).categories as unknown[]).length).toBe(2);
    expect((await operator('profile-approve', String(asked.data.changeId))).code).toBe(OK);
    expect(((await info(token)).categories as Array<{ categoryId: number }>).map((c) => c.categoryId)).toEqual([11, 21, 22]);
  });

  it('keeps each store to its own changes and each staff member to their codes', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const other = await h.login('demo_service', 'Demo12345');
    expect(await changes(other)).toEqual([]);
    const editor = await staffWith(['shop:view', 'shop:edit']);
    expect((await h.call(`${USER}/applyStoreCategoriesChange`, { categoryIds: [11, 21, 22] }, editor)).code).toBe('10100003');
    await h.database.db.deleteFrom('store_role_permission').where('permission_code', '=', 'shop:edit').execute();
    expect((await h.call(`${USER}/applyLegalPersonChange`, { legalPersonName: 'Wang Wu', legalPersonIdNumber: '11010519491231002X' }, editor)).code).toBe('10100003');
    expect((await changes(token)).map((c) => [c.kind, c.status])).toEqual([['license', 1]]);
    // Bad input is refused before anything is kept.
    expect((await h.call(`${USER}/applyStoreLicenseChange`, { ...LICENSE, licenseNumber: 'lowercase' }, token)).code).toBe('10100001');
    expect((await operator('profile-approve', '999999')).code).toBe('10100004');
  });
});
