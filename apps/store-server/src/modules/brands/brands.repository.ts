import { BRAND_APPLICATION_STATUS, BRAND_LIVE_STATUSES } from '@merchant/api-contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

export interface BrandApplicationRecord {
  id: number;
  storeId: number;
  brandName: string;
  brandExpireDate: string;
  certificateFileIds: number[];
  brandOwner: string;
  authorisationChain: string[];
  status: number;
  rejectReason: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
}

/** The day as text: a `date` column would come back as a JS Date in the server's time zone. */
const expireDay = sql<string>`to_char(brand_expire_date, 'YYYY-MM-DD')`;
const LIVE: number[] = [...BRAND_LIVE_STATUSES];

/** SQL of the brands table (migrations 0012 and 0035: one row per application), always scoped by store for the merchant's calls. */
export class BrandApplicationsRepository {
  constructor(private readonly db: Db) {}

  private select(db: Db = this.db) {
    return db
      .selectFrom('store_brand_application')
      .select(['id', 'store_id', 'brand_name', expireDay.as('expire_day'), 'certificate_file_ids', 'brand_owner', 'authorisation_chain', 'status', 'reject_reason', 'created_at', 'reviewed_at']);
  }

  private static record(row: {
    id: number;
    store_id: number;
    brand_name: string;
    expire_day: string;
    certificate_file_ids: number[];
    brand_owner: string;
    authorisation_chain: string[];
    status: number;
    reject_reason: string | null;
    created_at: Date;
    reviewed_at: Date | null;
  }): BrandApplicationRecord {
    return {
      id: row.id,
      storeId: row.store_id,
      brandName: row.brand_name,
      brandExpireDate: row.expire_day,
      certificateFileIds: row.certificate_file_ids,
      brandOwner: row.brand_owner,
      authorisationChain: row.authorisation_chain,
      status: row.status,
      rejectReason: row.reject_reason,
      createdAt: row.created_at,
      reviewedAt: row.reviewed_at,
    };
  }

  /** A live application (under review or approved) of the store for the brand name, case-insensitive. */
  async findLive(storeId: number, brandName: string): Promise<BrandApplicationRecord | undefined> {
    const row = await this.select()
      .where('store_id', '=', storeId)
      .where(sql<string>`lower(brand_name)`, '=', brandName.toLowerCase())
      .where('status', 'in', LIVE)
      .executeTakeFirst();
    return row && BrandApplicationsRepository.record(row);
  }

