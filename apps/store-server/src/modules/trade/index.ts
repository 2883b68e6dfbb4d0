// The trade read screens' module (console-spec §2 /trade TransactionManagement, docs/trade.md): payments and
// refunds read from the orders and after-sales tables, for the composition root.
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import { TradeRepository } from './trade.repository';
import { tradeRoutes } from './trade.routes';
import { TradeService } from './trade.service';

export { tradeOrderList, tradeRefundList } from './trade.lists';

export function tradeModule(deps: { db: Kysely<StoreDatabase> }): { routes: StoreRoute[] } {
  return { routes: tradeRoutes(new TradeService(new TradeRepository(deps.db))) };
}
