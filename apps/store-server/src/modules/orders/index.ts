import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import type { MediaFileUrls } from '../media';
import { OrderEvents } from './order-events';
import { BuyerOrdersService } from './orders.buyer';
import { someOrderableSkuIds } from './orders.catalogue';
import { ordersFacade, type OrdersFacade } from './orders.facade';
import { OrdersRepository } from './orders.repository';
import { buyerOrderRoutes, ordersRoutes } from './orders.routes';
import { OrdersService } from './orders.service';
import { DemoOrderSimulator, simulatorSettings } from './orders.simulator';

export { OrderEvents, type OrderPaidEvent } from './order-events';
export { BuyerOrdersService, type PlaceOrderInput } from './orders.buyer';
export { type OrdersFacade } from './orders.facade';
/** The order list's definition, for the export of the same filtered list (modules/exports). */
export { orderList } from './orders.lists';
export { BUYER_KEY_HEADER, BUYER_ORDERS_PATH } from './orders.routes';
export { DEMO_ADDRESSES, DEMO_BUYERS, DEMO_CARRIERS, writeDemoOrders, type DemoOrderSpec } from './orders.demo';

/** On-shelf SKUs in stock of a store, for the demo seed. */
export const demoSkuIds = (db: Kysely<StoreDatabase>, storeId: number, limit: number) => someOrderableSkuIds(new OrdersRepository(db), storeId, limit);
export { SIMULATED_STORE_ID, simulatorSettings } from './orders.simulator';

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

/** The orders module (docs/orders.md): the store's orders and shipping, and the buyer side that places them. */
export function ordersModule(deps: { db: Kysely<StoreDatabase>; clock: Clock; buyerKey?: string; env?: NodeJS.ProcessEnv; media?: MediaFileUrls }): {
  routes: StoreRoute[];
  events: OrderEvents;
  facade: OrdersFacade;
  buyer: BuyerOrdersService;
} {
  const events = new OrderEvents();
  const repository = new OrdersRepository(deps.db);
  const service = new OrdersService(repository, deps.clock);
  const buyer = new BuyerOrdersService(repository, events, deps.clock);
  const routes = [...ordersRoutes(service, deps.media), ...buyerOrderRoutes(buyer, deps.buyerKey)];
  const settings = simulatorSettings(deps.env ?? process.env);
  if (settings) {
    const simulator = new DemoOrderSimulator(buyer, repository, settings, (message, error) => console.error(message, error));
    routes.push(simulatorLifecycle(simulator));
  }
  return { routes, events, facade: ordersFacade, buyer };
}
