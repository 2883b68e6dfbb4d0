import { ACTIVITY_APPLICATION_STATE as STATE, ACTIVITY_PHASE, activityEndpoints as api, STORE_CODES, type PageOf } from '@merchant/api-contracts';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { parseOperatorArgs, runOperatorCommand } from '../operator/operator.cli';
import { OPERATOR_KEY_HEADER } from '../operator/operator.schemas';
import { DEMO_ACTIVITY_REJECT_REASON, DEMO_ACTIVITY_TITLES } from './activities.seed';
import { maxActivityPriceCents } from './activities.service';

// Issue 28 §1, platform activities, through real HTTP on the app (PGlite, or PostgreSQL with DATABASE_URL, where
// the concurrent approvals and applications run on parallel connections): the store's calls, the operator's
// campaign and review, rules refused on their fields with nothing changed, places exact under concurrency, one
// active application per campaign and store, another store's ids.
const OK = STORE_CODES.success;
const INVALID = STORE_CODES.invalidParameter;
const NOT_FOUND = STORE_CODES.notFound;
const NOT_ALLOWED = STORE_CODES.notAllowedInCurrentState;
const OPERATOR_KEY = 'activities-test-operator-key-0123456789';
const STORE = 1001;
const DAY = 24 * 60 * 60;

interface Campaign {
  campaignId: number;
  titleZh: string;
  phase: number;
  signUpOpen: boolean;
  quota: number;
  placesTaken: number;
  placesLeft: number;
  myApplication: { applicationId: number; state: number } | null;
}
interface Application {
  applicationId: number;
  campaignId: number;
  campaignTitleZh: string;
  state: number;
  reason: string | null;
  goodsCount: number;
  skuCount: number;
}
interface Details {
  application: Application;
  campaign: Campaign;
  items: Array<{ goodsId: number; skuId: number; listPriceCents: number; activityPriceCents: number }>;
}
type Problems = Array<{ field: string; problem: { rule: string; limit?: number } }>;

