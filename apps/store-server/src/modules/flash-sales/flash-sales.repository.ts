import { sql, type Kysely, type Transaction } from 'kysely';
import type { SupportedLanguage } from '@merchant/api-contracts';
import type { StoreDatabase } from '../../db/schema';
import { withSpecLabelsIn } from '../goods';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

/** A sale's settings as the merchant wrote them (validated by the contract and the service). */
export interface SaleSettings {
  name: string;
  startAt: Date;
  endAt: Date;
  slots: Array<{ startMinute: number; endMinute: number }>;
  perBuyerLimit: number;
}

export interface SaleSkuSetting {
  skuId: number;
  priceCents: number;
  /** The activity stock as set: units left + units sold. */
  stock: number;
}

export type SaleRow = Awaited<ReturnType<FlashSalesRepository['findSale']>> & {};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A store's time-limited sales, their SKUs' activity stock, buyers' counts and orders; every query names the store or the sale. */
export class FlashSalesRepository {
  constructor(private readonly db: Db) {}

  /** Time-limited sales still running or to come, for a store closing down (deregistration's blocker): active and not yet over. */
  async runningCount(storeId: number, now: Date): Promise<number> {
    const row = await this.db.selectFrom('store_flash_sale').select((eb) => eb.fn.countAll<string>().as('n')).where('store_id', '=', storeId).where('state', '=', 1).where('end_at', '>', now).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** One transaction; `unit` is it, for the orders facade, so the order and the sale's rows commit together. */
  transaction<T>(work: (repository: FlashSalesRepository, unit: Transaction<StoreDatabase>) => Promise<T>): Promise<T> {
    return (this.db as Kysely<StoreDatabase>).transaction().execute((trx) => work(new FlashSalesRepository(trx), trx));
  }

  // --- sales -------------------------------------------------------------------------------------

  private selectSales() {
    return this.db
      .selectFrom('store_flash_sale as s')
      .selectAll('s')
      .select((eb) => [
        eb.selectFrom('store_flash_sale_sku as k').whereRef('k.sale_id', '=', 's.id').select(eb.fn.countAll<string>().as('n')).as('sku_count'),
        eb.selectFrom('store_flash_sale_sku as k').whereRef('k.sale_id', '=', 's.id').select(sql<string>`coalesce(sum(k.stock), 0)`.as('n')).as('stock_left'),
        eb.selectFrom('store_flash_sale_sku as k').whereRef('k.sale_id', '=', 's.id').select(sql<string>`coalesce(sum(k.sold), 0)`.as('n')).as('sold'),
      ]);
  }

  findSale(storeId: number, saleId: number) {
    return this.selectSales().where('s.store_id', '=', storeId).where('s.id', '=', saleId).executeTakeFirst();
  }

  /** By phase at `now`: 1 upcoming, 2 running, 3 ended, 4 stopped (FLASH_SALE_PHASE). */
  async listSales(storeId: number, filter: { phase?: number; name?: string; now: Date; offset: number; limit: number }) {
    let query = this.db.selectFrom('store_flash_sale as s').where('s.store_id', '=', storeId);
    if (filter.phase === 4) query = query.where('s.state', '=', 2);
    if (filter.phase === 1) query = query.where('s.state', '=', 1).where('s.start_at', '>', filter.now);
    if (filter.phase === 2) query = query.where('s.state', '=', 1).where('s.start_at', '<=', filter.now).where('s.end_at', '>', filter.now);
    if (filter.phase === 3) query = query.where('s.state', '=', 1).where('s.end_at', '<=', filter.now);
    if (filter.name) query = query.where('s.name', 'ilike', `%${escapeLike(filter.name)}%`);
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const ids = await query.select('s.id').orderBy('s.id', 'desc').offset(filter.offset).limit(filter.limit).execute();
    if (ids.length === 0) return { total: Number(total.n), rows: [] };
    const rows = await this.selectSales().where('s.id', 'in', ids.map((row) => row.id)).orderBy('s.id', 'desc').execute();
    return { total: Number(total.n), rows };
  }

  insertSale(storeId: number, settings: SaleSettings, at: Date) {
    return this.db
      .insertInto('store_flash_sale')
      .values({
        store_id: storeId,
        name: settings.name,
        start_at: settings.startAt,
        end_at: settings.endAt,
        slots: JSON.stringify(settings.slots),
        per_buyer_limit: settings.perBuyerLimit,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  async updateSale(storeId: number, saleId: number, settings: SaleSettings, at: Date): Promise<void> {
    await this.db
      .updateTable('store_flash_sale')
      .set({ name: settings.name, start_at: settings.startAt, end_at: settings.endAt, slots: JSON.stringify(settings.slots), per_buyer_limit: settings.perBuyerLimit, updated_at: at })
      .where('store_id', '=', storeId)
      .where('id', '=', saleId)
      .execute();
  }

  /** Active → stopped; false when it was not active (stopped already). */
  async stopSale(storeId: number, saleId: number, at: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('store_flash_sale')
      .set({ state: 2, updated_at: at })
      .where('store_id', '=', storeId)
      .where('id', '=', saleId)
      .where('state', '=', 1)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  // --- SKUs --------------------------------------------------------------------------------------

  /** SKU rows with their spec keys labelled in `language` (the goods module's reference-spec labels, issue 35 §8). */
  withSpecLabelsIn<Row extends { goodsId: number; specValues: Readonly<Record<string, string>> }>(rows: readonly Row[], language: SupportedLanguage) {
    return withSpecLabelsIn(this.db, rows, language);
  }

  /** The sale's SKUs with their goods' titles and list prices. */
  saleSkus(saleId: number) {
    return this.db
      .selectFrom('store_flash_sale_sku as k')
      .innerJoin('store_goods_sku as g', 'g.id', 'k.sku_id')
      .innerJoin('store_goods as goods', 'goods.id', 'g.goods_id')
      .select(['k.sku_id', 'k.price_cents', 'k.stock', 'k.sold', 'g.goods_id', 'g.price_cents as list_price_cents', 'g.spec_values', 'goods.title'])
      .where('k.sale_id', '=', saleId)
      .orderBy('k.sku_id')
      .execute();
  }

  /** This store's SKUs among `skuIds`, with their list prices. */
  storeSkus(storeId: number, skuIds: readonly number[]) {
    if (skuIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('store_goods_sku').select(['id', 'price_cents']).where('store_id', '=', storeId).where('id', 'in', [...skuIds]).execute();
  }

  /**
   * Sets each SKU's price and stock: a new SKU gets it all; a SKU already in the sale keeps its sold units and
   * gets stock − sold left, only when sold ≤ stock (checked by the statement). Answers the SKU ids refused.
   */
  async setSkus(saleId: number, storeId: number, skus: readonly SaleSkuSetting[]): Promise<number[]> {
    const refused: number[] = [];
    for (const sku of [...skus].sort((a, b) => a.skuId - b.skuId)) {
      const row = await this.db
        .insertInto('store_flash_sale_sku')
        .values({ sale_id: saleId, sku_id: sku.skuId, store_id: storeId, price_cents: sku.priceCents, stock: sku.stock })
        .onConflict((oc) =>
          oc
            .columns(['sale_id', 'sku_id'])
            .doUpdateSet({ price_cents: sql<number>`excluded.price_cents`, stock: sql<number>`excluded.stock - store_flash_sale_sku.sold` })
            .where(sql<number>`store_flash_sale_sku.sold`, '<=', sql<number>`excluded.stock`),
        )
        .returning('sku_id')
        .executeTakeFirst();
      if (!row) refused.push(sku.skuId);
    }
    return refused;
  }

  /** Removes the sale's SKUs not in `keep` that sold nothing; answers those that sold and stay. */
  async removeSkusExcept(saleId: number, keep: readonly number[]): Promise<number[]> {
    let removal = this.db.deleteFrom('store_flash_sale_sku').where('sale_id', '=', saleId).where('sold', '=', 0);
    if (keep.length > 0) removal = removal.where('sku_id', 'not in', [...keep]);
    await removal.execute();
    let left = this.db.selectFrom('store_flash_sale_sku').select('sku_id').where('sale_id', '=', saleId);
    if (keep.length > 0) left = left.where('sku_id', 'not in', [...keep]);
    return (await left.execute()).map((row) => row.sku_id);
  }

  // --- buying ------------------------------------------------------------------------------------

  /** Takes `quantity` of an active sale's SKU stock in one conditional UPDATE, never read first; false: not enough left. */
  async takeStock(saleId: number, skuId: number, quantity: number): Promise<boolean> {
    const row = await this.db
      .updateTable('store_flash_sale_sku')
      .set((eb) => ({ stock: eb('stock', '-', quantity), sold: eb('sold', '+', quantity) }))
      .where('sale_id', '=', saleId)
      .where('sku_id', '=', skuId)
      .where('stock', '>=', quantity)
      .where((eb) => eb.exists(eb.selectFrom('store_flash_sale').select('id').where('id', '=', saleId).where('state', '=', 1)))
      .returning('sku_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Adds `units` to the buyer's count by a conditional upsert that never passes `limit`; false when it would. */
  async takeForBuyer(saleId: number, buyerAccid: string, units: number, limit: number): Promise<boolean> {
    if (units > limit) return false;
    const row = await this.db
      .insertInto('store_flash_sale_buyer_count')
      .values({ sale_id: saleId, buyer_accid: buyerAccid, bought: units })
      .onConflict((oc) =>
        oc
          .columns(['sale_id', 'buyer_accid'])
          .doUpdateSet({ bought: sql<number>`store_flash_sale_buyer_count.bought + excluded.bought` })
          .where(sql<number>`store_flash_sale_buyer_count.bought + excluded.bought`, '<=', limit),
      )
      .returning('bought')
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertOrder(order: { orderId: number; saleId: number; storeId: number; buyerAccid: string; lines: ReadonlyArray<{ skuId: number; quantity: number }>; at: Date }): Promise<void> {
    await this.db
      .insertInto('store_flash_sale_order')
      .values({
        order_id: order.orderId,
        sale_id: order.saleId,
        store_id: order.storeId,
        buyer_accid: order.buyerAccid,
        units: order.lines.reduce((sum, line) => sum + line.quantity, 0),
        created_at: order.at,
      })
      .execute();
    await this.db
      .insertInto('store_flash_sale_order_line')
      .values(order.lines.map((line) => ({ order_id: order.orderId, sku_id: line.skuId, quantity: line.quantity })))
      .execute();
  }

  // --- the sweeper -------------------------------------------------------------------------------

  /** Orders still reserved that were placed at or before `cutoff`, oldest first. */
  reservedBefore(cutoff: Date, limit: number) {
    return this.db
      .selectFrom('store_flash_sale_order')
      .select(['order_id', 'store_id'])
      .where('state', '=', 1)
      .where('created_at', '<=', cutoff)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /** Compare-and-swap out of reserved (1 → `state`); undefined when the order was settled already. */
  settleReserved(orderId: number, state: 2 | 3, at: Date) {
    return this.db
      .updateTable('store_flash_sale_order')
      .set({ state, settled_at: at })
      .where('order_id', '=', orderId)
      .where('state', '=', 1)
      .returning(['order_id', 'sale_id', 'store_id', 'buyer_accid', 'units'])
      .executeTakeFirst();
  }

  async setOrderState(orderId: number, state: 2 | 3, at: Date): Promise<void> {
    await this.db.updateTable('store_flash_sale_order').set({ state, settled_at: at }).where('order_id', '=', orderId).execute();
  }

  orderLines(orderId: number) {
    return this.db.selectFrom('store_flash_sale_order_line').select(['sku_id', 'quantity']).where('order_id', '=', orderId).orderBy('sku_id').execute();
  }

  async giveBackStock(saleId: number, skuId: number, quantity: number): Promise<void> {
    await this.db
      .updateTable('store_flash_sale_sku')
      .set((eb) => ({ stock: eb('stock', '+', quantity), sold: eb('sold', '-', quantity) }))
      .where('sale_id', '=', saleId)
      .where('sku_id', '=', skuId)
      .execute();
  }

  async giveBackToBuyer(saleId: number, buyerAccid: string, units: number): Promise<void> {
    await this.db
      .updateTable('store_flash_sale_buyer_count')
      .set((eb) => ({ bought: eb('bought', '-', units) }))
      .where('sale_id', '=', saleId)
      .where('buyer_accid', '=', buyerAccid)
      .execute();
  }

  // --- the orders list ---------------------------------------------------------------------------

  async saleOrders(saleId: number, filter: { state?: number; offset: number; limit: number }) {
    let query = this.db.selectFrom('store_flash_sale_order as f').innerJoin('store_order as o', 'o.id', 'f.order_id').where('f.sale_id', '=', saleId);
    // Reserved but already paid counts as paid (the sweeper records it only after the payment window).
    if (filter.state === 1) query = query.where('f.state', '=', 1).where('o.status', '=', 0);
    if (filter.state === 2) query = query.where((eb) => eb.or([eb('f.state', '=', 2), eb.and([eb('f.state', '=', 1), eb('o.status', '!=', 0)])]));
    if (filter.state === 3) query = query.where('f.state', '=', 3);
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .select(['f.order_id', 'o.order_no', 'f.buyer_accid', 'o.buyer_name', 'o.buyer_phone', 'f.units', 'o.amount_cents', 'o.status', 'f.state', 'f.created_at'])
      .orderBy('f.order_id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute();
    return { total: Number(total.n), rows };
  }
}
