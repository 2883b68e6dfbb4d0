import { sql, type Kysely } from 'kysely';

/**
 * Order item images (docs/orders.md "Item images"): a line keeps the media library file of the goods' first
 * image beside the URL copied at placement, so every read answers a fresh URL signed for the reading store
 * (as goods do). Lines written before this step get the file when their goods' first image is still the one
 * they copied; others keep the stored URL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table store_order_item add column image_file_id integer;

    update store_order_item i
      set image_file_id = (g.images -> 0 ->> 'fileId')::integer
      from store_goods g
      where g.id = i.goods_id and g.store_id = i.store_id and i.image_url <> ''
        and jsonb_typeof(g.images -> 0 -> 'fileId') = 'number' and g.images -> 0 ->> 'objectUrl' = i.image_url;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table store_order_item drop column image_file_id`.execute(db);
}
