import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { OrderEvents } from './order-events';
import { OrdersRepository } from './orders.repository';
import { ordersRoutes } from './orders.routes';
import { OrdersService } from './orders.service';

export { OrderEvents, type OrderPaidEvent } from './order-events';

/** The orders module (docs/orders.md): the store's orders and shipping, and the buyer side that places them. */
export function ordersModule(deps: { db: Kysely<StoreDatabase>; clock: Clock; buyerKey?: string }): { routes: StoreRoute[]; events: OrderEvents } {
  const events = new OrderEvents();
  const service = new OrdersService(new OrdersRepository(deps.db));
  return { routes: ordersRoutes(service), events };
}
