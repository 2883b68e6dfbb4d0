import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { OrderEvents } from '../orders';

/** Pushes store events (new paid orders) to the store's open consoles (docs/decisions: the channel). */
export function notificationsModule(deps: { db: Kysely<StoreDatabase>; orderEvents: OrderEvents }): { routes: StoreRoute[] } {
  void deps;
  return { routes: [] };
}
