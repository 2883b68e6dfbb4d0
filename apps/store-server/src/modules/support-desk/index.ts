// The support desk module (issue 32, docs/im-frame.md "Support desk"): the customer's orders beside the chat.
// Quick replies are their own module (../quick-replies).
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import { BuyerOrdersRepository } from './buyer-orders.repository';
import { BuyerOrdersService } from './buyer-orders.service';
import { supportDeskRoutes } from './support-desk.routes';

export function supportDeskModule(deps: { db: Kysely<StoreDatabase> }): { routes: StoreRoute[] } {
  return { routes: supportDeskRoutes(new BuyerOrdersService(new BuyerOrdersRepository(deps.db))) };
}
