import { QUICK_REPLY_LIMITS, type EndpointParsedBiz, type QuickReplyList, type quickReplyEndpoints } from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import { epochSecondsOf, type Clock } from '../../shared/clock';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { QuickRepliesRepository } from './quick-replies.repository';

type Api = typeof quickReplyEndpoints;

const notFound = () => new StoreError(STORE_CODES.notFound, text('快捷回复不存在', 'quick reply not found'));

/**
 * Issue 32 quick replies (docs/im-frame.md "Support desk"): the store's canned answers, shared by its staff with
 * im:chat. Another store's reply is "not found" on every call. Each write answers the list as it is now.
 */
export class QuickRepliesService {
  constructor(
    private readonly repository: QuickRepliesRepository,
    private readonly clock: Clock,
  ) {}

  list(caller: Caller): Promise<QuickReplyList> {
    return listOf(this.repository, caller.storeId);
  }

  add(caller: Caller, biz: EndpointParsedBiz<Api['addQuickReply']>): Promise<QuickReplyList> {
    return this.repository.inStoreTurn(caller.storeId, async (repository) => {
      const have = (await repository.list(caller.storeId)).length;
      if (have >= QUICK_REPLY_LIMITS.perStore) {
        const limit = QUICK_REPLY_LIMITS.perStore;
        throw new StoreError(STORE_CODES.notAllowedInCurrentState, text(`快捷回复最多 ${limit} 条，请先删除不用的`, `a store keeps at most ${limit} quick replies; delete one you no longer use`), { limit });
      }
      await repository.insertLast(caller.storeId, biz.text, caller.userId, this.clock.now());
      return listOf(repository, caller.storeId);
    });
  }

  edit(caller: Caller, biz: EndpointParsedBiz<Api['editQuickReply']>): Promise<QuickReplyList> {
    return this.repository.inStoreTurn(caller.storeId, async (repository) => {
      if (!(await repository.updateText(caller.storeId, biz.replyId, biz.text, this.clock.now()))) throw notFound();
      return listOf(repository, caller.storeId);
    });
  }

  move(caller: Caller, biz: EndpointParsedBiz<Api['moveQuickReply']>): Promise<QuickReplyList> {
    return this.repository.inStoreTurn(caller.storeId, async (repository) => {
      const ids = (await repository.list(caller.storeId)).map((row) => row.id);
      const from = ids.indexOf(biz.replyId);
      if (from < 0) throw notFound();
      ids.splice(from, 1);
      ids.splice(Math.min(biz.toIndex, ids.length), 0, biz.replyId);
      await repository.renumber(caller.storeId, ids);
      return listOf(repository, caller.storeId);
    });
  }

  delete(caller: Caller, biz: EndpointParsedBiz<Api['deleteQuickReply']>): Promise<QuickReplyList> {
    return this.repository.inStoreTurn(caller.storeId, async (repository) => {
      if (!(await repository.delete(caller.storeId, biz.replyId))) throw notFound();
      // Close the gap so positions stay 0…n-1 and the next add lands last.
      await repository.renumber(caller.storeId, (await repository.list(caller.storeId)).map((row) => row.id));
      return listOf(repository, caller.storeId);
    });
  }
}

async function listOf(repository: QuickRepliesRepository, storeId: number): Promise<QuickReplyList> {
  const rows = await repository.list(storeId);
  return { list: rows.map((row) => ({ replyId: row.id, text: row.text, updateTime: epochSecondsOf(row.updated_at) })) };
}
