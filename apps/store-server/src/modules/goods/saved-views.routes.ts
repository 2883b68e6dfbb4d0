import { savedViewEndpoints as e } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { SavedViewsService } from './saved-views.service';

/** Saved views of any list (goods, inventory…): kept with the goods area, which introduced them. */
export function savedViewRoutes(views: SavedViewsService): StoreRoute[] {
  return [
    contractRoute(e.list, (biz, caller) => views.list(caller, biz.resource)),
    contractRoute(e.save, (biz, caller) => views.save(caller, biz)),
    contractRoute(e.delete, (biz, caller) => views.delete(caller, biz.viewId)),
  ];
}
