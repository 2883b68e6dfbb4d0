import { GROUP_BUY_TEAM_STATE, groupBuyEndpoints as api, orderEndpoints, STORE_CODES, type PageOf } from '@merchant/api-contracts';
import { addSeconds, type Clock } from '../../shared/clock';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { couponsModule } from '../coupons';
import { demoSkuIds, ordersModule } from '../orders';
import { failedTeamRefundKey, groupBuysModule } from '.';
import { DEMO_GROUP_BUY_NAME, DEMO_GROUP_BUY_ORDER_COUNTS } from './group-buys.seed';

// Issue 28 §2, group buying, through real HTTP on the app (PGlite, or PostgreSQL with DATABASE_URL, where the
// concurrent joins run on parallel connections): the activity's calls, a team that never overfills, the hold
// that the last seat releases, a failed team refunded once, the limits, another store's ids and bad input.
const OK = STORE_CODES.success;
const NOT_ALLOWED = STORE_CODES.notAllowedInCurrentState;
const NOT_FOUND = STORE_CODES.notFound;
const INVALID = STORE_CODES.invalidParameter;
const BUYER_KEY = 'group-buys-test-buyer-key';
const STORE = 1001;
const MINUTE = 60;
const HOUR_SECONDS = 60 * 60;

/** The server's clock: the real time moved by `shift` seconds (the sweeps cross a team's expiry with it). */
let shift = 0;
const clock: Clock = { now: () => addSeconds(new Date(), shift) };

interface GroupBuy {
  groupBuyId: number;
  name: string;
  skus: { skuId: number; groupPriceCents: number; listPriceCents: number }[];
  teamSize: number;
  taken: number;
  totalLimit: number;
  state: number;
  formingTeams: number;
  formedTeams: number;
  failedTeams: number;
}
interface Joined {
  teamId: number;
  state: number;
  members: number;
  teamSize: number;
  orderId: number;
  amountCents: number;
}
interface Team {
  teamId: number;
  members: number;
  state: number;
  expiresAt: number;
  memberList: { orderId: number; buyerAccid: string; leader: boolean }[];
}

let h: TestHarness;
let skuIds: number[];
beforeAll(async () => {
  h = await startTestServer({ clock, config: { buyerKey: BUYER_KEY } });
});
afterAll(() => h.close());
beforeEach(async () => {
  shift = 0;
  await h.reset();
  skuIds = await demoSkuIds(db(), STORE, 2);
  await db().updateTable('store_goods_sku').set({ stock: 10_000 }).where('id', 'in', skuIds).execute();
});

const db = () => h.database.db;
const owner = () => h.login('demo_merchant', 'Demo12345');
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

/** The sweep as the module's interval runs it, on the same clock and the orders' facade. */
function sweeper() {
  const coupons = couponsModule({ db: db(), clock });
  const orders = ordersModule({ db: db(), clock, env: { UNPAID_SWEEP_SECONDS: '0' }, coupons: coupons.facade });
  return groupBuysModule({ db: db(), clock, orders: orders.facade, env: { GROUP_BUY_SWEEPER: '0' } }).service;
}

async function listPrice(skuId: number): Promise<number> {
  return (await db().selectFrom('store_goods_sku').select('price_cents').where('id', '=', skuId).executeTakeFirstOrThrow()).price_cents;
}

/** A running group buy on the first demo SKU at half its list price; `over` changes any rule. */
async function groupBuyBiz(over: Record<string, unknown> = {}) {
  const price = await listPrice(skuIds[0]!);
  return {
    name: 'Test team of 3',
    skus: [{ skuId: skuIds[0]!, groupPriceCents: Math.max(1, Math.floor(price / 2)) }],
    teamSize: 3,
    formMinutes: 10,
    perBuyerLimit: 5,
    totalLimit: 1_000,
    startTime: nowSeconds() - 60,
    endTime: nowSeconds() + 7 * 24 * 3600,
    ...over,
  };
}

async function addGroupBuy(token: string, over: Record<string, unknown> = {}): Promise<GroupBuy> {
  const added = await h.call<GroupBuy>(api.addGroupBuy.path, await groupBuyBiz(over), token);
  expect([added.code, added.msg]).toEqual([OK, 'success']);
  return added.data;
}

