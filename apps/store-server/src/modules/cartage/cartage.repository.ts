import type { CartageBand, PageOf } from '@merchant/api-contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { likePattern } from '../../shared/resource-list';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

/** A template as the merchant writes it: api-contracts CartageRules with its name. */
export interface CartageWrite {
  name: string;
  freeFloors: number;
  perFloorWithLiftCents: number;
  perFloorWithoutLiftCents: number;
  distanceBands: CartageBand[];
  minimumCents: number;
}

export interface CartageRow {
  id: number;
  store_id: number;
  name: string;
  free_floors: number;
  per_floor_with_lift_cents: number;
  per_floor_without_lift_cents: number;
  distance_bands: CartageBand[];
  minimum_cents: number;
  updated_at: Date;
  goods_count: number;
}

function columnsOf(write: CartageWrite) {
  return {
    name: write.name,
    free_floors: write.freeFloors,
    per_floor_with_lift_cents: write.perFloorWithLiftCents,
    per_floor_without_lift_cents: write.perFloorWithoutLiftCents,
    // Kept in the order of their start, so every reader lists them as a merchant reads distances.
    distance_bands: JSON.stringify([...write.distanceBands].sort((a, b) => a.fromMeters - b.fromMeters)),
    minimum_cents: write.minimumCents,
  };
}

/** Cartage templates of one store (migration 0036), with how many goods use each. */
export class CartageRepository {
  constructor(private readonly db: Db) {}

  private templates(storeId: number) {
    return this.db
      .selectFrom('store_cartage_template as t')
      .select(['t.id', 't.store_id', 't.name', 't.free_floors', 't.per_floor_with_lift_cents', 't.per_floor_without_lift_cents', 't.distance_bands', 't.minimum_cents', 't.updated_at'])
      .select((eb) =>
        eb
          .selectFrom('store_goods as g')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('g.store_id', '=', 't.store_id')
          .whereRef('g.cartage_template_id', '=', 't.id')
          .as('goods_count'),
      )
      .where('t.store_id', '=', storeId);
  }

  async page(storeId: number, query: { pageNum: number; pageSize: number; name?: string }): Promise<PageOf<CartageRow>> {
    let rows = this.templates(storeId);
    let count = this.db.selectFrom('store_cartage_template').select(sql<number>`count(*)::int`.as('n')).where('store_id', '=', storeId);
    if (query.name) {
      const like = likePattern(query.name);
      rows = rows.where('t.name', 'ilike', like);
      count = count.where('name', 'ilike', like);
    }
    const [list, total] = await Promise.all([
      rows.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(query.pageSize).offset((query.pageNum - 1) * query.pageSize).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { pageNum: query.pageNum, pageSize: query.pageSize, total: total.n, list: list as unknown as CartageRow[] };
  }

  async find(storeId: number, templateId: number): Promise<CartageRow | undefined> {
    return (await this.templates(storeId).where('t.id', '=', templateId).executeTakeFirst()) as unknown as CartageRow | undefined;
  }

  async owned(storeId: number, templateId: number): Promise<boolean> {
    const row = await this.db.selectFrom('store_cartage_template').select('id').where('store_id', '=', storeId).where('id', '=', templateId).executeTakeFirst();
    return row !== undefined;
  }

  async insert(storeId: number, write: CartageWrite, at: Date): Promise<number> {
    const row = await this.db
      .insertInto('store_cartage_template')
      .values({ store_id: storeId, ...columnsOf(write), created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(storeId: number, templateId: number, write: CartageWrite, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('store_cartage_template')
      .set({ ...columnsOf(write), updated_at: at })
      .where('store_id', '=', storeId)
      .where('id', '=', templateId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Deletes the template only while no goods use it (one statement; the foreign key guards a racing goods save). */
  async deleteUnused(storeId: number, templateId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('store_cartage_template as t')
      .where('t.store_id', '=', storeId)
      .where('t.id', '=', templateId)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('store_goods as g').select('g.id').whereRef('g.store_id', '=', 't.store_id').whereRef('g.cartage_template_id', '=', 't.id'))))
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
