import {
  SHIPMENT_MACHINE,
  carrierCodeOf,
  describeValidationErrorText,
  shipOrderBiz,
  type OrderDetail,
  type OrderListQuery,
  type PageOf,
  type OrderRow,
  type OrderStatus,
  type Shipment,
  type SupportedLanguage,
} from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import { epochSecondsOf, type Clock } from '../../shared/clock';
import type { ListQuery } from '../../shared/resource-list';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { ORDER, SHIPMENT, UNPAID_ORDER_STATUS, extendReturnPeriod, merchantActions, moveOrder, notFound } from './orders.domain';
import { answeredItems, type SignFileUrls } from './orders.media';
import type { LockedOrder, OrdersRepository } from './orders.repository';
import { SHIPPING_ORDER_STATUSES, type OrderCountQuery } from './orders.schemas';

export interface StoreOrderCount {
  total: number;
  /** One entry per shipping-order status of console-spec §4, zero when the store has none. */
  counts: Array<{ status: number; count: number }>;
}

export interface ShipInput {
  orderId: number;
  carrier: string;
  trackingNo: string;
}

export interface BulkShipResult {
  orderId: number | null;
  ok: boolean;
  code: string;
  msg: string;
  shipmentId: number | null;
}

/** Withdrawn and refunded orders sold nothing: no proof of sale for them. */
const NO_CERTIFICATE_STATUSES: readonly number[] = [5, 6];

