// The quick replies module (issue 32, docs/im-frame.md "Support desk").
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { QuickRepliesRepository } from './quick-replies.repository';
import { quickReplyRoutes } from './quick-replies.routes';
import { QuickRepliesService } from './quick-replies.service';

export function quickRepliesModule(deps: { db: Kysely<StoreDatabase>; clock: Clock }): { routes: StoreRoute[] } {
  return { routes: quickReplyRoutes(new QuickRepliesService(new QuickRepliesRepository(deps.db), deps.clock)) };
}
