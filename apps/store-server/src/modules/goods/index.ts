import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { UnitOfWork } from '../../shared/unit-of-work';
import type { MediaFileUrls } from '../media';
import type { StoreBrandCheck } from '../brands';
import { GoodsRepository } from './goods.repository';
import { goodsRoutes } from './goods.routes';
import { GoodsService } from './goods.service';
import { SavedViewsRepository } from './saved-views.repository';
import { savedViewRoutes } from './saved-views.routes';
import { SavedViewsService } from './saved-views.service';

export { GoodsService, recordWarning as recordStockWarning } from './goods.service';
export { GoodsRepository } from './goods.repository';
/** The goods lists' definitions, for exports of the same filtered lists (modules/exports). */
export { draftList, goodsList, skuStockList, withCategoryNamesIn, withSpecLabelsIn } from './goods.lists';

/**
 * The merchant's floor unit price in cents per SKU, for the store's SKUs among `skuIds` that have one (the margin
 * guard, docs/marketing.md "Margin guard"): on the caller's transaction when given (PGlite has one connection).
 */
export const skuFloors = (db: Kysely<StoreDatabase> | UnitOfWork, storeId: number, skuIds: readonly number[]): Promise<Map<number, number>> =>
  new GoodsRepository(db).skuFloors(storeId, skuIds);

/** What other modules may ask the goods module (account: may a business category be removed?). */
export interface GoodsFacade {
  /** On-shelf goods of the store per category, for the categories that have any; inside the caller's transaction when given. */
  countOnShelfByCategory(storeId: number, categoryIds: readonly number[], unit?: UnitOfWork): Promise<Map<number, number>>;
}

/** The goods module: its calls and the saved views of lists, over their repositories. */
export function goodsModule(deps: { db: Kysely<StoreDatabase>; media?: MediaFileUrls; brands?: StoreBrandCheck }): { routes: StoreRoute[]; service: GoodsService; facade: GoodsFacade } {
  const repository = new GoodsRepository(deps.db);
  // The release form's brand must be one the brands module approved for the store and not yet ended.
  const service = new GoodsService(repository, deps.brands);
  const facade: GoodsFacade = {
    countOnShelfByCategory: (storeId, categoryIds, unit) => (unit ? new GoodsRepository(unit) : repository).onShelfCountByCategory(storeId, categoryIds),
  };
  return {
    routes: [
      ...goodsRoutes(service, deps.media),
      ...savedViewRoutes(new SavedViewsService(new SavedViewsRepository(deps.db))),
    ],
    service,
    facade,
  };
}
