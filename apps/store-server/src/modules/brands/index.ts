import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import { systemClock, type Clock } from '../../shared/clock';
import type { MediaFileUrls } from '../media';
import { BrandApplicationsRepository } from './brands.repository';
import { brandRoutes } from './brands.routes';
import { BrandApplicationsService, type BrandsFacade } from './brands.service';

export { BrandApplicationsService, type BrandReviewView, type BrandReviewAction, type BrandsFacade, type StoreBrandCheck } from './brands.service';
export { BrandApplicationsRepository } from './brands.repository';
export { DEMO_BRANDS, seedDemoBrands } from './brands.seed';

/**
 * The brands module (issue 27 area 4, docs/merchant-centre.md "Brands"): one row per brand application, from
 * BrandApply to brandManagement; goods (release check) and account (dashboard) ask its facade.
 */
export function brandsModule(deps: { db: Kysely<StoreDatabase>; media?: MediaFileUrls; clock?: Clock }): { routes: StoreRoute[]; service: BrandApplicationsService; facade: BrandsFacade } {
  const service = new BrandApplicationsService(new BrandApplicationsRepository(deps.db), deps.clock ?? systemClock);
  return { routes: brandRoutes(service, deps.media), service, facade: service };
}
