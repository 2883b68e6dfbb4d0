import { freightEndpoints as api, goodsEndpoints, STORE_CODES, type PageOf } from '@merchant/api-contracts';
import { sql } from 'kysely';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { DEMO_FREIGHT_TEMPLATES } from './freight.seed';
import { freightCovers } from './index';

// Issue 27 §1, freight templates, through real HTTP on the app (PGlite, or PostgreSQL with DATABASE_URL): the
// template calls, one default per store, a used template not deleted, the tester, another store's ids, and goods
// release refusing a template that is not the store's.
const OK = STORE_CODES.success;
const NOT_FOUND = STORE_CODES.notFound;
const INVALID = STORE_CODES.invalidParameter;
const NOT_ALLOWED = STORE_CODES.notAllowedInCurrentState;
const STORE = 1001;

interface Template {
  templateId: number;
  name: string;
  pricing: number;
  isDefault: boolean;
  goodsCount: number;
  regionGroups: Array<{ regionCodes: string[] }>;
  excludedRegions: string[];
}
interface Saved {
  template: Template;
  duplicateRegions: string[];
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
  name: 'Test by count',
  pricing: 1,
  defaultBlock: { firstUnits: 1, firstCents: 800, additionalUnits: 2, additionalCents: 300 },
  regionGroups: [{ regionCodes: ['440300'], firstUnits: 1, firstCents: 1_200, additionalUnits: 1, additionalCents: 600 }],
  freeRules: [{ regionCodes: [], kind: 2, threshold: 10 }],
  excludedRegions: ['440100'],
  ...over,
});

async function add(token: string, over: Record<string, unknown> = {}): Promise<Saved> {
  const added = await h.call<Saved>(api.addFreightTemplate.path, templateBiz(over), token);
  expect([added.code, added.msg]).toEqual([OK, 'success']);
  return added.data;
}
const rows = () => db().selectFrom('store_freight_template').select(['id', 'store_id', 'name', 'is_default']).orderBy('id').execute();
const defaults = async (storeId: number) => (await rows()).filter((r) => r.store_id === storeId && r.is_default).map((r) => r.id);

