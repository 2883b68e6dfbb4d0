// Test helper (imported by specs only): the shipping calls of the fake store server on top of the order
// fake (../ordersFake.ts), sharing its orders, so a shipment shows in the worklist and the detail. It
// follows the contract and docs/orders.md: shipping is the ORDER machine's `ship` (else 10100005), a
// shipment starts awaiting pickup, and bulkShip answers each row on its own (shipOrderBiz per row).
import { describeValidationError, ORDER_MACHINE, STORE_CODES, orderEndpoints as O, shipOrderBiz, type OrderDetail, type Shipment } from '@merchant/api-contracts';
import type { FakeStoreServer } from '../../../../test/fakeStoreServer';
import { onContract } from '../../../resource-kit/contractFake';
import { FAKE_NOW, installOrdersFake } from '../ordersFake';

type Answer = { ok: true; shipment: Shipment } | { ok: false; code: string; msg: string };

export function installShippingFake(server: FakeStoreServer, initial: OrderDetail[]) {
  const state = installOrdersFake(server, initial);
  const { orders } = state;
  const shipments: Shipment[] = orders.flatMap((order) => order.shipments);
  const byId = (orderId: number) => orders.find((order) => order.orderId === orderId);

  const ship = (biz: unknown): Answer => {
    const parsed = shipOrderBiz.safeParse(biz);
    if (!parsed.success) return { ok: false, code: STORE_CODES.invalidParameter, msg: describeValidationError(parsed.error, biz) };
    const order = byId(parsed.data.orderId);
    if (!order) return { ok: false, code: STORE_CODES.notFound, msg: 'order not found' };
    if (!ORDER_MACHINE.eventsFrom(order.status, 'merchant').includes('ship')) return { ok: false, code: STORE_CODES.notAllowedInCurrentState, msg: 'not allowed in the current state' };
    const shipment: Shipment = { shipmentId: 900 + shipments.length + 1, orderId: order.orderId, carrier: parsed.data.carrier, trackingNo: parsed.data.trackingNo, status: 1, createTime: FAKE_NOW + 10, pickedUpAt: null, deliveredAt: null, returnedAt: null };
    shipments.push(shipment);
    order.status = ORDER_MACHINE.next(order.status, 'ship', 'merchant')!;
    order.shipments = [...order.shipments, shipment];
    order.actions = ORDER_MACHINE.eventsFrom(order.status, 'merchant');
    order.history = [...order.history, { event: 'ship', actor: 'merchant', fromStatus: 1, toStatus: order.status, days: null, at: FAKE_NOW + 10 }];
    return { ok: true, shipment };
  };

  server.on(O.shipOrder.path, ({ biz }) => {
    const answer = ship(biz);
    return answer.ok ? { code: STORE_CODES.success, msg: 'success', data: answer.shipment } : { code: answer.code, msg: answer.msg };
  });
  /** Rows answered so far, in order, for the specs (each call's rows as sent). */
  const bulkCalls: unknown[][] = [];
  onContract(server, O.bulkShip, (biz) => {
    bulkCalls.push(biz.rows);
    const results = biz.rows.map((row) => {
      const answer = ship(row);
      const orderId = typeof row.orderId === 'number' ? row.orderId : null;
      return answer.ok ? { orderId, ok: true, code: STORE_CODES.success, msg: 'succeeded', shipmentId: answer.shipment.shipmentId } : { orderId, ok: false, code: answer.code, msg: answer.msg, shipmentId: null };
    });
    const okCount = results.filter((result) => result.ok).length;
    return { results, okCount, failCount: results.length - okCount };
  });
  server.on(O.shipmentDetail.path, ({ biz }) => {
    const shipment = shipments.find((candidate) => candidate.shipmentId === biz.shipmentId);
    const order = shipment && byId(shipment.orderId);
    if (!shipment || !order) return { code: STORE_CODES.notFound, msg: 'shipment not found' };
    return { code: STORE_CODES.success, msg: 'success', data: { ...shipment, orderNo: order.orderNo, orderStatus: order.status, receiver: order.receiver, items: order.items } };
  });
  server.on(O.deliverySlip.path, ({ biz }) => {
    const chosen = (biz.orderIds as number[]).map(byId);
    if (chosen.some((order) => !order)) return { code: STORE_CODES.notFound, msg: 'order not found' };
    const slips = (chosen as OrderDetail[]).map((order) => {
      const last = order.shipments.at(-1);
      return { orderId: order.orderId, orderNo: order.orderNo, status: order.status, paidAt: order.paidAt, buyerName: order.buyerName, receiver: order.receiver, items: order.items, amountCents: order.amountCents, carrier: last?.carrier ?? null, trackingNo: last?.trackingNo ?? null };
    });
    return { code: STORE_CODES.success, msg: 'success', data: { storeName: 'Demo Flagship Store', printedAt: FAKE_NOW + 20, slips } };
  });
  return { ...state, shipments, bulkCalls };
}
