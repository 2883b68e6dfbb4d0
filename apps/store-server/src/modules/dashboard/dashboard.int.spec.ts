// The dashboard's to-do counts (issue 35 §6) against a real server and database (PGlite, or PostgreSQL with
// DATABASE_URL): each count equals a count of the store's rows and the total of the list the to-do links to,
// filtered as the link filters it; another store's rows never count; a change to one row moves its count by one.
import { DASHBOARD_TODO_KEYS, REFUND_PENDING_STATUSES, STOCK_STATUS, afterSalesEndpoints, dashboardEndpoints, goodsEndpoints, orderEndpoints, type DashboardTodoCounts } from '@merchant/api-contracts';
import { sql } from 'kysely';
import { startTestServer, type TestHarness } from '../../testing/harness';

const OK = '00000000';
const DEMO = 1001;
const OTHER = 1006;
/** The demo store's out-of-stock SKUs as the seed makes them (issue 35 §6: "97 in the demo"). */
const DEMO_OUT_OF_STOCK_SKUS = 97;
const PAGE = { pageNum: 1, pageSize: 5 };

describe('dashboard to-do counts', () => {
  let h: TestHarness;
  let demo: string;
  let other: string;

  beforeAll(async () => {
    h = await startTestServer();
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.reset();
    demo = await h.login('demo_merchant', 'Demo12345');
    other = await h.login('demo_service', 'Demo12345');
  });

  const db = () => h.database.db;
  const todoCounts = async (token: string): Promise<DashboardTodoCounts> => {
    const answer = await h.call<DashboardTodoCounts>(dashboardEndpoints.queryStoreTodoCounts.path, {}, token);
    expect(answer.code).toBe(OK);
    return answer.data;
  };
  /** A count of the store's rows, written here independently of the repository. */
  const counted = async (storeId: number): Promise<DashboardTodoCounts> => {
    const one = async (query: ReturnType<typeof sql<{ n: string | number }>>) => Number((await query.execute(db())).rows[0]!.n);
    return {
      ordersToShip: await one(sql`select count(*) as n from store_order where store_id = ${storeId} and status = 1`),
      refundsToHandle: await one(sql`select count(*) as n from store_refund where store_id = ${storeId} and status in (${sql.join([...REFUND_PENDING_STATUSES])})`),
      complaintsToHandle: await one(sql`select count(*) as n from store_complaint where store_id = ${storeId} and status = 1`),
      reviewsWithoutReply: await one(sql`select count(*) as n from store_evaluation where store_id = ${storeId} and reply is null`),
      outOfStockSkus: await one(sql`select count(*) as n from store_goods_sku where store_id = ${storeId} and stock <= 0`),
    };
  };
  /** The total of each list as the dashboard's links open it (docs/console-shell.md "Dashboard"). */
  const listTotals = async (token: string): Promise<DashboardTodoCounts> => {
    const total = async (path: string, biz: object) => {
      const answer = await h.call<{ total: number }>(path, { ...PAGE, ...biz }, token);
      expect(answer.code).toBe(OK);
      return answer.data.total;
    };
    return {
      ordersToShip: await total(orderEndpoints.orderList.path, { status: 1 }),
      refundsToHandle: await total(afterSalesEndpoints.refundList.path, { statuses: [...REFUND_PENDING_STATUSES] }),
      complaintsToHandle: await total(afterSalesEndpoints.complaintList.path, { status: 1 }),
      reviewsWithoutReply: await total(afterSalesEndpoints.evaluationList.path, { replied: false }),
      outOfStockSkus: await total(goodsEndpoints.skuStockList.path, { stockStatus: STOCK_STATUS.outOfStock }),
    };
  };

  it("counts the demo store's to-dos exactly, as the rows and each linked list's total say", async () => {
    const answer = await todoCounts(demo);
    expect(Object.keys(answer).sort()).toEqual([...DASHBOARD_TODO_KEYS].sort());
    expect(answer.outOfStockSkus).toBe(DEMO_OUT_OF_STOCK_SKUS);
    // The demo has work of every kind, so each count is checked against something.
    for (const key of DASHBOARD_TODO_KEYS) expect(answer[key]).toBeGreaterThan(0);
    expect(answer).toEqual(await counted(DEMO));
    expect(answer).toEqual(await listTotals(demo));
  });

  it("counts another store's own rows only, and never the demo store's", async () => {
    const before = { demo: await todoCounts(demo), other: await todoCounts(other) };
    expect(before.other).toEqual(await counted(OTHER));
    // Two of the demo store's unreplied reviews and pending refunds become the other store's, and every one of
    // the other store's SKUs runs out: each store's counts follow its own rows.
    await sql`update store_evaluation set store_id = ${OTHER} where id in (select id from store_evaluation where store_id = ${DEMO} and reply is null order by id limit 2)`.execute(db());
    await sql`update store_refund set store_id = ${OTHER} where id in (select id from store_refund where store_id = ${DEMO} and status in (${sql.join([...REFUND_PENDING_STATUSES])}) order by id limit 2)`.execute(db());
    await sql`update store_goods_sku set stock = 0 where store_id = ${OTHER}`.execute(db());
    const otherSkus = Number((await sql<{ n: string }>`select count(*) as n from store_goods_sku where store_id = ${OTHER}`.execute(db())).rows[0]!.n);
    const after = { demo: await todoCounts(demo), other: await todoCounts(other) };
    expect(after.demo).toEqual({ ...before.demo, reviewsWithoutReply: before.demo.reviewsWithoutReply - 2, refundsToHandle: before.demo.refundsToHandle - 2 });
    expect(after.other).toEqual({ ...before.other, reviewsWithoutReply: before.other.reviewsWithoutReply + 2, refundsToHandle: before.other.refundsToHandle + 2, outOfStockSkus: otherSkus });
    expect(after.demo).toEqual(await counted(DEMO));
    expect(after.other).toEqual(await counted(OTHER));
  });

  it('moves a count by one when one order ships, one review is answered, one complaint ends and one SKU is restocked', async () => {
    const before = await todoCounts(demo);
    await sql`update store_order set status = 2 where id = (select min(id) from store_order where store_id = ${DEMO} and status = 1)`.execute(db());
    await sql`update store_evaluation set reply = 'Thank you', replied_at = 1 where id = (select min(id) from store_evaluation where store_id = ${DEMO} and reply is null)`.execute(db());
    await sql`update store_complaint set status = 2 where id = (select min(id) from store_complaint where store_id = ${DEMO} and status = 1)`.execute(db());
    await sql`update store_goods_sku set stock = 5 where id = (select min(id) from store_goods_sku where store_id = ${DEMO} and stock <= 0)`.execute(db());
    expect(await todoCounts(demo)).toEqual({
      ordersToShip: before.ordersToShip - 1,
      refundsToHandle: before.refundsToHandle,
      complaintsToHandle: before.complaintsToHandle - 1,
      reviewsWithoutReply: before.reviewsWithoutReply - 1,
      outOfStockSkus: before.outOfStockSkus - 1,
    });
    expect(await todoCounts(demo)).toEqual(await listTotals(demo));
  });

  it('refuses a caller without a session', async () => {
    const anonymous = await h.call(dashboardEndpoints.queryStoreTodoCounts.path, {}, null);
    expect(anonymous.code).not.toBe(OK);
  });
});