const phone = '13900000001';
const orderBody = (activityId: number, buyerAccid: string, over: Record<string, unknown> = {}) => ({
  storeId: STORE,
  activityId,
  buyerAccid,
  buyerName: `Buyer ${buyerAccid}`,
  buyerPhone: phone,
  receiver: { name: 'Receiver', phone, address: '1 Test Road' },
  items: [{ skuId: skuIds[0]!, quantity: 1 }],
  ...over,
});
const start = (activityId: number, buyerAccid: string, over: Record<string, unknown> = {}) => h.keyed<Joined>('/buyer/group-buys/start', orderBody(activityId, buyerAccid, over), BUYER_KEY);
const join = (activityId: number, teamId: number, buyerAccid: string, over: Record<string, unknown> = {}) =>
  h.keyed<Joined>('/buyer/group-buys/join', { ...orderBody(activityId, buyerAccid, over), teamId }, BUYER_KEY);

async function started(activityId: number, buyerAccid: string): Promise<Joined> {
  const answer = await start(activityId, buyerAccid);
  expect([answer.code, answer.msg]).toEqual([OK, 'success']);
  return answer.data;
}

const teams = async (token: string, groupBuyId: number) => (await h.call<PageOf<Team> & { serverTime: number }>(api.groupBuyTeams.path, { groupBuyId }, token)).data;
const orderRows = (activityId: number) =>
  db()
    .selectFrom('store_order')
    .select(['id', 'status', 'amount_cents', 'refunded_cents', 'held_for_team'])
    .where('promotion_kind', '=', 'groupBuy')
    .where('promotion_activity_id', '=', activityId)
    .orderBy('id')
    .execute();
const ship = (token: string, orderId: number) => h.call(orderEndpoints.shipOrder.path, { orderId, carrier: '顺丰速运', trackingNo: `SF${orderId}` }, token);

describe('the activity', () => {
  it('adds, lists, edits and stops an activity with its SKUs at their group prices', async () => {
    const token = await owner();
    const added = await addGroupBuy(token);
    expect(added).toMatchObject({ name: 'Test team of 3', teamSize: 3, taken: 0, state: 1, formingTeams: 0 });
    expect(added.skus).toEqual([expect.objectContaining({ skuId: skuIds[0], listPriceCents: await listPrice(skuIds[0]!) })]);
    const listed = await h.call<PageOf<GroupBuy>>(api.groupBuyList.path, { name: 'team of 3' }, token);
    expect(listed.data.list.map((g) => g.groupBuyId)).toContain(added.groupBuyId);
    const edited = await h.call<GroupBuy>(api.editGroupBuy.path, { groupBuyId: added.groupBuyId, ...(await groupBuyBiz({ name: 'Renamed', teamSize: 2 })) }, token);
    expect([edited.code, edited.data.name, edited.data.teamSize]).toEqual([OK, 'Renamed', 2]);
    const stopped = await h.call<GroupBuy>(api.stopGroupBuy.path, { groupBuyId: added.groupBuyId }, token);
    expect([stopped.code, stopped.data.state]).toEqual([OK, 2]);
    // A stopped activity takes no team.
    expect((await start(added.groupBuyId, 'b_after_stop')).code).toBe(NOT_ALLOWED);
  });

  it('refuses bad input on its fields and adds nothing', async () => {
    const token = await owner();
    const count = async () => Number((await db().selectFrom('store_group_buy').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const price = await listPrice(skuIds[0]!);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ teamSize: 1 }, 'teamSize'],
      [{ teamSize: 21 }, 'teamSize'],
      [{ formMinutes: 0 }, 'formMinutes'],
      [{ endTime: nowSeconds() - 120 }, 'endTime'],
      [{ perBuyerLimit: 10, totalLimit: 5 }, 'perBuyerLimit'],
      [{ skus: [] }, 'skus'],
      [{ skus: [{ skuId: skuIds[0]!, groupPriceCents: 1.5 }] }, 'skus.0.groupPriceCents'],
      [{ skus: [{ skuId: skuIds[0]!, groupPriceCents: price + 1 }] }, 'skus.0.groupPriceCents'],
    ];
    for (const [over, field] of cases) {
      const answer = await h.call(api.addGroupBuy.path, await groupBuyBiz(over), token);
      expect([field, answer.code]).toEqual([field, INVALID]);
      expect(JSON.stringify(answer.errInfo)).toContain(field);
    }
    expect(await count()).toBe(before);
  });
});

