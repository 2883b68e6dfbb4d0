import { COUPON_STATE, couponEndpoints as api, STORE_CODES, type PageOf } from '@merchant/api-contracts';
import { addSeconds, type Clock } from '../../shared/clock';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { CouponsRepository } from './coupons.repository';
import { DEMO_COUPON_NAMES } from './coupons.seed';
import { CouponsService } from './coupons.service';

// Issue 28 §4 and "Money and limits", coupons, through real HTTP on the app (PGlite, or PostgreSQL with
// DATABASE_URL, where the concurrent claims run on parallel connections): the templates' calls, claims exact
// under concurrency, use and return as compare-and-swap, copies that edits never change, another store's ids.
const OK = STORE_CODES.success;
const NOT_ALLOWED = STORE_CODES.notAllowedInCurrentState;
const NOT_FOUND = STORE_CODES.notFound;
const BUYER_KEY = 'coupons-test-buyer-key';
const STORE = 1001;
const DAY = 24 * 60 * 60;

interface Template {
  templateId: number;
  name: string;
  kind: number;
  amountCents: number | null;
  thresholdCents: number;
  scopeIds: number[];
  issueLimit: number;
  perBuyerLimit: number;
  state: number;
  taken: number;
}
interface Details {
  template: Template;
  claimed: number;
  used: number;
  expired: number;
  refused: Record<string, number>;
}
interface ClaimRecord {
  couponId: number;
  buyerAccid: string;
  buyerPhone: string;
  state: number;
  orderId: number | null;
  orderNo: string | null;
}

