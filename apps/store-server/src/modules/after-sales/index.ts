import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';

/** The after-sales module (docs/orders.md): refunds and their ledger, complaints (disputes) and reviews. */
export function afterSalesModule(deps: { db: Kysely<StoreDatabase>; clock: Clock; buyerKey?: string }): { routes: StoreRoute[] } {
  void deps;
  return { routes: [] };
}
