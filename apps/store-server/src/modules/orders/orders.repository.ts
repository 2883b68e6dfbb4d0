import type { OrderDetail, OrderItem, OrderListQuery, OrderReceiver, OrderRow, PageOf, Shipment, ShipmentStatus } from '@merchant/api-contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { ListQuery } from '../../shared/resource-list';
import type { HistoryEntry, OrderState, PricedItem } from './orders.domain';
import type { PromotedItem } from './orders.pricing';
import { keptStatusCounts } from './orders.counts';
import { orderList } from './orders.lists';
import type { OrderCountQuery } from './orders.schemas';

/** A stored order line: the answer's item, whether it has a service part, and its image's library file. */
export type StoredOrderItem = OrderItem & { service: boolean; imageFileId: number | null };

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A locked order row: what a move reads before it writes. */
export interface LockedOrder extends OrderState {
  id: number;
  storeId: number;
  buyerAccid: string;
  amountCents: number;
  /** What after-sales already paid back (store_order.refunded_cents, migration 0015). */
  refundedCents: number;
  /** A paid group-buy order waiting for its team (migration 0027): it cannot ship. */
  heldForTeam: boolean;
  /** An unpaid order closed when its payment window ended: it can no longer be paid. */
  closed: boolean;
}

export interface NewOrder {
  storeId: number;
  buyerAccid: string;
  buyerName: string;
  buyerPhone: string;
  receiver: OrderReceiver;
  amountCents: number;
  serviceOrder: boolean;
  createdAt: number;
  /** The demo seed writes orders that already went through their moves. */
  status: number;
  paidAt: number | null;
  returnDeadline: number | null;
}

/** What promotions took off a new order (migration 0027); an order without promotions leaves them out. */
export interface OrderPromotionColumns {
  promotionDiscountCents: number;
  couponDiscountCents: number;
  couponId: number | null;
  promotionKind: 'sale' | 'groupBuy' | null;
  promotionActivityId: number | null;
  heldForTeam: boolean;
}

export interface NewShipment {
  storeId: number;
  orderId: number;
  carrier: string;
  trackingNo: string;
  status: ShipmentStatus;
  createdAt: number;
  pickedUpAt?: number | null;
  deliveredAt?: number | null;
  returnedAt?: number | null;
}

const shipmentOf = (row: Record<string, unknown>): Shipment => ({
  shipmentId: Number(row.id),
  orderId: Number(row.order_id),
  carrier: String(row.carrier),
  trackingNo: String(row.tracking_no),
  status: Number(row.status) as ShipmentStatus,
  createTime: Number(row.created_at),
  pickedUpAt: numberOrNull(row.picked_up_at),
  deliveredAt: numberOrNull(row.delivered_at),
  returnedAt: numberOrNull(row.returned_at),
});

