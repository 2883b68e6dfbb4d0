import { sql, type Kysely } from 'kysely';

/**
 * Reference lists every store reads (banks, units, categories, cities, apps, adverts...).
 * They are platform data, so they ship with the schema rather than with the demo seed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ref_bank (bank_code text primary key, bank_name text not null, sort integer not null);
    create table ref_unit (id integer primary key, unit_name text not null, enabled boolean not null);
    create table ref_technology (id integer primary key, technology_name text not null);
    create table ref_category (id integer primary key, parent_id integer not null, category_name text not null,
      level smallint not null, enabled boolean not null, sort integer not null);
    create table ref_category_spec (id integer primary key, category_id integer not null references ref_category (id),
      spec_name text not null, spec_values jsonb not null);
    create table ref_city (city_code text primary key, parent_code text not null, city_name text not null,
      level smallint not null, is_operate boolean not null, is_open boolean not null);
    create table ref_app (app_id integer primary key, app_name text not null);
    create table ref_advert (id integer primary key, position text not null, title text not null, image_url text not null,
      link_url text not null, sort integer not null, enabled boolean not null);
    create table ref_single_page (page_code text primary key, title text not null, content text not null);
    create table ref_entry_fee (city_code text not null, category_id integer not null, fee_cents bigint not null,
      deposit_cents bigint not null, primary key (city_code, category_id));
    create table ref_skill_package (id integer primary key, package_name text not null, price_cents bigint not null, description text not null);
    create table ref_porterage (id integer primary key, porterage_name text not null, unit_name text not null, price_cents bigint not null);
    create table ref_sowntown (id integer primary key, city_code text not null, sowntown_name text not null);
    create table ref_dictionary (dict_type text not null, dict_value integer not null, dict_label text not null,
      primary key (dict_type, dict_value));

    insert into ref_bank values ('ICBC', 'Industrial and Commercial Bank of China', 1), ('CCB', 'China Construction Bank', 2),
      ('ABC', 'Agricultural Bank of China', 3), ('BOC', 'Bank of China', 4), ('CMB', 'China Merchants Bank', 5);
    insert into ref_unit values (1, 'piece', true), (2, 'set', true), (3, 'square metre', true), (4, 'metre', true),
      (5, 'kilogram', true), (6, 'box (retired)', false);
    insert into ref_technology values (1, 'Tiling'), (2, 'Plumbing'), (3, 'Electrical wiring'), (4, 'Painting'), (5, 'Carpentry');
    insert into ref_category values
      (1, 0, 'Building materials', 1, true, 1), (2, 0, 'Furniture', 1, true, 2), (3, 0, 'Home services', 1, true, 3),
      (11, 1, 'Tiles', 2, true, 1), (12, 1, 'Paint', 2, true, 2), (13, 1, 'Flooring', 2, false, 3),
      (21, 2, 'Sofas', 2, true, 1), (22, 2, 'Beds', 2, true, 2),
      (31, 3, 'Installation', 2, true, 1), (32, 3, 'Repair', 2, true, 2);
    insert into ref_category_spec values
      (1, 11, 'Size', '["300x300","600x600","800x800"]'), (2, 11, 'Finish', '["matte","glossy"]'),
      (3, 12, 'Volume', '["1L","5L","18L"]'), (4, 21, 'Seats', '["2","3","4"]'), (5, 22, 'Width', '["1.2m","1.5m","1.8m"]');
    insert into ref_city values
      ('310000', '0', 'Shanghai', 1, true, true), ('310100', '310000', 'Shanghai City', 2, true, true),
      ('310101', '310100', 'Huangpu District', 3, true, true), ('310104', '310100', 'Xuhui District', 3, true, false),
      ('440000', '0', 'Guangdong', 1, true, true), ('440300', '440000', 'Shenzhen', 2, true, true),
      ('440305', '440300', 'Nanshan District', 3, true, true), ('440100', '440000', 'Guangzhou', 2, false, false),
      ('440106', '440100', 'Tianhe District', 3, false, false);
    -- console-spec §8 app names: 1 decoration, 2 craftsman, 3 merchant, 4 mini-program.
    insert into ref_app values (1, 'decoration'), (2, 'craftsman'), (3, 'merchant'), (4, 'mini-program');
    insert into ref_advert values
      (1, 'pc_home', 'Spring renovation week', '/static/ads/spring.png', '/marketing/activity/activityList', 1, true),
      (2, 'pc_home', 'New seller guide', '/static/ads/guide.png', '/help/help', 2, true),
      (3, 'pc_home', 'Expired campaign', '/static/ads/old.png', '/', 3, false),
      (4, 'pc_login', 'Welcome merchants', '/static/ads/login.png', '/registered/userReg', 1, true);
    insert into ref_single_page values
      ('merchant_agreement', 'Merchant service agreement', 'By opening a store you agree to the platform rules (version 2026-01).'),
      ('service_provider_intro', 'About service providers', 'Service providers keep stock in their warehouses and deliver for you.'),
      ('privacy_policy', 'Privacy policy', 'We process store data only to operate the marketplace.');
    insert into ref_entry_fee values ('310100', 11, 100000, 500000), ('310100', 21, 150000, 800000),
      ('440300', 11, 80000, 400000), ('440300', 31, 50000, 200000);
    insert into ref_skill_package values (1, 'Basic installation', 9900, 'Installation of up to 5 items'),
      (2, 'Full-house service', 59900, 'Delivery, installation and clean-up');
    insert into ref_porterage values (1, 'Stairs, per floor', 'floor', 500), (2, 'Long carry, per 10 m', '10 m', 300),
      (3, 'Lift', 'order', 1000);
    insert into ref_sowntown values (1, '310101', 'Bund Home Centre'), (2, '310104', 'Xujiahui Design Town'),
      (3, '440305', 'Nanshan Furniture Town');
    insert into ref_dictionary values
      ('stockStatus', 1, 'in stock'), ('stockStatus', 2, 'low stock'), ('stockStatus', 3, 'out of stock'),
      ('freightTemplateStatus', 1, 'enabled'), ('freightTemplateStatus', 2, 'disabled'),
      ('deliveryRangeStatus', 1, 'in effect'), ('deliveryRangeStatus', 2, 'pending'), ('deliveryRangeStatus', 3, 'expired'),
      ('withdrawBlacklistStatus', 0, 'normal'), ('withdrawBlacklistStatus', 1, 'blacklisted');
    -- Error report defaults: cache the last 20 exchanges; report on session and server failures (console-spec §3, §8).
    insert into store_error_report_config values (1, 20, '["10301001","10301002","10301005","10500000"]');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from store_error_report_config; drop table ref_dictionary, ref_sowntown, ref_porterage, ref_skill_package,
    ref_entry_fee, ref_single_page, ref_advert, ref_app, ref_city, ref_category_spec, ref_category, ref_technology,
    ref_unit, ref_bank`.execute(db);
}
