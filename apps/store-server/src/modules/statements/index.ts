// The statement side of /trade (issue 29, docs/trade.md "Statements"): billManagement/bills with its xlsx export,
// "explain my balance", platformTrad/settlementInquiry (+view) and the settlement calendar, all read from the ledger.
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { StatementsRepository } from './statements.repository';
import { statementRoutes } from './statements.routes';
import { StatementsService } from './statements.service';

export { settlementList, settlementOrderList, statementList } from './statements.lists';
export { DEMO_LEDGER_HISTORY_ENV, demoHistoryMonths, seedDemoStatementHistory } from './statements.seed';

export function statementsModule(deps: { db: Kysely<StoreDatabase>; clock: Clock }): { routes: StoreRoute[] } {
  return { routes: statementRoutes(new StatementsService(new StatementsRepository(deps.db), deps.clock)) };
}