/** Order rows, always filtered by the caller's own store id. */
export class OrdersRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction (a nested call joins the open one). */
  transaction<T>(work: (repository: OrdersRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return (this.db as Kysely<StoreDatabase>).transaction().execute((trx) => work(new OrdersRepository(trx)));
  }

  /** The open transaction, for the goods module's repository to join it. */
  get connection(): Db {
    return this.db;
  }

  /**
   * The store's paid orders per status: without a creation window, the kept counts (migration 0017, one row
   * per status, exact in every transaction); within a window, counted from the `(store_id, status,
   * created_at …)` index range.
   */
  async countByStatus(storeId: number, window: OrderCountQuery): Promise<Array<{ status: number; count: number }>> {
    if (window.startTime === undefined && window.endTime === undefined) {
      return [...(await keptStatusCounts(this.db, storeId))].map(([status, count]) => ({ status, count }));
    }
    let query = this.db
      .selectFrom('store_order')
      .select(['status', (eb) => eb.fn.countAll<string | number>().as('count')])
      .where('store_id', '=', storeId)
      .groupBy('status');
    if (window.startTime !== undefined) query = query.where('created_at', '>=', window.startTime);
    if (window.endTime !== undefined) query = query.where('created_at', '<=', window.endTime);
    const rows = await query.execute();
    return rows.map((row) => ({ status: Number(row.status), count: Number(row.count) }));
  }

  page(storeId: number, query: OrderListQuery & ListQuery): Promise<PageOf<OrderRow>> {
    return orderList.page(this.db, storeId, query);
  }

  /** The list's row of one of the store's (paid) orders. */
  row(storeId: number, orderId: number): Promise<OrderRow | undefined> {
    return orderList.row(this.db, storeId, (q) => q.where('o.id', '=', orderId));
  }

  rows(storeId: number, orderIds: readonly number[]): Promise<OrderRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return orderList.rows(this.db, storeId, (q) => q.where('o.id', 'in', [...orderIds]));
  }

  /**
   * Locks the order row until the transaction ends (select … for update), so two moves of one order run
   * one after the other and the second sees the first one's status. Scoped by store when given.
   */
  async lock(orderId: number, scope: { storeId?: number; buyerAccid?: string }): Promise<LockedOrder | undefined> {
    let query = this.db
      .selectFrom('store_order')
      .select(['id', 'store_id', 'status', 'return_deadline', 'buyer_accid', 'amount_cents', 'refunded_cents', 'held_for_team', 'closed_at'])
      .where('id', '=', orderId);
    if (scope.storeId !== undefined) query = query.where('store_id', '=', scope.storeId);
    if (scope.buyerAccid !== undefined) query = query.where('buyer_accid', '=', scope.buyerAccid);
    const row = await query.forUpdate().executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      storeId: row.store_id,
      status: row.status,
      returnDeadline: numberOrNull(row.return_deadline),
      buyerAccid: row.buyer_accid,
      amountCents: Number(row.amount_cents),
      refundedCents: Number(row.refunded_cents),
      heldForTeam: row.held_for_team,
      closed: row.closed_at !== null,
    };
  }

  async orderNo(orderId: number): Promise<string> {
    const row = await this.db.selectFrom('store_order').select('order_no').where('id', '=', orderId).executeTakeFirst();
    return row?.order_no ?? String(orderId);
  }

  /** Writes the order's new state and its history line together. */
  async saveMove(order: { id: number; storeId: number }, state: OrderState, entry: HistoryEntry, extra: { paidAt?: number; payMethod?: string; appCode?: number } = {}): Promise<void> {
    await this.db
      .updateTable('store_order')
      .set({
        status: state.status,
        return_deadline: state.returnDeadline,
        updated_at: entry.at,
        ...(extra.paidAt !== undefined ? { paid_at: extra.paidAt } : {}),
        // The payment channel when the payer named it; else migration 0041's trigger derives one.
        ...(extra.payMethod !== undefined ? { pay_method: extra.payMethod } : {}),
        ...(extra.appCode !== undefined ? { pay_app: extra.appCode } : {}),
      })
      .where('id', '=', order.id)
      .where('store_id', '=', order.storeId)
      .execute();
    await this.insertHistory([{ orderId: order.id, storeId: order.storeId, entry }]);
  }

  /**
   * Appends history lines in one statement whatever their number: the rows travel as one json parameter
   * (thousands of bound parameters cost far more to plan, which the demo seed's 1,700 lines would feel).
   */
  async insertHistory(rows: ReadonlyArray<{ orderId: number; storeId: number; entry: HistoryEntry }>): Promise<void> {
    if (rows.length === 0) return;
    const json = JSON.stringify(
      rows.map(({ orderId, storeId, entry }) => ({
        order_id: orderId,
        store_id: storeId,
        event: entry.event,
        actor: entry.actor,
        from_status: entry.fromStatus,
        to_status: entry.toStatus,
        days: entry.days,
        created_at: entry.at,
      })),
    );
    await sql`
      insert into store_order_event (order_id, store_id, event, actor, from_status, to_status, days, created_at)
      select order_id, store_id, event, actor, from_status, to_status, days, created_at
      from jsonb_to_recordset(${json}::jsonb)
        as r(order_id integer, store_id integer, event text, actor text, from_status smallint, to_status smallint, days integer, created_at bigint)`.execute(this.db);
  }

  /** Inserts orders (one statement) and gives each its number: creation day (UTC+8) and the zero-padded id. */
  async insertOrders(orders: readonly NewOrder[]): Promise<number[]> {
    if (orders.length === 0) return [];
    const inserted = await this.db
      .insertInto('store_order')
      .values(
        orders.map((o) => ({
          store_id: o.storeId,
          status: o.status,
          amount_cents: o.amountCents,
          created_at: o.createdAt,
          buyer_accid: o.buyerAccid,
          buyer_name: o.buyerName,
          buyer_phone: o.buyerPhone,
          receiver: JSON.stringify(o.receiver),
          paid_at: o.paidAt,
          return_deadline: o.returnDeadline,
          service_order: o.serviceOrder,
          updated_at: o.createdAt,
        })),
      )
      .returning('id')
      .execute();
    const ids = inserted.map((row) => row.id);
    await sql`
      update store_order set order_no = to_char(to_timestamp(created_at + 8 * 3600) at time zone 'UTC', 'YYYYMMDD') || lpad(id::text, 10, '0')
      where id in (${sql.join(ids)})`.execute(this.db);
    return ids;
  }

  /** A new order's promotion amounts, its coupon and its promotion (written once, right after its insert). */
  async setPromotion(orderId: number, amountCents: number, columns: OrderPromotionColumns): Promise<void> {
    await this.db
      .updateTable('store_order')
      .set({
        amount_cents: amountCents,
        promotion_discount_cents: columns.promotionDiscountCents,
        coupon_discount_cents: columns.couponDiscountCents,
        coupon_id: columns.couponId,
        promotion_kind: columns.promotionKind,
        promotion_activity_id: columns.promotionActivityId,
        held_for_team: columns.heldForTeam,
      })
      .where('id', '=', orderId)
      .execute();
  }

  /** Group formed: the orders' hold ends (only the store's held ones); the ids released. */
  async releaseHold(storeId: number, orderIds: readonly number[], at: number): Promise<number[]> {
    if (orderIds.length === 0) return [];
    const rows = await this.db
      .updateTable('store_order')
      .set({ held_for_team: false, updated_at: at })
      .where('store_id', '=', storeId)
      .where('id', 'in', [...orderIds])
      .where('held_for_team', '=', true)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Compare-and-swap: an unpaid, open order becomes closed; false when it was paid or closed already. */
  async closeUnpaid(storeId: number, orderId: number, at: number): Promise<boolean> {
    const row = await this.db
      .updateTable('store_order')
      .set({ closed_at: at, updated_at: at })
      .where('store_id', '=', storeId)
      .where('id', '=', orderId)
      .where('status', '=', 0)
      .where('closed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Unpaid, open orders placed before `before` without a promotion (a promotion's own sweeper closes its orders), oldest first. */
  async expiredUnpaid(before: number, limit: number): Promise<Array<{ id: number; storeId: number }>> {
    const rows = await this.db
      .selectFrom('store_order')
      .select(['id', 'store_id'])
      .where('status', '=', 0)
      .where('closed_at', 'is', null)
      .where('created_at', '<', before)
      .where('promotion_kind', 'is', null)
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, storeId: row.store_id }));
  }

  /** The order's promotion columns (migration 0027) as the detail answers them. */
  async pricingOf(storeId: number, orderId: number): Promise<(OrderDetail['pricing'] & { heldForTeam: boolean }) | undefined> {
    const row = await this.db
      .selectFrom('store_order')
      .select(['amount_cents', 'promotion_discount_cents', 'coupon_discount_cents', 'coupon_id', 'promotion_kind', 'promotion_activity_id', 'held_for_team'])
      .where('store_id', '=', storeId)
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!row) return undefined;
    const promotionDiscountCents = Number(row.promotion_discount_cents);
    const couponDiscountCents = Number(row.coupon_discount_cents);
    return {
      listCents: Number(row.amount_cents) + promotionDiscountCents + couponDiscountCents,
      promotionDiscountCents,
      couponDiscountCents,
      couponId: row.coupon_id,
      promotion: row.promotion_kind && row.promotion_activity_id !== null ? { kind: row.promotion_kind, activityId: row.promotion_activity_id } : null,
      heldForTeam: row.held_for_team,
    };
  }

  /** Each category with its ancestors, for coupons scoped to categories (ref_category's parent chain). */
  async categoryPaths(categoryIds: readonly number[]): Promise<Map<number, number[]>> {
    const paths = new Map<number, number[]>();
    if (categoryIds.length === 0) return paths;
    const rows = await sql<{ start_id: number; id: number }>`
      with recursive chain(start_id, id, parent_id) as (
        select id, id, parent_id from ref_category where id in (${sql.join([...categoryIds])})
        union all
        select chain.start_id, c.id, c.parent_id from ref_category c join chain on c.id = chain.parent_id
      )
      select start_id, id from chain`.execute(this.db);
    for (const row of rows.rows) paths.set(row.start_id, [...(paths.get(row.start_id) ?? []), row.id]);
    return paths;
  }

  async insertItems(rows: ReadonlyArray<{ orderId: number; storeId: number; item: PricedItem | PromotedItem }>): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('store_order_item')
      .values(
        rows.map(({ orderId, storeId, item }) => ({
          order_id: orderId,
          store_id: storeId,
          goods_id: item.goodsId,
          sku_id: item.skuId,
          title: item.title,
          spec_text: item.specText,
          image_url: item.imageUrl,
          image_file_id: item.imageFileId,
          unit_price_cents: item.unitPriceCents,
          quantity: item.quantity,
          service: item.service,
          ...('listUnitCents' in item ? { list_unit_cents: item.listUnitCents, promotion: item.promotion, coupon_share_cents: item.couponShareCents } : {}),
        })),
      )
      .execute();
  }

  /** The lines of the orders as stored; `imageFileId` is what the service signs (StoredOrderItem). */
  async items(orderIds: readonly number[]): Promise<Map<number, StoredOrderItem[]>> {
    const found = new Map<number, StoredOrderItem[]>();
    if (orderIds.length === 0) return found;
    const rows = await this.db.selectFrom('store_order_item').selectAll().where('order_id', 'in', [...orderIds]).orderBy('order_id').orderBy('id').execute();
    for (const row of rows) {
      const list = found.get(row.order_id) ?? [];
      list.push({
        goodsId: row.goods_id,
        skuId: row.sku_id,
        title: row.title,
        specText: row.spec_text,
        imageUrl: row.image_url,
        imageFileId: row.image_file_id,
        unitPriceCents: Number(row.unit_price_cents),
        quantity: row.quantity,
        listUnitCents: Number(row.list_unit_cents ?? row.unit_price_cents),
        couponShareCents: Number(row.coupon_share_cents),
        service: row.service,
      });
      found.set(row.order_id, list);
    }
    return found;
  }

  async receivers(storeId: number, orderIds: readonly number[]): Promise<Map<number, OrderReceiver>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('store_order').select(['id', 'receiver']).where('store_id', '=', storeId).where('id', 'in', [...orderIds]).execute();
    return new Map(
      rows.map((row) => {
        const value = (row.receiver ?? {}) as Partial<OrderReceiver>;
        return [row.id, { name: String(value.name ?? ''), phone: String(value.phone ?? ''), address: String(value.address ?? '') }];
      }),
    );
  }

  async insertShipments(shipments: readonly NewShipment[]): Promise<Shipment[]> {
    if (shipments.length === 0) return [];
    const rows = await this.db
      .insertInto('store_shipment')
      .values(
        shipments.map((s) => ({
          store_id: s.storeId,
          order_id: s.orderId,
          carrier: s.carrier,
          tracking_no: s.trackingNo,
          status: s.status,
          created_at: s.createdAt,
          picked_up_at: s.pickedUpAt ?? null,
          delivered_at: s.deliveredAt ?? null,
          returned_at: s.returnedAt ?? null,
        })),
      )
      .returningAll()
      .execute();
    return rows.map((row) => shipmentOf(row as unknown as Record<string, unknown>));
  }

  async shipmentsOf(orderIds: readonly number[]): Promise<Map<number, Shipment[]>> {
    const found = new Map<number, Shipment[]>();
    if (orderIds.length === 0) return found;
    const rows = await this.db.selectFrom('store_shipment').selectAll().where('order_id', 'in', [...orderIds]).orderBy('order_id').orderBy('id').execute();
    for (const row of rows) {
      const shipment = shipmentOf(row as unknown as Record<string, unknown>);
      found.set(shipment.orderId, [...(found.get(shipment.orderId) ?? []), shipment]);
    }
    return found;
  }

  /** One shipment, store-scoped when a store is given; locked when `forUpdate`. */
  async shipment(shipmentId: number, storeId?: number, forUpdate = false): Promise<(Shipment & { storeId: number }) | undefined> {
    let query = this.db.selectFrom('store_shipment').selectAll().where('id', '=', shipmentId);
    if (storeId !== undefined) query = query.where('store_id', '=', storeId);
    const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst();
    return row ? { ...shipmentOf(row as unknown as Record<string, unknown>), storeId: row.store_id } : undefined;
  }

  async updateShipment(shipmentId: number, values: { status: ShipmentStatus; pickedUpAt?: number; deliveredAt?: number; returnedAt?: number }): Promise<void> {
    await this.db
      .updateTable('store_shipment')
      .set({
        status: values.status,
        ...(values.pickedUpAt !== undefined ? { picked_up_at: values.pickedUpAt } : {}),
        ...(values.deliveredAt !== undefined ? { delivered_at: values.deliveredAt } : {}),
        ...(values.returnedAt !== undefined ? { returned_at: values.returnedAt } : {}),
      })
      .where('id', '=', shipmentId)
      .execute();
  }

  async history(orderId: number): Promise<HistoryEntry[]> {
    const rows = await this.db.selectFrom('store_order_event').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    return rows.map((row) => ({
      event: row.event as HistoryEntry['event'],
      actor: row.actor as HistoryEntry['actor'],
      fromStatus: row.from_status,
      toStatus: row.to_status,
      days: row.days,
      at: Number(row.created_at),
    }));
  }

  /** The store's name and business licence number (the sales certificate and the slips print them). */
  async storeFacts(storeId: number): Promise<{ storeName: string; licenceNo: string } | undefined> {
    const row = await this.db
      .selectFrom('store_store')
      .select(['store_name', sql<string | null>`store_info ->> 'licenseNumber'`.as('licence_no')])
      .where('id', '=', storeId)
      .executeTakeFirst();
    return row ? { storeName: row.store_name ?? '', licenceNo: row.licence_no ?? '' } : undefined;
  }

  /** Which of these categories are services (their parent is the services root of the reference data). */
  async serviceCategories(categoryIds: readonly number[], serviceRoot: number): Promise<Set<number>> {
    if (categoryIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('ref_category').select('id').where('id', 'in', [...categoryIds]).where('parent_id', '=', serviceRoot).execute();
    return new Set(rows.map((row) => row.id));
  }
}
