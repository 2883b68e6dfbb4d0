// The delivery range module (issue 27 §5): its routes for the composition root. It asks the freight module whether a
// template covers a town's district (freightCovers), inside its own save's transaction.
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { freightCovers } from '../freight';
import { DeliveryRangeRepository } from './delivery-range.repository';
import { deliveryRangeRoutes } from './delivery-range.routes';
import { DeliveryRangeService } from './delivery-range.service';

export { DeliveryRangeService } from './delivery-range.service';
export { DEMO_DELIVERY_RANGES, seedDemoDeliveryRanges } from './delivery-range.seed';

export function deliveryRangeModule(deps: { db: Kysely<StoreDatabase>; clock: Clock }): { routes: StoreRoute[]; service: DeliveryRangeService } {
  const service = new DeliveryRangeService(new DeliveryRangeRepository(deps.db), freightCovers, deps.clock);
  return { routes: deliveryRangeRoutes(service), service };
}
