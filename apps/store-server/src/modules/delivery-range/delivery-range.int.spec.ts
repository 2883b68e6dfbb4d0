import { DELIVERY_RANGE_STATUS, DELIVERY_RANGE_STATUS_LABELS, PERMISSIONS, STORE_CODES, commonEndpoints, deliveryRangeEndpoints as api, type PageOf } from '@merchant/api-contracts';
import { sql } from 'kysely';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { DEMO_DELIVERY_RANGES } from './delivery-range.seed';

// Issue 27 §5, delivery range, through real HTTP on the app (PGlite, or PostgreSQL with DATABASE_URL): the range calls,
// the statuses of the common dictionary, the freight-cover refusal, the overlap refusal (also for racing saves),
// existsStoreSowntown, another store's ids and a staff member without the code.
const OK = STORE_CODES.success;
const NOT_FOUND = STORE_CODES.notFound;
const INVALID = STORE_CODES.invalidParameter;
const NOT_ALLOWED = STORE_CODES.notAllowedInCurrentState;
const STORE = 1001;
const DAY = 86_400;

interface Range {
  rangeId: number;
  name: string;
  towns: Array<{ sowntownId: number; sowntownName: string; districtCode: string }>;
  markupCents: number;
  startTime: number;
  endTime: number;
  dailyStartMinute: number;
  dailyEndMinute: number;
  status: number;
}