/** The store's side of orders (console-spec §2 /order): every move on a locked row, with its history line. */
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly clock: Clock,
  ) {}

  private now(): number {
    return epochSecondsOf(this.clock.now());
  }

  /** queryStoreOrderCount: the caller's orders per status — the kept counts (migration 0017), or within a window counted from the rows. */
  async countStoreOrders(caller: Caller, window: OrderCountQuery): Promise<StoreOrderCount> {
    const found = new Map((await this.orders.countByStatus(caller.storeId, window)).map((row) => [row.status, row.count]));
    const counts = SHIPPING_ORDER_STATUSES.map((status) => ({ status, count: found.get(status) ?? 0 }));
    return { total: counts.reduce((sum, entry) => sum + entry.count, 0), counts };
  }

  list(caller: Caller, query: OrderListQuery & ListQuery): Promise<PageOf<OrderRow>> {
    return this.orders.page(caller.storeId, query);
  }

  /** The orders' lines as answered: each image signed afresh for the caller's store (orders.media.ts). */
  private async itemsOf(orderIds: readonly number[], sign: SignFileUrls) {
    return answeredItems(await this.orders.items(orderIds), sign);
  }

  async detail(caller: Caller, orderId: number, sign: SignFileUrls): Promise<OrderDetail> {
    const row = await this.orders.row(caller.storeId, orderId);
    if (!row) throw notFound(ORDER);
    const [items, receivers, shipments, history, promotion] = await Promise.all([
      this.itemsOf([orderId], sign),
      this.orders.receivers(caller.storeId, [orderId]),
      this.orders.shipmentsOf([orderId]),
      this.orders.history(orderId),
      this.orders.pricingOf(caller.storeId, orderId),
    ]);
    const { heldForTeam = false, ...pricing } = promotion ?? { listCents: row.amountCents, promotionDiscountCents: 0, couponDiscountCents: 0, couponId: null, promotion: null };
    return {
      ...row,
      items: items.get(orderId) ?? [],
      receiver: receivers.get(orderId) ?? { name: '', phone: '', address: '' },
      shipments: shipments.get(orderId) ?? [],
      history: history.map((entry) => ({ ...entry, fromStatus: entry.fromStatus as OrderStatus | null, toStatus: entry.toStatus as OrderStatus })),
      actions: merchantActions(row.status, heldForTeam),
      pricing,
      heldForTeam,
    };
  }

  /** The store's paid order, locked; an unpaid one is the buyer's cart and answers not found like another store's. */
  private async lockOwn(orders: OrdersRepository, caller: Caller, orderId: number): Promise<LockedOrder> {
    const order = await orders.lock(orderId, { storeId: caller.storeId });
    if (!order || order.status === UNPAID_ORDER_STATUS) throw notFound(ORDER);
    return order;
  }

  /**
   * shippingOrder: the ORDER machine's `ship` by the merchant, and a shipment awaiting pickup. The carrier
   * passed shipOrderBiz (one of CARRIERS, by code or name): the shipment keeps its code.
   */
  ship(caller: Caller, input: ShipInput): Promise<Shipment> {
    return this.orders.transaction(async (orders) => {
      const order = await this.lockOwn(orders, caller, input.orderId);
      if (order.heldForTeam) {
        throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('拼团未成团，订单暂不能发货', 'the order waits for its group to form; it cannot ship yet'));
      }
      const at = this.now();
      const move = moveOrder(order, 'ship', 'merchant', at);
      const [shipment] = await orders.insertShipments([
        { storeId: caller.storeId, orderId: order.id, carrier: carrierCodeOf(input.carrier) ?? input.carrier, trackingNo: input.trackingNo, status: SHIPMENT_MACHINE.initial, createdAt: at },
      ]);
      await orders.saveMove(order, move.state, move.entry);
      return shipment as Shipment;
    });
  }

  /** orderDelivery: each row checked and shipped on its own (its own transaction); a bad row never stops the others. */
  async bulkShip(caller: Caller, rows: readonly unknown[], language: SupportedLanguage): Promise<{ results: BulkShipResult[]; okCount: number; failCount: number }> {
    const results: BulkShipResult[] = [];
    for (const raw of rows) {
      const sentId = (raw as { orderId?: unknown }).orderId;
      const orderId = typeof sentId === 'number' && Number.isSafeInteger(sentId) ? sentId : null;
      const parsed = shipOrderBiz.safeParse(raw);
      if (!parsed.success) {
        results.push({ orderId, ok: false, code: STORE_CODES.invalidParameter, msg: describeValidationErrorText(parsed.error, raw as Record<string, unknown>)[language], shipmentId: null });
        continue;
      }
      try {
        const shipment = await this.ship(caller, parsed.data);
        results.push({ orderId, ok: true, code: STORE_CODES.success, msg: language === 'zh-CN' ? '发货成功' : 'shipped', shipmentId: shipment.shipmentId });
      } catch (error) {
        if (!(error instanceof StoreError)) throw error;
        results.push({ orderId, ok: false, code: error.code, msg: error.messageIn(language), shipmentId: null });
      }
    }
    const okCount = results.filter((result) => result.ok).length;
    return { results, okCount, failCount: results.length - okCount };
  }

  /** sendOutGoodsDetail. */
  async shipmentDetail(caller: Caller, shipmentId: number, sign: SignFileUrls) {
    const shipment = await this.orders.shipment(shipmentId, caller.storeId);
    if (!shipment) throw notFound(SHIPMENT);
    const row = await this.orders.row(caller.storeId, shipment.orderId);
    if (!row) throw notFound(SHIPMENT);
    const [items, receivers] = await Promise.all([this.itemsOf([row.orderId], sign), this.orders.receivers(caller.storeId, [row.orderId])]);
    const { storeId: _storeId, ...fields } = shipment;
    return {
      ...fields,
      orderNo: row.orderNo,
      orderStatus: row.status,
      receiver: receivers.get(row.orderId) ?? { name: '', phone: '', address: '' },
      items: items.get(row.orderId) ?? [],
    };
  }

  /** deliverySlip: every order must be the store's, or nothing is answered (10100004). */
  async deliverySlip(caller: Caller, orderIds: readonly number[], sign: SignFileUrls) {
    const rows = await this.orders.rows(caller.storeId, orderIds);
    if (rows.length !== new Set(orderIds).size) throw notFound(ORDER);
    const [facts, items, receivers, shipments] = await Promise.all([
      this.orders.storeFacts(caller.storeId),
      this.itemsOf(orderIds, sign),
      this.orders.receivers(caller.storeId, orderIds),
      this.orders.shipmentsOf(orderIds),
    ]);
    const byId = new Map(rows.map((row) => [row.orderId, row]));
    return {
      storeName: facts?.storeName ?? '',
      printedAt: this.now(),
      slips: orderIds.map((orderId) => {
        const row = byId.get(orderId) as OrderRow;
        const latest = (shipments.get(orderId) ?? []).at(-1);
        return {
          orderId,
          orderNo: row.orderNo,
          status: row.status,
          paidAt: row.paidAt,
          buyerName: row.buyerName,
          receiver: receivers.get(orderId) ?? { name: '', phone: '', address: '' },
          items: items.get(orderId) ?? [],
          amountCents: row.amountCents,
          carrier: latest?.carrier ?? null,
          trackingNo: latest?.trackingNo ?? null,
        };
      }),
    };
  }

  /** extensions: only while shipped or delivered awaiting confirmation (else 10100005). */
  extendReturnPeriod(caller: Caller, input: { orderId: number; days: number }): Promise<{ returnDeadline: number }> {
    return this.orders.transaction(async (orders) => {
      const order = await this.lockOwn(orders, caller, input.orderId);
      const move = extendReturnPeriod(order, input.days, this.now());
      await orders.saveMove(order, move.state, move.entry);
      return { returnDeadline: move.state.returnDeadline as number };
    });
  }

  /** salesCertificate: proof of sale of a paid order that was not withdrawn or refunded. */
  async salesCertificate(caller: Caller, orderId: number, sign: SignFileUrls) {
    const row = await this.orders.row(caller.storeId, orderId);
    if (!row) throw notFound(ORDER);
    if (NO_CERTIFICATE_STATUSES.includes(row.status)) {
      throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('已撤销或已退款的订单不能开具销售凭证', 'a withdrawn or refunded order has no proof of sale'));
    }
    const [facts, items] = await Promise.all([this.orders.storeFacts(caller.storeId), this.itemsOf([orderId], sign)]);
    return {
      storeName: facts?.storeName ?? '',
      licenceNo: facts?.licenceNo ?? '',
      orderId,
      orderNo: row.orderNo,
      buyerName: row.buyerName,
      items: (items.get(orderId) ?? []).map((item) => ({ ...item, amountCents: item.unitPriceCents * item.quantity })),
      amountCents: row.amountCents,
      paidAt: row.paidAt,
      issuedAt: this.now(),
    };
  }
}
