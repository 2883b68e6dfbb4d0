import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import { InventoryRepository } from './inventory.repository';
import { inventoryRoutes } from './inventory.routes';
import { InventoryService } from './inventory.service';

/** The inventory lists' definitions, for exports of the same filtered lists (modules/exports). */
export { itemList } from './inventory.lists';

/** The inventory centre module (docs/inventory.md). */
export function inventoryModule(deps: { db: Kysely<StoreDatabase> }): StoreRoute[] {
  return inventoryRoutes(new InventoryService(new InventoryRepository(deps.db)));
}