let h: TestHarness;
beforeAll(async () => {
  h = await startTestServer({ config: { buyerKey: BUYER_KEY } });
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const db = () => h.database.db;
const owner = () => h.login('demo_merchant', 'Demo12345');
const phoneOf = (i: number) => `139${String(i).padStart(8, '0')}`;

/** A whole-store amount coupon, valid 30 days from claiming; `over` changes any rule. */
const templateBiz = (over: Record<string, unknown> = {}) => ({
  name: 'Test 5 off',
  kind: 1,
  amountCents: 500,
  thresholdCents: 2_000,
  scope: 1,
  scopeIds: [],
  issueLimit: 100,
  perBuyerLimit: 1,
  validity: 2,
  validDays: 30,
  ...over,
});

async function addTemplate(token: string, over: Record<string, unknown> = {}): Promise<Template> {
  const added = await h.call<Template>(api.addCoupon.path, templateBiz(over), token);
  expect([added.code, added.msg]).toEqual([OK, 'success']);
  return added.data;
}

const claim = (templateId: number, buyerAccid: string, storeId = STORE) =>
  h.keyed<{ couponId: number }>('/buyer/coupons/claim', { storeId, templateId, buyerAccid, buyerPhone: phoneOf(7) }, BUYER_KEY);
const issue = (templateId: number, buyers: string[]) =>
  h.keyed<{ coupons: Array<{ couponId: number }> }>('/buyer/coupons/issue', { storeId: STORE, templateId, buyers: buyers.map((buyerAccid, i) => ({ buyerAccid, buyerPhone: phoneOf(i) })) }, BUYER_KEY);
const details = async (token: string, templateId: number) => (await h.call<Details>(api.couponDetails.path, { templateId }, token)).data;

/** Everything a template call or a claim may change. */
async function couponState() {
  return {
    templates: await db().selectFrom('store_coupon_template').selectAll().orderBy('id').execute(),
    counts: await db().selectFrom('store_coupon_buyer_count').selectAll().orderBy('template_id').orderBy('buyer_accid').execute(),
    coupons: await db().selectFrom('store_coupon').selectAll().orderBy('id').execute(),
    changes: await db().selectFrom('store_coupon_change').select('id').orderBy('id').execute(),
  };
}

/** The service other modules call, on the test's database with its own clock. */
const serviceAt = (clock: Clock) => new CouponsService(new CouponsRepository(db()), clock);
const now = { now: () => new Date() };

describe('coupon templates', () => {
  it('adds, lists by state and name, and logs the change with the session', async () => {
    const token = await owner();
    const added = await addTemplate(token, { name: 'Autumn 5 off' });
    expect(added).toMatchObject({ name: 'Autumn 5 off', kind: 1, amountCents: 500, percentOffBp: null, capCents: null, state: 1, taken: 0, validDays: 30, validFrom: null });
    const page = await h.call<PageOf<Template>>(api.couponList.path, { name: 'autumn', state: 1 }, token);
    expect(page.data.list.map((t) => t.templateId)).toEqual([added.templateId]);
    expect((await h.call<PageOf<Template>>(api.couponList.path, { name: 'autumn', state: 2 }, token)).data.total).toBe(0);

    const log = await db().selectFrom('store_operation_log').select(['id', 'store_id', 'session_id']).where('operation_type', '=', 'COUPON_ADD').execute();
    expect(log).toEqual([{ id: expect.any(Number), store_id: STORE, session_id: expect.any(Number) }]);
    const change = await db().selectFrom('store_coupon_change').select(['operation_log_id', 'template_id']).where('operation_log_id', '=', log[0]!.id).executeTakeFirstOrThrow();
    expect(change.template_id).toBe(added.templateId);
  });

  it('refuses bad input on its fields and changes nothing', async () => {
    const token = await owner();
    const before = await couponState();
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ amountCents: undefined }, ['amountCents']],
      [{ kind: 2, amountCents: undefined }, ['percentOffBp', 'capCents']],
      [{ kind: 2, percentOffBp: 10_000, capCents: 1_000 }, ['percentOffBp']],
      [{ perBuyerLimit: 5, issueLimit: 3 }, ['perBuyerLimit']],
      [{ validity: 1, validFrom: 2_000_000_000, validUntil: 1_900_000_000 }, ['validUntil']],
      [{ validity: 1 }, ['validFrom', 'validUntil']],
      [{ scope: 3, scopeIds: [] }, ['scopeIds']],
      [{ thresholdCents: 10.5, name: '' }, ['name', 'thresholdCents']],
    ];
    for (const [over, fields] of cases) {
      const answer = await h.call(api.addCoupon.path, templateBiz(over), token);
      const refused = (answer.errInfo?.problems as Array<{ field: string }> | undefined)?.map((p) => p.field).sort();
      expect([over, answer.code, refused]).toEqual([over, STORE_CODES.invalidParameter, [...fields].sort()]);
    }
    expect(await couponState()).toEqual(before);
  });

  it('shows the demo templates with claimed, used and expired counts, refusals by reason, and masked claim records', async () => {
    const token = await owner();
    const list = (await h.call<PageOf<Template>>(api.couponList.path, { pageSize: 50 }, token)).data.list;
    const byName = (name: string) => list.find((t) => t.name === name)!;
    const newcomer = await details(token, byName(DEMO_COUPON_NAMES.newcomer).templateId);
    expect(newcomer).toMatchObject({ used: 2, expired: 0, refused: { perBuyerLimit: 1, limitReached: 0, stopped: 0, expired: 0 } });
    expect(newcomer.claimed).toBeGreaterThanOrEqual(3);
    expect(await details(token, byName(DEMO_COUPON_NAMES.tiles).templateId)).toMatchObject({ claimed: 8, template: { taken: 8, issueLimit: 8 }, refused: { limitReached: 1, perBuyerLimit: 1 } });
    expect(await details(token, byName(DEMO_COUPON_NAMES.spring).templateId)).toMatchObject({ claimed: 3, expired: 3, used: 0, template: { state: 2 } });

    const records = await h.call<PageOf<ClaimRecord>>(api.couponReceiveList.path, { templateId: newcomer.template.templateId, state: COUPON_STATE.used }, token);
    expect(records.data.total).toBe(2);
    for (const record of records.data.list) {
      expect(record.buyerPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
      expect(record.orderNo).toEqual(expect.any(String));
      expect(record.orderId).toEqual(expect.any(Number));
    }
  });

  it('edits later claims only: coupons already claimed keep the rules they were claimed with', async () => {
    const token = await owner();
    const template = await addTemplate(token, { issueLimit: 10, perBuyerLimit: 2 });
    expect((await claim(template.templateId, 'b_first')).code).toBe(OK);
    const edited = await h.call<Template>(api.editCoupon.path, { templateId: template.templateId, ...templateBiz({ amountCents: 900, thresholdCents: 5_000, issueLimit: 10, perBuyerLimit: 2 }) }, token);
    expect(edited.data).toMatchObject({ amountCents: 900, thresholdCents: 5_000, taken: 1 });
    expect((await claim(template.templateId, 'b_second')).code).toBe(OK);
    const copies = await db().selectFrom('store_coupon').select(['buyer_accid', 'amount_cents', 'threshold_cents']).where('template_id', '=', template.templateId).orderBy('id').execute();
    expect(copies).toEqual([
      { buyer_accid: 'b_first', amount_cents: 500, threshold_cents: 2_000 },
      { buyer_accid: 'b_second', amount_cents: 900, threshold_cents: 5_000 },
    ]);
    expect(await db().selectFrom('store_operation_log').select('id').where('operation_type', '=', 'COUPON_EDIT').execute()).toHaveLength(1);

    // The issue limit cannot go below what is taken: a field error, nothing changed.
    const before = await couponState();
    const below = await h.call(api.editCoupon.path, { templateId: template.templateId, ...templateBiz({ issueLimit: 1, perBuyerLimit: 1 }) }, token);
    expect([below.code, below.errInfo]).toEqual([STORE_CODES.invalidParameter, { problems: [{ field: 'issueLimit', problem: { rule: 'min', limit: 2 } }] }]);
    expect(await couponState()).toEqual(before);
  });

  it('deletes a template nobody claimed, and refuses once one is claimed', async () => {
    const token = await owner();
    const unclaimed = await addTemplate(token);
    expect((await h.call(api.deleteCoupon.path, { templateId: unclaimed.templateId }, token)).code).toBe(OK);
    expect(await db().selectFrom('store_coupon_template').select('id').where('id', '=', unclaimed.templateId).execute()).toEqual([]);
    expect(await db().selectFrom('store_operation_log').select('id').where('operation_type', '=', 'COUPON_DELETE').execute()).toHaveLength(1);

    const claimed = await addTemplate(token);
    expect((await claim(claimed.templateId, 'b_one')).code).toBe(OK);
    const before = await couponState();
    const refused = await h.call(api.deleteCoupon.path, { templateId: claimed.templateId }, token);
    expect(refused.code).toBe(NOT_ALLOWED);
    expect(await couponState()).toEqual(before);
  });

  it('stops a template: claims are refused and logged as stopped; an expired template refuses as expired', async () => {
    const token = await owner();
    const template = await addTemplate(token);
    expect((await h.call<Template>(api.stopCoupon.path, { templateId: template.templateId }, token)).data.state).toBe(2);
    const refused = await claim(template.templateId, 'b_late');
    expect([refused.status, refused.code, refused.msg]).toEqual([409, NOT_ALLOWED, 'the coupon template is stopped']);

    const nowSeconds = Math.floor(Date.now() / 1000);
    const ended = await addTemplate(token, { validity: 1, validFrom: nowSeconds - 10 * DAY, validUntil: nowSeconds - DAY });
    expect((await claim(ended.templateId, 'b_late')).msg).toBe('the coupon template has expired');
    expect((await details(token, template.templateId)).refused).toEqual({ limitReached: 0, perBuyerLimit: 0, stopped: 1, expired: 0 });
    expect((await details(token, ended.templateId)).refused.expired).toBe(1);
    expect(await db().selectFrom('store_coupon').select('id').where('template_id', 'in', [template.templateId, ended.templateId]).execute()).toEqual([]);
  });
});

