import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import { COUPON_STATE, COUPON_TEMPLATE_STATE } from '@merchant/api-contracts';
import { insertSessionOperation, type SessionOperation } from '../../db/operation-log';
import type { StoreDatabase } from '../../db/schema';
import { likePattern } from '../../shared/resource-list';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

/** The rules of a template as the merchant wrote them (validated by the contract and the service). */
export interface TemplateRules {
  name: string;
  kind: number;
  amountCents: number | null;
  percentOffBp: number | null;
  capCents: number | null;
  thresholdCents: number;
  scope: number;
  scopeIds: number[];
  issueLimit: number;
  perBuyerLimit: number;
  validity: number;
  validFrom: Date | null;
  validUntil: Date | null;
  validDays: number | null;
}

/** A coupon as claimed: the buyer and the rules copied from the template. */
export interface NewCoupon {
  storeId: number;
  templateId: number;
  buyerAccid: string;
  buyerPhone: string;
  ordinal: number;
  template: TemplateRow;
  validFrom: Date;
  validUntil: Date;
  claimedAt: Date;
}

export type TemplateRow = Awaited<ReturnType<CouponsRepository['findTemplate']>> & {};

const rulesColumns = (rules: TemplateRules) => ({
  name: rules.name,
  kind: rules.kind,
  amount_cents: rules.amountCents,
  percent_off_bp: rules.percentOffBp,
  cap_cents: rules.capCents,
  threshold_cents: rules.thresholdCents,
  scope: rules.scope,
  scope_ids: rules.scopeIds,
  issue_limit: rules.issueLimit,
  per_buyer_limit: rules.perBuyerLimit,
  validity: rules.validity,
  valid_from: rules.validFrom,
  valid_until: rules.validUntil,
  valid_days: rules.validDays,
});

/**
 * The orders a dry run replays: paid and standing (to ship, shipped, delivered, completed). A withdrawn (5) or
 * fully refunded (6) order paid everything back, and a whole-order refund gives its coupon back too, so such an
 * order would have cost the coupon nothing (docs/marketing.md "Dry run").
 */
export const DRY_RUN_ORDER_STATUSES = [1, 2, 3, 4] as const;

/** One order line as the dry run replays it. */
export interface DryRunLine {
  orderId: number;
  orderNo: string | null;
  createdAt: number;
  goodsId: number;
  lineCents: number;
  /** The goods' category and its ancestors; [] when the goods has none (or is gone). */
  categoryIds: number[];
}

/**
 * A template still open to claims at `now` ("running"): active, and not past a fixed end (a template valid N days
 * from claiming has no end of its own). The one definition: the claim's conditional take and the count that
 * blocks closing the shop (deregistration) both use it.
 */
