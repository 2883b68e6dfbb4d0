import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import { epochSecondsOf, type Clock } from '../../shared/clock';
import { takeTaskTurn } from '../../shared/task-turns';
import type { MediaFileUrls } from '../media';
import { OrderEvents } from './order-events';
import { BuyerOrdersService } from './orders.buyer';
import { someOrderableSkuIds } from './orders.catalogue';
import { createOrdersFacade, type OrdersFacade } from './orders.facade';
import type { OrderCoupons } from './orders.placement';
import { OrdersRepository } from './orders.repository';
import { buyerOrderRoutes, ordersRoutes } from './orders.routes';
import { OrdersService } from './orders.service';
import { DemoOrderSimulator, simulatorSettings } from './orders.simulator';

export { OrderEvents, type OrderPaidEvent } from './order-events';
export { BuyerOrdersService } from './orders.buyer';
export { type PlaceOrderInput } from './orders.buyer-input';
export { type OrdersFacade } from './orders.facade';
export { type OrderCoupons } from './orders.placement';
export { type OrderPromotion } from './orders.pricing';
/** The order list's definition, for the export of the same filtered list (modules/exports). */
export { orderList } from './orders.lists';
export { BUYER_KEY_HEADER, BUYER_ORDERS_PATH } from './orders.routes';
export { DEMO_ADDRESSES, DEMO_BUYERS, DEMO_CARRIERS, writeDemoOrders, type DemoOrderSpec } from './orders.demo';

/** On-shelf SKUs in stock of a store, for the demo seed. */
export const demoSkuIds = (db: Kysely<StoreDatabase>, storeId: number, limit: number) => someOrderableSkuIds(new OrdersRepository(db), storeId, limit);
export { SIMULATED_STORE_ID, simulatorSettings } from './orders.simulator';
/** The demo order simulator's row in store_task_turn. */
export const DEMO_ORDER_SIMULATOR_TASK = 'demo-order-simulator';

/** Starts the demo simulator with the server and stops it before the database closes (no envelope path). */
function simulatorLifecycle(simulator: DemoOrderSimulator): StoreRoute {
  return {
    path: '(demo order simulator)',
    register(app) {
      app.addHook('onReady', async () => {
        simulator.start();
        app.log.info('demo order simulator on (DEMO_ORDER_SIMULATOR=0 turns it off)');
      });
      app.addHook('onClose', () => simulator.stop());
    },
  };
}

/** How often unpaid orders past their window are closed: UNPAID_SWEEP_SECONDS (0 turns it off), else every minute. */
export function unpaidSweepSeconds(env: NodeJS.ProcessEnv): number {
  const value = Number(env.UNPAID_SWEEP_SECONDS ?? 60);
  return Number.isFinite(value) && value >= 0 ? value : 60;
}

/** Closes unpaid orders whose payment window ended, on an interval while the server runs (docs/orders.md "Unpaid orders"). */
function unpaidSweeperLifecycle(buyer: BuyerOrdersService, seconds: number): StoreRoute {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  return {
    path: '(unpaid order sweeper)',
    register(app) {
      app.addHook('onReady', async () => {
        timer = setInterval(() => {
          running = buyer.closeExpiredUnpaid().catch((error: unknown) => app.log.error({ err: error }, 'unpaid order sweeper failed'));
        }, seconds * 1000);
        timer.unref();
      });
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await running;
      });
    },
  };
}

/** The orders module (docs/orders.md): the store's orders and shipping, and the buyer side that places them. */
export function ordersModule(deps: {
  db: Kysely<StoreDatabase>;
  clock: Clock;
  buyerKey?: string;
  env?: NodeJS.ProcessEnv;
  media?: MediaFileUrls;
  coupons?: OrderCoupons;
  /** Names this process in the simulator's turns (config.instanceId). */
  instanceId?: string;
}): {
  routes: StoreRoute[];
  events: OrderEvents;
  facade: OrdersFacade;
  buyer: BuyerOrdersService;
} {
  const events = new OrderEvents();
  const repository = new OrdersRepository(deps.db);
  const service = new OrdersService(repository, deps.clock);
  const buyer = new BuyerOrdersService(repository, events, deps.clock, deps.coupons);
  const routes = [...ordersRoutes(service, deps.media), ...buyerOrderRoutes(buyer, deps.buyerKey)];
  const sweepSeconds = unpaidSweepSeconds(deps.env ?? process.env);
  if (sweepSeconds > 0) routes.push(unpaidSweeperLifecycle(buyer, sweepSeconds));
  const settings = simulatorSettings(deps.env ?? process.env);
  if (settings) {
    // One order per interval across every instance on the database, not one per instance.
    const takeTurn = () => takeTaskTurn(deps.db, DEMO_ORDER_SIMULATOR_TASK, settings.intervalSeconds, deps.instanceId ?? 'store-server');
    const simulator = new DemoOrderSimulator(buyer, repository, settings, (message, error) => console.error(message, error), takeTurn);
    routes.push(simulatorLifecycle(simulator));
  }
  return { routes, events, facade: createOrdersFacade(deps.coupons, () => epochSecondsOf(deps.clock.now())), buyer };
}
