import { sql, type Kysely } from 'kysely';

/**
 * Issue 28, the margin guard (docs/marketing.md "Margin guard", docs/goods.md "SKUs"): the floor unit price the
 * merchant sets per SKU, in cents. No promotion may sell the SKU below it: a time-limited sale's or group buy's
 * price, a platform activity's price, nor an order's line after its coupon share. Null (every existing row):
 * no floor, the SKU is not limited. Additive: every earlier writer stays valid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table store_goods_sku
      add column floor_price_cents bigint check (floor_price_cents >= 0);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table store_goods_sku drop column floor_price_cents;`.execute(db);
}
