// The after-sale explanation templates module (issue 27 §3, docs/merchant-centre.md "After-sale explanation templates").
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { AfterSaleTemplatesRepository } from './after-sale-templates.repository';
import { afterSaleTemplateRoutes } from './after-sale-templates.routes';
import { AfterSaleTemplatesService } from './after-sale-templates.service';

/** Whether the template is one of the store's (goods release asks before saving an `afterSaleTemplateId`). */
export function afterSaleTemplateOwned(db: Kysely<StoreDatabase> | UnitOfWork, storeId: number, templateId: number): Promise<boolean> {
  return new AfterSaleTemplatesRepository(db).owned(storeId, templateId);
}

export function afterSaleTemplatesModule(deps: { db: Kysely<StoreDatabase>; clock: Clock }): { routes: StoreRoute[] } {
  return { routes: afterSaleTemplateRoutes(new AfterSaleTemplatesService(new AfterSaleTemplatesRepository(deps.db), deps.clock)) };
}