let h: TestHarness;
beforeAll(async () => {
  h = await startTestServer();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const db = () => h.database.db;
const owner = () => h.login('demo_merchant', 'Demo12345');
const other = () => h.login('demo_closing', 'Demo12345');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Huangpu's Laoximen (6) and Dapuqiao (7): in no seeded range. */
const rangeBiz = (over: Record<string, unknown> = {}) => ({
  name: 'Test mornings',
  sowntownIds: [6, 7],
  markupCents: 300,
  startTime: nowSeconds() - DAY,
  endTime: nowSeconds() + 30 * DAY,
  dailyStartMinute: 8 * 60,
  dailyEndMinute: 12 * 60,
  ...over,
});

async function add(token: string, over: Record<string, unknown> = {}): Promise<Range> {
  const added = await h.call<Range>(api.addDeliveryRange.path, rangeBiz(over), token);
  expect([added.code, added.msg]).toEqual([OK, 'success']);
  return added.data;
}
const rows = () => db().selectFrom('store_delivery_range').select(['id', 'store_id', 'name', 'end_time']).orderBy('id').execute();
const townRows = () => db().selectFrom('store_delivery_range_town').selectAll().orderBy('range_id').orderBy('sowntown_id').execute();
/** Every template of the store excludes Guangzhou: Tianhe's towns (14–16) are covered by none. */
const excludeGuangzhou = (storeId: number) =>
  db().updateTable('store_freight_template').set({ rules: sql`jsonb_set(rules, '{excludedRegions}', '["440100"]')` }).where('store_id', '=', storeId).execute();

describe('delivery ranges', () => {
  it('lists the seeded ranges by status: effective and pending in the list, the ineffective one in ineffect', async () => {
    const token = await owner();
    const current = await h.call<PageOf<Range>>(api.deliveryRangeList.path, { pageSize: 10 }, token);
    expect(current.code).toBe(OK);
    expect(current.data.list.map((r) => [r.name, r.status])).toEqual([
      [DEMO_DELIVERY_RANGES[0].name, DELIVERY_RANGE_STATUS.effective],
      [DEMO_DELIVERY_RANGES[1].name, DELIVERY_RANGE_STATUS.pending],
    ]);
    expect(current.data.list[0]!.towns.map((t) => t.sowntownName)).toEqual(['Bund Home Centre', 'Nanjing East Road', 'Yuyuan Garden']);
    const pending = await h.call<PageOf<Range>>(api.deliveryRangeList.path, { status: DELIVERY_RANGE_STATUS.pending }, token);
    expect(pending.data.list.map((r) => r.name)).toEqual([DEMO_DELIVERY_RANGES[1].name]);
    const ineffective = await h.call<PageOf<Range>>(api.ineffectiveDeliveryRangeList.path, {}, token);
    expect(ineffective.data.list.map((r) => [r.name, r.status])).toEqual([[DEMO_DELIVERY_RANGES[2].name, DELIVERY_RANGE_STATUS.ineffective]]);
  });

  it('the statuses are the common dictionary’s deliveryRangeStatus, worded as the contract’s table', async () => {
    const dictionary = await h.call<{ list: Array<{ value: number; label: string }> }>(commonEndpoints.dictionary.path, { dictType: 'deliveryRangeStatus' });
    expect(dictionary.data.list).toEqual(Object.entries(DELIVERY_RANGE_STATUS_LABELS.labels).map(([value, label]) => ({ value: Number(value), label: label['en-US'] })));
    expect(dictionary.data.list.map((d) => d.label)).toEqual(['effective', 'pending', 'ineffective']);
  });

  it('adds, reads, edits and stops a range; an ineffective one is not changed', async () => {
    const token = await owner();
    const added = await add(token);
    expect(added).toMatchObject({ name: 'Test mornings', markupCents: 300, status: DELIVERY_RANGE_STATUS.effective, dailyStartMinute: 480, dailyEndMinute: 720 });
    expect(added.towns.map((t) => [t.sowntownId, t.districtCode])).toEqual([[6, '310101'], [7, '310101']]);

    const edited = await h.call<Range>(api.editDeliveryRange.path, { rangeId: added.rangeId, ...rangeBiz({ name: 'Later', sowntownIds: [6], startTime: nowSeconds() + DAY, markupCents: 0 }) }, token);
    expect(edited.code).toBe(OK);
    expect(edited.data).toMatchObject({ name: 'Later', markupCents: 0, status: DELIVERY_RANGE_STATUS.pending });
    expect((await h.call<Range>(api.deliveryRangeDetails.path, { rangeId: added.rangeId }, token)).data.towns.map((t) => t.sowntownId)).toEqual([6]);

    // A pending range is not stopped; an effective one ends now and moves to ineffect, where it stays as it was.
    expect((await h.call(api.stopDeliveryRange.path, { rangeId: added.rangeId }, token)).code).toBe(NOT_ALLOWED);
    const [effective] = (await h.call<PageOf<Range>>(api.deliveryRangeList.path, { status: DELIVERY_RANGE_STATUS.effective }, token)).data.list;
    const stopped = await h.call<Range>(api.stopDeliveryRange.path, { rangeId: effective!.rangeId }, token);
    expect([stopped.code, stopped.data.status]).toEqual([OK, DELIVERY_RANGE_STATUS.ineffective]);
    expect((await h.call<PageOf<Range>>(api.ineffectiveDeliveryRangeList.path, {}, token)).data.list.map((r) => r.rangeId)).toContain(effective!.rangeId);
    const before = await rows();
    const refused = await h.call(api.editDeliveryRange.path, { rangeId: effective!.rangeId, ...rangeBiz({ name: 'Revived' }) }, token);
    expect([refused.code, refused.msg]).toEqual([NOT_ALLOWED, `delivery range "${effective!.name}" is ineffective and cannot be changed`]);
    expect(await rows()).toEqual(before);
  });

  it('refuses bad input on its field in the caller’s language, nothing saved', async () => {
    const token = await owner();
    const before = await rows();
    const bad = await h.call(api.addDeliveryRange.path, rangeBiz({ markupCents: -1, endTime: nowSeconds() - 2 * DAY, dailyEndMinute: 8 * 60, sowntownIds: [6, 6] }), token);
    expect(bad.code).toBe(INVALID);
    const fields = (bad.errInfo as { problems: Array<{ field: string }> }).problems.map((p) => p.field);
    expect(fields).toEqual(expect.arrayContaining(['markupCents', 'endTime', 'dailyEndMinute', 'sowntownIds']));
    const fraction = await h.call(api.addDeliveryRange.path, rangeBiz({ markupCents: 1.5 }), token);
    expect(fraction.errInfo).toEqual({ problems: [{ field: 'markupCents', problem: { rule: 'wholeCents' } }] });
    const over = await h.call(api.addDeliveryRange.path, rangeBiz({ startTime: nowSeconds() - 10 * DAY, endTime: nowSeconds() - DAY }), token);
    expect([over.code, over.msg, over.errInfo]).toEqual([INVALID, 'the last day has already passed', { problems: [{ field: 'endTime', problem: { rule: 'endPassed' } }] }]);
    const unknown = await h.call(api.addDeliveryRange.path, rangeBiz({ sowntownIds: [6, 999] }), token);
    expect([unknown.code, unknown.errInfo]).toEqual([INVALID, { problems: [{ field: 'sowntownIds', problem: { rule: 'option' } }] }]);
    expect(await rows()).toEqual(before);
  });

  it('refuses a town no freight template of the store covers, naming it on the field, in zh-CN and en-US', async () => {
    const token = await owner();
    await excludeGuangzhou(STORE);
    const before = await townRows();
    const refused = await h.call(api.addDeliveryRange.path, rangeBiz({ sowntownIds: [6, 14] }), token);
    expect([refused.code, refused.msg]).toEqual([INVALID, 'no freight template covers Shipai; it cannot be added to a delivery range']);
    expect(refused.errInfo).toEqual({ problems: [{ field: 'sowntownIds', problem: { rule: 'noFreightTemplate', values: ['Shipai'] } }] });
    const zh = await h.client(token, 'none', 'zh-CN').request(api.addDeliveryRange.path, rangeBiz({ sowntownIds: [14, 15] }), { silent: true, acceptCodes: [INVALID] });
    expect(zh.msg).toBe('没有运费模板覆盖Shipai、Linhe，不能加入配送范围');
    expect(await townRows()).toEqual(before);

    const check = await h.call<{ list: Array<{ sowntownId: number; covered: boolean }> }>(api.checkSowntownSetFreightTemplate.path, { sowntownIds: [6, 14, 11] }, token);
    expect(check.data.list.map((t) => [t.sowntownId, t.covered])).toEqual([[6, true], [14, false], [11, true]]);
    // A store without freight templates covers nothing.
    const away = await other();
    const none = await h.call<{ list: Array<{ covered: boolean }> }>(api.checkSowntownSetFreightTemplate.path, { sowntownIds: [6] }, away);
    expect(none.data.list.map((t) => t.covered)).toEqual([false]);
    expect((await h.call(api.addDeliveryRange.path, rangeBiz(), away)).code).toBe(INVALID);
  });

  it('refuses a range sharing a town with another while both days and hours overlap; disjoint hours or days pass', async () => {
    const token = await owner();
    const first = await add(token);
    const before = await rows();
    const clash = await h.call(api.addDeliveryRange.path, rangeBiz({ name: 'Clash', sowntownIds: [7, 8], dailyStartMinute: 11 * 60, dailyEndMinute: 14 * 60 }), token);
    expect([clash.code, clash.msg]).toEqual([INVALID, 'overlaps delivery range Test mornings (Dapuqiao) in town and time']);
    expect(clash.errInfo).toEqual({ problems: [{ field: 'sowntownIds', problem: { rule: 'rangeOverlap', values: ['Test mornings (Dapuqiao)'] } }] });
    expect(await rows()).toEqual(before);
    // Hours that touch (12:00 end, 12:00 start) do not overlap; nor do days after the first range's last.
    await add(token, { name: 'Afternoons', dailyStartMinute: 12 * 60, dailyEndMinute: 18 * 60 });
    await add(token, { name: 'Next month', startTime: first.endTime + 1, endTime: first.endTime + 10 * DAY });
    // An edit is checked against the others, not itself. It keeps the first range's own days: rangeBiz's are read
    // from the clock again, and a second passed since would make them run into "Next month".
    const sameDays = { startTime: first.startTime, endTime: first.endTime };
    const self = await h.call(api.editDeliveryRange.path, { rangeId: first.rangeId, ...rangeBiz({ ...sameDays, dailyEndMinute: 11 * 60 }) }, token);
    expect([self.code, self.msg]).toEqual([OK, expect.any(String)]);
    const intoOther = await h.call(api.editDeliveryRange.path, { rangeId: first.rangeId, ...rangeBiz({ ...sameDays, dailyEndMinute: 13 * 60 }) }, token);
    expect(intoOther.msg).toBe('overlaps delivery range Afternoons (Laoximen, Dapuqiao) in town and time');
  });

  it('racing overlapping saves: exactly one passes', async () => {
    const token = await owner();
    const answers = await Promise.all([1, 2, 3].map((n) => h.call(api.addDeliveryRange.path, rangeBiz({ name: `Race ${n}` }), token)));
    expect(answers.map((a) => a.code).sort()).toEqual([OK, INVALID, INVALID].sort());
    expect((await rows()).filter((r) => r.name.startsWith('Race'))).toHaveLength(1);
  });

  it('existsStoreSowntown: the store has a town in a range in force', async () => {
    const token = await owner();
    expect((await h.call(commonEndpoints.storeSowntownExists.path, {}, token)).data).toEqual({ exists: true });
    const [effective] = (await h.call<PageOf<Range>>(api.deliveryRangeList.path, { status: DELIVERY_RANGE_STATUS.effective }, token)).data.list;
    await h.call(api.stopDeliveryRange.path, { rangeId: effective!.rangeId }, token);
    // The pending and ineffective ones are not in force.
    expect((await h.call(commonEndpoints.storeSowntownExists.path, {}, token)).data).toEqual({ exists: false });
    await add(token);
    expect((await h.call(commonEndpoints.storeSowntownExists.path, {}, token)).data).toEqual({ exists: true });
    expect((await h.call(commonEndpoints.storeSowntownExists.path, {}, await other())).data).toEqual({ exists: false });
  });
});

describe("another store's ids and staff without the code", () => {
  it('answers 10100004 on every call and changes nothing', async () => {
    const token = await owner();
    const mine = await add(token);
    const away = await other();
    const before = await rows();
    for (const [path, biz] of [
      [api.deliveryRangeDetails.path, { rangeId: mine.rangeId }],
      [api.editDeliveryRange.path, { rangeId: mine.rangeId, ...rangeBiz({ name: 'Hijacked' }) }],
      [api.stopDeliveryRange.path, { rangeId: mine.rangeId }],
    ] as const) {
      expect([path, (await h.call(path, biz, away)).code]).toEqual([path, NOT_FOUND]);
    }
    expect((await h.call<PageOf<Range>>(api.deliveryRangeList.path, { pageSize: 200 }, away)).data.list).toEqual([]);
    expect((await h.call<PageOf<Range>>(api.ineffectiveDeliveryRangeList.path, { pageSize: 200 }, away)).data.list).toEqual([]);
    expect(await rows()).toEqual(before);
  });

  it('a staff member without templates:manage reads but cannot save (10100003)', async () => {
    await db()
      .deleteFrom('store_role_permission')
      .where('permission_code', '=', PERMISSIONS.templatesManage)
      .where('role_id', 'in', db().selectFrom('store_role').select('id').where('store_id', '=', STORE))
      .execute();
    const staff = await h.login('demo_staff', 'Demo12345');
    const before = await rows();
    expect((await h.call(api.deliveryRangeList.path, {}, staff)).code).toBe(OK);
    expect((await h.call(api.addDeliveryRange.path, rangeBiz(), staff)).code).toBe('10100003');
    expect((await h.call(api.stopDeliveryRange.path, { rangeId: before[0]!.id }, staff)).code).toBe('10100003');
    expect(await rows()).toEqual(before);
  });
});
