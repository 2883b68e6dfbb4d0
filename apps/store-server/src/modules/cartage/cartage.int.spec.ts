import { PERMISSIONS, STORE_CODES, cartageEndpoints as api, goodsEndpoints, type PageOf } from '@merchant/api-contracts';
import { sql } from 'kysely';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { DEMO_CARTAGE_TEMPLATE } from './cartage.seed';

// Issue 27 §2, cartage templates, through real HTTP on the app (PGlite, or PostgreSQL with DATABASE_URL): each call,
// bad input refused on its field in both languages with nothing saved, a used template not deleted, the quote,
// another store's ids, staff without templates:manage, and goods release taking only a template of the store.

const OK = STORE_CODES.success;
const NOT_FOUND = STORE_CODES.notFound;
const INVALID = STORE_CODES.invalidParameter;
const NOT_ALLOWED = STORE_CODES.notAllowedInCurrentState;
const DENIED = '10100003';
const STORE = 1001;

interface Template {
  templateId: number;
  name: string;
  freeFloors: number;
  perFloorWithLiftCents: number;
  perFloorWithoutLiftCents: number;
  distanceBands: Array<{ fromMeters: number; toMeters: number; cents: number }>;
  minimumCents: number;
  goodsCount: number;
}

let h: TestHarness;
beforeAll(async () => {
  h = await startTestServer();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const db = () => h.database.db;
const owner = () => h.login('demo_merchant', 'Demo12345');
const other = () => h.login('demo_service', 'Demo12345');

const templateBiz = (over: Record<string, unknown> = {}) => ({
  name: 'Stairs and long carry',
  freeFloors: 1,
  perFloorWithLiftCents: 200,
  perFloorWithoutLiftCents: 800,
  // Out of order on purpose: stored and answered in the order of their start.
  distanceBands: [
    { fromMeters: 30, toMeters: 100, cents: 1_500 },
    { fromMeters: 0, toMeters: 30, cents: 0 },
  ],
  minimumCents: 3_000,
  ...over,
});

async function add(token: string, over: Record<string, unknown> = {}): Promise<Template> {
  const added = await h.call<Template>(api.addCartageTemplate.path, templateBiz(over), token);
  expect([added.code, added.msg]).toEqual([OK, 'success']);
  return added.data;
}

const rows = () => db().selectFrom('store_cartage_template').selectAll().orderBy('id').execute();
const goodsUsing = async (templateId: number) =>
  (await db().selectFrom('store_goods').select(sql<number>`count(*)::int`.as('n')).where('cartage_template_id', '=', templateId).executeTakeFirstOrThrow()).n;

describe('cartage templates', () => {
  it('lists the seeded template with the sofas that use it', async () => {
    const page = await h.call<PageOf<Template>>(api.cartageTemplateList.path, { pageSize: 10 }, await owner());
    expect(page.code).toBe(OK);
    expect(page.data.list).toHaveLength(1);
    const [seeded] = page.data.list;
    expect(seeded).toMatchObject({ name: DEMO_CARTAGE_TEMPLATE.name, distanceBands: DEMO_CARTAGE_TEMPLATE.distanceBands, minimumCents: DEMO_CARTAGE_TEMPLATE.minimumCents });
    const sofas = await db().selectFrom('store_goods').select(sql<number>`count(*)::int`.as('n')).where('store_id', '=', STORE).where('category_id', '=', 21).executeTakeFirstOrThrow();
    expect(sofas.n).toBeGreaterThan(0);
    expect(seeded!.goodsCount).toBe(sofas.n);
    expect(await goodsUsing(seeded!.templateId)).toBe(sofas.n);
  });

  it('adds, reads, edits and lists a template; bands come back in the order of their start', async () => {
    const token = await owner();
    const saved = await add(token);
    expect(saved).toMatchObject({ name: 'Stairs and long carry', freeFloors: 1, goodsCount: 0, distanceBands: [{ fromMeters: 0, toMeters: 30, cents: 0 }, { fromMeters: 30, toMeters: 100, cents: 1_500 }] });
    const edited = await h.call<Template>(api.editCartageTemplate.path, { templateId: saved.templateId, ...templateBiz({ name: 'Renamed', freeFloors: 0, distanceBands: [] }) }, token);
    expect(edited.code).toBe(OK);
    const details = await h.call<Template>(api.cartageTemplateDetails.path, { templateId: saved.templateId }, token);
    expect(details.data).toMatchObject({ name: 'Renamed', freeFloors: 0, distanceBands: [] });
    const found = await h.call<PageOf<Template>>(api.cartageTemplateList.path, { name: 'renam' }, token);
    expect(found.data.list.map((t) => t.templateId)).toEqual([saved.templateId]);
  });

  it('refuses bad input on its field in the caller’s language, nothing saved', async () => {
    const token = await owner();
    const before = await rows();
    const cases: Array<[Record<string, unknown>, Array<[string, string]>]> = [
      [{ perFloorWithoutLiftCents: -1 }, [['perFloorWithoutLiftCents', 'notNegative']]],
      [{ freeFloors: -1 }, [['freeFloors', 'notNegative']]],
      [{ distanceBands: [{ fromMeters: 50, toMeters: 50, cents: 0 }] }, [['distanceBands.0.toMeters', 'bandEnd']]],
      [{ distanceBands: [{ fromMeters: 0, toMeters: 40, cents: 0 }, { fromMeters: 30, toMeters: 100, cents: 0 }] }, [['distanceBands.1.fromMeters', 'overlapsBand']]],
    ];
    for (const [patch, expected] of cases) {
      const refused = await h.call(api.addCartageTemplate.path, templateBiz(patch), token);
      expect(refused.code).toBe(INVALID);
      const problems = (refused.errInfo as { problems: Array<{ field: string; problem: { rule: string } }> }).problems;
      expect(problems.map((p) => [p.field, p.problem.rule])).toEqual(expected);
    }
    const overlapping = templateBiz({ distanceBands: [{ fromMeters: 0, toMeters: 40, cents: 0 }, { fromMeters: 30, toMeters: 100, cents: 0 }] });
    const en = await h.client(token, 'none', 'en-US').request(api.addCartageTemplate.path, overlapping, { silent: true, acceptCodes: [INVALID] });
    expect(en.msg).toContain('overlaps distance band 1');
    const zh = await h.client(token, 'none', 'zh-CN').request(api.addCartageTemplate.path, overlapping, { silent: true, acceptCodes: [INVALID] });
    expect(zh.msg).toContain('与第 1 个距离段重叠');
    // An edit with bad input leaves the stored template as it was.
    const [seeded] = before;
    const badEdit = await h.call(api.editCartageTemplate.path, { templateId: seeded!.id, ...templateBiz({ minimumCents: -5 }) }, token);
    expect(badEdit.code).toBe(INVALID);
    expect(await rows()).toEqual(before);
  });

  it('refuses to delete a template goods use, saying how many, and deletes an unused one', async () => {
    const token = await owner();
    const [used] = (await h.call<PageOf<Template>>(api.cartageTemplateList.path, {}, token)).data.list;
    const refused = await h.call(api.deleteCartageTemplate.path, { templateId: used!.templateId }, token);
    expect([refused.code, refused.msg]).toEqual([NOT_ALLOWED, `${used!.goodsCount} goods use this cartage template; give them another template first`]);
    expect(refused.errInfo).toEqual({ templateId: used!.templateId, goodsCount: used!.goodsCount });
    // The link: the goods list filtered by the template lists exactly those goods (drafts are not on it).
    const linked = await h.call<PageOf<{ goodsId: number }>>(goodsEndpoints.list.path, { cartageTemplateId: used!.templateId, pageSize: 200 }, token);
    const draftsUsing = await db().selectFrom('store_goods').select('id').where('cartage_template_id', '=', used!.templateId).where('status', '=', 0).execute();
    expect(linked.data.total + draftsUsing.length).toBe(used!.goodsCount);
    // The foreign key (on delete restrict) holds even without the service's check: 23001 on PGlite, 23503 on PostgreSQL servers.
    const direct = await db().deleteFrom('store_cartage_template').where('id', '=', used!.templateId).execute().then(() => 'deleted', (error: { code?: string }) => error.code);
    expect(['23001', '23503']).toContain(direct);
    const unused = await add(token);
    expect((await h.call(api.deleteCartageTemplate.path, { templateId: unused.templateId }, token)).code).toBe(OK);
    expect((await rows()).map((r) => r.id)).not.toContain(unused.templateId);
  });

  it('quotes a job with the shared calculation: floors with and without a lift, the band, the minimum, too far', async () => {
    const token = await owner();
    const saved = await add(token);
    const quote = (job: Record<string, unknown>) => h.call<Record<string, unknown>>(api.cartageQuote.path, { templateId: saved.templateId, pieces: 2, floor: 6, hasLift: false, distanceMeters: 10, ...job }, token);
    expect((await quote({})).data).toEqual({ outcome: 'charged', cartageCents: 2 * 5 * 800, chargedFloors: 5, floorCents: 8_000, distanceCents: 0, bandIndex: 0 });
    expect((await quote({ hasLift: true, distanceMeters: 30 })).data).toMatchObject({ outcome: 'charged', cartageCents: 2 * 5 * 200 + 2 * 1_500, bandIndex: 1 });
    expect((await quote({ floor: 2, pieces: 1 })).data).toMatchObject({ outcome: 'minimum', cartageCents: 3_000 });
    expect((await quote({ distanceMeters: 100 })).data).toMatchObject({ outcome: 'tooFar', cartageCents: null });
    const negative = await quote({ floor: 0 });
    expect([negative.code, negative.errInfo]).toEqual([INVALID, { problems: [{ field: 'floor', problem: { rule: 'min', limit: 1 } }] }]);
  });
});

describe("another store's ids", () => {
  it('answers 10100004 on every call and changes nothing', async () => {
    const mine = await add(await owner());
    const away = await other();
    const before = await rows();
    for (const [path, biz] of [
      [api.cartageTemplateDetails.path, { templateId: mine.templateId }],
      [api.editCartageTemplate.path, { templateId: mine.templateId, ...templateBiz({ name: 'Hijacked' }) }],
      [api.deleteCartageTemplate.path, { templateId: mine.templateId }],
      [api.cartageQuote.path, { templateId: mine.templateId, pieces: 1, floor: 1, hasLift: false, distanceMeters: 0 }],
    ] as const) {
      expect([path, (await h.call(path, biz, away)).code]).toEqual([path, NOT_FOUND]);
    }
    expect((await h.call<PageOf<Template>>(api.cartageTemplateList.path, { pageSize: 200 }, away)).data.list.map((t) => t.templateId)).not.toContain(mine.templateId);
    expect(await rows()).toEqual(before);
  });
});

describe('permissions', () => {
  it('a staff member without templates:manage reads and quotes but cannot add, edit or delete (10100003)', async () => {
    await db()
      .deleteFrom('store_role_permission')
      .where('permission_code', '=', PERMISSIONS.templatesManage)
      .where('role_id', 'in', db().selectFrom('store_role').select('id').where('store_id', '=', STORE))
      .execute();
    const staff = await h.login('demo_staff', 'Demo12345');
    const before = await rows();
    const id = before[0]!.id;
    expect((await h.call(api.cartageTemplateList.path, {}, staff)).code).toBe(OK);
    expect((await h.call(api.cartageTemplateDetails.path, { templateId: id }, staff)).code).toBe(OK);
    expect((await h.call(api.cartageQuote.path, { templateId: id, pieces: 1, floor: 3, hasLift: true, distanceMeters: 5 }, staff)).code).toBe(OK);
    expect((await h.call(api.addCartageTemplate.path, templateBiz(), staff)).code).toBe(DENIED);
    expect((await h.call(api.editCartageTemplate.path, { templateId: id, ...templateBiz() }, staff)).code).toBe(DENIED);
    expect((await h.call(api.deleteCartageTemplate.path, { templateId: id }, staff)).code).toBe(DENIED);
    expect(await rows()).toEqual(before);
  });
});

describe('goods release takes only a cartage template of the store', () => {
  it('refuses a missing or another store’s template with 10100004 on the field, and saves with its own', async () => {
    const token = await owner();
    const foreign = await add(await other());
    const count = async () => (await db().selectFrom('store_goods').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    for (const templateId of [foreign.templateId, 999_999]) {
      const refused = await h.call(goodsEndpoints.saveDraft.path, { title: 'Cartage check', cartageTemplateId: templateId }, token);
      expect([refused.code, refused.errInfo]).toEqual([NOT_FOUND, { problems: [{ field: 'cartageTemplateId', problem: { rule: 'option' } }] }]);
    }
    expect(await count()).toBe(before);
    const own = await add(token);
    const saved = await h.call<{ goodsId: number }>(goodsEndpoints.saveDraft.path, { title: 'Cartage check', cartageTemplateId: own.templateId }, token);
    expect(saved.code).toBe(OK);
    expect((await h.call<Template>(api.cartageTemplateDetails.path, { templateId: own.templateId }, token)).data.goodsCount).toBe(1);
    const detail = await h.call<{ cartageTemplateId: number | null }>(goodsEndpoints.detail.path, { goodsId: saved.data.goodsId }, token);
    expect(detail.data.cartageTemplateId).toBe(own.templateId);
  });
});
