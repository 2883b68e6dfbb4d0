import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import { GoodsRepository } from './goods.repository';
import { goodsRoutes } from './goods.routes';
import { GoodsService } from './goods.service';
import { SavedViewsRepository } from './saved-views.repository';
import { savedViewRoutes } from './saved-views.routes';
import { SavedViewsService } from './saved-views.service';

export { GoodsService } from './goods.service';
export { GoodsRepository } from './goods.repository';

/** The goods module: its calls and the saved views of lists, over their repositories. */
export function goodsModule(deps: { db: Kysely<StoreDatabase> }): { routes: StoreRoute[]; service: GoodsService } {
  const service = new GoodsService(new GoodsRepository(deps.db));
  return { routes: [...goodsRoutes(service), ...savedViewRoutes(new SavedViewsService(new SavedViewsRepository(deps.db)))], service };
}
