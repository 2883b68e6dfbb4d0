import { sql, type Kysely, type Transaction } from 'kysely';
import type { SupportedLanguage } from '@merchant/api-contracts';
import type { StoreDatabase } from '../../db/schema';
import { withSpecLabelsIn } from '../goods';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

/** A campaign as the platform publishes it (the operator's create; the seed). */
export interface NewCampaign {
  titleZh: string;
  titleEn: string | null;
  description: string;
  signUpFrom: Date;
  signUpUntil: Date;
  runFrom: Date;
  runUntil: Date;
  minDiscountBp: number;
  categoryIds: number[];
  maxGoods: number;
  quota: number;
}

export interface NewApplicationItem {
  goodsId: number;
  skuId: number;
  listPriceCents: number;
  activityPriceCents: number;
}

export type CampaignRow = Awaited<ReturnType<ActivitiesRepository['findCampaign']>> & {};
export type ApplicationRow = Awaited<ReturnType<ActivitiesRepository['findApplication']>> & {};

/** Phases as SQL conditions at `now` (ACTIVITY_PHASE: 2 open, 4 running, 5 ended, 1 upcoming, 3 closed). */
function phaseCondition(phase: number, now: Date) {
  switch (phase) {
    case 1:
      return sql<boolean>`a.sign_up_from > ${now}`;
    case 2:
      return sql<boolean>`a.sign_up_from <= ${now} and a.sign_up_until > ${now} and a.run_from > ${now}`;
    case 3:
      return sql<boolean>`a.sign_up_until <= ${now} and a.run_from > ${now}`;
    case 4:
      return sql<boolean>`a.run_from <= ${now} and a.run_until > ${now}`;
    default:
      return sql<boolean>`a.run_until <= ${now}`;
  }
}

/** Campaigns, a store's applications and their lines; every store query is addressed by the store id. */
export class ActivitiesRepository {
  constructor(private readonly db: Db) {}

  /** SKU rows with their spec keys labelled in `language` (the goods module's reference-spec labels, issue 35 §8). */
  withSpecLabelsIn<Row extends { goodsId: number; specValues: Readonly<Record<string, string>> }>(rows: readonly Row[], language: SupportedLanguage) {
    return withSpecLabelsIn(this.db, rows, language);
  }

