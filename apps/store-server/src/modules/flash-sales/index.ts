// The time-limited sales module (issue 28 §3; docs/marketing.md "Time-limited sales"): its routes for the
// composition root, the buyer's purchase, and the sweeper that releases what unpaid orders held.
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { FlashSalesRepository } from './flash-sales.repository';
import { buyerFlashSaleRoutes, flashSaleRoutes } from './flash-sales.routes';
import { FlashSalesService, type SaleOrders } from './flash-sales.service';
import { FlashSaleSweeper } from './flash-sales.sweeper';

export { BUYER_FLASH_SALES_PATH } from './flash-sales.routes';
export { FlashSalesService, type FlashSaleBuyInput, type SaleOrders } from './flash-sales.service';
export { FlashSaleSweeper } from './flash-sales.sweeper';
export { slotAt } from './flash-sales.slots';

/** Running or coming time-limited sales of a store (deregistration's blocker; read-only, no route). */
export const runningFlashSaleCount = (db: Kysely<StoreDatabase>, storeId: number, now: Date) => new FlashSalesRepository(db).runningCount(storeId, now);

/** Starts the sweeper with the server and stops it before the database closes (no envelope path). */
function sweeperLifecycle(sweeper: FlashSaleSweeper): StoreRoute {
  return {
    path: '(time-limited sale sweeper)',
    register(app) {
      app.addHook('onReady', async () => sweeper.start());
      app.addHook('onClose', () => sweeper.stop());
    },
  };
}

/** Wires the sale calls; the buyer's keyed route only with `buyerKey`; the sweeper every `sweepSeconds` (0: off). */
export function flashSalesModule(deps: { db: Kysely<StoreDatabase>; clock: Clock; orders: SaleOrders; buyerKey?: string; sweepSeconds: number }): { routes: StoreRoute[]; service: FlashSalesService } {
  const service = new FlashSalesService(new FlashSalesRepository(deps.db), deps.orders, deps.clock);
  const sweeper = new FlashSaleSweeper(service, deps.sweepSeconds, (message, error) => console.error(message, error));
  return { routes: [...flashSaleRoutes(service), ...buyerFlashSaleRoutes(service, deps.buyerKey), sweeperLifecycle(sweeper)], service };
}
