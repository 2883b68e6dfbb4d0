import { SHIPMENT_MACHINE, type Actor, type CarrierCode, type OrderEvent, type OrderReceiver } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { postOrderPayments, postOrderRefund } from '../ledger';
import { orderableSkus } from './orders.catalogue';
import { UNPAID_ORDER_STATUS, moveOrder, nextShipmentStatus, payOrder, priceOrder, type HistoryEntry, type OrderLine, type OrderState, type PricedItem } from './orders.domain';
import { OrdersRepository, type NewOrder, type NewShipment } from './orders.repository';

// Demo orders (docs/orders.md "Demo orders and simulator"): written in batches for a fast start, but
// every order is priced from the store's on-shelf SKUs and reaches its status through the same moves
// the service makes (payOrder, moveOrder, the SHIPMENT machine), so each one has a legal history.
// Stock is left alone: the demo history predates the goods' seeded stock (whose numbers other tests read).

/** The demo buyers: the first two are the IM demo customers (db/seed.ts DEMO_CUSTOMERS), so their chats open. */
export const DEMO_BUYERS = [
  { accid: 'c_demo1', name: 'Alice Chen', phone: '13912340001' },
  { accid: 'c_demo2', name: 'Bob Li', phone: '13912340002' },
  { accid: 'c_demo3', name: '王芳', phone: '13712340003' },
  { accid: 'c_demo4', name: '李娜', phone: '13612340004' },
  { accid: 'c_demo5', name: '张伟', phone: '15012340005' },
  { accid: 'c_demo6', name: '刘洋', phone: '15812340006' },
  { accid: 'c_demo7', name: 'Chen Jie', phone: '18612340007' },
  { accid: 'c_demo8', name: 'Zhao Min', phone: '18912340008' },
] as const;

export const DEMO_ADDRESSES = [
  '上海市黄浦区南京东路 100 号 1201 室',
  '上海市浦东新区世纪大道 88 号 3 栋 502',
  '深圳市南山区科技园南路 9 号 B 座 1703',
  '北京市朝阳区建国路 66 号 2 单元 801',
  '杭州市西湖区文三路 478 号 4 楼',
] as const;

/** Codes of the contract's CARRIERS list, as a shipment keeps them. */
export const DEMO_CARRIERS = ['SF', 'ZTO', 'YTO', 'JD'] as const satisfies readonly CarrierCode[];

export interface DemoOrderSpec {
  storeId: number;
  buyer: { accid: string; name: string; phone: string };
  receiver: OrderReceiver;
  lines: OrderLine[];
  createdAt: number;
  paidAt: number;
  /** The moves after payment, oldest first, each at its time. */
  moves: Array<{ event: OrderEvent; actor: Actor; at: number }>;
  carrier: string;
  trackingNo: string;
}

interface Planned {
  order: NewOrder;
  items: PricedItem[];
  shipment: Omit<NewShipment, 'orderId'> | null;
  history: HistoryEntry[];
}

/** The shipment's moves an order move implies: picked up before delivery or receipt, delivered with the order. */
function shipmentAfter(shipment: Omit<NewShipment, 'orderId'>, event: OrderEvent, at: number): Omit<NewShipment, 'orderId'> {
  let next = shipment;
  if ((event === 'deliver' || event === 'confirmReceipt') && next.status === SHIPMENT_MACHINE.initial) {
    next = { ...next, status: nextShipmentStatus(next.status, 'pickUp', 'system'), pickedUpAt: Math.min(next.createdAt + 6 * 3600, at) };
  }
  if (event === 'deliver') next = { ...next, status: nextShipmentStatus(next.status, 'deliver', 'system'), deliveredAt: at };
  return next;
}