let h: TestHarness;
beforeAll(async () => {
  h = await startTestServer({ config: { operatorKey: OPERATOR_KEY } });
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const db = () => h.database.db;
const owner = () => h.login('demo_merchant', 'Demo12345');
const nowSeconds = () => Math.floor(Date.now() / 1000);

const operator = <T>(path: string, body: unknown = {}) => h.keyed<T>(path, body, OPERATOR_KEY, OPERATOR_KEY_HEADER);
const approve = (applicationId: number) => operator<{ state: number }>(`/operator/activity-applications/${applicationId}/approve`);
const reject = (applicationId: number, reason: string) => operator<{ state: number; reason: string }>(`/operator/activity-applications/${applicationId}/reject`, { reason });

/** A campaign open for sign-up now through the operator endpoint; `over` changes any rule. */
async function createCampaign(over: Record<string, unknown> = {}): Promise<number> {
  const now = nowSeconds();
  const created = await operator<{ campaignId: number }>('/operator/activities', {
    titleZh: '测试活动',
    titleEn: 'Test campaign',
    signUpFrom: now - DAY,
    signUpUntil: now + DAY,
    runFrom: now + 2 * DAY,
    runUntil: now + 10 * DAY,
    minDiscountBp: 1_000,
    categoryIds: [],
    maxGoods: 2,
    quota: 5,
    ...over,
  });
  expect([created.status, created.code]).toEqual([200, OK]);
  return created.data.campaignId;
}

/** SKUs of the demo store with their goods, category and list price. */
async function storeSkus(storeId = STORE) {
  return db()
    .selectFrom('store_goods_sku as s')
    .innerJoin('store_goods as g', 'g.id', 's.goods_id')
    .select(['s.id as skuId', 's.goods_id as goodsId', 's.price_cents as priceCents', 'g.category_id as categoryId'])
    .where('s.store_id', '=', storeId)
    .orderBy('s.goods_id')
    .orderBy('s.id')
    .execute();
}
type Sku = Awaited<ReturnType<typeof storeSkus>>[number];
const at = (sku: Sku, bp = 1_000) => ({ goodsId: sku.goodsId, skuId: sku.skuId, activityPriceCents: maxActivityPriceCents(sku.priceCents, bp) });

/** Everything an activity call may change. */
async function activityState() {
  return {
    campaigns: await db().selectFrom('platform_activity').selectAll().orderBy('id').execute(),
    applications: await db().selectFrom('store_activity_application').selectAll().orderBy('id').execute(),
    items: await db().selectFrom('store_activity_application_item').selectAll().orderBy('id').execute(),
  };
}

const fieldsOf = (errInfo: Record<string, unknown> | undefined) => ((errInfo?.problems as Problems | undefined) ?? []).map((p) => p.field).sort();

describe('the demo activities', () => {
  it('lists the campaigns by phase and the store’s applications with their states and reason', async () => {
    const token = await owner();
    const all = (await h.call<PageOf<Campaign>>(api.activityCampaigns.path, {}, token)).data.list;
    const byTitle = (title: string) => all.find((c) => c.titleZh === title)!;
    expect(byTitle(DEMO_ACTIVITY_TITLES.open)).toMatchObject({ phase: ACTIVITY_PHASE.open, signUpOpen: true, myApplication: { state: STATE.pending } });
    expect(byTitle(DEMO_ACTIVITY_TITLES.running)).toMatchObject({ phase: ACTIVITY_PHASE.running, placesTaken: 1, placesLeft: 9, myApplication: { state: STATE.approved } });
    expect(byTitle(DEMO_ACTIVITY_TITLES.ended)).toMatchObject({ phase: ACTIVITY_PHASE.ended, myApplication: null });
    const open = await h.call<PageOf<Campaign>>(api.activityCampaigns.path, { phase: ACTIVITY_PHASE.open }, token);
    expect(open.data.list.map((c) => c.titleZh)).toEqual([DEMO_ACTIVITY_TITLES.open]);

    const applications = (await h.call<PageOf<Application>>(api.activityList.path, {}, token)).data.list;
    expect(applications.map((a) => [a.campaignTitleZh, a.state, a.reason]).sort()).toEqual(
      [
        [DEMO_ACTIVITY_TITLES.open, STATE.pending, null],
        [DEMO_ACTIVITY_TITLES.running, STATE.approved, null],
        [DEMO_ACTIVITY_TITLES.ended, STATE.rejected, DEMO_ACTIVITY_REJECT_REASON],
      ].sort(),
    );
    const rejected = await h.call<PageOf<Application>>(api.activityList.path, { state: STATE.rejected }, token);
    expect(rejected.data.list.map((a) => a.reason)).toEqual([DEMO_ACTIVITY_REJECT_REASON]);
  });
});

describe('apply', () => {
  it('applies within the rules: pending, list prices kept, shown on the campaign and in details', async () => {
    const token = await owner();
    const campaignId = await createCampaign();
    const [sku] = await storeSkus();
    const applied = await h.call<Details>(api.applyActivity.path, { campaignId, items: [at(sku!)] }, token);
    expect([applied.code, applied.msg]).toEqual([OK, 'success']);
    expect(applied.data.application).toMatchObject({ campaignId, state: STATE.pending, reason: null, goodsCount: 1, skuCount: 1 });
    expect(applied.data.items).toEqual([{ goodsId: sku!.goodsId, goodsTitle: expect.any(String), skuId: sku!.skuId, specValues: expect.any(Object), specLabels: expect.any(Object), listPriceCents: sku!.priceCents, activityPriceCents: at(sku!).activityPriceCents }]);
    const { applicationId } = applied.data.application;
    expect((await h.call<Details>(api.activityDetails.path, { applicationId }, token)).data).toEqual(applied.data);
    expect((await h.call<Campaign>(api.activityCampaign.path, { campaignId }, token)).data.myApplication).toEqual({ applicationId, state: STATE.pending });
  });

  it('refuses prices, categories and goods counts that break the rules on their fields, and changes nothing', async () => {
    const token = await owner();
    const skus = await storeSkus();
    const tiles = skus.filter((s) => s.categoryId === 11);
    const other = skus.find((s) => s.categoryId !== 11)!;
    const campaignId = await createCampaign({ categoryIds: [11], maxGoods: 1, minDiscountBp: 1_000 });
    const before = await activityState();

    // One cent above list × 90 %: refused on that line's price; at the limit the first line passes.
    const tooDear = { ...at(tiles[1]!), activityPriceCents: at(tiles[1]!).activityPriceCents + 1 };
    const price = await h.call(api.applyActivity.path, { campaignId, items: [at(tiles[0]!), tooDear] }, token);
    expect([price.code, fieldsOf(price.errInfo)]).toEqual([INVALID, ['items.1.activityPriceCents']]);
    expect((price.errInfo!.problems as Problems)[0]!.problem).toEqual({ rule: 'max', limit: maxActivityPriceCents(tiles[1]!.priceCents, 1_000) });

    // Goods outside the campaign's categories, and more goods than it allows.
    const category = await h.call(api.applyActivity.path, { campaignId, items: [at(tiles[0]!), at(other)] }, token);
    expect([category.code, fieldsOf(category.errInfo)]).toEqual([INVALID, ['items', 'items.1.goodsId']]);

    // Bad input: no lines, a SKU twice, a price of 0 or a fraction of a cent.
    const cases: Array<[unknown, string[]]> = [
      [[], ['items']],
      [[at(tiles[0]!), at(tiles[0]!)], ['items.1.skuId']],
      [[{ ...at(tiles[0]!), activityPriceCents: 0 }], ['items.0.activityPriceCents']],
      [[{ ...at(tiles[0]!), activityPriceCents: 10.5 }], ['items.0.activityPriceCents']],
    ];
    for (const [items, fields] of cases) {
      const answer = await h.call(api.applyActivity.path, { campaignId, items }, token);
      expect([items, answer.code, fieldsOf(answer.errInfo)]).toEqual([items, INVALID, fields]);
    }
    expect(await activityState()).toEqual(before);
  });

  it('refuses outside the sign-up window and an unknown campaign, changing nothing', async () => {
    const token = await owner();
    const now = nowSeconds();
    const [sku] = await storeSkus();
    const notYet = await createCampaign({ signUpFrom: now + DAY, signUpUntil: now + 2 * DAY });
    const closed = await createCampaign({ signUpFrom: now - 3 * DAY, signUpUntil: now - DAY });
    const before = await activityState();
    for (const campaignId of [notYet, closed]) expect((await h.call(api.applyActivity.path, { campaignId, items: [at(sku!)] }, token)).code).toBe(NOT_ALLOWED);
    expect((await h.call(api.applyActivity.path, { campaignId: 987_654, items: [at(sku!)] }, token)).code).toBe(NOT_FOUND);
    expect(await activityState()).toEqual(before);
  });

  it('keeps one active application per campaign and store, even for concurrent applications', async () => {
    const token = await owner();
    const campaignId = await createCampaign();
    const [sku] = await storeSkus();
    const answers = await Promise.all(Array.from({ length: 10 }, () => h.call<Details>(api.applyActivity.path, { campaignId, items: [at(sku!)] }, token)));
    expect(answers.map((a) => a.code).sort()).toEqual([OK, ...Array<string>(9).fill(NOT_ALLOWED)].sort());
    const rows = await db().selectFrom('store_activity_application').select('id').where('activity_id', '=', campaignId).execute();
    expect(rows).toHaveLength(1);
    expect(await db().selectFrom('store_activity_application_item').select('id').where('application_id', '=', rows[0]!.id).execute()).toHaveLength(1);

    // Withdrawn, it no longer counts: the store may apply again.
    const withdrawn = await h.call<Application>(api.withdrawActivity.path, { applicationId: rows[0]!.id }, token);
    expect([withdrawn.code, withdrawn.data.state]).toEqual([OK, STATE.withdrawn]);
    expect((await h.call(api.withdrawActivity.path, { applicationId: rows[0]!.id }, token)).code).toBe(NOT_ALLOWED);
    expect((await h.call(api.applyActivity.path, { campaignId, items: [at(sku!)] }, token)).code).toBe(OK);
  });
});

describe('review and places', () => {
  it('approves into a place and rejects with a reason the store reads; only pending applications', async () => {
    const token = await owner();
    const campaignId = await createCampaign({ quota: 1 });
    const [sku] = await storeSkus();
    const { applicationId } = (await h.call<Details>(api.applyActivity.path, { campaignId, items: [at(sku!)] }, token)).data.application;
    expect((await approve(applicationId)).code).toBe(OK);
    expect((await h.call<Campaign>(api.activityCampaign.path, { campaignId }, token)).data).toMatchObject({ placesTaken: 1, placesLeft: 0 });
    const again = await approve(applicationId);
    expect([again.status, again.code]).toEqual([409, NOT_ALLOWED]);
    expect((await h.call(api.withdrawActivity.path, { applicationId }, token)).code).toBe(NOT_ALLOWED);
    expect((await approve(987_654)).code).toBe(NOT_FOUND);

    const second = await createCampaign();
    const pending = (await h.call<Details>(api.applyActivity.path, { campaignId: second, items: [at(sku!)] }, token)).data.application;
    const noReason = await operator(`/operator/activity-applications/${pending.applicationId}/reject`);
    expect([noReason.status, noReason.code]).toEqual([400, INVALID]);
    expect((await reject(pending.applicationId, 'Prices not competitive')).data).toMatchObject({ state: STATE.rejected, reason: 'Prices not competitive' });
    const details = await h.call<Details>(api.activityDetails.path, { applicationId: pending.applicationId }, token);
    expect(details.data.application).toMatchObject({ state: STATE.rejected, reason: 'Prices not competitive' });
  });

  it('gives exactly the quota of places to 20 stores approved in parallel', async () => {
    const campaignId = await createCampaign({ quota: 5 });
    // Twenty stores, each with a pending application (written directly: the places are taken at approval).
    const stores = await db()
      .insertInto('store_store')
      .values(Array.from({ length: 20 }, (_, i) => ({ store_name: `Quota store ${i}`, store_status: 2, store_type: 1, mobile: `1370000${String(i).padStart(4, '0')}` })))
      .returning('id')
      .execute();
    const applications = await db()
      .insertInto('store_activity_application')
      .values(stores.map((s) => ({ activity_id: campaignId, store_id: s.id, created_at: new Date() })))
      .returning('id')
      .execute();
    const answers = await Promise.all(applications.map((a) => approve(a.id)));
    expect(answers.filter((a) => a.code === OK)).toHaveLength(5);
    expect(answers.filter((a) => a.code === NOT_ALLOWED)).toHaveLength(15);
    const campaign = await db().selectFrom('platform_activity').select(['places_taken']).where('id', '=', campaignId).executeTakeFirstOrThrow();
    expect(campaign.places_taken).toBe(5);
    const approved = await db().selectFrom('store_activity_application').select('id').where('activity_id', '=', campaignId).where('state', '=', STATE.approved).execute();
    expect(approved).toHaveLength(5);
    // A refused approval left its application pending (rolled back with the failed take).
    const pending = await db().selectFrom('store_activity_application').select('id').where('activity_id', '=', campaignId).where('state', '=', STATE.pending).execute();
    expect(pending).toHaveLength(15);
  });

  it('refuses a bad campaign from the operator and wrong keys', async () => {
    const now = nowSeconds();
    const before = await activityState();
    const bad = await operator('/operator/activities', { titleZh: '', signUpFrom: now, signUpUntil: now - 1, runFrom: now, runUntil: now + DAY, minDiscountBp: 10_000, maxGoods: 0, quota: 1 });
    expect([bad.status, bad.code]).toEqual([400, INVALID]);
    expect(bad.msg).toMatch(/titleZh|signUpUntil|minDiscountBp|maxGoods/);
    const noKey = await h.keyed('/operator/activities', {}, null, OPERATOR_KEY_HEADER);
    expect(noKey.status).toBe(401);
    expect(await activityState()).toEqual(before);
  });
});

describe('the operator CLI', () => {
  it('publishes a campaign from flags and reviews applications over the running server', async () => {
    const env = { STORE_SERVER_URL: h.url, OPERATOR_KEY: OPERATOR_KEY };
    const from = new Date(Date.now() - DAY * 1000).toISOString();
    const until = new Date(Date.now() + DAY * 1000).toISOString();
    const runUntil = new Date(Date.now() + 5 * DAY * 1000).toISOString();
    const create = parseOperatorArgs(['activity-create', '--title-zh', 'CLI 活动', '--sign-up-from', from, '--sign-up-until', until, '--run-from', until, '--run-until', runUntil, '--min-discount-bp', '500', '--categories', '11,21', '--max-goods', '3', '--quota', '2']);
    expect(create).toMatchObject({ ok: true, command: { action: 'create', campaign: { titleZh: 'CLI 活动', minDiscountBp: 500, categoryIds: [11, 21], maxGoods: 3, quota: 2, titleEn: null } } });
    if (!create.ok) return;
    const published = await runOperatorCommand(create.command, env);
    expect(published.code).toBe(OK);
    const campaignId = (published.data as { campaignId: number }).campaignId;
    const token = await owner();
    expect((await h.call<Campaign>(api.activityCampaign.path, { campaignId }, token)).data).toMatchObject({ titleZh: 'CLI 活动', phase: ACTIVITY_PHASE.open, quota: 2, placesLeft: 2 });

    const [sku] = (await storeSkus()).filter((s) => s.categoryId === 11);
    const { applicationId } = (await h.call<Details>(api.applyActivity.path, { campaignId, items: [at(sku!, 500)] }, token)).data.application;
    expect(parseOperatorArgs(['activity-reject', String(applicationId)])).toMatchObject({ ok: false });
    expect(parseOperatorArgs(['activity-create', '--quota', 'many'])).toMatchObject({ ok: false });
    const approve = parseOperatorArgs(['activity-approve', String(applicationId)]);
    expect(approve).toEqual({ ok: true, command: { action: 'approve', activityApplicationId: applicationId } });
    if (!approve.ok) return;
    expect(await runOperatorCommand(approve.command, env)).toMatchObject({ code: OK, data: { applicationId, state: STATE.approved } });
    expect((await h.call<Campaign>(api.activityCampaign.path, { campaignId }, token)).data).toMatchObject({ placesTaken: 1, placesLeft: 1 });
  });
});

describe("another store's ids", () => {
  it('answers not found on every call and changes nothing', async () => {
    const token = await owner();
    const campaignId = await createCampaign();
    const [sku] = await storeSkus();
    const { applicationId } = (await h.call<Details>(api.applyActivity.path, { campaignId, items: [at(sku!)] }, token)).data.application;
    const other = await h.login('demo_service', 'Demo12345');
    const before = await activityState();
    for (const [path, biz] of [
      [api.activityDetails.path, { applicationId }],
      [api.withdrawActivity.path, { applicationId }],
    ] as const) {
      expect([path, (await h.call(path, biz, other)).code]).toEqual([path, NOT_FOUND]);
    }
    expect((await h.call<PageOf<Application>>(api.activityList.path, { pageSize: 200 }, other)).data.list.map((a) => a.applicationId)).not.toContain(applicationId);
    expect((await h.call<Campaign>(api.activityCampaign.path, { campaignId }, other)).data.myApplication).toBeNull();
    expect(await activityState()).toEqual(before);

    // Applying with another store's goods or SKUs: not found, nothing written.
    const foreign = await db().selectFrom('store_goods_sku').select(['id', 'goods_id']).where('store_id', '<>', STORE).limit(1).executeTakeFirst();
    if (foreign) {
      const second = await createCampaign();
      const withForeign = await db().selectFrom('platform_activity').selectAll().orderBy('id').execute();
      const goods = await h.call(api.applyActivity.path, { campaignId: second, items: [{ goodsId: foreign.goods_id, skuId: foreign.id, activityPriceCents: 1 }] }, token);
      expect([goods.code, goods.msg]).toEqual([NOT_FOUND, `goods not found: ${foreign.goods_id}`]);
      const skuOnly = await h.call(api.applyActivity.path, { campaignId: second, items: [{ goodsId: sku!.goodsId, skuId: foreign.id, activityPriceCents: 1 }] }, token);
      expect([skuOnly.code, skuOnly.msg]).toEqual([NOT_FOUND, `SKU not found: ${foreign.id}`]);
      expect(await db().selectFrom('platform_activity').selectAll().orderBy('id').execute()).toEqual(withForeign);
      expect((await activityState()).applications).toEqual(before.applications);
    }
  });
});
