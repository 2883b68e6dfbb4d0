// The group-buys module (issue 28 §2): its routes for the composition root, its sweeper, and the demo seed's
// entry (docs/marketing.md "Group buying").
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import type { OrderPaidEvent } from '../orders';
import { GroupBuysRepository } from './group-buys.repository';
import { buyerGroupBuyRoutes, groupBuyRoutes } from './group-buys.routes';
import { GroupBuysService, type GroupBuyOrders } from './group-buys.service';
import { sweeperLifecycle, sweeperSeconds } from './group-buys.sweeper';

export { BUYER_GROUP_BUYS_PATH } from './group-buys.routes';
export { FAILED_TEAM_REFUND_REASON, GroupBuysService, failedTeamRefundKey, type GroupBuyOrders, type JoinedTeam, type SweepOutcome } from './group-buys.service';

/** Running group buys of a store (deregistration's blocker; read-only, no route). */
export const runningGroupBuyCount = (db: Kysely<StoreDatabase>, storeId: number, now: Date) => new GroupBuysRepository(db).runningCount(storeId, now);

/** Wires the group-buy calls on the orders facade; the buyer's keyed routes only with `buyerKey`; the sweeper unless off. */
export function groupBuysModule(deps: {
  db: Kysely<StoreDatabase>;
  clock: Clock;
  orders: GroupBuyOrders;
  emitPaid?: (event: OrderPaidEvent) => void;
  buyerKey?: string;
  env?: NodeJS.ProcessEnv;
}): { routes: StoreRoute[]; service: GroupBuysService } {
  const service = new GroupBuysService(new GroupBuysRepository(deps.db), deps.clock, deps.orders, deps.emitPaid);
  const routes = [...groupBuyRoutes(service), ...buyerGroupBuyRoutes(service, deps.buyerKey)];
  const seconds = sweeperSeconds(deps.env ?? process.env);
  if (seconds !== undefined) routes.push(sweeperLifecycle(service, seconds, (message, error) => console.error(message, error)));
  return { routes, service };
}