/** Runs one spec's moves in memory: the order's final state, its shipment and its history. */
export function planDemoOrder(spec: DemoOrderSpec, priced: ReturnType<typeof priceOrder>): Planned {
  let state: OrderState = { status: UNPAID_ORDER_STATUS, returnDeadline: null };
  const history: HistoryEntry[] = [];
  const paid = payOrder(state, spec.paidAt);
  state = paid.state;
  history.push(paid.entry);
  let shipment: Omit<NewShipment, 'orderId'> | null = null;
  for (const step of spec.moves) {
    const move = moveOrder(state, step.event, step.actor, step.at);
    state = move.state;
    history.push(move.entry);
    if (step.event === 'ship') {
      shipment = { storeId: spec.storeId, carrier: spec.carrier, trackingNo: spec.trackingNo, status: SHIPMENT_MACHINE.initial, createdAt: step.at };
    } else if (shipment !== null) {
      shipment = shipmentAfter(shipment, step.event, step.at);
    }
  }
  return {
    order: {
      storeId: spec.storeId,
      buyerAccid: spec.buyer.accid,
      buyerName: spec.buyer.name,
      buyerPhone: spec.buyer.phone,
      receiver: spec.receiver,
      amountCents: priced.amountCents,
      serviceOrder: priced.serviceOrder,
      createdAt: spec.createdAt,
      status: state.status,
      paidAt: spec.paidAt,
      returnDeadline: state.returnDeadline,
    },
    items: priced.items,
    shipment,
    history,
  };
}

// Under PostgreSQL's 65535 bind parameters for the widest table (12 columns).
const CHUNK = 2000;
const chunks = <T>(rows: readonly T[]) => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/** Writes the specs' orders in a few statements, inside one transaction. Answers the new ids in spec order. */
export function writeDemoOrders(db: Kysely<StoreDatabase>, specs: readonly DemoOrderSpec[]): Promise<number[]> {
  return new OrdersRepository(db).transaction(async (orders) => {
    const skusByStore = new Map<number, Awaited<ReturnType<typeof orderableSkus>>>();
    for (const storeId of new Set(specs.map((spec) => spec.storeId))) {
      const lines = specs.filter((spec) => spec.storeId === storeId).flatMap((spec) => spec.lines);
      skusByStore.set(storeId, await orderableSkus(orders, storeId, lines));
    }
    const planned = specs.map((spec) => planDemoOrder(spec, priceOrder(spec.lines, skusByStore.get(spec.storeId) as Map<number, never>)));
    const ids: number[] = [];
    for (const part of chunks(planned)) ids.push(...(await orders.insertOrders(part.map((p) => p.order))));
    const withIds = planned.map((p, i) => ({ ...p, orderId: ids[i] as number }));
    for (const part of chunks(withIds.flatMap((p) => p.items.map((item) => ({ orderId: p.orderId, storeId: p.order.storeId, item }))))) await orders.insertItems(part);
    for (const part of chunks(withIds.flatMap((p) => (p.shipment ? [{ ...p.shipment, orderId: p.orderId }] : [])))) await orders.insertShipments(part);
    for (const part of chunks(withIds.flatMap((p) => p.history.map((entry) => ({ orderId: p.orderId, storeId: p.order.storeId, entry }))))) await orders.insertHistory(part);
    // The money through the ledger's own postings (docs/ledger.md "Demo history"): each payment, and a buyer's
    // withdrawal paid back in full. Refunds of after-sales are posted by the after-sales seed's refund payments.
    const paid = withIds.filter((p) => p.order.paidAt !== null);
    await postOrderPayments(orders.connection, paid.map((p) => ({ storeId: p.order.storeId, orderId: p.orderId, amountCents: p.order.amountCents, at: new Date(Number(p.order.paidAt) * 1000) })));
    for (const p of paid) {
      const withdrawn = p.history.find((entry) => entry.event === 'withdraw');
      if (!withdrawn || p.order.amountCents <= 0) continue;
      await postOrderRefund(orders.connection, { storeId: p.order.storeId, orderId: p.orderId, refundId: p.orderId, amountCents: p.order.amountCents, idempotencyKey: `withdraw-${p.orderId}`, at: new Date(withdrawn.at * 1000), source: { type: 'order', id: p.orderId } });
    }
    return ids;
  });
}
