import {
  ORDER_LIMITS,
  ORDER_MACHINE,
  SHIPMENT_MACHINE,
  type Actor,
  type OrderEvent,
  type OrderHistoryEvent,
  type OrderStatus,
  type ShipmentEvent,
  type ShipmentStatus,
} from '@merchant/api-contracts';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';

// The pure rules of orders (docs/orders.md): the machines of @merchant/api-contracts decide every move,
// these functions only turn a refused move into the store's 10100005 and compute what a move changes.
// The service runs them inside a transaction on a locked row; the demo seed runs the same ones in memory.

export const DAY_SECONDS = 24 * 60 * 60;

/** A placed order the buyer has not paid: the buyer's cart, never shown to the store (docs/orders.md "Buyer side"). */
export const UNPAID_ORDER_STATUS = 0;

/** Categories under this root are services (installation, repair: reference data 0003). */
export const SERVICE_CATEGORY_ROOT = 3;

export const notFound = (what: LocalizedWhat) => new StoreError(STORE_CODES.notFound, text(`${what.zh}不存在`, `${what.en} not found`));
interface LocalizedWhat {
  zh: string;
  en: string;
}
export const ORDER: LocalizedWhat = { zh: '订单', en: 'order' };
export const SHIPMENT: LocalizedWhat = { zh: '发货记录', en: 'shipment' };

const refused = (what: LocalizedWhat, state: number, event: string) =>
  new StoreError(
    STORE_CODES.notAllowedInCurrentState,
    text(`${what.zh}当前状态不允许此操作`, `${what.en} in status ${state}: ${event} is not allowed in the current state`),
  );

/** The order's next status, or 10100005 when the ORDER machine refuses the event for this actor. */
export function nextOrderStatus(status: number, event: OrderEvent, actor: Actor): OrderStatus {
  const next = ORDER_MACHINE.next(status, event, actor);
  if (next === undefined) throw refused(ORDER, status, event);
  return next;
}

export function nextShipmentStatus(status: number, event: ShipmentEvent, actor: Actor): ShipmentStatus {
  const next = SHIPMENT_MACHINE.next(status, event, actor);
  if (next === undefined) throw refused(SHIPMENT, status, event);
  return next;
}

/** One line of the status history, as store_order_event keeps it. */
export interface HistoryEntry {
  event: OrderHistoryEvent;
  actor: Actor;
  fromStatus: number | null;
  toStatus: number;
  days: number | null;
  at: number;
}

/** What an order's state is made of, for the moves below. */
export interface OrderState {
  status: number;
  returnDeadline: number | null;
}

export interface OrderMove {
  state: OrderState;
  entry: HistoryEntry;
}

/** Payment: the unpaid order reaches the store in the ORDER machine's initial state. */
export function payOrder(state: OrderState, at: number): OrderMove {
  if (state.status !== UNPAID_ORDER_STATUS) throw refused(ORDER, state.status, 'pay');
  const toStatus = ORDER_MACHINE.initial;
  return { state: { status: toStatus, returnDeadline: null }, entry: { event: 'paid', actor: 'buyer', fromStatus: null, toStatus, days: null, at } };
}

/** Any ORDER machine event; shipping starts the return period, at whose end the system confirms receipt. */
export function moveOrder(state: OrderState, event: OrderEvent, actor: Actor, at: number): OrderMove {
  const toStatus = nextOrderStatus(state.status, event, actor);
  const returnDeadline = event === 'ship' ? at + ORDER_LIMITS.returnPeriodDays * DAY_SECONDS : state.returnDeadline;
  return { state: { status: toStatus, returnDeadline }, entry: { event, actor, fromStatus: state.status, toStatus, days: null, at } };
}

/** The statuses whose return period may be extended: shipped, and delivered awaiting confirmation. */
export const EXTENDABLE_STATUSES: readonly number[] = [2, 3];

/** extensions: moves the system's automatic confirmation later; counted from now when the deadline has passed. */
export function extendReturnPeriod(state: OrderState, days: number, at: number): OrderMove {
  if (!EXTENDABLE_STATUSES.includes(state.status)) throw refused(ORDER, state.status, 'extendReturnPeriod');
  const from = Math.max(state.returnDeadline ?? at, at);
  return {
    state: { status: state.status, returnDeadline: from + days * DAY_SECONDS },
    entry: { event: 'extendReturnPeriod', actor: 'merchant', fromStatus: state.status, toStatus: state.status, days, at },
  };
}

/** A SKU as an order line needs it (read through the goods module). */
export interface OrderableSku {
  goodsId: number;
  skuId: number;
  title: string;
  specValues: Record<string, string>;
  imageUrl: string;
  /** The media library file of imageUrl (the goods' first image), signed on every read of the order. */
  imageFileId: number | null;
  priceCents: number;
  /** Goods of a service category. */
  service: boolean;
  /** The goods' category (a coupon scoped to categories matches it or an ancestor). */
  categoryId: number | null;
}

export interface OrderLine {
  skuId: number;
  quantity: number;
  /** The buyer booked the store's installation with the goods. */
  withService?: boolean;
}

export interface PricedItem {
  goodsId: number;
  skuId: number;
  title: string;
  specText: string;
  imageUrl: string;
  imageFileId: number | null;
  unitPriceCents: number;
  quantity: number;
  service: boolean;
}

export const specText = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');

/** The order's items at today's prices, its amount and whether any line has a service part. */
export function priceOrder(lines: readonly OrderLine[], skus: ReadonlyMap<number, OrderableSku>): { items: PricedItem[]; amountCents: number; itemCount: number; serviceOrder: boolean } {
  const items = lines.map((line) => {
    const sku = skus.get(line.skuId);
    if (!sku) throw notFound({ zh: '商品规格', en: `SKU ${line.skuId}` });
    return {
      goodsId: sku.goodsId,
      skuId: sku.skuId,
      title: sku.title,
      specText: specText(sku.specValues),
      imageUrl: sku.imageUrl,
      imageFileId: sku.imageFileId,
      unitPriceCents: sku.priceCents,
      quantity: line.quantity,
      service: sku.service || line.withService === true,
    };
  });
  return {
    items,
    amountCents: items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0),
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    serviceOrder: items.some((item) => item.service),
  };
}

/** The merchant's buttons: the ORDER machine's merchant events in this status; no `ship` while a group-buy order waits for its team. */
export const merchantActions = (status: number, heldForTeam = false): OrderEvent[] =>
  ORDER_MACHINE.eventsFrom(status, 'merchant').filter((event) => !(heldForTeam && event === 'ship'));