describe('teams', () => {
  it('holds each paid order until the team forms; the last seat forms it and releases every order to ship', async () => {
    const token = await owner();
    const activity = await addGroupBuy(token, { teamSize: 2 });
    const leader = await started(activity.groupBuyId, 'b_leader');
    expect(leader).toMatchObject({ state: GROUP_BUY_TEAM_STATE.forming, members: 1, teamSize: 2 });
    expect(leader.amountCents).toBe(activity.skus[0]!.groupPriceCents);
    const [held] = await orderRows(activity.groupBuyId);
    expect([held!.status, held!.held_for_team]).toEqual([1, true]);
    // Paid, waiting for the team: it cannot ship.
    expect((await ship(token, leader.orderId)).code).not.toBe(OK);

    const second = await join(activity.groupBuyId, leader.teamId, 'b_second');
    expect([second.code, second.data.state, second.data.members]).toEqual([OK, GROUP_BUY_TEAM_STATE.formed, 2]);
    expect((await orderRows(activity.groupBuyId)).map((o) => o.held_for_team)).toEqual([false, false]);
    expect((await ship(token, leader.orderId)).code).toBe(OK);

    const listed = await teams(token, activity.groupBuyId);
    expect(listed.serverTime).toBeGreaterThan(0);
    expect(listed.list[0]).toMatchObject({ teamId: leader.teamId, state: GROUP_BUY_TEAM_STATE.formed, members: 2 });
    expect(listed.list[0]!.memberList.map((m) => [m.buyerAccid, m.leader])).toEqual([
      ['b_leader', true],
      ['b_second', false],
    ]);
    const orders = await h.call<PageOf<{ orderId: number; teamState: number; orderStatus: number }>>(api.groupBuyOrders.path, { groupBuyId: activity.groupBuyId }, token);
    expect(orders.data.list.map((o) => [o.orderId, o.teamState]).sort()).toEqual(
      [
        [leader.orderId, 2],
        [second.data.orderId, 2],
      ].sort(),
    );
    // A formed team takes nobody else.
    expect((await join(activity.groupBuyId, leader.teamId, 'b_late')).code).toBe(NOT_ALLOWED);
  });

  it('never overfills: 30 buyers join a team of 3 at once, exactly 2 get in, and every order is released', async () => {
    const token = await owner();
    const activity = await addGroupBuy(token, { teamSize: 3 });
    const leader = await started(activity.groupBuyId, 'b_lead');
    const tries = await Promise.all(Array.from({ length: 30 }, (_, i) => join(activity.groupBuyId, leader.teamId, `b_rush_${i}`)));
    expect(tries.filter((t) => t.code === OK)).toHaveLength(2);
    expect(tries.filter((t) => t.code !== OK).every((t) => t.code === NOT_ALLOWED)).toBe(true);
    const team = await db().selectFrom('store_group_buy_team').selectAll().where('id', '=', leader.teamId).executeTakeFirstOrThrow();
    expect([team.members, team.state]).toEqual([3, GROUP_BUY_TEAM_STATE.formed]);
    const orders = await orderRows(activity.groupBuyId);
    expect(orders.map((o) => [o.status, o.held_for_team])).toEqual([
      [1, false],
      [1, false],
      [1, false],
    ]);
    expect((await h.call<GroupBuy>(api.groupBuyDetails.path, { groupBuyId: activity.groupBuyId }, token)).data).toMatchObject({ taken: 3, formedTeams: 1 });
  });

  it('fails a team whose time ran out and refunds every member once, however many sweeps run', async () => {
    const token = await owner();
    const activity = await addGroupBuy(token, { teamSize: 3, formMinutes: 10, perBuyerLimit: 1, totalLimit: 2 });
    const leader = await started(activity.groupBuyId, 'b_fail_1');
    expect((await join(activity.groupBuyId, leader.teamId, 'b_fail_2')).code).toBe(OK);
    // The total limit is reached meanwhile.
    expect((await start(activity.groupBuyId, 'b_fail_3')).code).toBe(NOT_ALLOWED);

    shift = 11 * MINUTE;
    expect((await join(activity.groupBuyId, leader.teamId, 'b_fail_late')).code).toBe(NOT_ALLOWED);
    const outcomes = await Promise.all([sweeper().sweep(), sweeper().sweep()]);
    const again = await sweeper().sweep();
    expect(outcomes.map((o) => o.failedTeams).sort()).toEqual([0, 1]);
    expect(outcomes.reduce((n, o) => n + o.refundedOrders, 0)).toBe(2);
    expect(again).toEqual({ failedTeams: 0, refundedOrders: 0 });

    const orders = await orderRows(activity.groupBuyId);
    const ledger = await db().selectFrom('store_ledger').select(['order_id', 'amount_cents', 'idempotency_key']).where('order_id', 'in', orders.map((o) => o.id)).orderBy('order_id').execute();
    expect(ledger.map((l) => [l.order_id, Number(l.amount_cents), l.idempotency_key])).toEqual(orders.map((o) => [o.id, Number(o.amount_cents), failedTeamRefundKey(leader.teamId, o.id)]));
    for (const order of orders) expect(Number(order.refunded_cents)).toBe(Number(order.amount_cents));
    expect(new Set(orders.map((o) => o.status)).size).toBe(1);
    expect(orders[0]!.status).not.toBe(1);
    const refunds = await db().selectFrom('store_refund').select(['order_id', 'status']).where('order_id', 'in', orders.map((o) => o.id)).execute();
    expect(refunds.map((r) => r.status)).toEqual([2, 2]);

    const listed = await teams(token, activity.groupBuyId);
    expect(listed.list[0]).toMatchObject({ state: GROUP_BUY_TEAM_STATE.failed, members: 2 });
    // The failed team's takes went back: the same buyer (limit 1) starts again within the total limit.
    expect((await h.call<GroupBuy>(api.groupBuyDetails.path, { groupBuyId: activity.groupBuyId }, token)).data).toMatchObject({ taken: 0, failedTeams: 1 });
    expect((await start(activity.groupBuyId, 'b_fail_1')).code).toBe(OK);
  });
});

