import { BRAND_APPLICATION_STATUS } from '@merchant/api-contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

export interface BrandApplicationRecord {
  id: number;
  storeId: number;
  brandName: string;
  brandExpireDate: string;
  certificateFileIds: number[];
  status: number;
  rejectReason: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
}

/** The day as text: a `date` column would come back as a JS Date in the server's time zone. */
const expireDay = sql<string>`to_char(brand_expire_date, 'YYYY-MM-DD')`;
const LIVE: number[] = [BRAND_APPLICATION_STATUS.underReview, BRAND_APPLICATION_STATUS.approved];

/** SQL of the brand applications (migration 0012), always scoped by store for the merchant's calls. */
export class BrandApplicationsRepository {
  constructor(private readonly db: Db) {}

  private select(db: Db = this.db) {
    return db
      .selectFrom('store_brand_application')
      .select(['id', 'store_id', 'brand_name', expireDay.as('expire_day'), 'certificate_file_ids', 'status', 'reject_reason', 'created_at', 'reviewed_at']);
  }

  private static record(row: {
    id: number;
    store_id: number;
    brand_name: string;
    expire_day: string;
    certificate_file_ids: number[];
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

  /** Inserts under review; undefined when a concurrent live application of the same brand won (unique index). */
  async insert(storeId: number, input: { brandName: string; brandExpireDate: string; certificateFileIds: readonly number[] }): Promise<number | undefined> {
    const row = await this.db
      .insertInto('store_brand_application')
      .values({
        store_id: storeId,
        brand_name: input.brandName,
        brand_expire_date: input.brandExpireDate,
        certificate_file_ids: JSON.stringify(input.certificateFileIds),
        status: BRAND_APPLICATION_STATUS.underReview,
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

  /** Approved brands whose authorisation ends after `today` ('YYYY-MM-DD'), by name. */
  async approvedBrands(storeId: number, today: string): Promise<Array<{ brandName: string; brandExpireDate: string }>> {
    const rows = await this.db
      .selectFrom('store_brand_application')
      .select(['brand_name', expireDay.as('expire_day')])
      .where('store_id', '=', storeId)
      .where('status', '=', BRAND_APPLICATION_STATUS.approved)
      .where('brand_expire_date', '>', today)
      .orderBy('brand_name')
      .execute();
    return rows.map((row) => ({ brandName: row.brand_name, brandExpireDate: row.expire_day }));
  }

  /**
   * The stored name of the store's approved brand named `brandName` (case-insensitive) whose
   * authorisation ends after `today`; undefined when the store has no such brand (goodRelease refuses it).
   */
  async approvedBrandName(storeId: number, brandName: string, today: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('store_brand_application')
      .select('brand_name')
      .where('store_id', '=', storeId)
      .where(sql<string>`lower(brand_name)`, '=', brandName.trim().toLowerCase())
      .where('status', '=', BRAND_APPLICATION_STATUS.approved)
      .where('brand_expire_date', '>', today)
      .executeTakeFirst();
    return row?.brand_name;
  }

  async findAny(id: number): Promise<BrandApplicationRecord | undefined> {
    const row = await this.select().where('id', '=', id).executeTakeFirst();
    return row && BrandApplicationsRepository.record(row);
  }

  /** The review decision, only from under review (a concurrent decision cannot be overwritten). */
  async decide(id: number, status: number, rejectReason: string | null, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('store_brand_application')
      .set({ status, reject_reason: rejectReason, reviewed_at: at })
      .where('id', '=', id)
      .where('status', '=', BRAND_APPLICATION_STATUS.underReview)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