describe('freight templates', () => {
  it('lists the seeded templates, the default first, each with the goods that use it', async () => {
    const token = await owner();
    const page = await h.call<PageOf<Template>>(api.freightTemplateList.path, { pageSize: 10 }, token);
    expect(page.code).toBe(OK);
    expect(page.data.list.map((t) => [t.name, t.isDefault])).toEqual(DEMO_FREIGHT_TEMPLATES.map((t) => [t.name, t.isDefault]));
    const used = await db().selectFrom('store_goods').select(['freight_template_id', sql<number>`count(*)::int`.as('n')]).where('store_id', '=', STORE).groupBy('freight_template_id').execute();
    for (const template of page.data.list) expect(template.goodsCount).toBe(used.find((u) => u.freight_template_id === template.templateId)?.n ?? 0);
    expect(page.data.list.every((t) => t.goodsCount > 0)).toBe(true);
  });

  it('adds, reads and edits a template; a default unsets the previous one; a region listed twice is warned of', async () => {
    const token = await owner();
    const [seededDefault] = await defaults(STORE);
    const saved = await add(token, { isDefault: true, regionGroups: [{ regionCodes: ['440300', '310000'], firstUnits: 1, firstCents: 1, additionalUnits: 1, additionalCents: 1 }, { regionCodes: ['310000'], firstUnits: 1, firstCents: 2, additionalUnits: 1, additionalCents: 2 }] });
    expect(saved.duplicateRegions).toEqual(['310000']);
    expect(saved.template).toMatchObject({ name: 'Test by count', isDefault: true, goodsCount: 0, excludedRegions: ['440100'] });
    expect(await defaults(STORE)).toEqual([saved.template.templateId]);
    expect(seededDefault).not.toBe(saved.template.templateId);

    const edited = await h.call<Saved>(api.editFreightTemplate.path, { templateId: saved.template.templateId, ...templateBiz({ name: 'Renamed', pricing: 2 }) }, token);
    expect(edited.code).toBe(OK);
    expect(edited.data.duplicateRegions).toEqual([]);
    const details = await h.call<Template>(api.freightTemplateDetails.path, { templateId: saved.template.templateId }, token);
    expect(details.data).toMatchObject({ name: 'Renamed', pricing: 2, isDefault: false });
    expect(await defaults(STORE)).toEqual([]);
  });

  it('keeps one default per store in the database itself', async () => {
    const [seededDefault] = await defaults(STORE);
    await expect(db().insertInto('store_freight_template').values({ store_id: STORE, name: 'x', pricing: 1, rules: '{}', is_default: true }).execute()).rejects.toMatchObject({ code: '23505' });
    expect(await defaults(STORE)).toEqual([seededDefault]);
  });

  it('refuses bad input on its field in the caller’s language, nothing saved', async () => {
    const token = await owner();
    const before = await rows();
    const zero = await h.call(api.addFreightTemplate.path, templateBiz({ defaultBlock: { firstUnits: 0, firstCents: -1, additionalUnits: 1, additionalCents: 1 } }), token);
    expect(zero.code).toBe(INVALID);
    expect(JSON.stringify(zero.errInfo)).toContain('defaultBlock.firstUnits');
    expect(JSON.stringify(zero.errInfo)).toContain('defaultBlock.firstCents');
    const unknown = await h.call(api.addFreightTemplate.path, templateBiz({ excludedRegions: ['999999'] }), token);
    expect(unknown.code).toBe(INVALID);
    expect(unknown.errInfo).toEqual({ problems: [{ field: 'excludedRegions', problem: { rule: 'option' } }] });
    const zh = await h.client(token, 'none', 'zh-CN').request(api.addFreightTemplate.path, templateBiz({ excludedRegions: ['999999'] }), { silent: true, acceptCodes: [INVALID] });
    expect(zh.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(await rows()).toEqual(before);
  });

  it('refuses to delete a template goods use, saying how many, and deletes an unused one', async () => {
    const token = await owner();
    const [used] = (await h.call<PageOf<Template>>(api.freightTemplateList.path, {}, token)).data.list;
    const refused = await h.call(api.deleteFreightTemplate.path, { templateId: used!.templateId }, token);
    expect([refused.code, refused.msg]).toEqual([NOT_ALLOWED, `${used!.goodsCount} goods use this freight template; give them another template first`]);
    expect(refused.errInfo).toEqual({ templateId: used!.templateId, goodsCount: used!.goodsCount });
    // The link: the goods list filtered by the template lists exactly those goods.
    const linked = await h.call<PageOf<{ goodsId: number }>>(goodsEndpoints.list.path, { freightTemplateId: used!.templateId, pageSize: 200 }, token);
    const draftsUsing = await db().selectFrom('store_goods').select('id').where('freight_template_id', '=', used!.templateId).where('status', '=', 0).execute();
    expect(linked.data.total + draftsUsing.length).toBe(used!.goodsCount);
    // The foreign key (on delete restrict) holds even without the service's check: PGlite answers 23001
    // (restrict_violation), PostgreSQL servers 23503 (foreign_key_violation).
    const direct = await db().deleteFrom('store_freight_template').where('id', '=', used!.templateId).execute().then(() => 'deleted', (error: { code?: string }) => error.code);
    expect(['23001', '23503']).toContain(direct);

    const unused = await add(token);
    expect((await h.call(api.deleteFreightTemplate.path, { templateId: unused.template.templateId }, token)).code).toBe(OK);
    expect((await rows()).map((r) => r.id)).not.toContain(unused.template.templateId);
  });

  it('the tester answers the freight of a cart to an address and the rule that produced it', async () => {
    const token = await owner();
    const saved = await add(token);
    const quote = (regionCode: string, quantity: number) => h.call<{ outcome: string; freightCents: number | null; rule: unknown; regionPath: Array<{ cityCode: string }> }>(api.freightQuote.path, { templateId: saved.template.templateId, regionCode, items: [{ quantity, unitPriceCents: 1_000 }] }, token);
    const nanshan = await quote('440305', 3);
    expect(nanshan.data).toMatchObject({ outcome: 'charged', freightCents: 1_200 + 2 * 600, units: 3, rule: { kind: 'region', index: 0, regionCode: '440300' } });
    expect(nanshan.data.regionPath.map((r) => r.cityCode)).toEqual(['440305', '440300', '440000']);
    expect((await quote('310101', 4)).data).toMatchObject({ outcome: 'charged', freightCents: 800 + 2 * 300, rule: { kind: 'default' } });
    expect((await quote('310101', 10)).data).toMatchObject({ outcome: 'free', freightCents: 0, rule: { kind: 'free', index: 0 } });
    expect((await quote('440106', 1)).data).toMatchObject({ outcome: 'notSold', freightCents: null, rule: { kind: 'excluded', regionCode: '440100' } });
    const unknown = await quote('999999', 1);
    expect([unknown.code, unknown.errInfo]).toEqual([INVALID, { problems: [{ field: 'regionCode', problem: { rule: 'option' } }] }]);
  });

  it('freightCovers: a template of the store sells to the region unless every template excludes it', async () => {
    expect(await freightCovers(db(), STORE, '440305')).toBe(true);
    // The seeded bulky template excludes Guangzhou, the standard one does not.
    expect(await freightCovers(db(), STORE, '440106')).toBe(true);
    await db().updateTable('store_freight_template').set({ rules: sql`jsonb_set(rules, '{excludedRegions}', '["440000"]')` }).where('store_id', '=', STORE).execute();
    expect(await freightCovers(db(), STORE, '440106')).toBe(false);
    expect(await freightCovers(db(), STORE, '310101')).toBe(true);
    expect(await freightCovers(db(), 1006, '310101')).toBe(false);
    expect(await freightCovers(db(), STORE, '999999')).toBe(false);
  });
});

describe("another store's ids", () => {
  it('answers 10100004 on every call and changes nothing', async () => {
    const token = await owner();
    const mine = await add(token);
    const id = mine.template.templateId;
    const away = await other();
    const before = await rows();
    for (const [path, biz] of [
      [api.freightTemplateDetails.path, { templateId: id }],
      [api.editFreightTemplate.path, { templateId: id, ...templateBiz({ name: 'Hijacked' }) }],
      [api.deleteFreightTemplate.path, { templateId: id }],
      [api.freightQuote.path, { templateId: id, regionCode: '310101', items: [{ quantity: 1, unitPriceCents: 1 }] }],
    ] as const) {
      expect([path, (await h.call(path, biz, away)).code]).toEqual([path, NOT_FOUND]);
    }
    expect((await h.call<PageOf<Template>>(api.freightTemplateList.path, { pageSize: 200 }, away)).data.list.map((t) => t.templateId)).not.toContain(id);
    expect(await rows()).toEqual(before);
  });
});

describe('goods release takes only a template of the store', () => {
  it('refuses a missing or another store’s template with 10100004 on the field, and saves with its own', async () => {
    const token = await owner();
    const away = await other();
    const foreign = await add(away, { excludedRegions: [], regionGroups: [] });
    const count = async () => (await db().selectFrom('store_goods').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    for (const templateId of [foreign.template.templateId, 999_999]) {
      const refused = await h.call(goodsEndpoints.saveDraft.path, { title: 'Freight check', freightTemplateId: templateId }, token);
      expect([refused.code, refused.errInfo]).toEqual([NOT_FOUND, { problems: [{ field: 'freightTemplateId', problem: { rule: 'option' } }] }]);
    }
    expect(await count()).toBe(before);
    const [own] = (await h.call<PageOf<Template>>(api.freightTemplateList.path, {}, token)).data.list;
    const saved = await h.call<{ goodsId: number }>(goodsEndpoints.saveDraft.path, { title: 'Freight check', freightTemplateId: own!.templateId }, token);
    expect(saved.code).toBe(OK);
    expect((await h.call<Template>(api.freightTemplateDetails.path, { templateId: own!.templateId }, token)).data.goodsCount).toBe(own!.goodsCount + 1);
  });
});
