import { GROUP_BUY_TEAM_STATE } from '@merchant/api-contracts';
import { systemClock } from '../../shared/clock';
import { STORE_CODES, StoreError } from '../../shared/store-error';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { couponsModule } from '../coupons';
import { CouponsRepository } from '../coupons/coupons.repository';
import { CouponsService } from '../coupons/coupons.service';
import { flashSalesModule } from '../flash-sales';
import { DEMO_FLASH_SALE_NAMES } from '../flash-sales/flash-sales.seed';
import { groupBuysModule } from '../group-buys';
import { DEMO_BUYERS, ordersModule } from '../orders';
import { promotionSimulatorModule, type SimulatorPromotions, type SimulatorTick } from '.';

// The demo promotion simulator (docs/marketing.md "Demo simulator") on the seeded demo store (PGlite, or
// PostgreSQL with DATABASE_URL): its ticks run directly, no timers; each moved what it should, through the
// promotions' services, and with nothing running a tick changes nothing.
const STORE = 1001;
const PAID_TO_SHIP = 1;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(() => database.reset());

const db = () => database.db;

/** The composition root's wiring (modules/index.ts), with the switch off: no lifecycle route. */
function simulator(overrides: Partial<SimulatorPromotions> = {}) {
  const clock = systemClock;
  const coupons = couponsModule({ db: db(), clock });
  const orders = ordersModule({ db: db(), clock, coupons: coupons.facade, env: {} });
  const groupBuys = groupBuysModule({ db: db(), clock, orders: orders.facade, env: {} });
  const flashSales = flashSalesModule({ db: db(), clock, orders: orders.facade, sweepSeconds: 0 });
  const module = promotionSimulatorModule({
    db: db(),
    clock,
    env: {},
    promotions: { coupons: new CouponsService(new CouponsRepository(db()), clock), orders: orders.buyer, groupBuys: groupBuys.service, flashSales: flashSales.service, ...overrides },
  });
  expect(module.routes).toEqual([]);
  return module.simulator;
}

function made<S extends SimulatorTick['step']>(tick: SimulatorTick, step: S): Extract<SimulatorTick, { step: S; orderId: number }> {
  if ('skipped' in tick) throw new Error(`${tick.step} skipped: ${tick.skipped}`);
  expect(tick.step).toBe(step);
  return tick as Extract<SimulatorTick, { step: S; orderId: number }>;
}

const orderOf = (orderId: number) => db().selectFrom('store_order').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
const templateTaken = async () => new Map((await db().selectFrom('store_coupon_template').select(['id', 'taken']).where('store_id', '=', STORE).execute()).map((row) => [row.id, row.taken]));
const teams = async () => db().selectFrom('store_group_buy_team').select(['id', 'members', 'state']).where('store_id', '=', STORE).orderBy('id').execute();
const saleSkus = async () =>
  db()
    .selectFrom('store_flash_sale_sku as s')
    .innerJoin('store_flash_sale as f', 'f.id', 's.sale_id')
    .select(['s.sale_id', 's.sku_id', 's.stock', 's.sold', 'f.name'])
    .where('s.store_id', '=', STORE)
    .execute();
const demoAccids: string[] = DEMO_BUYERS.map((buyer) => buyer.accid);

