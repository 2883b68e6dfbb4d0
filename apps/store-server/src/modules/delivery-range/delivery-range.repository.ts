import type { PageOf } from '@merchant/api-contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { likePattern } from '../../shared/resource-list';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

/** A range as stored (migration 0037), with its towns. */
export interface RangeRow {
  id: number;
  store_id: number;
  name: string;
  markup_cents: number;
  start_time: Date;
  end_time: Date;
  daily_start_minute: number;
  daily_end_minute: number;
  updated_at: Date;
  towns: TownRow[];
}

export interface TownRow {
  sowntownId: number;
  sowntownName: string;
  districtCode: string;
}

export interface RangeWrite {
  name: string;
  markupCents: number;
  startTime: Date;
  endTime: Date;
  dailyStartMinute: number;
  dailyEndMinute: number;
  sowntownIds: readonly number[];
}

/** Which ranges a list holds: in force or to come (end not passed), or no longer in force. */
export type RangeScope = { kind: 'current'; now: Date; status?: 'effective' | 'pending' } | { kind: 'ineffective'; now: Date };

/** The advisory lock space of delivery-range saves (the second key is the store id). */
const RANGE_LOCK_SPACE = 27_05;

/** Delivery ranges of one store (migration 0037) and the sowntown reference list. */
export class DeliveryRangeRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction; `unit` lends it to another module's check (freightCovers) so both see the same data. */
  transaction<T>(work: (repo: DeliveryRangeRepository, unit: UnitOfWork) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this, this.db as UnitOfWork);
    return (this.db as Kysely<StoreDatabase>).transaction().execute((trx) => work(new DeliveryRangeRepository(trx), trx));
  }

  /** Holds the store's range saves until the transaction ends: a racing save waits, then sees this one's rows. */
  async lockStore(storeId: number): Promise<void> {
    await sql`select pg_advisory_xact_lock(${RANGE_LOCK_SPACE}::int, ${storeId}::int)`.execute(this.db);
  }

  private ranges(storeId: number) {
    return this.db
      .selectFrom('store_delivery_range')
      .select(['id', 'store_id', 'name', 'markup_cents', 'start_time', 'end_time', 'daily_start_minute', 'daily_end_minute', 'updated_at'])
      .where('store_id', '=', storeId);
  }

  private async withTowns(rows: Array<Omit<RangeRow, 'towns'>>): Promise<RangeRow[]> {
    if (rows.length === 0) return [];
    const towns = await this.db
      .selectFrom('store_delivery_range_town as rt')
      .innerJoin('ref_sowntown as s', 's.id', 'rt.sowntown_id')
      .select(['rt.range_id', 's.id as sowntownId', 's.sowntown_name as sowntownName', 's.city_code as districtCode'])
      .where(
        'rt.range_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('s.id')
      .execute();
    return rows.map((row) => ({ ...row, towns: towns.filter((town) => town.range_id === row.id).map(({ sowntownId, sowntownName, districtCode }) => ({ sowntownId, sowntownName, districtCode })) }));
  }

  async page(storeId: number, scope: RangeScope, query: { pageNum: number; pageSize: number; name?: string }): Promise<PageOf<RangeRow>> {
    let rows = this.ranges(storeId);
    let count = this.db.selectFrom('store_delivery_range').select(sql<number>`count(*)::int`.as('n')).where('store_id', '=', storeId);
    if (scope.kind === 'ineffective') {
      rows = rows.where('end_time', '<', scope.now);
      count = count.where('end_time', '<', scope.now);
    } else {
      rows = rows.where('end_time', '>=', scope.now);
      count = count.where('end_time', '>=', scope.now);
      if (scope.status === 'effective') {
        rows = rows.where('start_time', '<=', scope.now);
        count = count.where('start_time', '<=', scope.now);
      } else if (scope.status === 'pending') {
        rows = rows.where('start_time', '>', scope.now);
        count = count.where('start_time', '>', scope.now);
      }
    }
    if (query.name) {
      const like = likePattern(query.name);
      rows = rows.where('name', 'ilike', like);
      count = count.where('name', 'ilike', like);
    }
    const ordered = scope.kind === 'ineffective' ? rows.orderBy('end_time', 'desc') : rows.orderBy('start_time', 'asc');
    const [list, total] = await Promise.all([
      ordered.orderBy('id', 'desc').limit(query.pageSize).offset((query.pageNum - 1) * query.pageSize).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { pageNum: query.pageNum, pageSize: query.pageSize, total: total.n, list: await this.withTowns(list) };
  }

  async find(storeId: number, rangeId: number): Promise<RangeRow | undefined> {
    const row = await this.ranges(storeId).where('id', '=', rangeId).executeTakeFirst();
    return row ? (await this.withTowns([row]))[0] : undefined;
  }

  /** The store's ranges (any status) that share a town with `sowntownIds`: the candidates for an overlap. */
  async sharingTowns(storeId: number, sowntownIds: readonly number[], exceptRangeId?: number): Promise<RangeRow[]> {
    let rows = this.ranges(storeId).where((eb) =>
      eb.exists(
        eb
          .selectFrom('store_delivery_range_town as rt')
          .select('rt.range_id')
          .whereRef('rt.range_id', '=', 'store_delivery_range.id')
          .where('rt.sowntown_id', 'in', [...sowntownIds]),
      ),
    );
    if (exceptRangeId !== undefined) rows = rows.where('id', '<>', exceptRangeId);
    return this.withTowns(await rows.orderBy('id').execute());
  }

  async insert(storeId: number, write: RangeWrite, at: Date): Promise<number> {
    const row = await this.db
      .insertInto('store_delivery_range')
      .values({
        store_id: storeId,
        name: write.name,
        markup_cents: write.markupCents,
        start_time: write.startTime,
        end_time: write.endTime,
        daily_start_minute: write.dailyStartMinute,
        daily_end_minute: write.dailyEndMinute,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.replaceTowns(storeId, row.id, write.sowntownIds);
    return row.id;
  }

  /** Changes a range whose end has not passed `now` (an ineffective one is history); false when none was changed. */
  async update(storeId: number, rangeId: number, write: RangeWrite, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('store_delivery_range')
      .set({
        name: write.name,
        markup_cents: write.markupCents,
        start_time: write.startTime,
        end_time: write.endTime,
        daily_start_minute: write.dailyStartMinute,
        daily_end_minute: write.dailyEndMinute,
        updated_at: now,
      })
      .where('store_id', '=', storeId)
      .where('id', '=', rangeId)
      .where('end_time', '>=', now)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await this.replaceTowns(storeId, rangeId, write.sowntownIds);
    return true;
  }

  /** Ends an effective range at `now` (its last second is the one before): false unless it was effective. */
  async stop(storeId: number, rangeId: number, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('store_delivery_range')
      .set({ end_time: new Date(now.getTime() - 1_000), updated_at: now })
      .where('store_id', '=', storeId)
      .where('id', '=', rangeId)
      .where('start_time', '<', new Date(now.getTime() - 1_000))
      .where('end_time', '>=', now)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  private async replaceTowns(storeId: number, rangeId: number, sowntownIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('store_delivery_range_town').where('store_id', '=', storeId).where('range_id', '=', rangeId).execute();
    await this.db
      .insertInto('store_delivery_range_town')
      .values(sowntownIds.map((sowntown_id) => ({ store_id: storeId, range_id: rangeId, sowntown_id })))
      .execute();
  }

  /** The towns of the reference list among `ids`, in the order asked (an unknown id is left out). */
  async towns(ids: readonly number[]): Promise<TownRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('ref_sowntown')
      .select(['id as sowntownId', 'sowntown_name as sowntownName', 'city_code as districtCode'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return ids.flatMap((id) => rows.filter((row) => row.sowntownId === id));
  }

  /** Whether a town of the store is in a range in force at `now` (existsStoreSowntown). */
  async hasTownInForce(storeId: number, now: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('store_delivery_range as r')
      .innerJoin('store_delivery_range_town as rt', 'rt.range_id', 'r.id')
      .select('r.id')
      .where('r.store_id', '=', storeId)
      .where('r.start_time', '<=', now)
      .where('r.end_time', '>=', now)
      .executeTakeFirst();
    return row !== undefined;
  }
}
