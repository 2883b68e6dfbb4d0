import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { addSeconds, type Clock } from '../../shared/clock';

/** The demo store's canned answers (issue 32 support desk), so the frame's quick-reply list has something under `npm start`. */
export const DEMO_QUICK_REPLIES = [
  '您好，欢迎光临，请问有什么可以帮您？',
  '今天 16:00 前付款的订单当天发货，之后的次日发货。',
  'Paid before 4 pm? Your order ships today; later ones ship the next morning.',
  'Tiles can be returned within 7 days if unopened; write to service@demo-store.cn.',
] as const;

export async function seedDemoQuickReplies(db: Kysely<StoreDatabase>, clock: Clock, storeId: number): Promise<void> {
  const existing = await db.selectFrom('store_quick_reply').select('id').where('store_id', '=', storeId).executeTakeFirst();
  if (existing) return;
  const owner = await db.selectFrom('store_user').select('id').where('store_id', '=', storeId).where('is_owner', '=', true).executeTakeFirstOrThrow();
  const at = addSeconds(clock.now(), -7 * 24 * 60 * 60);
  await db
    .insertInto('store_quick_reply')
    .values(DEMO_QUICK_REPLIES.map((text, position) => ({ store_id: storeId, position, text, created_by: owner.id, created_at: at, updated_at: at })))
    .execute();
}