describe('limits', () => {
  it("holds a buyer's limit, also when one buyer starts teams at once", async () => {
    const token = await owner();
    const activity = await addGroupBuy(token, { perBuyerLimit: 1 });
    const tries = await Promise.all(Array.from({ length: 10 }, () => start(activity.groupBuyId, 'b_greedy')));
    expect(tries.filter((t) => t.code === OK)).toHaveLength(1);
    expect(tries.filter((t) => t.code !== OK).every((t) => t.code === NOT_ALLOWED)).toBe(true);
    const other = await started(activity.groupBuyId, 'b_other');
    expect((await join(activity.groupBuyId, other.teamId, 'b_greedy')).code).toBe(NOT_ALLOWED);
    expect(await orderRows(activity.groupBuyId)).toHaveLength(2);
  });

  it('holds the total limit when many start at once', async () => {
    const token = await owner();
    const activity = await addGroupBuy(token, { totalLimit: 4, perBuyerLimit: 1 });
    const tries = await Promise.all(Array.from({ length: 12 }, (_, i) => start(activity.groupBuyId, `b_total_${i}`)));
    expect(tries.filter((t) => t.code === OK)).toHaveLength(4);
    expect(await orderRows(activity.groupBuyId)).toHaveLength(4);
    // The limit cannot go below what is taken.
    const edit = await h.call(api.editGroupBuy.path, { groupBuyId: activity.groupBuyId, ...(await groupBuyBiz({ totalLimit: 3, perBuyerLimit: 1 })) }, token);
    expect(edit.code).toBe(INVALID);
  });

  it('refuses a buyer in the same team twice and changes nothing', async () => {
    const token = await owner();
    const activity = await addGroupBuy(token);
    const leader = await started(activity.groupBuyId, 'b_twice');
    expect((await join(activity.groupBuyId, leader.teamId, 'b_twice')).code).toBe(NOT_ALLOWED);
    expect(await orderRows(activity.groupBuyId)).toHaveLength(1);
  });
});

describe('bad buyer input', () => {
  it('refuses a missing key, bad bodies and SKUs outside the activity, and places nothing', async () => {
    const token = await owner();
    const activity = await addGroupBuy(token);
    expect((await h.keyed('/buyer/group-buys/start', orderBody(activity.groupBuyId, 'b_x'), null)).status).toBe(401);
    expect((await start(activity.groupBuyId, 'b_x', { items: [] })).status).toBe(400);
    expect((await start(activity.groupBuyId, 'b_x', { buyerPhone: '123' })).status).toBe(400);
    expect((await h.keyed('/buyer/group-buys/join', orderBody(activity.groupBuyId, 'b_x'), BUYER_KEY)).status).toBe(400);
    const outside = await start(activity.groupBuyId, 'b_x', { items: [{ skuId: skuIds[1]!, quantity: 1 }] });
    expect([outside.status, outside.code]).toEqual([400, INVALID]);
    expect((await join(activity.groupBuyId, 987_654, 'b_x')).code).toBe(NOT_FOUND);
    expect(await orderRows(activity.groupBuyId)).toHaveLength(0);
    expect(Number((await db().selectFrom('store_group_buy_team').select((eb) => eb.fn.countAll<string>().as('n')).where('group_buy_id', '=', activity.groupBuyId).executeTakeFirstOrThrow()).n)).toBe(0);
  });
});