describe('demo promotion simulator', () => {
  it('in rotation: a coupon claimed and used in a paid order, a seat in the forming team, a unit of the running sale bought and paid', async () => {
    const takenBefore = await templateTaken();
    const teamsBefore = await teams();
    const forming = teamsBefore.filter((team) => team.state === GROUP_BUY_TEAM_STATE.forming);
    expect(forming).toHaveLength(1);
    const salesBefore = await saleSkus();
    const sim = simulator();

    // (a) the coupon
    const coupon = made(await sim.runOnce(), 'coupon');
    const claimed = await db().selectFrom('store_coupon').selectAll().where('id', '=', coupon.couponId).executeTakeFirstOrThrow();
    expect(demoAccids).toContain(claimed.buyer_accid);
    expect(claimed).toMatchObject({ template_id: coupon.templateId, state: 2, order_id: coupon.orderId });
    expect((await templateTaken()).get(coupon.templateId)).toBe((takenBefore.get(coupon.templateId) ?? 0) + 1);
    const couponOrder = await orderOf(coupon.orderId);
    expect(couponOrder).toMatchObject({ status: PAID_TO_SHIP, coupon_id: coupon.couponId, buyer_accid: claimed.buyer_accid });
    expect(couponOrder.paid_at).not.toBeNull();
    expect(Number(couponOrder.coupon_discount_cents)).toBeGreaterThan(0);

    // (b) the group buy: the seeded forming team gains a member, whose order is paid and held for the team
    const seat = made(await sim.runOnce(), 'groupBuy');
    expect(seat).toMatchObject({ teamId: forming[0]!.id, joined: true, formed: false });
    const team = (await teams()).find((row) => row.id === forming[0]!.id)!;
    expect(team.members).toBe(forming[0]!.members + 1);
    const member = await db().selectFrom('store_group_buy_member').selectAll().where('order_id', '=', seat.orderId).executeTakeFirstOrThrow();
    expect(member).toMatchObject({ team_id: team.id, leader: false });
    expect(demoAccids).toContain(member.buyer_accid);
    expect(await orderOf(seat.orderId)).toMatchObject({ status: PAID_TO_SHIP, held_for_team: true, promotion_kind: 'groupBuy' });

    // (c) the running sale: its SKU's activity stock down by exactly 1, a paid order of the sale
    const bought = made(await sim.runOnce(), 'sale');
    const before = salesBefore.find((row) => row.sale_id === bought.saleId && row.sku_id === bought.skuId)!;
    expect(before.name).toBe(DEMO_FLASH_SALE_NAMES.running);
    const after = (await saleSkus()).find((row) => row.sale_id === bought.saleId && row.sku_id === bought.skuId)!;
    expect(after).toMatchObject({ stock: before.stock - 1, sold: before.sold + 1 });
    const others = (rows: Awaited<ReturnType<typeof saleSkus>>) => rows.filter((row) => row.sale_id !== bought.saleId || row.sku_id !== bought.skuId);
    expect(others(await saleSkus())).toEqual(others(salesBefore));
    const saleOrder = await orderOf(bought.orderId);
    expect(saleOrder).toMatchObject({ status: PAID_TO_SHIP, promotion_kind: 'sale', promotion_activity_id: bought.saleId });
    expect(saleOrder.paid_at).not.toBeNull();
    expect(await db().selectFrom('store_flash_sale_order').select(['sale_id', 'units']).where('order_id', '=', bought.orderId).executeTakeFirstOrThrow()).toEqual({ sale_id: bought.saleId, units: 1 });

    // Round two: another coupon, then the team's last seat forms it and releases every member's hold.
    made(await sim.runOnce(), 'coupon');
    const last = made(await sim.runOnce(), 'groupBuy');
    expect(last).toMatchObject({ teamId: team.id, joined: true, formed: true });
    expect((await teams()).find((row) => row.id === team.id)).toMatchObject({ state: GROUP_BUY_TEAM_STATE.formed, members: 3 });
    const members = await db()
      .selectFrom('store_group_buy_member as m')
      .innerJoin('store_order as o', 'o.id', 'm.order_id')
      .select(['m.buyer_accid', 'o.held_for_team'])
      .where('m.team_id', '=', team.id)
      .execute();
    expect(members).toHaveLength(3);
    expect(new Set(members.map((m) => m.buyer_accid)).size).toBe(3);
    expect(members.every((m) => m.held_for_team === false)).toBe(true);

    // No forming team left: the next group-buy tick starts one.
    made(await sim.runOnce(), 'sale');
    // (The seeded claims leave the 8 demo buyers little room under the per-buyer limits: this one may skip.)
    expect((await sim.runOnce()).step).toBe('coupon');
    const started = made(await sim.runOnce(), 'groupBuy');
    expect(started).toMatchObject({ joined: false, formed: false });
    expect((await teams()).find((row) => row.id === started.teamId)).toMatchObject({ state: GROUP_BUY_TEAM_STATE.forming, members: 1 });
  });

  it('with nothing running, each step is skipped and nothing changes', async () => {
    await db().updateTable('store_coupon_template').set({ state: 2 }).where('store_id', '=', STORE).execute();
    await db().updateTable('store_group_buy').set({ state: 2 }).where('store_id', '=', STORE).execute();
    await db().updateTable('store_flash_sale').set({ state: 2 }).where('store_id', '=', STORE).execute();
    const count = async () => {
      const [orders, coupons, members, saleOrders] = await Promise.all([
        db().selectFrom('store_order').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        db().selectFrom('store_coupon').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        db().selectFrom('store_group_buy_member').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        db().selectFrom('store_flash_sale_order').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return [orders.n, coupons.n, members.n, saleOrders.n].map(Number);
    };
    const before = await count();
    const sim = simulator();
    const ticks = [await sim.runOnce(), await sim.runOnce(), await sim.runOnce()];
    expect(ticks.map((tick) => tick.step)).toEqual(['coupon', 'groupBuy', 'sale']);
    for (const tick of ticks) expect(tick).toHaveProperty('skipped');
    expect(await count()).toEqual(before);
  });

  it('a sale whose every demo buyer is at its per-buyer limit is skipped', async () => {
    await db().updateTable('store_coupon_template').set({ state: 2 }).where('store_id', '=', STORE).execute();
    await db().updateTable('store_group_buy').set({ state: 2 }).where('store_id', '=', STORE).execute();
    // The running sale lets each buyer 1 unit; every demo buyer has one already (as the counts say).
    const running = await db().selectFrom('store_flash_sale').select('id').where('name', '=', DEMO_FLASH_SALE_NAMES.running).executeTakeFirstOrThrow();
    await db().updateTable('store_flash_sale').set({ per_buyer_limit: 1 }).where('id', '=', running.id).execute();
    await db().deleteFrom('store_flash_sale_buyer_count').where('sale_id', '=', running.id).execute();
    await db()
      .insertInto('store_flash_sale_buyer_count')
      .values(demoAccids.map((accid) => ({ sale_id: running.id, buyer_accid: accid, bought: 1 })))
      .execute();
    const stock = await saleSkus();
    const sim = simulator();
    await sim.runOnce();
    await sim.runOnce();
    expect(await sim.runOnce()).toEqual({ step: 'sale', skipped: expect.any(String) });
    expect(await saleSkus()).toEqual(stock);
  });

  it('a refusal by the promotion is skipped quietly and changes nothing; an unexpected failure reaches the timer, which logs it', async () => {
    const stock = await saleSkus();
    const refusing = simulator({
      flashSales: {
        buy: () => Promise.reject(new StoreError(STORE_CODES.notAllowedInCurrentState, 'sold out')),
      },
    });
    await refusing.runOnce();
    await refusing.runOnce();
    expect(await refusing.runOnce()).toEqual({ step: 'sale', skipped: 'refused: sold out' });
    expect(await saleSkus()).toEqual(stock);

    const failing = simulator({ flashSales: { buy: () => Promise.reject(new Error('connection lost')) } });
    await failing.runOnce();
    await failing.runOnce();
    await expect(failing.runOnce()).rejects.toThrow('connection lost');
  });
});
