// The cartage templates module (issue 27 §2): its routes for the composition root, and what goods ask of it.
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { CartageRepository } from './cartage.repository';
import { cartageRoutes } from './cartage.routes';
import { CartageService } from './cartage.service';

export { DEMO_CARTAGE_TEMPLATE, seedDemoCartageTemplate } from './cartage.seed';

/** Whether the template exists and is the store's (goods release refuses any other, 10100004 on the field). */
export function cartageTemplateOwned(db: Kysely<StoreDatabase> | UnitOfWork, storeId: number, templateId: number): Promise<boolean> {
  return new CartageRepository(db).owned(storeId, templateId);
}

export function cartageModule(deps: { db: Kysely<StoreDatabase>; clock: Clock }): { routes: StoreRoute[] } {
  return { routes: cartageRoutes(new CartageService(new CartageRepository(deps.db), deps.clock)) };
}
