// console-spec §2 /order and §7: the store's shipping orders (orderList, orderDetails, shippingOrder,
// deliverySlip, sendOutGoodsDetail, extensions, salesCertificate) and the dashboard's counts. The
// state machines are ../order-machines (design in docs/orders.md); money is integer cents and times
// integer seconds, as everywhere on the wire.
import { z } from 'zod';
import { defineEndpoint, endpointsUnder, pageQueryShape, pageResult } from '../endpoint';
import type { LocalizedText } from '../languages';
import type { Actor } from '../state-machine';
import type { OrderEvent, OrderStatus, ShipmentStatus } from '../order-machines';
import { PERMISSIONS } from '../permissions';
import { CARRIER_CODES, carrierCodeOf } from './carriers';
import { namedPattern, rule } from '../rules';
import { STORE_CODES } from '../store-codes';
import { CREATE_TIME_RANGE_ERROR, createTimeRangeValid, createTimeShape, keywordField, sortShape } from './goods';

export const ORDER_BASE = '/v1/store/eshop/order';

/** console-spec §4 shipping-order status: 1 to ship, 2 and 3 shipped, 4 completed, 5 withdrawn, 6 refunded. */
export const SHIPPING_ORDER_STATUSES = [1, 2, 3, 4, 5, 6] as const;

export const ORDER_LIMITS = {
  /** Rows of one bulk shipment (an uploaded sheet); each row is its own transaction. */
  bulkShipMax: 200,
  /** Orders on one printed delivery slip batch. */
  deliverySlipMax: 50,
  carrierMax: 30,
  trackingNoMax: 40,
  /** extensions: days one extension adds to the return period. */
  extendDaysMin: 1,
  extendDaysMax: 30,
  /** The return period a shipment starts (the system confirms receipt when it ends): our design, docs/orders.md. */
  returnPeriodDays: 10,
  /** An order not paid within this many minutes is closed and what it held goes back (stock, coupon, a sale's stock): docs/orders.md. */
  unpaidMinutes: 15,
  amountMaxCents: 99_999_999_99,
} as const;

/** Tracking numbers: letters, digits and hyphens (carriers' formats differ; our rule). */
export const TRACKING_NO_PATTERN = /^[A-Za-z0-9-]+$/;

