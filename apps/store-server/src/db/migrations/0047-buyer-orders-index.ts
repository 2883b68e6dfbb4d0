import { sql, type Kysely } from 'kysely';

/**
 * Issue 32 support desk: the customer's newest orders with a store, found by their IM account beside the chat
 * (modules/support-desk), newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index store_order_buyer_idx on store_order (store_id, buyer_accid, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index store_order_buyer_idx`.execute(db);
}
