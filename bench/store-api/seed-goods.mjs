// Bulk goods for one store, inserted by the database itself (generate_series): the store-api benchmark's
// 100k goods, shared with bench/console-goods. Tops the store up to `total` goods, each with two SKUs;
// statuses 60% on shelf, 20% off shelf, 10% under review, 10% rejected; categories 11 and 21 in turn.
import { sql } from 'kysely';

/** @param {import('kysely').Kysely<any>} db @param {{ storeId: number, total: number }} options */
export async function seedGoods(db, { storeId, total }) {
  const existing = Number((await sql`select count(*)::integer as n from store_goods where store_id = ${storeId}`.execute(db)).rows[0].n);
  const missing = Math.max(0, total - existing);
  await sql`
    insert into store_goods (store_id, status, category_id, brand_name, title, unit_id, images, spec_list, freight_template_id,
      min_price_cents, created_at, updated_at)
    select ${storeId}, case when n % 10 < 6 then 2 when n % 10 < 8 then 3 when n % 10 = 8 then 1 else 4 end,
      case when n % 2 = 0 then 11 else 21 end, 'Bench Brand', 'Bench goods No. ' || n, 1,
      '[{"objectUrl":"/static/demo/goods.png"}]', '[]', 1, 1000 + (n % 5000) * 10,
      now() - (n || ' minutes')::interval, now() - (n || ' minutes')::interval
    from generate_series(1, ${missing}) as n`.execute(db);
  await sql`
    insert into store_goods_sku (goods_id, store_id, spec_values, sku_code, price_cents, stock, warning_stock, sort)
    select g.id, g.store_id, '{}', 'B-' || g.id || '-' || k, g.min_price_cents + k * 100, (g.id * 7 + k) % 200, 10, k
    from store_goods g cross join generate_series(0, 1) as k
    where g.store_id = ${storeId} and not exists (select 1 from store_goods_sku s where s.goods_id = g.id)`.execute(db);
  // vacuum sets the visibility map, so the count is an index-only scan as on a long-running database.
  await sql`vacuum analyze store_goods`.execute(db);
  await sql`vacuum analyze store_goods_sku`.execute(db);
}