// A custom check rather than z.number(): whatever was sent, the problem is 'whole seconds'.
const seconds = () =>
  z.custom<number>((value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0, rule('wholeSeconds')).meta({
    type: 'integer',
    minimum: 0,
    description: 'integer seconds',
  });

const id = () => z.number().int().positive();
const cents = () =>
  z
    .number()
    .refine(Number.isInteger, rule('wholeCents'))
    .min(0)
    .max(ORDER_LIMITS.amountMaxCents);
const required = (max: number) =>
  z.string().trim().min(1).max(max);

/** Optional creation-time window in integer seconds, both ends inclusive (our design: the spec leaves the body open). */
export const orderCountBiz = z
  .object({ startTime: seconds().optional(), endTime: seconds().optional() })
  .refine((v) => v.startTime === undefined || v.endTime === undefined || v.endTime >= v.startTime, rule('endBeforeStart', { path: ['endTime'] }));

export type OrderCountQuery = z.output<typeof orderCountBiz>;

const orderStatusValue = z.number().int() as unknown as z.ZodType<OrderStatus>;
const shipmentStatusValue = z.number().int() as unknown as z.ZodType<ShipmentStatus>;
const orderEventValue = z.string() as unknown as z.ZodType<OrderEvent>;

// ---------------------------------------------------------------------------------------------
// orderList

export const ORDER_SORT_FIELDS = ['createTime', 'paidTime', 'amount'] as const;

/**
 * orderList: a status tab (absent = all), order number, buyer name or phone keyword, creation window
 * (seconds) and amount range in cents (the console multiplies the merchant's yuan by 100).
 */
export const orderListBiz = z
  .object({
    ...pageQueryShape,
    status: z
      .number()
      .refine((s) => (SHIPPING_ORDER_STATUSES as readonly number[]).includes(s), rule('option', { values: SHIPPING_ORDER_STATUSES }))
      .optional(),
    orderNo: keywordField(),
    /** Matches the buyer's name (contains) or phone (contains). */
    buyer: keywordField(),
    ...createTimeShape,
    amountMin: cents().optional(),
    amountMax: cents().optional(),
    ...sortShape(ORDER_SORT_FIELDS),
  })
  .refine(createTimeRangeValid, CREATE_TIME_RANGE_ERROR)
  .refine((v) => v.amountMin === undefined || v.amountMax === undefined || v.amountMax >= v.amountMin, rule('maxBelowMin', { path: ['amountMax'], other: 'amountMin' }));
export type OrderListQuery = z.input<typeof orderListBiz>;

export const orderRowSchema = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  status: orderStatusValue,
  /** The customer's IM account (e.g. c_demo1): the detail's "contact buyer" opens this chat. */
  buyerAccid: z.string(),
  buyerName: z.string(),
  /** Full number (the detail's call button needs it); screens mask it with ui-kit's maskPhone (§3). */
  buyerPhone: z.string(),
  amountCents: z.number(),
  /** Sum of the items' quantities. */
  itemCount: z.number(),
  createTime: z.number(),
  paidAt: z.number(),
  /** When the system confirms receipt unless the buyer does first; null until shipped. */
  returnDeadline: z.number().nullable(),
  /** Goods with a service part (installation, delivery to the room): serviceOrderDetails. */
  serviceOrder: z.boolean(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

// ---------------------------------------------------------------------------------------------
// orderDetails

export const orderItemSchema = z.object({
  goodsId: z.number(),
  skuId: z.number(),
  title: z.string(),
  /** The SKU's spec values as text, e.g. "颜色: 红; 尺码: L". */
  specText: z.string(),
  imageUrl: z.string(),
  /** What one unit paid before the coupon: the list price, or a time-limited sale's or group buy's price. */
  unitPriceCents: z.number(),
  quantity: z.number(),
  /** The SKU's list price when the order was placed. */
  listUnitCents: z.number(),
  /** The line's share of the order's coupon discount, in whole cents (the shares sum to the order's). */
  couponShareCents: z.number(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** The promotions an order can be placed through; their names are in ORDER_PROMOTION_LABELS. */
export const ORDER_PROMOTION_KINDS = ['sale', 'groupBuy'] as const;
export type OrderPromotionKind = (typeof ORDER_PROMOTION_KINDS)[number];
export const ORDER_PROMOTION_LABELS: Readonly<Record<OrderPromotionKind, LocalizedText>> = {
  sale: { 'zh-CN': '限时抢购', 'en-US': 'time-limited sale' },
  groupBuy: { 'zh-CN': '拼团', 'en-US': 'group buy' },
};

export const orderReceiverSchema = z.object({ name: z.string(), phone: z.string(), address: z.string() });
export type OrderReceiver = z.infer<typeof orderReceiverSchema>;

export const shipmentSchema = z.object({
  shipmentId: z.number(),
  orderId: z.number(),
  carrier: z.string(),
  trackingNo: z.string(),
  /** SHIPMENT_MACHINE: 1 awaiting pickup, 2 in transit, 3 delivered, 4 returned to sender. */
  status: shipmentStatusValue,
  createTime: z.number(),
  pickedUpAt: z.number().nullable(),
  deliveredAt: z.number().nullable(),
  returnedAt: z.number().nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** History entries: `paid` (the order reached the store), the ORDER machine's events, and return-period extensions. */
export const ORDER_HISTORY_EVENTS = ['paid', 'ship', 'deliver', 'confirmReceipt', 'withdraw', 'refundInFull', 'extendReturnPeriod'] as const;
export type OrderHistoryEvent = (typeof ORDER_HISTORY_EVENTS)[number];
export const ORDER_HISTORY_EVENT_LABELS: Readonly<Record<OrderHistoryEvent, LocalizedText>> = {
  paid: { 'zh-CN': '买家已付款', 'en-US': 'paid by the buyer' },
  ship: { 'zh-CN': '商家已发货', 'en-US': 'shipped' },
  deliver: { 'zh-CN': '快递已签收', 'en-US': 'delivered by the carrier' },
  confirmReceipt: { 'zh-CN': '确认收货', 'en-US': 'receipt confirmed' },
  withdraw: { 'zh-CN': '买家撤销订单', 'en-US': 'withdrawn by the buyer' },
  refundInFull: { 'zh-CN': '全额退款', 'en-US': 'refunded in full' },
  extendReturnPeriod: { 'zh-CN': '延长退货期', 'en-US': 'return period extended' },
};

export const orderHistoryEntrySchema = z.object({
  event: z.string() as unknown as z.ZodType<OrderHistoryEvent>,
  actor: z.string() as unknown as z.ZodType<Actor>,
  /** Null for `paid` (the order's first entry). */
  fromStatus: orderStatusValue.nullable(),
  toStatus: orderStatusValue,
  /** extendReturnPeriod: the days added; otherwise null. */
  days: z.number().nullable(),
  at: z.number(),
});

export const orderDetailSchema = orderRowSchema.extend({
  items: z.array(orderItemSchema),
  receiver: orderReceiverSchema,
  shipments: z.array(shipmentSchema),
  /** Oldest first. */
  history: z.array(orderHistoryEntrySchema),
  /** The merchant's events allowed now (ORDER_MACHINE.eventsFrom(status, 'merchant'); no `ship` while held for a team): the buttons to show. */
  actions: z.array(orderEventValue),
  /** What promotions took off (docs/orders.md "Promotions and coupons"): listCents = amountCents + both discounts. */
  pricing: z.object({
    listCents: z.number(),
    promotionDiscountCents: z.number(),
    couponDiscountCents: z.number(),
    /** The buyer's coupon used in the order (a store_coupon id), or null. */
    couponId: z.number().nullable(),
    /** The time-limited sale or group buy the order was placed through, or null. */
    promotion: z.object({ kind: z.enum(ORDER_PROMOTION_KINDS), activityId: z.number() }).nullable(),
  }),
  /** A paid group-buy order waiting for its team: it cannot ship until the team forms. */
  heldForTeam: z.boolean(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderIdOnlyBiz = z.object({ orderId: id() });

// ---------------------------------------------------------------------------------------------
// shippingOrder: one, or a sheet of rows

/** A carrier of the list (carriers.ts), by code or by name in either language; store-server keeps its code. */
const carrierField = required(ORDER_LIMITS.carrierMax).refine((value) => carrierCodeOf(value) !== undefined, rule('carrier', { values: CARRIER_CODES }));
const trackingNoField = required(ORDER_LIMITS.trackingNoMax).regex(namedPattern(TRACKING_NO_PATTERN, { rule: 'trackingNo' }));

export const shipOrderBiz = z.object({ orderId: id(), carrier: carrierField, trackingNo: trackingNoField });
export type ShipOrderRequest = z.input<typeof shipOrderBiz>;

/**
 * bulkShip: the rows are only shaped here; each row is checked with shipOrderBiz on its own and answers
 * its own result, so one bad row never stops the others.
 */
export const bulkShipBiz = z.object({
  rows: z
    .array(z.object({ orderId: z.unknown(), carrier: z.unknown(), trackingNo: z.unknown() }))
    .min(1)
    .max(ORDER_LIMITS.bulkShipMax),
});
export type BulkShipRequest = z.input<typeof bulkShipBiz>;

export const bulkShipResultSchema = z.object({
  /** The row's orderId as sent (null when it was not a number). */
  orderId: z.number().nullable(),
  ok: z.boolean(),
  /** 00000000, or the code shipOrder would answer (10100001, 10100004, 10100005). */
  code: z.string(),
  /** In the caller's language. */
  msg: z.string(),
  /** The new shipment when ok. */
  shipmentId: z.number().nullable(),
});
export const bulkShipAnswerSchema = z.object({ results: z.array(bulkShipResultSchema), okCount: z.number(), failCount: z.number() });

// ---------------------------------------------------------------------------------------------
// sendOutGoodsDetail, deliverySlip, extensions, salesCertificate

export const shipmentIdBiz = z.object({ shipmentId: id() });
export const shipmentDetailSchema = shipmentSchema.extend({
  orderNo: z.string(),
  orderStatus: orderStatusValue,
  receiver: orderReceiverSchema,
  items: z.array(orderItemSchema),
});

export const deliverySlipBiz = z.object({
  orderIds: z
    .array(id())
    .min(1)
    .max(ORDER_LIMITS.deliverySlipMax)
    .refine((ids) => new Set(ids).size === ids.length, rule('distinct')),
});
export const deliverySlipSchema = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  status: orderStatusValue,
  paidAt: z.number(),
  buyerName: z.string(),
  receiver: orderReceiverSchema,
  items: z.array(orderItemSchema),
  amountCents: z.number(),
  /** The latest shipment's carrier and tracking number, when shipped. */
  carrier: z.string().nullable(),
  trackingNo: z.string().nullable(),
});
export const deliverySlipAnswerSchema = z.object({ storeName: z.string(), printedAt: z.number(), slips: z.array(deliverySlipSchema) });

export const extendReturnPeriodBiz = z.object({
  orderId: id(),
  days: z
    .number()
    .int()
    .min(ORDER_LIMITS.extendDaysMin)
    .max(ORDER_LIMITS.extendDaysMax),
});

export const salesCertificateSchema = z.object({
  storeName: z.string(),
  /** The store's business licence number (empty when the store has none on file). */
  licenceNo: z.string(),
  orderId: z.number(),
  orderNo: z.string(),
  buyerName: z.string(),
  items: z.array(orderItemSchema.extend({ amountCents: z.number() })),
  amountCents: z.number(),
  paidAt: z.number(),
  issuedAt: z.number(),
});

const { notFound, notAllowedInCurrentState } = STORE_CODES;
const view = { access: 'user', permission: PERMISSIONS.orderView } as const;
const ship = { access: 'user', permission: PERMISSIONS.orderShip } as const;
const orderCall = endpointsUnder(ORDER_BASE);

export const orderEndpoints = {
  /** One entry per shipping-order status, zero when the store has none. */
  queryStoreOrderCount: defineEndpoint({
    path: `${ORDER_BASE}/queryStoreOrderCount`,
    access: 'user',
    permission: PERMISSIONS.orderView,
    summary: "The store's orders per shipping status",
    biz: orderCountBiz,
    data: z.strictObject({
      total: z.number().int().min(0),
      counts: z.array(z.strictObject({ status: z.number().int(), count: z.number().int().min(0) })),
    }),
  }),
  orderList: orderCall('list', { biz: orderListBiz, data: pageResult(orderRowSchema), ...view, summary: 'orderList' }),
  orderDetail: orderCall('detail', { biz: orderIdOnlyBiz, data: orderDetailSchema, errors: [notFound], ...view, summary: 'orderDetails' }),
  shipOrder: orderCall('ship', { biz: shipOrderBiz, data: shipmentSchema, errors: [notFound, notAllowedInCurrentState], ...ship, summary: 'shippingOrder: ship one order' }),
  bulkShip: orderCall('bulkShip', { biz: bulkShipBiz, data: bulkShipAnswerSchema, ...ship, summary: 'orderDelivery: ship a sheet of orders, a result per row' }),
  shipmentDetail: orderCall('shipment/detail', { biz: shipmentIdBiz, data: shipmentDetailSchema, errors: [notFound], ...view, summary: 'sendOutGoodsDetail' }),
  deliverySlip: orderCall('deliverySlip', { biz: deliverySlipBiz, data: deliverySlipAnswerSchema, errors: [notFound], ...view, summary: 'deliverySlip: what the printed slips need' }),
  extendReturnPeriod: orderCall('extendReturnPeriod', {
    biz: extendReturnPeriodBiz,
    data: z.object({ returnDeadline: z.number() }),
    errors: [notFound, notAllowedInCurrentState],
    ...ship,
    summary: 'extensions: extend the return period (statuses 2 and 3)',
  }),
  salesCertificate: orderCall('salesCertificate', { biz: orderIdOnlyBiz, data: salesCertificateSchema, errors: [notFound, notAllowedInCurrentState], ...view, summary: 'salesCertificate: proof of sale (not for withdrawn or refunded orders)' }),
} as const;