describe('claims exact under concurrency', () => {
  it('gives exactly 100 of 200 concurrent claims against an issue limit of 100; the rest are refused and logged', async () => {
    const token = await owner();
    const template = await addTemplate(token, { issueLimit: 100, perBuyerLimit: 1 });
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => claim(template.templateId, `b_${i}`)));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === OK)).toHaveLength(100);
    expect(answers.filter((a) => a.code !== OK).every((a) => a.code === NOT_ALLOWED && a.msg === 'the issue limit is reached')).toBe(true);
    const shown = await details(token, template.templateId);
    expect([shown.template.taken, shown.claimed, shown.refused.limitReached]).toEqual([100, 100, 100]);
  });

  it('gives one of 50 concurrent claims by one buyer against a per-buyer limit of 1', async () => {
    const token = await owner();
    const template = await addTemplate(token, { issueLimit: 100, perBuyerLimit: 1 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => claim(template.templateId, 'b_eager')));
    expect(answers.filter((a) => a.code === OK)).toHaveLength(1);
    const shown = await details(token, template.templateId);
    expect([shown.template.taken, shown.claimed, shown.refused.perBuyerLimit]).toEqual([1, 1, 49]);
  });

  it('refuses a batch issue beyond the limit whole, and one that passes a buyer’s limit whole', async () => {
    const token = await owner();
    const template = await addTemplate(token, { issueLimit: 5, perBuyerLimit: 2 });
    expect((await issue(template.templateId, ['b_1', 'b_2', 'b_3'])).code).toBe(OK);
    const before = await couponState();
    expect((await issue(template.templateId, ['b_4', 'b_5', 'b_6'])).msg).toBe('the issue limit is reached');
    expect((await issue(template.templateId, ['b_1', 'b_1'])).msg).toBe("the buyer's limit is reached");
    const after = await couponState();
    expect([after.templates, after.counts, after.coupons]).toEqual([before.templates, before.counts, before.coupons]);
    const issued = await issue(template.templateId, ['b_1', 'b_4']);
    expect(issued.data.coupons).toHaveLength(2);
    expect((await details(token, template.templateId)).template.taken).toBe(5);
  });

  it('copies the template’s rules and a validity of N days from the claim onto the coupon', async () => {
    const token = await owner();
    const template = await addTemplate(token, { kind: 2, amountCents: undefined, percentOffBp: 1_500, capCents: 3_000, scope: 2, scopeIds: [11], validDays: 7 });
    const claimed = await claim(template.templateId, 'b_copy');
    const coupon = await db().selectFrom('store_coupon').selectAll().where('id', '=', claimed.data.couponId).executeTakeFirstOrThrow();
    expect(coupon).toMatchObject({ kind: 2, amount_cents: null, percent_off_bp: 1_500, cap_cents: 3_000, threshold_cents: 2_000, scope: 2, scope_ids: [11], state: 1 });
    expect(coupon.valid_until.getTime() - coupon.claimed_at.getTime()).toBe(7 * DAY * 1000);
    // Using it answers the copy as the price calculation takes it.
    const order = await db().selectFrom('store_order').select('id').where('store_id', '=', STORE).limit(1).executeTakeFirstOrThrow();
    const used = await serviceAt(now).use({ storeId: STORE, couponId: coupon.id, buyerAccid: 'b_copy', orderId: order.id });
    expect(used.rule).toEqual({ kind: 'percent', percentOffBp: 1_500, capCents: 3_000, thresholdCents: 2_000, scope: { kind: 'categories', categoryIds: [11] } });
  });
});

