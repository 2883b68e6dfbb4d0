import { GOODS_STATUS } from '@merchant/api-contracts';
import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';

// What runs now on a store, for the demo promotion simulator (docs/marketing.md "Demo simulator"): plain reads of
// the promotion tables, never writes. Every write the simulator makes goes through the promotions' own services,
// whose conditional updates decide; a read here only picks what is worth trying (a candidate the write may still
// refuse, e.g. when the merchant stops it in between).

/** An on-shelf SKU in stock with its list price. */
export interface SkuInStock {
  skuId: number;
  priceCents: number;
  stock: number;
}

export interface CouponTemplateToClaim {
  templateId: number;
  thresholdCents: number;
  /** 1 whole store, 2 categories, 3 goods (COUPON_SCOPE). */
  scope: number;
  scopeIds: number[];
  perBuyerLimit: number;
  /** Coupons each buyer has claimed of this template so far (absent: none). */
  claimedBy: Map<string, number>;
}

export interface RunningGroupBuy {
  groupBuyId: number;
  perBuyerLimit: number;
  skuIds: number[];
  /** Orders each buyer has taken in the activity so far (absent: none). */
  takenBy: Map<string, number>;
  /** The forming team with seats left that ends first, and who is in it; null when none. */
  formingTeam: { teamId: number; memberAccids: string[] } | null;
}

export interface RunningSale {
  saleId: number;
  startTime: number;
  endTime: number;
  slots: Array<{ startMinute: number; endMinute: number }>;
  perBuyerLimit: number;
  /** SKUs of the sale with activity stock left. */
  skuIds: number[];
  /** Units each buyer has bought in the sale so far (absent: none). */
  boughtBy: Map<string, number>;
}

