import { quickReplyEndpoints as api } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { QuickRepliesService } from './quick-replies.service';

/** Issue 32 quick replies (contracts: @merchant/api-contracts endpoints/quick-replies). */
export function quickReplyRoutes(service: QuickRepliesService): StoreRoute[] {
  return [
    contractRoute(api.quickReplyList, (_biz, caller) => service.list(caller)),
    contractRoute(api.addQuickReply, (biz, caller) => service.add(caller, biz)),
    contractRoute(api.editQuickReply, (biz, caller) => service.edit(caller, biz)),
    contractRoute(api.moveQuickReply, (biz, caller) => service.move(caller, biz)),
    contractRoute(api.deleteQuickReply, (biz, caller) => service.delete(caller, biz)),
  ];
}
