import { sql, type Kysely, type Transaction } from 'kysely';
import { AFTER_SALE_TEMPLATE_LIMITS } from '@merchant/api-contracts';
import type { StoreDatabase } from '../../db/schema';
import { likePattern } from '../../shared/resource-list';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

export interface TemplateText {
  name: string;
  /** Sanitised HTML only. */
  content: string;
  summary: string;
}

/**
 * Issue 27 §3 after-sale explanation templates (migration 0034). The goods that use a template are counted from
 * store_goods.after_sale_template_id, the goods module's column, in the same statement as the read or the delete.
 */
export class AfterSaleTemplatesRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: AfterSaleTemplatesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AfterSaleTemplatesRepository(trx)));
  }

  private templates(storeId: number) {
    return this.db
      .selectFrom('store_after_sale_template as t')
      .selectAll('t')
      .select((eb) =>
        eb
          .selectFrom('store_goods as g')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('g.after_sale_template_id', '=', 't.id')
          .where('g.store_id', '=', storeId)
          .as('goods_count'),
      )
      .where('t.store_id', '=', storeId);
  }

  async owned(storeId: number, templateId: number): Promise<boolean> {
    const row = await this.db.selectFrom('store_after_sale_template').select('id').where('id', '=', templateId).where('store_id', '=', storeId).executeTakeFirst();
    return row !== undefined;
  }

  find(storeId: number, templateId: number) {
    return this.templates(storeId).where('t.id', '=', templateId).executeTakeFirst();
  }

  async list(storeId: number, filter: { name?: string; offset: number; limit: number }) {
    let count = this.db.selectFrom('store_after_sale_template').where('store_id', '=', storeId);
    let rows = this.templates(storeId);
    if (filter.name) {
      const pattern = likePattern(filter.name);
      count = count.where('name', 'ilike', pattern);
      rows = rows.where('t.name', 'ilike', pattern);
    }
    const total = await count.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return { total: Number(total.n), rows: await rows.orderBy('t.id', 'desc').offset(filter.offset).limit(filter.limit).execute() };
  }

  /**
   * Takes one of the store's places (the counter's CHECK refuses the one past the limit: false) and inserts the
   * template; run inside a transaction so a refused place inserts nothing.
   */
  async takePlace(storeId: number): Promise<boolean> {
    const row = await sql<{ templates: number }>`
      insert into store_after_sale_template_count as c (store_id, templates) values (${storeId}, 1)
      on conflict (store_id) do update set templates = c.templates + 1
      where c.templates < ${AFTER_SALE_TEMPLATE_LIMITS.perStore}
      returning templates
    `.execute(this.db);
    return row.rows.length === 1;
  }

  async insert(storeId: number, template: TemplateText, at: Date): Promise<number> {
    const row = await this.db
      .insertInto('store_after_sale_template')
      .values({ store_id: storeId, ...template, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(storeId: number, templateId: number, template: TemplateText, at: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('store_after_sale_template')
      .set({ ...template, updated_at: at })
      .where('id', '=', templateId)
      .where('store_id', '=', storeId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Deletes the template only if no goods use it, in one statement; true when deleted. A goods save racing it is
   * held by the foreign key from store_goods (migration 0034-after-sale-templates-goods-key): the service reads that
   * violation as "in use".
   */
  async deleteUnused(storeId: number, templateId: number): Promise<boolean> {
    const row = await this.db
      .deleteFrom('store_after_sale_template as t')
      .where('t.id', '=', templateId)
      .where('t.store_id', '=', storeId)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('store_goods as g').select('g.id').whereRef('g.after_sale_template_id', '=', 't.id'))))
      .returning('t.id')
      .executeTakeFirst();
    if (!row) return false;
    await this.db.updateTable('store_after_sale_template_count').set((eb) => ({ templates: eb('templates', '-', 1) })).where('store_id', '=', storeId).execute();
    return true;
  }

  /** The store's goods using the template: how many, and the first ids (newest first). */
  async usedBy(storeId: number, templateId: number, listed: number): Promise<{ count: number; goodsIds: number[] }> {
    const base = this.db.selectFrom('store_goods').where('store_id', '=', storeId).where('after_sale_template_id', '=', templateId);
    const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const ids = await base.select('id').orderBy('id', 'desc').limit(listed).execute();
    return { count: Number(count.n), goodsIds: ids.map((r) => r.id) };
  }
}
