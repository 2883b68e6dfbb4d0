import type { Kysely } from 'kysely';

/** Stick-top sessions (im-client-spec §3 isTop/topCustom, §7 msgExtend stick-top commands): top_time 0 = not on top. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('im_session').addColumn('top_time', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('im_session').addColumn('top_update_time', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('im_session').addColumn('top_custom', 'text', (c) => c.notNull().defaultTo('')).execute();
}