  /** Inserts submitted; undefined when a concurrent live application of the same brand won (unique index). */
  async insert(
    storeId: number,
    input: { brandName: string; brandOwner: string; authorisationChain: readonly string[]; brandExpireDate: string; certificateFileIds: readonly number[] },
  ): Promise<number | undefined> {
    const row = await this.db
      .insertInto('store_brand_application')
      .values({
        store_id: storeId,
        brand_name: input.brandName,
        brand_expire_date: input.brandExpireDate,
        certificate_file_ids: JSON.stringify(input.certificateFileIds),
        brand_owner: input.brandOwner,
        authorisation_chain: JSON.stringify(input.authorisationChain),
        status: BRAND_APPLICATION_STATUS.submitted,
      })
      .onConflict((oc) => oc.expression(sql`store_id, lower(brand_name)`).where('status', 'in', LIVE).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async page(storeId: number, query: { pageNum: number; pageSize: number; status?: number }) {
    let base = this.db.selectFrom('store_brand_application').where('store_id', '=', storeId);
    if (query.status !== undefined) base = base.where('status', '=', query.status);
    const total = await base.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirst();
    let rows = this.select().where('store_id', '=', storeId);
    if (query.status !== undefined) rows = rows.where('status', '=', query.status);
    const list = await rows
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute();
    return { total: Number(total?.count ?? 0), list: list.map(BrandApplicationsRepository.record) };
  }

  /** Approved brands whose authorisation has not ended by `today` ('YYYY-MM-DD': the end day is the last valid one), by name. */
  async approvedBrands(storeId: number, today: string): Promise<Array<{ brandName: string; brandExpireDate: string }>> {
    const rows = await this.db
      .selectFrom('store_brand_application')
      .select(['brand_name', expireDay.as('expire_day')])
      .where('store_id', '=', storeId)
      .where('status', '=', BRAND_APPLICATION_STATUS.approved)
      .where('brand_expire_date', '>=', today)
      .orderBy('brand_name')
      .execute();
    return rows.map((row) => ({ brandName: row.brand_name, brandExpireDate: row.expire_day }));
  }

  /**
   * The stored name of the store's approved brand named `brandName` (case-insensitive) whose
   * authorisation has not ended by `today`; undefined when the store has no such brand (goodRelease refuses it).
   */
  async approvedBrandName(storeId: number, brandName: string, today: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('store_brand_application')
      .select('brand_name')
      .where('store_id', '=', storeId)
      .where(sql<string>`lower(brand_name)`, '=', brandName.trim().toLowerCase())
      .where('status', '=', BRAND_APPLICATION_STATUS.approved)
      .where('brand_expire_date', '>=', today)
      .executeTakeFirst();
    return row?.brand_name;
  }

  async findAny(id: number): Promise<BrandApplicationRecord | undefined> {
    const row = await this.select().where('id', '=', id).executeTakeFirst();
    return row && BrandApplicationsRepository.record(row);
  }

  /** One application of the store; undefined for another store's id (answered as not found). */
  async findOwn(storeId: number, id: number): Promise<BrandApplicationRecord | undefined> {
    const row = await this.select().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
    return row && BrandApplicationsRepository.record(row);
  }

  /**
   * One move of BRAND_MACHINE, only from the state it was read in (a concurrent move cannot be overwritten):
   * false when the row is no longer in `from`.
   */
  async move(id: number, from: number, to: number, set: { rejectReason?: string | null; reviewedAt?: Date }): Promise<boolean> {
    const result = await this.db
      .updateTable('store_brand_application')
      .set({ status: to, ...(set.rejectReason !== undefined ? { reject_reason: set.rejectReason } : {}), ...(set.reviewedAt ? { reviewed_at: set.reviewedAt } : {}) })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The system's `expire` move: approved rows of the store whose end day is before `today`; answers how many moved. */
  async expireDue(storeId: number, from: number, to: number, today: string, at: Date): Promise<number> {
    const result = await this.db
      .updateTable('store_brand_application')
      .set({ status: to, expired_at: at })
      .where('store_id', '=', storeId)
      .where('status', '=', from)
      .where('brand_expire_date', '<', today)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** brandManagement: the store's approved brands, soonest end first; `soonUntil` keeps those ending by that day. */
  async approvedPage(storeId: number, query: { pageNum: number; pageSize: number; soonUntil?: string }) {
    let base = this.db.selectFrom('store_brand_application').where('store_id', '=', storeId).where('status', '=', BRAND_APPLICATION_STATUS.approved);
    if (query.soonUntil !== undefined) base = base.where('brand_expire_date', '<=', query.soonUntil);
    const total = await base.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirst();
    let rows = this.select().where('store_id', '=', storeId).where('status', '=', BRAND_APPLICATION_STATUS.approved);
    if (query.soonUntil !== undefined) rows = rows.where('brand_expire_date', '<=', query.soonUntil);
    const list = await rows
      .orderBy('brand_expire_date')
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute();
    return { total: Number(total?.count ?? 0), list: list.map(BrandApplicationsRepository.record) };
  }

  /** The soonest end day ('YYYY-MM-DD') among the store's approved brands still valid on `today`, if any (the dashboard). */
  async soonestEnd(storeId: number, today: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('store_brand_application')
      .select(sql<string>`to_char(min(brand_expire_date), 'YYYY-MM-DD')`.as('day'))
      .where('store_id', '=', storeId)
      .where('status', '=', BRAND_APPLICATION_STATUS.approved)
      .where('brand_expire_date', '>=', today)
      .executeTakeFirst();
    return row?.day ?? undefined;
  }
}