  /** The store's pending or approved applications to campaigns not yet over (deregistration's blocker). */
  async openApplicationCount(storeId: number, now: Date): Promise<number> {
    const row = await this.db
      .selectFrom('store_activity_application as a')
      .innerJoin('platform_activity as p', 'p.id', 'a.activity_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('a.store_id', '=', storeId)
      .where('a.state', 'in', [1, 2])
      .where('p.run_until', '>', now)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The work gets the transaction too, to lend another module's face (the goods floors: the margin guard). */
  transaction<T>(work: (repository: ActivitiesRepository, unit: Transaction<StoreDatabase>) => Promise<T>): Promise<T> {
    return (this.db as Kysely<StoreDatabase>).transaction().execute((trx) => work(new ActivitiesRepository(trx), trx));
  }

  // --- campaigns ---------------------------------------------------------------------------------

  insertCampaign(campaign: NewCampaign, at: Date) {
    return this.db
      .insertInto('platform_activity')
      .values({
        title_zh: campaign.titleZh,
        title_en: campaign.titleEn,
        description: campaign.description,
        sign_up_from: campaign.signUpFrom,
        sign_up_until: campaign.signUpUntil,
        run_from: campaign.runFrom,
        run_until: campaign.runUntil,
        min_discount_bp: campaign.minDiscountBp,
        category_ids: campaign.categoryIds,
        max_goods: campaign.maxGoods,
        quota: campaign.quota,
        created_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findCampaign(campaignId: number) {
    return this.db.selectFrom('platform_activity').selectAll().where('id', '=', campaignId).executeTakeFirst();
  }

  async listCampaigns(filter: { phase?: number; now: Date; offset: number; limit: number }) {
    let query = this.db.selectFrom('platform_activity as a');
    if (filter.phase !== undefined) query = query.where(phaseCondition(filter.phase, filter.now));
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await query.selectAll('a').orderBy('a.run_from', 'desc').orderBy('a.id', 'desc').offset(filter.offset).limit(filter.limit).execute();
    return { total: Number(total.n), rows };
  }

  /** The store's pending or approved application of each campaign listed. */
  async activeApplications(storeId: number, campaignIds: readonly number[]) {
    if (campaignIds.length === 0) return [];
    return this.db
      .selectFrom('store_activity_application')
      .select(['id', 'activity_id', 'state'])
      .where('store_id', '=', storeId)
      .where('activity_id', 'in', [...campaignIds])
      .where('state', 'in', [1, 2])
      .execute();
  }

  /**
   * Takes one place of the campaign in one conditional UPDATE (never read first): only while places_taken + 1
   * stays within the quota and the campaign has not ended. undefined: no place left (or ended).
   */
  takePlace(campaignId: number, now: Date) {
    return this.db
      .updateTable('platform_activity')
      .set((eb) => ({ places_taken: eb('places_taken', '+', 1) }))
      .where('id', '=', campaignId)
      .where('run_until', '>', now)
      .where((eb) => eb(eb('places_taken', '+', 1), '<=', eb.ref('quota')))
      .returning(['id', 'places_taken'])
      .executeTakeFirst();
  }

  // --- applications ------------------------------------------------------------------------------

  findApplication(applicationId: number) {
    return this.db.selectFrom('store_activity_application').selectAll().where('id', '=', applicationId).executeTakeFirst();
  }

  findStoreApplication(storeId: number, applicationId: number) {
    return this.db.selectFrom('store_activity_application').selectAll().where('store_id', '=', storeId).where('id', '=', applicationId).executeTakeFirst();
  }

  private applicationRows() {
    return this.db
      .selectFrom('store_activity_application as p')
      .innerJoin('platform_activity as a', 'a.id', 'p.activity_id')
      .select([
        'p.id',
        'p.activity_id',
        'p.store_id',
        'p.state',
        'p.reason',
        'p.created_at',
        'p.reviewed_at',
        'a.title_zh',
        'a.title_en',
        'a.sign_up_from',
        'a.sign_up_until',
        'a.run_from',
        'a.run_until',
        (eb) => eb.selectFrom('store_activity_application_item as i').select((e) => e.fn.count<string>('i.goods_id').distinct().as('n')).whereRef('i.application_id', '=', 'p.id').as('goods_count'),
        (eb) => eb.selectFrom('store_activity_application_item as i').select((e) => e.fn.countAll<string>().as('n')).whereRef('i.application_id', '=', 'p.id').as('sku_count'),
      ]);
  }

  async listApplications(storeId: number, filter: { state?: number; offset: number; limit: number }) {
    let count = this.db.selectFrom('store_activity_application').where('store_id', '=', storeId);
    if (filter.state !== undefined) count = count.where('state', '=', filter.state);
    const total = await count.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    let query = this.applicationRows().where('p.store_id', '=', storeId);
    if (filter.state !== undefined) query = query.where('p.state', '=', filter.state);
    const rows = await query.orderBy('p.id', 'desc').offset(filter.offset).limit(filter.limit).execute();
    return { total: Number(total.n), rows };
  }

  applicationRow(storeId: number, applicationId: number) {
    return this.applicationRows().where('p.store_id', '=', storeId).where('p.id', '=', applicationId).executeTakeFirst();
  }

  /** Inserts a pending application; the partial unique index refuses a second active one of the store (23505). */
  insertApplication(storeId: number, campaignId: number, at: Date) {
    return this.db.insertInto('store_activity_application').values({ activity_id: campaignId, store_id: storeId, created_at: at }).returning('id').executeTakeFirstOrThrow();
  }

  async insertItems(storeId: number, applicationId: number, items: readonly NewApplicationItem[]): Promise<void> {
    await this.db
      .insertInto('store_activity_application_item')
      .values(
        items.map((item) => ({
          application_id: applicationId,
          store_id: storeId,
          goods_id: item.goodsId,
          sku_id: item.skuId,
          list_price_cents: item.listPriceCents,
          activity_price_cents: item.activityPriceCents,
        })),
      )
      .execute();
  }

  items(applicationId: number) {
    return this.db
      .selectFrom('store_activity_application_item as i')
      .innerJoin('store_goods as g', 'g.id', 'i.goods_id')
      .innerJoin('store_goods_sku as s', 's.id', 'i.sku_id')
      .select(['i.goods_id', 'g.title', 'i.sku_id', 's.spec_values', 'i.list_price_cents', 'i.activity_price_cents'])
      .where('i.application_id', '=', applicationId)
      .orderBy('i.id')
      .execute();
  }

  /** Compare-and-swap from pending: the state moves only when the application is still pending. */
  decide(applicationId: number, change: { storeId?: number; state: 2 | 3 | 4; reason?: string; at: Date }) {
    let query = this.db
      .updateTable('store_activity_application')
      .set(change.state === 4 ? { state: 4, withdrawn_at: change.at } : { state: change.state, reason: change.reason ?? null, reviewed_at: change.at })
      .where('id', '=', applicationId)
      .where('state', '=', 1);
    if (change.storeId !== undefined) query = query.where('store_id', '=', change.storeId);
    return query.returningAll().executeTakeFirst();
  }

  // --- the store's goods -------------------------------------------------------------------------

  /** Goods among `ids` that are this store's, with their categories. */
  storeGoods(storeId: number, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('store_goods').select(['id', 'category_id', 'title']).where('store_id', '=', storeId).where('id', 'in', [...ids]).execute();
  }

  /** SKUs among `ids` that are this store's, with their goods and list prices. */
  storeSkus(storeId: number, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('store_goods_sku').select(['id', 'goods_id', 'price_cents']).where('store_id', '=', storeId).where('id', 'in', [...ids]).execute();
  }
}
