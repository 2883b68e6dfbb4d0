import { sql, type Kysely } from 'kysely';

/**
 * Brands (issue 27 area 4, docs/merchant-centre.md "Brands"): the brand applications table of migration 0012 BECOMES
 * the brands table, so one application is one row whatever screen shows it (/goods/brandApply, /shop/brandQuery,
 * /shop/brandManagement) and no row is copied. Added: the brand owner and the authorisation chain ('' and [] on the
 * rows 0012 stored: they were never asked), the submitted (0) and expired (4) states of BRAND_MACHINE beside 0012's
 * 1 under review, 2 approved, 3 rejected (kept as they are), and when a row expired. One live application
 * (submitted, under review or approved) per store and brand name, now counting submitted ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table store_brand_application
      add column brand_owner text not null default '' check (char_length(brand_owner) <= 60),
      add column authorisation_chain jsonb not null default '[]'::jsonb,
      add column expired_at timestamptz
  `.execute(db);
  await sql`alter table store_brand_application drop constraint store_brand_application_status_check`.execute(db);
  await sql`alter table store_brand_application add constraint store_brand_application_status_check check (status in (0, 1, 2, 3, 4))`.execute(db);
  await sql`alter table store_brand_application alter column status set default 0`.execute(db);
  await sql`drop index store_brand_application_live`.execute(db);
  await sql`create unique index store_brand_application_live on store_brand_application (store_id, lower(brand_name)) where status in (0, 1, 2)`.execute(db);
  // brandManagement and the dashboard: a store's approved brands by their end.
  await sql`create index store_brand_application_approved on store_brand_application (store_id, brand_expire_date) where status = 2`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index store_brand_application_approved`.execute(db);
  await sql`drop index store_brand_application_live`.execute(db);
  await sql`delete from store_brand_application where status in (0, 4)`.execute(db);
  await sql`alter table store_brand_application drop constraint store_brand_application_status_check`.execute(db);
  await sql`alter table store_brand_application add constraint store_brand_application_status_check check (status in (1, 2, 3))`.execute(db);
  await sql`alter table store_brand_application alter column status set default 1`.execute(db);
  await sql`create unique index store_brand_application_live on store_brand_application (store_id, lower(brand_name)) where status in (1, 2)`.execute(db);
  await sql`alter table store_brand_application drop column brand_owner, drop column authorisation_chain, drop column expired_at`.execute(db);
}
