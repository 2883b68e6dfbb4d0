import { SAVED_VIEW_LIMITS } from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { SavedViewsRepository } from './saved-views.repository';

const notFound = () => new StoreError(STORE_CODES.notFound, text('视图不存在', 'view not found'));

/** Saved views (docs/goods.md): named filter and column sets of a list, per user, kept on the server. */
export class SavedViewsService {
  constructor(private readonly views: SavedViewsRepository) {}

  async list(caller: Caller, resource: string) {
    return { list: await this.views.list(caller.storeId, caller.userId, resource) };
  }

  async save(caller: Caller, input: { viewId?: number; resource: string; name: string; filters: Record<string, unknown>; columns: string[] }) {
    if (input.viewId !== undefined) {
      const current = await this.views.find(caller.storeId, caller.userId, input.viewId);
      if (!current || current.resource !== input.resource) throw notFound();
      if (await this.views.nameTaken(caller.storeId, caller.userId, input.resource, input.name, input.viewId)) {
        throw new StoreError(STORE_CODES.alreadyExists, text('已有同名视图', 'a view with this name already exists'));
      }
      const updated = await this.views.update(caller.storeId, caller.userId, input.viewId, input);
      if (!updated) throw notFound();
      return updated;
    }
    const existing = await this.views.list(caller.storeId, caller.userId, input.resource);
    if (!existing.some((v) => v.name === input.name) && existing.length >= SAVED_VIEW_LIMITS.viewsPerResource) {
      throw new StoreError(
        STORE_CODES.notAllowedInCurrentState,
        text(`每个列表最多保存 ${SAVED_VIEW_LIMITS.viewsPerResource} 个视图`, `at most ${SAVED_VIEW_LIMITS.viewsPerResource} views per list`),
      );
    }
    return this.views.upsert(caller.storeId, caller.userId, input);
  }

  async delete(caller: Caller, viewId: number) {
    const count = await this.views.delete(caller.storeId, caller.userId, viewId);
    if (count === 0) throw notFound();
    return { count };
  }
}
