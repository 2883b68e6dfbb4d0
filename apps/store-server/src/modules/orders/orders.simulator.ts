import type { BuyerOrdersService } from './orders.buyer';
import { someOrderableSkuIds } from './orders.catalogue';
import { DEMO_ADDRESSES, DEMO_BUYERS } from './orders.demo';
import type { OrdersRepository } from './orders.repository';

// While the development stack runs, a customer of the demo store places and pays an order every few
// minutes through the buyer service, so the console's new-order notification and the lists move
// (docs/orders.md "Demo orders and simulator"). Never in production; `DEMO_ORDER_SIMULATOR=0` turns it off.

/** The demo store (db/seed.ts DEMO_STORE.id; a unit test keeps the two equal). */
export const SIMULATED_STORE_ID = 1001;
export const DEFAULT_SIMULATOR_INTERVAL_SECONDS = 180;

export interface SimulatorSettings {
  intervalSeconds: number;
}

/** On when DEMO_ORDER_SIMULATOR is set to anything but 0 (tools/start.mjs sets it), outside production. */
export function simulatorSettings(env: NodeJS.ProcessEnv): SimulatorSettings | undefined {
  if (env.NODE_ENV === 'production') return undefined;
  const switchValue = env.DEMO_ORDER_SIMULATOR;
  if (switchValue === undefined || switchValue === '' || switchValue === '0') return undefined;
  const interval = Number(env.DEMO_ORDER_SIMULATOR_INTERVAL_SECONDS);
  return { intervalSeconds: Number.isFinite(interval) && interval >= 5 ? interval : DEFAULT_SIMULATOR_INTERVAL_SECONDS };
}

export class DemoOrderSimulator {
  private timer: NodeJS.Timeout | undefined;
  private round = 0;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly buyer: BuyerOrdersService,
    private readonly orders: OrdersRepository,
    private readonly settings: SimulatorSettings,
    private readonly log: (message: string, error?: unknown) => void,
    /**
     * Takes this interval's turn across instances (shared/task-turns.ts): its number, or null when another
     * instance on the database has it. Absent: every tick is this process's.
     */
    private readonly takeTurn?: () => Promise<number | null>,
  ) {}

  /** One tick: with turns, only the instance that took the turn places the order, as that turn's customer. */
  async tick(): Promise<number | undefined> {
    if (!this.takeTurn) return this.placeOne();
    const turn = await this.takeTurn();
    return turn === null ? undefined : this.placeOne(turn);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.running = this.tick().then(
        () => undefined,
        (error: unknown) => this.log('demo order simulator: an order failed', error),
      );
    }, this.settings.intervalSeconds * 1000);
    this.timer.unref();
  }

  /** Stops the timer and waits for an order in flight, so the database closes after it. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One customer's order: one or two on-shelf SKUs in stock, placed then paid. */
  async placeOne(round = this.round++): Promise<number | undefined> {
    const skuIds = await someOrderableSkuIds(this.orders, SIMULATED_STORE_ID, 12);
    if (skuIds.length === 0) return undefined;
    const picked = [skuIds[round % skuIds.length] as number, skuIds[(round * 7 + 3) % skuIds.length] as number];
    const buyer = DEMO_BUYERS[round % DEMO_BUYERS.length] as (typeof DEMO_BUYERS)[number];
    const placed = await this.buyer.place({
      storeId: SIMULATED_STORE_ID,
      buyerAccid: buyer.accid,
      buyerName: buyer.name,
      buyerPhone: buyer.phone,
      receiver: { name: buyer.name, phone: buyer.phone, address: DEMO_ADDRESSES[round % DEMO_ADDRESSES.length] as string },
      items: [...new Set(picked)].map((skuId) => ({ skuId, quantity: 1 })),
    });
    await this.buyer.pay(placed.orderId, buyer.accid);
    return placed.orderId;
  }
}
