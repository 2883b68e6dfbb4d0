import { sql, type Kysely } from 'kysely';

/**
 * Issue 27 §3: goods use only an after-sale template of their own store, and a template goods use cannot be deleted
 * even against a racing goods save: a foreign key from store_goods (store_id, after_sale_template_id) to
 * store_after_sale_template (store_id, id), on delete restrict (the freight template's, 0032, is the same). The ids
 * typed before templates existed named nothing; they are cleared first. Named to run right after 0034.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table store_after_sale_template add constraint store_after_sale_template_store_id_key unique (store_id, id);
    update store_goods g set after_sale_template_id = null
      where g.after_sale_template_id is not null
        and not exists (select 1 from store_after_sale_template t where t.id = g.after_sale_template_id and t.store_id = g.store_id);
    alter table store_goods add constraint store_goods_after_sale_template_fk
      foreign key (store_id, after_sale_template_id) references store_after_sale_template (store_id, id) on delete restrict;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table store_goods drop constraint store_goods_after_sale_template_fk;
    alter table store_after_sale_template drop constraint store_after_sale_template_store_id_key;
  `.execute(db);
}