const runningTemplate =
  (now: Date) =>
  (eb: ExpressionBuilder<StoreDatabase, 'store_coupon_template'>) =>
    eb.and([eb('state', '=', COUPON_TEMPLATE_STATE.active), eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', now)])]);

/** A claimed coupon its buyer may still use at `now`: unused and not past its end. */
const usableCoupon = (now: Date) => (eb: ExpressionBuilder<StoreDatabase, 'store_coupon'>) => eb.and([eb('state', '=', COUPON_STATE.unused), eb('valid_until', '>', now)]);

/** A store's coupon templates, claimed coupons and refusals; every query is addressed by the store id. */
export class CouponsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: CouponsRepository) => Promise<T>): Promise<T> {
    return (this.db as Kysely<StoreDatabase>).transaction().execute((trx) => work(new CouponsRepository(trx)));
  }

  // --- templates ---------------------------------------------------------------------------------

  private selectTemplates(storeId: number) {
    return this.db.selectFrom('store_coupon_template').selectAll().where('store_id', '=', storeId);
  }

  findTemplate(storeId: number, templateId: number) {
    return this.selectTemplates(storeId).where('id', '=', templateId).executeTakeFirst();
  }

  async listTemplates(storeId: number, filter: { state?: number; name?: string; offset: number; limit: number }) {
    let query = this.db.selectFrom('store_coupon_template').where('store_id', '=', storeId);
    if (filter.state !== undefined) query = query.where('state', '=', filter.state);
    if (filter.name) query = query.where('name', 'ilike', likePattern(filter.name));
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await query.selectAll().orderBy('id', 'desc').offset(filter.offset).limit(filter.limit).execute();
    return { total: Number(total.n), rows };
  }

  async insertTemplate(storeId: number, rules: TemplateRules, at: Date) {
    return this.db
      .insertInto('store_coupon_template')
      .values({ store_id: storeId, ...rulesColumns(rules), created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** New rules, unless the new issue limit is below what is already taken (checked in the same statement). */
  updateTemplate(storeId: number, templateId: number, rules: TemplateRules, at: Date) {
    return this.db
      .updateTable('store_coupon_template')
      .set((eb) => ({ ...rulesColumns(rules), version: eb('version', '+', 1), updated_at: at }))
      .where('store_id', '=', storeId)
      .where('id', '=', templateId)
      .where('taken', '<=', rules.issueLimit)
      .returningAll()
      .executeTakeFirst();
  }

  setTemplateState(storeId: number, templateId: number, state: number, at: Date) {
    return this.db
      .updateTable('store_coupon_template')
      .set({ state, updated_at: at })
      .where('store_id', '=', storeId)
      .where('id', '=', templateId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes the template only while nothing is taken: a claim holding the row makes this wait, then see it. */
  async deleteUnclaimedTemplate(storeId: number, templateId: number): Promise<boolean> {
    const deleted = await this.db
      .deleteFrom('store_coupon_template')
      .where('store_id', '=', storeId)
      .where('id', '=', templateId)
      .where('taken', '=', 0)
      .returning('id')
      .executeTakeFirst();
    return deleted !== undefined;
  }

  /** Claimed, used and expired (unused past its end at `now`) coupons of a template. */
  async couponCounts(templateId: number, now: Date) {
    const row = await this.db
      .selectFrom('store_coupon')
      .select((eb) => [
        eb.fn.countAll<string>().as('claimed'),
        eb.fn.count<string>(eb.case().when('state', '=', 2).then(1).end()).as('used'),
        eb.fn.count<string>(eb.case().when(eb.and([eb('state', '=', 1), eb('valid_until', '<=', now)])).then(1).end()).as('expired'),
      ])
      .where('template_id', '=', templateId)
      .executeTakeFirstOrThrow();
    return { claimed: Number(row.claimed), used: Number(row.used), expired: Number(row.expired) };
  }

  async refusalCounts(templateId: number): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('store_coupon_refusal')
      .select(['reason', (eb) => eb.fn.countAll<string>().as('n')])
      .where('template_id', '=', templateId)
      .groupBy('reason')
      .execute();
    return new Map(rows.map((row) => [row.reason, Number(row.n)]));
  }

  // --- claims ------------------------------------------------------------------------------------

  /**
   * Takes `n` from an active, unexpired template's issue limit in one conditional UPDATE (never read first), if its
   * rules are still `version` (the ones the claim copied). The claim runs it last: the row's lock, which holds
   * every other claim of the template, is kept only from here to the commit. undefined: refused.
   */
  takeFromTemplate(storeId: number, templateId: number, n: number, version: number, now: Date) {
    return this.db
      .updateTable('store_coupon_template')
      .set((eb) => ({ taken: eb('taken', '+', n) }))
      .where('store_id', '=', storeId)
      .where('id', '=', templateId)
      .where('version', '=', version)
      .where(runningTemplate(now))
      .where((eb) => eb(eb('taken', '+', n), '<=', eb.ref('issue_limit')))
      .returning(['id', 'taken'])
      .executeTakeFirst();
  }

  /**
   * Adds `n` to the buyer's count of the template's coupons, by a conditional upsert that never passes `limit`;
   * answers the buyer's count after it, or undefined when that would pass the limit.
   */
  async takeForBuyer(templateId: number, buyerAccid: string, n: number, limit: number): Promise<number | undefined> {
    if (n > limit) return undefined;
    const row = await this.db
      .insertInto('store_coupon_buyer_count')
      .values({ template_id: templateId, buyer_accid: buyerAccid, taken: n })
      .onConflict((oc) =>
        oc
          .columns(['template_id', 'buyer_accid'])
          .doUpdateSet({ taken: sql<number>`store_coupon_buyer_count.taken + excluded.taken` })
          .where(sql<number>`store_coupon_buyer_count.taken + excluded.taken`, '<=', limit),
      )
      .returning('taken')
      .executeTakeFirst();
    return row?.taken;
  }

  insertCoupons(coupons: readonly NewCoupon[]) {
    return this.db
      .insertInto('store_coupon')
      .values(
        coupons.map((c) => ({
          store_id: c.storeId,
          template_id: c.templateId,
          buyer_accid: c.buyerAccid,
          buyer_phone: c.buyerPhone,
          ordinal: c.ordinal,
          kind: c.template.kind,
          amount_cents: c.template.amount_cents,
          percent_off_bp: c.template.percent_off_bp,
          cap_cents: c.template.cap_cents,
          threshold_cents: c.template.threshold_cents,
          scope: c.template.scope,
          scope_ids: c.template.scope_ids,
          valid_from: c.validFrom,
          valid_until: c.validUntil,
          claimed_at: c.claimedAt,
        })),
      )
      .returning(['id', 'buyer_accid', 'valid_from', 'valid_until'])
      .execute();
  }

  async recordRefusal(refusal: { storeId: number; templateId: number; buyerAccid: string | null; reason: string; requested: number; at: Date }): Promise<void> {
    await this.db
      .insertInto('store_coupon_refusal')
      .values({
        store_id: refusal.storeId,
        template_id: refusal.templateId,
        buyer_accid: refusal.buyerAccid,
        reason: refusal.reason,
        requested: refusal.requested,
        created_at: refusal.at,
      })
      .execute();
  }

  // --- use and return ----------------------------------------------------------------------------

  /** Compare-and-swap: the buyer's unused, current coupon becomes used in the order; undefined when it was not. */
  useCoupon(use: { storeId: number; couponId: number; buyerAccid: string; orderId: number; at: Date }) {
    return this.db
      .updateTable('store_coupon')
      .set({ state: 2, order_id: use.orderId, used_at: use.at })
      .where('store_id', '=', use.storeId)
      .where('id', '=', use.couponId)
      .where('buyer_accid', '=', use.buyerAccid)
      .where('state', '=', 1)
      .where('valid_from', '<=', use.at)
      .where('valid_until', '>', use.at)
      .returning(['id', 'kind', 'amount_cents', 'percent_off_bp', 'cap_cents', 'threshold_cents', 'scope', 'scope_ids'])
      .executeTakeFirst();
  }

  /** Compare-and-swap: the order's coupons still within their validity become unused again; their ids. */
  async returnCoupons(storeId: number, orderId: number, at: Date): Promise<number[]> {
    const rows = await this.db
      .updateTable('store_coupon')
      .set({ state: 1, order_id: null, used_at: null })
      .where('store_id', '=', storeId)
      .where('order_id', '=', orderId)
      .where('state', '=', 2)
      .where('valid_until', '>', at)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** A template's claim records, newest first, with the order number of the order each was used in. */
  async claimRecords(templateId: number, filter: { state?: 'unused' | 'used' | 'expired'; now: Date; offset: number; limit: number }) {
    let query = this.db.selectFrom('store_coupon as c').leftJoin('store_order as o', 'o.id', 'c.order_id').where('c.template_id', '=', templateId);
    if (filter.state === 'used') query = query.where('c.state', '=', 2);
    if (filter.state === 'unused') query = query.where('c.state', '=', 1).where('c.valid_until', '>', filter.now);
    if (filter.state === 'expired') query = query.where('c.state', '=', 1).where('c.valid_until', '<=', filter.now);
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .select(['c.id', 'c.buyer_accid', 'c.buyer_phone', 'c.claimed_at', 'c.state', 'c.valid_until', 'c.order_id', 'o.order_no', 'c.used_at'])
      .orderBy('c.id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute();
    return { total: Number(total.n), rows };
  }

  // --- what a store still runs (closing the shop) ------------------------------------------------

  /** The store's running templates (see runningTemplate) and its claimed coupons still usable, counted at `now`. */
  async openCounts(storeId: number, now: Date): Promise<{ runningTemplates: number; usableCoupons: number }> {
    const templates = await this.db
      .selectFrom('store_coupon_template')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('store_id', '=', storeId)
      .where(runningTemplate(now))
      .executeTakeFirstOrThrow();
    const coupons = await this.db.selectFrom('store_coupon').select((eb) => eb.fn.countAll<string>().as('n')).where('store_id', '=', storeId).where(usableCoupon(now)).executeTakeFirstOrThrow();
    return { runningTemplates: Number(templates.n), usableCoupons: Number(coupons.n) };
  }

  // --- dry run (read only) -----------------------------------------------------------------------

  /**
   * The lines of the store's standing orders (status 1–4) created in [from, to), ordered by order then line, each
   * with what it paid before any coupon (unit price × quantity) and its goods' category path (the category and
   * its ancestors, for a category scope). One read over store_order's (store_id, created_at) index; the category
   * paths come from a recursive walk of the small reference tree in the same statement.
   */
  async dryRunLines(storeId: number, window: { fromSeconds: number; toSeconds: number }): Promise<DryRunLine[]> {
    const result = await sql<{ order_id: number; order_no: string | null; created_at: string | number; goods_id: number; line_cents: string | number; category_ids: number[] | null }>`
      with recursive category_path (id, ancestor_id) as (
        select id, id from ref_category
        union all
        select p.id, c.parent_id from category_path p join ref_category c on c.id = p.ancestor_id where c.parent_id <> 0
      ),
      paths as (select id, array_agg(ancestor_id) as category_ids from category_path group by id)
      select o.id as order_id, o.order_no, o.created_at, i.goods_id, i.unit_price_cents * i.quantity as line_cents, paths.category_ids
      from store_order o
      join store_order_item i on i.order_id = o.id and i.store_id = o.store_id
      left join store_goods g on g.id = i.goods_id and g.store_id = o.store_id
      left join paths on paths.id = g.category_id
      where o.store_id = ${storeId} and o.status in (${sql.join(DRY_RUN_ORDER_STATUSES)})
        and o.created_at >= ${window.fromSeconds} and o.created_at < ${window.toSeconds}
      order by o.id, i.id
    `.execute(this.db);
    return result.rows.map((row) => ({
      orderId: row.order_id,
      orderNo: row.order_no,
      createdAt: Number(row.created_at),
      goodsId: row.goods_id,
      lineCents: Number(row.line_cents),
      categoryIds: row.category_ids ?? [],
    }));
  }

  /** Goods ids among `ids` that are this store's. */
  async storeGoodsIds(storeId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('store_goods').select('id').where('store_id', '=', storeId).where('id', 'in', [...ids]).execute();
    return rows.map((row) => row.id);
  }

  /** Category ids among `ids` that exist. */
  async categoryIds(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('ref_category').select('id').where('id', 'in', [...ids]).execute();
    return rows.map((row) => row.id);
  }

  /** The change in the operation log (with the session's public id and device) and its detail. */
  async recordChange(change: SessionOperation & { templateId: number; detail: Record<string, unknown> }): Promise<void> {
    const logId = await insertSessionOperation(this.db, change);
    await this.db
      .insertInto('store_coupon_change')
      .values({ store_id: change.storeId, operation_log_id: logId, template_id: change.templateId, detail: JSON.stringify(change.detail), created_at: change.at })
      .execute();
  }
}
