// The freight templates module (issue 27 §1): its routes for the composition root, and what goods and the
// delivery range ask of it.
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { FreightRepository } from './freight.repository';
import { freightRoutes } from './freight.routes';
import { FreightService, templatesCover } from './freight.service';

export { FreightService } from './freight.service';
export { DEMO_FREIGHT_TEMPLATES, seedDemoFreightTemplates } from './freight.seed';

/** "A freight template of this store sells to this region" (a district, city or province code of the common city list). */
export function freightCovers(db: Kysely<StoreDatabase> | UnitOfWork, storeId: number, regionCode: string): Promise<boolean> {
  return templatesCover(new FreightRepository(db), storeId, regionCode);
}

/** Whether the template exists and is the store's (goods release refuses any other, 10100004 on the field). */
export function freightTemplateOwned(db: Kysely<StoreDatabase> | UnitOfWork, storeId: number, templateId: number): Promise<boolean> {
  return new FreightRepository(db).owned(storeId, templateId);
}

export function freightModule(deps: { db: Kysely<StoreDatabase>; clock: Clock }): { routes: StoreRoute[]; service: FreightService } {
  const service = new FreightService(new FreightRepository(deps.db), deps.clock);
  return { routes: freightRoutes(service), service };
}
