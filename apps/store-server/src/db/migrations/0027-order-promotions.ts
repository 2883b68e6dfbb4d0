import { sql, type Kysely } from 'kysely';

/**
 * Promotions in orders (issue 28; docs/orders.md "Promotions and coupons"). amount_cents stays what the buyer
 * pays; the order keeps what took it there, so list = amount + promotion discount + coupon discount:
 * - promotion_discount_cents: a time-limited sale's or group buy's unit prices below list, over the lines;
 * - coupon_discount_cents and coupon_id: the buyer's coupon (store_coupon), split over the lines;
 * - promotion_kind / promotion_activity_id: the sale or group buy the order was placed through;
 * - held_for_team: a paid group-buy order waiting for its team, which cannot ship until the team forms;
 * - closed_at: an unpaid order closed when its payment window ended (it stays status 0, which no list or
 *   count shows, and can no longer be paid).
 * A line keeps its list unit price (null on rows written before: the unit price was the list price) and its
 * share of the coupon; its payable is unit_price_cents × quantity − coupon_share_cents.
 * Defaults of 0 keep every earlier writer (seed, benches' raw inserts) valid without a change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table store_order
      add column promotion_discount_cents bigint not null default 0 check (promotion_discount_cents >= 0),
      add column coupon_discount_cents bigint not null default 0 check (coupon_discount_cents >= 0),
      add column coupon_id integer,
      add column promotion_kind text check (promotion_kind in ('sale', 'groupBuy')),
      add column promotion_activity_id integer,
      add column held_for_team boolean not null default false,
      add column closed_at bigint,
      add constraint store_order_closed_unpaid check (closed_at is null or status = 0),
      add constraint store_order_promotion_pair check ((promotion_kind is null) = (promotion_activity_id is null));

    -- The sweeper's scan: unpaid, open orders by age.
    create index store_order_unpaid_idx on store_order (created_at) where status = 0 and closed_at is null;

    alter table store_order_item
      add column list_unit_cents bigint check (list_unit_cents >= 0),
      add column promotion text not null default 'none' check (promotion in ('none', 'sale', 'groupBuy')),
      add column coupon_share_cents bigint not null default 0 check (coupon_share_cents >= 0);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index store_order_unpaid_idx;
    alter table store_order_item drop column list_unit_cents, drop column promotion, drop column coupon_share_cents;
    alter table store_order
      drop constraint store_order_closed_unpaid, drop constraint store_order_promotion_pair,
      drop column promotion_discount_cents, drop column coupon_discount_cents, drop column coupon_id,
      drop column promotion_kind, drop column promotion_activity_id, drop column held_for_team, drop column closed_at;
  `.execute(db);
}