describe("another store's ids", () => {
  it('answers not found on every call and changes nothing', async () => {
    const token = await owner();
    const activity = await addGroupBuy(token);
    const leader = await started(activity.groupBuyId, 'b_home');
    const other = await h.login('demo_service', 'Demo12345');
    const groupBuyId = activity.groupBuyId;
    const calls: Array<[string, unknown]> = [
      [api.groupBuyDetails.path, { groupBuyId }],
      [api.editGroupBuy.path, { groupBuyId, ...(await groupBuyBiz()) }],
      [api.stopGroupBuy.path, { groupBuyId }],
      [api.groupBuyTeams.path, { groupBuyId }],
      [api.groupBuyOrders.path, { groupBuyId }],
    ];
    for (const [path, biz] of calls) expect([path, (await h.call(path, biz, other)).code]).toEqual([path, NOT_FOUND]);
    expect((await h.call<PageOf<GroupBuy>>(api.groupBuyList.path, { pageSize: 200 }, other)).data.list.map((g) => g.groupBuyId)).not.toContain(groupBuyId);
    // The other store adding this store's SKU: not found.
    const foreign = await h.call(api.addGroupBuy.path, await groupBuyBiz(), other);
    expect(foreign.code).toBe(NOT_FOUND);
    // Buyers naming another store with this store's ids.
    expect((await start(groupBuyId, 'b_away', { storeId: 1006 })).code).toBe(NOT_FOUND);
    expect((await join(groupBuyId, leader.teamId, 'b_away', { storeId: 1006 })).code).toBe(NOT_FOUND);
    // A team of another activity of the same store.
    const second = await addGroupBuy(token, { name: 'Second' });
    expect((await join(second.groupBuyId, leader.teamId, 'b_cross')).code).toBe(NOT_FOUND);
    expect((await h.call<GroupBuy>(api.groupBuyDetails.path, { groupBuyId }, token)).data).toMatchObject({ state: 1, taken: 1, name: 'Test team of 3' });
    expect(await orderRows(groupBuyId)).toHaveLength(1);
  });
});

describe("the demo store's seed", () => {
  it('has a running group buy with a forming team (1 of 3, hours left), a formed team released to ship and a failed team refunded once', async () => {
    const token = await owner();
    const listed = await h.call<PageOf<GroupBuy>>(api.groupBuyList.path, { name: DEMO_GROUP_BUY_NAME }, token);
    const activity = listed.data.list[0]!;
    expect(activity).toMatchObject({ name: DEMO_GROUP_BUY_NAME, state: 1, formingTeams: 1, formedTeams: 1, failedTeams: 1, taken: 4 });
    const { list, serverTime } = await teams(token, activity.groupBuyId);
    const byState = new Map(list.map((team) => [team.state, team]));
    const forming = byState.get(GROUP_BUY_TEAM_STATE.forming)!;
    expect(forming.members).toBe(1);
    expect(forming.expiresAt - serverTime).toBeGreaterThan(HOUR_SECONDS);
    expect(forming.expiresAt - serverTime).toBeLessThan(6 * HOUR_SECONDS);
    expect(byState.get(GROUP_BUY_TEAM_STATE.formed)!.members).toBe(3);
    const orders = await orderRows(activity.groupBuyId);
    const formedIds = byState.get(GROUP_BUY_TEAM_STATE.formed)!.memberList.map((m) => m.orderId);
    expect(orders.filter((o) => formedIds.includes(o.id)).map((o) => [o.status, o.held_for_team])).toEqual([
      [1, false],
      [1, false],
      [1, false],
    ]);
    expect(orders.find((o) => o.id === forming.memberList[0]!.orderId)).toMatchObject({ status: 1, held_for_team: true });
    const failed = byState.get(GROUP_BUY_TEAM_STATE.failed)!;
    const ledger = await db().selectFrom('store_ledger').select(['order_id', 'idempotency_key']).where('order_id', 'in', failed.memberList.map((m) => m.orderId)).orderBy('order_id').execute();
    expect(ledger.map((l) => l.idempotency_key)).toEqual(failed.memberList.map((m) => m.orderId).sort((a, b) => a - b).map((id) => failedTeamRefundKey(failed.teamId, id)));
    // What the seed adds to the store's orders by status (the orders area's counts add it to the demo orders').
    const byStatus: Record<number, number> = {};
    for (const order of orders) byStatus[order.status] = (byStatus[order.status] ?? 0) + 1;
    expect(byStatus).toEqual(DEMO_GROUP_BUY_ORDER_COUNTS);
  });
});