describe('a template edited between the copy and the take', () => {
  /** A repository whose first template read in a claim answers the rules as they were before an edit. */
  class EditedAfterRead extends CouponsRepository {
    staleReads = 1;
    override transaction<T>(work: (repository: CouponsRepository) => Promise<T>): Promise<T> {
      return super.transaction((inner) =>
        work(
          new Proxy(inner, {
            get: (target, name, receiver) => {
              if (name !== 'findTemplate' || this.staleReads === 0) return Reflect.get(target, name, receiver);
              return async (storeId: number, templateId: number) => {
                this.staleReads -= 1;
                const row = await target.findTemplate(storeId, templateId);
                return row && { ...row, amount_cents: 1, version: row.version - 1 };
              };
            },
          }),
        ),
      );
    }
  }

  it('takes nothing with the old copy and claims again with the current rules', async () => {
    const token = await owner();
    const template = await addTemplate(token, { amountCents: 700 });
    const repository = new EditedAfterRead(db());
    const [claimed] = await new CouponsService(repository, now).claim(STORE, template.templateId, [{ buyerAccid: 'b_retry', buyerPhone: phoneOf(1) }]);
    expect(repository.staleReads).toBe(0);
    const coupons = await db().selectFrom('store_coupon').select(['id', 'amount_cents']).where('template_id', '=', template.templateId).execute();
    expect(coupons).toEqual([{ id: claimed!.couponId, amount_cents: 700 }]);
    expect((await details(token, template.templateId)).template.taken).toBe(1);
  });
});

