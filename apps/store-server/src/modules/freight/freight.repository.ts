import type { PageOf } from '@merchant/api-contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { likePattern } from '../../shared/resource-list';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

/** What a template row stores besides its pricing: api-contracts FreightRules without `pricing`. */
export interface StoredRules {
  defaultBlock: { firstUnits: number; firstCents: number; additionalUnits: number; additionalCents: number };
  regionGroups: Array<{ regionCodes: string[]; firstUnits: number; firstCents: number; additionalUnits: number; additionalCents: number }>;
  freeRules: Array<{ regionCodes: string[]; kind: number; threshold: number }>;
  excludedRegions: string[];
}

export interface TemplateWrite {
  name: string;
  pricing: number;
  rules: StoredRules;
  isDefault: boolean;
}

export interface TemplateRow {
  id: number;
  store_id: number;
  name: string;
  pricing: number;
  rules: StoredRules;
  is_default: boolean;
  updated_at: Date;
  goods_count: number;
}

/** 23505 on store_freight_template_one_default: another save made a default meanwhile. */
export const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** Freight templates of one store (migration 0032), with how many goods use each. */
export class FreightRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repo: FreightRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return (this.db as Kysely<StoreDatabase>).transaction().execute((trx) => work(new FreightRepository(trx)));
  }

  private templates(storeId: number) {
    return this.db
      .selectFrom('store_freight_template as t')
      .select(['t.id', 't.store_id', 't.name', 't.pricing', 't.rules', 't.is_default', 't.updated_at'])
      .select((eb) =>
        eb
          .selectFrom('store_goods as g')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('g.store_id', '=', 't.store_id')
          .whereRef('g.freight_template_id', '=', 't.id')
          .as('goods_count'),
      )
      .where('t.store_id', '=', storeId);
  }

  async page(storeId: number, query: { pageNum: number; pageSize: number; name?: string }): Promise<PageOf<TemplateRow>> {
    let rows = this.templates(storeId);
    let count = this.db.selectFrom('store_freight_template').select(sql<number>`count(*)::int`.as('n')).where('store_id', '=', storeId);
    if (query.name) {
      const like = likePattern(query.name);
      rows = rows.where('t.name', 'ilike', like);
      count = count.where('name', 'ilike', like);
    }
    const [list, total] = await Promise.all([
      rows.orderBy('t.is_default', 'desc').orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(query.pageSize).offset((query.pageNum - 1) * query.pageSize).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { pageNum: query.pageNum, pageSize: query.pageSize, total: total.n, list: list as unknown as TemplateRow[] };
  }

  async find(storeId: number, templateId: number): Promise<TemplateRow | undefined> {
    return (await this.templates(storeId).where('t.id', '=', templateId).executeTakeFirst()) as unknown as TemplateRow | undefined;
  }

  async all(storeId: number): Promise<TemplateRow[]> {
    return (await this.templates(storeId).orderBy('t.id').execute()) as unknown as TemplateRow[];
  }

  async owned(storeId: number, templateId: number): Promise<boolean> {
    const row = await this.db.selectFrom('store_freight_template').select('id').where('store_id', '=', storeId).where('id', '=', templateId).executeTakeFirst();
    return row !== undefined;
  }

  /** Clears the store's default except `keepId`; the partial unique index keeps one even against a racing save. */
  async clearDefault(storeId: number, keepId?: number): Promise<void> {
    let update = this.db.updateTable('store_freight_template').set({ is_default: false }).where('store_id', '=', storeId).where('is_default', '=', true);
    if (keepId !== undefined) update = update.where('id', '<>', keepId);
    await update.execute();
  }

  async insert(storeId: number, write: TemplateWrite, at: Date): Promise<number> {
    const row = await this.db
      .insertInto('store_freight_template')
      .values({ store_id: storeId, name: write.name, pricing: write.pricing, rules: JSON.stringify(write.rules), is_default: write.isDefault, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(storeId: number, templateId: number, write: TemplateWrite, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('store_freight_template')
      .set({ name: write.name, pricing: write.pricing, rules: JSON.stringify(write.rules), is_default: write.isDefault, updated_at: at })
      .where('store_id', '=', storeId)
      .where('id', '=', templateId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Deletes the template only while no goods use it (one statement; the foreign key guards a racing goods save). */
  async deleteUnused(storeId: number, templateId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('store_freight_template as t')
      .where('t.store_id', '=', storeId)
      .where('t.id', '=', templateId)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('store_goods as g').select('g.id').whereRef('g.store_id', '=', 't.store_id').whereRef('g.freight_template_id', '=', 't.id'))))
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The codes among `codes` that the common city list holds. */
  async knownRegions(codes: readonly string[]): Promise<Set<string>> {
    if (codes.length === 0) return new Set();
    const rows = await this.db.selectFrom('ref_city').select('city_code').where('city_code', 'in', [...new Set(codes)]).execute();
    return new Set(rows.map((row) => row.city_code));
  }

  /** The region and the ones above it, most specific first (district, city, province); [] for an unknown code. */
  async regionPath(code: string): Promise<Array<{ cityCode: string; cityName: string }>> {
    const path: Array<{ cityCode: string; cityName: string }> = [];
    let next: string | undefined = code;
    // The common city list has three levels; the bound stops a malformed parent loop.
    for (let level = 0; next && next !== '0' && level < 5; level++) {
      const row = await this.db.selectFrom('ref_city').select(['city_code', 'parent_code', 'city_name']).where('city_code', '=', next).executeTakeFirst();
      if (!row) break;
      path.push({ cityCode: row.city_code, cityName: row.city_name });
      next = row.parent_code;
    }
    return path;
  }
}