const COUPON_TEMPLATE_ACTIVE = 1;
const GROUP_BUY_ACTIVE = 1;
const TEAM_FORMING = 1;
const SALE_ACTIVE = 1;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export class PromotionSimulatorRepository {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  /** Active coupon templates open to claims at `now` with room left under their issue limit, oldest first. */
  async couponTemplatesToClaim(storeId: number, now: Date): Promise<CouponTemplateToClaim[]> {
    const rows = await this.db
      .selectFrom('store_coupon_template')
      .select(['id', 'threshold_cents', 'scope', 'scope_ids', 'per_buyer_limit'])
      .where('store_id', '=', storeId)
      .where('state', '=', COUPON_TEMPLATE_ACTIVE)
      .where((eb) => eb('taken', '<', eb.ref('issue_limit')))
      .where((eb) => eb.or([eb('valid_from', 'is', null), eb('valid_from', '<=', now)]))
      .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', now)]))
      .orderBy('id')
      .execute();
    if (rows.length === 0) return [];
    const counts = await this.db
      .selectFrom('store_coupon_buyer_count')
      .select(['template_id', 'buyer_accid', 'taken'])
      .where(
        'template_id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.map((row) => ({
      templateId: row.id,
      thresholdCents: row.threshold_cents,
      scope: row.scope,
      scopeIds: row.scope_ids,
      perBuyerLimit: row.per_buyer_limit,
      claimedBy: new Map(counts.filter((count) => count.template_id === row.id).map((count) => [count.buyer_accid, count.taken])),
    }));
  }

  /**
   * On-shelf SKUs in stock of the store priced at least `minPriceCents`, cheapest first, within a coupon's scope:
   * the whole store; goods (`goodsIds`); or categories (`categoryIds` and every category under them).
   */
  async skusInStock(storeId: number, within: { goodsIds?: readonly number[]; categoryIds?: readonly number[] }, minPriceCents: number, limit: number): Promise<SkuInStock[]> {
    if ((within.goodsIds && within.goodsIds.length === 0) || (within.categoryIds && within.categoryIds.length === 0)) return [];
    let categoryIds: number[] | undefined;
    if (within.categoryIds) {
      const tree = await sql<{ id: number }>`
        with recursive under(id) as (
          select id from ref_category where id in (${sql.join([...within.categoryIds])})
          union
          select c.id from ref_category c join under on c.parent_id = under.id
        )
        select id from under`.execute(this.db);
      categoryIds = tree.rows.map((row) => Number(row.id));
      if (categoryIds.length === 0) return [];
    }
    let query = this.db
      .selectFrom('store_goods_sku as k')
      .innerJoin('store_goods as g', 'g.id', 'k.goods_id')
      .select(['k.id', 'k.price_cents', 'k.stock'])
      .where('k.store_id', '=', storeId)
      .where('g.store_id', '=', storeId)
      .where('g.status', '=', GOODS_STATUS.onShelf)
      .where('k.stock', '>', 0)
      .where('k.price_cents', '>=', Math.max(1, minPriceCents));
    if (within.goodsIds) query = query.where('g.id', 'in', [...within.goodsIds]);
    if (categoryIds) query = query.where('g.category_id', 'in', categoryIds);
    const rows = await query.orderBy('k.price_cents').orderBy('k.id').limit(limit).execute();
    return rows.map((row) => ({ skuId: row.id, priceCents: row.price_cents, stock: row.stock }));
  }

  /** The running group buy (active, inside its run window, under its total limit) whose window ends first, or undefined. */
  async runningGroupBuy(storeId: number, now: Date): Promise<RunningGroupBuy | undefined> {
    const activity = await this.db
      .selectFrom('store_group_buy')
      .select(['id', 'per_buyer_limit'])
      .where('store_id', '=', storeId)
      .where('state', '=', GROUP_BUY_ACTIVE)
      .where('starts_at', '<=', now)
      .where('ends_at', '>', now)
      .where((eb) => eb('taken', '<', eb.ref('total_limit')))
      .orderBy('ends_at')
      .orderBy('id')
      .executeTakeFirst();
    if (!activity) return undefined;
    const skus = await this.db
      .selectFrom('store_group_buy_sku as s')
      .innerJoin('store_goods_sku as k', 'k.id', 's.sku_id')
      .innerJoin('store_goods as g', 'g.id', 'k.goods_id')
      .select('s.sku_id')
      .where('s.group_buy_id', '=', activity.id)
      .where('g.status', '=', GOODS_STATUS.onShelf)
      .where('k.stock', '>', 0)
      .orderBy('s.sku_id')
      .execute();
    const counts = await this.db.selectFrom('store_group_buy_buyer_count').select(['buyer_accid', 'taken']).where('group_buy_id', '=', activity.id).execute();
    const team = await this.db
      .selectFrom('store_group_buy_team')
      .select('id')
      .where('group_buy_id', '=', activity.id)
      .where('state', '=', TEAM_FORMING)
      .where('expires_at', '>', now)
      .where((eb) => eb('members', '<', eb.ref('size')))
      .orderBy('expires_at')
      .orderBy('id')
      .executeTakeFirst();
    const members = team ? await this.db.selectFrom('store_group_buy_member').select('buyer_accid').where('team_id', '=', team.id).execute() : [];
    return {
      groupBuyId: activity.id,
      perBuyerLimit: activity.per_buyer_limit,
      skuIds: skus.map((sku) => sku.sku_id),
      takenBy: new Map(counts.map((count) => [count.buyer_accid, count.taken])),
      formingTeam: team ? { teamId: team.id, memberAccids: members.map((member) => member.buyer_accid) } : null,
    };
  }

  /** Active time-limited sales whose run window holds `now` and that have activity stock left (their slots are the caller's to check). */
  async salesInWindow(storeId: number, now: Date): Promise<RunningSale[]> {
    const sales = await this.db
      .selectFrom('store_flash_sale')
      .select(['id', 'start_at', 'end_at', 'slots', 'per_buyer_limit'])
      .where('store_id', '=', storeId)
      .where('state', '=', SALE_ACTIVE)
      .where('start_at', '<=', now)
      .where('end_at', '>', now)
      .orderBy('end_at')
      .orderBy('id')
      .execute();
    if (sales.length === 0) return [];
    const ids = sales.map((sale) => sale.id);
    const skus = await this.db
      .selectFrom('store_flash_sale_sku as s')
      .innerJoin('store_goods_sku as k', 'k.id', 's.sku_id')
      .innerJoin('store_goods as g', 'g.id', 'k.goods_id')
      .select(['s.sale_id', 's.sku_id'])
      .where('s.sale_id', 'in', ids)
      .where('s.stock', '>', 0)
      .where('g.status', '=', GOODS_STATUS.onShelf)
      .where('k.stock', '>', 0)
      .orderBy('s.sku_id')
      .execute();
    const counts = await this.db.selectFrom('store_flash_sale_buyer_count').select(['sale_id', 'buyer_accid', 'bought']).where('sale_id', 'in', ids).execute();
    return sales
      .map((sale) => ({
        saleId: sale.id,
        startTime: seconds(sale.start_at),
        endTime: seconds(sale.end_at),
        slots: sale.slots,
        perBuyerLimit: sale.per_buyer_limit,
        skuIds: skus.filter((sku) => sku.sale_id === sale.id).map((sku) => sku.sku_id),
        boughtBy: new Map(counts.filter((count) => count.sale_id === sale.id).map((count) => [count.buyer_accid, count.bought])),
      }))
      .filter((sale) => sale.skuIds.length > 0);
  }
}
