// Test helper (imported by specs only): the order calls of the fake store server, with state, so an
// extension shows in the detail it refreshes. It follows the order contract and docs/orders.md's rules
// the screens show: filters by status, order number, buyer and amount; actions from the order machine;
// an extension only while the system may still confirm receipt (else 10100005). Contracts check every
// biz and answer.
import { ORDER_MACHINE, STORE_CODES, orderEndpoints as O, type OrderDetail, type OrderStatus } from '@merchant/api-contracts';
import type { FakeStoreServer } from '../../../test/fakeStoreServer';
import { onContract, pageOf } from '../../resource-kit/contractFake';

export const FAKE_NOW = 1_763_000_000;
const DAY = 86_400;

export function fakeOrder(orderId: number, status: OrderStatus, overrides: Partial<OrderDetail> = {}): OrderDetail {
  const shipped = status !== 1 && status !== 5;
  return {
    orderId,
    orderNo: `SO2026${String(orderId).padStart(6, '0')}`,
    status,
    buyerAccid: `c_buyer${orderId}`,
    buyerName: `Buyer ${orderId}`,
    buyerPhone: '13812345678',
    amountCents: 12_345 * orderId,
    itemCount: 2,
    createTime: FAKE_NOW - orderId * 60,
    paidAt: FAKE_NOW - orderId * 60 + 30,
    returnDeadline: shipped ? FAKE_NOW + 10 * DAY : null,
    serviceOrder: false,
    items: [{ goodsId: 50, skuId: 501, title: 'Oak chair', specText: 'colour: oak', imageUrl: '', unitPriceCents: 6_000, quantity: 2, listUnitCents: 6_000, couponShareCents: 0 }],
    receiver: { name: 'Li Lei', phone: '13912345678', address: '1 Garden Road, Hangzhou' },
    shipments: shipped
      ? [{ shipmentId: orderId, orderId, carrier: 'SF Express', trackingNo: `SF${orderId}`, status: 2, createTime: FAKE_NOW, pickedUpAt: FAKE_NOW + 60, deliveredAt: null, returnedAt: null }]
      : [],
    history: [
      { event: 'paid', actor: 'buyer', fromStatus: null, toStatus: 1, days: null, at: FAKE_NOW - 100 },
      ...(shipped ? [{ event: 'ship' as const, actor: 'merchant' as const, fromStatus: 1 as const, toStatus: 2 as const, days: null, at: FAKE_NOW }] : []),
    ],
    actions: ORDER_MACHINE.eventsFrom(status, 'merchant'),
    pricing: { listCents: 12_345 * orderId, promotionDiscountCents: 0, couponDiscountCents: 0, couponId: null, promotion: null },
    heldForTeam: false,
    ...overrides,
  };
}

const rowOf = ({ items: _items, receiver: _receiver, shipments: _shipments, history: _history, actions: _actions, pricing: _pricing, heldForTeam: _held, ...row }: OrderDetail) => row;

export function installOrdersFake(server: FakeStoreServer, initial: OrderDetail[]) {
  const orders = initial.map((order) => ({ ...order }));
  const byId = (orderId: number) => orders.find((order) => order.orderId === orderId);
  const notFound = { code: STORE_CODES.notFound, msg: 'order not found' };

  onContract(server, O.orderList, (biz) =>
    pageOf(
      orders
        .filter(
          (order) =>
            (biz.status === undefined || order.status === biz.status) &&
            (!biz.orderNo || order.orderNo.includes(biz.orderNo)) &&
            (!biz.buyer || order.buyerName.includes(biz.buyer) || order.buyerPhone.includes(biz.buyer)) &&
            (biz.amountMin === undefined || order.amountCents >= biz.amountMin) &&
            (biz.amountMax === undefined || order.amountCents <= biz.amountMax),
        )
        .map(rowOf),
      biz,
    ),
  );
  onContract(server, O.queryStoreOrderCount, () => ({
    total: orders.length,
    counts: ORDER_MACHINE.states.map((status) => ({ status, count: orders.filter((order) => order.status === status).length })),
  }));
  server.on(O.orderDetail.path, ({ biz }) => {
    const order = byId(Number(biz.orderId));
    return order ? { code: STORE_CODES.success, msg: 'success', data: order } : notFound;
  });
  server.on(O.extendReturnPeriod.path, ({ biz }) => {
    const order = byId(Number(biz.orderId));
    if (!order) return notFound;
    if (!ORDER_MACHINE.eventsFrom(order.status, 'system').includes('confirmReceipt') || order.returnDeadline === null) {
      return { code: STORE_CODES.notAllowedInCurrentState, msg: 'not allowed in the current state' };
    }
    order.returnDeadline += Number(biz.days) * DAY;
    order.history = [...order.history, { event: 'extendReturnPeriod', actor: 'merchant', fromStatus: order.status, toStatus: order.status, days: Number(biz.days), at: FAKE_NOW + 1 }];
    return { code: STORE_CODES.success, msg: 'success', data: { returnDeadline: order.returnDeadline } };
  });
  server.on(O.salesCertificate.path, ({ biz }) => {
    const order = byId(Number(biz.orderId));
    if (!order) return notFound;
    if (ORDER_MACHINE.isTerminal(order.status)) return { code: STORE_CODES.notAllowedInCurrentState, msg: 'not allowed in the current state' };
    return {
      code: STORE_CODES.success,
      msg: 'success',
      data: {
        storeName: 'Demo Flagship Store',
        licenceNo: '91330100MA2CXXXX1A',
        orderId: order.orderId,
        orderNo: order.orderNo,
        buyerName: order.buyerName,
        items: order.items.map((item) => ({ ...item, amountCents: item.unitPriceCents * item.quantity })),
        amountCents: order.amountCents,
        paidAt: order.paidAt,
        issuedAt: FAKE_NOW + 5,
      },
    };
  });
  return { orders };
}
