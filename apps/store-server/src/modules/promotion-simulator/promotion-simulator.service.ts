import { COUPON_SCOPE } from '@merchant/api-contracts';
import { epochSecondsOf, type Clock } from '../../shared/clock';
import { StoreError } from '../../shared/store-error';
import type { CouponsService } from '../coupons';
import { slotAt, type FlashSalesService } from '../flash-sales';
import type { GroupBuysService } from '../group-buys';
import { DEMO_ADDRESSES, DEMO_BUYERS, SIMULATED_STORE_ID, type BuyerOrdersService, type simulatorSettings } from '../orders';
import type { PromotionSimulatorRepository, SkuInStock } from './promotion-simulator.repository';

// While the development stack runs, the demo store's buyers also use its promotions (docs/marketing.md "Demo
// simulator"), so the marketing screens move: each tick, in rotation, a coupon claimed and used in a paid order,
// a seat taken in a group-buy team (or a team started), a unit bought and paid in the running time-limited sale.
// Every write goes through the promotion's own service, whose limits decide; a step with nothing to use, or
// refused, is skipped.

/** What the simulator asks of the promotions and the orders module (the composition root wires the services). */
export interface SimulatorPromotions {
  coupons: Pick<CouponsService, 'claim'>;
  orders: Pick<BuyerOrdersService, 'place' | 'pay'>;
  groupBuys: Pick<GroupBuysService, 'start' | 'join'>;
  flashSales: Pick<FlashSalesService, 'buy'>;
}

export interface SimulatorLog {
  debug(message: string): void;
  error(message: string, error: unknown): void;
}

/** What one tick did: the step and the paid order it made, or `skipped` with why. */
export type SimulatorTick =
  | { step: 'coupon'; orderId: number; couponId: number; templateId: number }
  | { step: 'groupBuy'; orderId: number; teamId: number; joined: boolean; formed: boolean }
  | { step: 'sale'; orderId: number; saleId: number; skuId: number }
  | { step: SimulatorStep; skipped: string };

export type SimulatorStep = 'coupon' | 'groupBuy' | 'sale';
export const SIMULATOR_STEPS: readonly SimulatorStep[] = ['coupon', 'groupBuy', 'sale'];

type DemoBuyer = (typeof DEMO_BUYERS)[number];
/** The orders simulator's switch and interval (modules/orders simulatorSettings), shared. */
export type SimulatorSettings = NonNullable<ReturnType<typeof simulatorSettings>>;
/** Most units of one SKU an order takes to reach a coupon's threshold. */
const MAX_UNITS_FOR_THRESHOLD = 10;
const silentLog: SimulatorLog = { debug: () => undefined, error: () => undefined };

export class DemoPromotionSimulator {
  private timer: NodeJS.Timeout | undefined;
  private round = 0;
  private running: Promise<unknown> = Promise.resolve();
  private log: SimulatorLog = silentLog;

  constructor(
    private readonly repository: PromotionSimulatorRepository,
    private readonly promotions: SimulatorPromotions,
    private readonly clock: Clock,
    private readonly settings: SimulatorSettings,
    private readonly storeId: number = SIMULATED_STORE_ID,
    /** Takes this interval's turn across instances (shared/task-turns.ts); absent, every tick is this process's. */
    private readonly takeTurn?: () => Promise<number | null>,
  ) {}

  /**
   * Ticks every interval, the first half an interval in, so the ticks fall between the plain demo orders
   * (modules/orders' simulator ticks on the whole interval).
   */
  start(log: SimulatorLog): void {
    if (this.timer) return;
    this.log = log;
    const intervalMs = this.settings.intervalSeconds * 1000;
    const tick = () => {
      this.running = this.tick().catch((error: unknown) => this.log.error('demo promotion simulator: a tick failed', error));
    };
    this.timer = setTimeout(() => {
      tick();
      this.timer = setInterval(tick, intervalMs);
      this.timer.unref();
    }, intervalMs / 2);
    this.timer.unref();
  }