describe('use and return (the orders area’s calls)', () => {
  async function claimedCoupon(buyerAccid: string) {
    const token = await owner();
    const template = await addTemplate(token, { perBuyerLimit: 1 });
    const order = await db().selectFrom('store_order').select('id').where('store_id', '=', STORE).orderBy('id').limit(2).execute();
    const claimed = await claim(template.templateId, buyerAccid);
    return { couponId: claimed.data.couponId, orderIds: order.map((o) => o.id), token, templateId: template.templateId };
  }

  it('uses a coupon once, even when two orders try at once', async () => {
    const { couponId, orderIds } = await claimedCoupon('b_use');
    const service = serviceAt(now);
    const tries = await Promise.allSettled(orderIds.map((orderId) => service.use({ storeId: STORE, couponId, buyerAccid: 'b_use', orderId })));
    expect(tries.map((t) => t.status).sort()).toEqual(['fulfilled', 'rejected']);
    await expect(service.use({ storeId: STORE, couponId, buyerAccid: 'b_use', orderId: orderIds[0]! })).rejects.toMatchObject({ code: NOT_ALLOWED });
    const row = await db().selectFrom('store_coupon').select(['state', 'order_id']).where('id', '=', couponId).executeTakeFirstOrThrow();
    expect(row.state).toBe(2);
    expect(orderIds).toContain(row.order_id);
  });

  it('refuses another buyer’s coupon and another store’s', async () => {
    const { couponId, orderIds } = await claimedCoupon('b_owner');
    const service = serviceAt(now);
    await expect(service.use({ storeId: STORE, couponId, buyerAccid: 'b_thief', orderId: orderIds[0]! })).rejects.toMatchObject({ code: NOT_ALLOWED });
    await expect(service.use({ storeId: 1006, couponId, buyerAccid: 'b_owner', orderId: orderIds[0]! })).rejects.toMatchObject({ code: NOT_ALLOWED });
    expect((await db().selectFrom('store_coupon').select('state').where('id', '=', couponId).executeTakeFirstOrThrow()).state).toBe(1);
  });

  it('returns the coupon on a whole-order refund, once, and can use it again', async () => {
    const { couponId, orderIds, token, templateId } = await claimedCoupon('b_refund');
    const service = serviceAt(now);
    await service.use({ storeId: STORE, couponId, buyerAccid: 'b_refund', orderId: orderIds[0]! });
    expect(await service.returnForOrder(STORE, orderIds[0]!)).toEqual({ returned: [couponId] });
    expect(await service.returnForOrder(STORE, orderIds[0]!)).toEqual({ returned: [] });
    expect((await details(token, templateId)).used).toBe(0);
    await service.use({ storeId: STORE, couponId, buyerAccid: 'b_refund', orderId: orderIds[1]! });
    expect((await details(token, templateId)).used).toBe(1);
  });

  it('keeps a coupon that expired meanwhile used when the order is refunded', async () => {
    const { couponId, orderIds } = await claimedCoupon('b_expired');
    await serviceAt(now).use({ storeId: STORE, couponId, buyerAccid: 'b_expired', orderId: orderIds[0]! });
    const later = serviceAt({ now: () => addSeconds(new Date(), 31 * DAY) });
    expect(await later.returnForOrder(STORE, orderIds[0]!)).toEqual({ returned: [] });
    expect(await db().selectFrom('store_coupon').select(['state', 'order_id']).where('id', '=', couponId).executeTakeFirstOrThrow()).toEqual({ state: 2, order_id: orderIds[0] });
  });
});

describe("another store's ids", () => {
  it('answers not found on every call and changes nothing', async () => {
    const token = await owner();
    const template = await addTemplate(token);
    expect((await claim(template.templateId, 'b_home')).code).toBe(OK);
    const other = await h.login('demo_service', 'Demo12345');
    const before = await couponState();
    const { templateId } = template;
    const calls: Array<[string, unknown]> = [
      [api.couponDetails.path, { templateId }],
      [api.editCoupon.path, { templateId, ...templateBiz() }],
      [api.stopCoupon.path, { templateId }],
      [api.deleteCoupon.path, { templateId }],
      [api.couponReceiveList.path, { templateId }],
    ];
    for (const [path, biz] of calls) expect([path, (await h.call(path, biz, other)).code]).toEqual([path, NOT_FOUND]);
    expect((await h.call<PageOf<Template>>(api.couponList.path, { pageSize: 200 }, other)).data.list.map((t) => t.templateId)).not.toContain(templateId);
    const foreignClaim = await claim(templateId, 'b_away', 1006);
    expect([foreignClaim.status, foreignClaim.code]).toEqual([404, NOT_FOUND]);
    expect(await couponState()).toEqual(before);

    // Goods of another store in the scope: not found, nothing added.
    const foreignGoods = await db().selectFrom('store_goods').select('id').where('store_id', '<>', STORE).limit(1).executeTakeFirst();
    if (foreignGoods) {
      const scoped = await h.call(api.addCoupon.path, templateBiz({ scope: 3, scopeIds: [foreignGoods.id] }), token);
      expect([scoped.code, scoped.msg]).toEqual([NOT_FOUND, `goods not found: ${foreignGoods.id}`]);
    }
    const missingCategory = await h.call(api.addCoupon.path, templateBiz({ scope: 2, scopeIds: [987_654] }), token);
    expect(missingCategory.code).toBe(NOT_FOUND);
    expect(await couponState()).toEqual(before);
  });
});