  /** Stops the timer and waits for a tick in flight, so the database closes after it. */
  async stop(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      clearInterval(this.timer);
    }
    this.timer = undefined;
    await this.running;
  }

  /** A timer tick: with turns, only the instance that took the turn runs it, as that turn's step of the rotation. */
  async tick(): Promise<SimulatorTick | undefined> {
    if (!this.takeTurn) return this.runOnce();
    const turn = await this.takeTurn();
    return turn === null ? undefined : this.runOnce(turn);
  }

  /** One tick: the next step of the rotation. A refusal by a promotion's rules (a StoreError) is a skip. */
  async runOnce(round = this.round++): Promise<SimulatorTick> {
    const step = SIMULATOR_STEPS[round % SIMULATOR_STEPS.length] as SimulatorStep;
    const buyerOffset = Math.floor(round / SIMULATOR_STEPS.length);
    let outcome: SimulatorTick;
    try {
      outcome = step === 'coupon' ? await this.couponOrder(buyerOffset) : step === 'groupBuy' ? await this.groupBuyOrder(buyerOffset) : await this.saleOrder(buyerOffset);
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
      outcome = { step, skipped: `refused: ${error.message}` };
    }
    if ('skipped' in outcome) this.log.debug(`demo promotion simulator: ${outcome.step} skipped (${outcome.skipped})`);
    return outcome;
  }

  /** (a) A buyer with room under a template's per-buyer limit claims a coupon and places and pays an order that reaches its threshold. */
  private async couponOrder(buyerOffset: number): Promise<SimulatorTick> {
    const now = this.clock.now();
    for (const template of await this.repository.couponTemplatesToClaim(this.storeId, now)) {
      const buyer = firstBuyerWithRoom(buyerOffset, (accid) => (template.claimedBy.get(accid) ?? 0) < template.perBuyerLimit);
      if (!buyer) continue;
      const within = template.scope === COUPON_SCOPE.goods ? { goodsIds: template.scopeIds } : template.scope === COUPON_SCOPE.categories ? { categoryIds: template.scopeIds } : {};
      const line = lineReaching(await this.repository.skusInStock(this.storeId, within, Math.ceil(template.thresholdCents / MAX_UNITS_FOR_THRESHOLD), 20), template.thresholdCents);
      if (!line) continue;
      const [coupon] = await this.promotions.coupons.claim(this.storeId, template.templateId, [{ buyerAccid: buyer.accid, buyerPhone: buyer.phone }]);
      if (!coupon) continue;
      const placed = await this.promotions.orders.place({ ...this.orderOf(buyer, buyerOffset), items: [line], couponId: coupon.couponId });
      await this.promotions.orders.pay(placed.orderId, buyer.accid);
      return { step: 'coupon', orderId: placed.orderId, couponId: coupon.couponId, templateId: template.templateId };
    }
    return { step: 'coupon', skipped: 'no coupon template with room to claim and goods to use it on' };
  }

  /** (b) A buyer takes a seat in the forming team with seats left (not one already in it), or starts a team when none is forming. */
  private async groupBuyOrder(buyerOffset: number): Promise<SimulatorTick> {
    const activity = await this.repository.runningGroupBuy(this.storeId, this.clock.now());
    if (!activity || activity.skuIds.length === 0) return { step: 'groupBuy', skipped: 'no running group buy with a SKU in stock' };
    const inTeam = new Set(activity.formingTeam?.memberAccids ?? []);
    const buyer = firstBuyerWithRoom(buyerOffset, (accid) => !inTeam.has(accid) && (activity.takenBy.get(accid) ?? 0) < activity.perBuyerLimit);
    if (!buyer) return { step: 'groupBuy', skipped: "every demo buyer is at the activity's limit or in the team" };
    const skuId = activity.skuIds[buyerOffset % activity.skuIds.length] as number;
    const input = { ...this.orderOf(buyer, buyerOffset), activityId: activity.groupBuyId, items: [{ skuId, quantity: 1 }] };
    const joined = activity.formingTeam ? await this.promotions.groupBuys.join({ ...input, teamId: activity.formingTeam.teamId }) : await this.promotions.groupBuys.start(input);
    return { step: 'groupBuy', orderId: joined.orderId, teamId: joined.teamId, joined: activity.formingTeam !== null, formed: joined.members === joined.teamSize };
  }

  /** (c) A buyer under the sale's per-buyer limit buys 1 unit in a sale inside its slot now, and pays. */
  private async saleOrder(buyerOffset: number): Promise<SimulatorTick> {
    const now = epochSecondsOf(this.clock.now());
    const sale = (await this.repository.salesInWindow(this.storeId, this.clock.now())).find((candidate) => slotAt(candidate, now)?.current === true);
    if (!sale) return { step: 'sale', skipped: 'no time-limited sale in its slot with stock' };
    const buyer = firstBuyerWithRoom(buyerOffset, (accid) => (sale.boughtBy.get(accid) ?? 0) < sale.perBuyerLimit);
    if (!buyer) return { step: 'sale', skipped: "every demo buyer is at the sale's limit" };
    const skuId = sale.skuIds[buyerOffset % sale.skuIds.length] as number;
    const placed = await this.promotions.flashSales.buy({ ...this.orderOf(buyer, buyerOffset), saleId: sale.saleId, items: [{ skuId, quantity: 1 }] });
    await this.promotions.orders.pay(placed.orderId, buyer.accid);
    return { step: 'sale', orderId: placed.orderId, saleId: sale.saleId, skuId };
  }

  private orderOf(buyer: DemoBuyer, offset: number) {
    return {
      storeId: this.storeId,
      buyerAccid: buyer.accid,
      buyerName: buyer.name,
      buyerPhone: buyer.phone,
      receiver: { name: buyer.name, phone: buyer.phone, address: DEMO_ADDRESSES[offset % DEMO_ADDRESSES.length] as string },
    };
  }
}

/** The demo buyers in turn from `offset`: the first that `hasRoom`. */
function firstBuyerWithRoom(offset: number, hasRoom: (accid: string) => boolean): DemoBuyer | undefined {
  for (let i = 0; i < DEMO_BUYERS.length; i++) {
    const buyer = DEMO_BUYERS[(offset + i) % DEMO_BUYERS.length] as DemoBuyer;
    if (hasRoom(buyer.accid)) return buyer;
  }
  return undefined;
}

/** One line of the cheapest SKU whose few units (within its stock) reach `thresholdCents`. */
function lineReaching(skus: readonly SkuInStock[], thresholdCents: number): { skuId: number; quantity: number } | undefined {
  for (const sku of skus) {
    const quantity = Math.max(1, Math.ceil(thresholdCents / sku.priceCents));
    if (quantity <= MAX_UNITS_FOR_THRESHOLD && quantity <= sku.stock) return { skuId: sku.skuId, quantity };
  }
  return undefined;
}
