import { describeValidationError, orderEndpoints as api } from '@merchant/api-contracts';
import type { z } from 'zod';
import { keyedRoute, type KeyedHandler } from '../../http/keyed-route';
import { callerLanguage, contractRoute, type Caller, type RouteContext, type StoreRoute } from '../../http/route';
import type { MediaFileUrls } from '../media';
import type { BuyerOrdersService } from './orders.buyer';
import { buyerOrderSchema, buyerPaySchema, placeOrderSchema, shipmentCallbackSchema } from './orders.buyer-input';
import { orderImageSigner } from './orders.media';
import type { OrdersService } from './orders.service';

/** console-spec §2 /order calls (contracts: endpoints/orders). */
export function ordersRoutes(orders: OrdersService, media?: MediaFileUrls): StoreRoute[] {
  // Item images are library files, signed for the caller's store at the address the browser called.
  const signer = (caller: Caller, ctx: RouteContext) => orderImageSigner(media, caller, ctx.request);
  return [
    contractRoute(api.queryStoreOrderCount, (biz, caller) => orders.countStoreOrders(caller, biz)),
    contractRoute(api.orderList, (biz, caller) => orders.list(caller, biz)),
    contractRoute(api.orderDetail, (biz, caller, ctx) => orders.detail(caller, biz.orderId, signer(caller, ctx))),
    contractRoute(api.shipOrder, (biz, caller) => orders.ship(caller, biz)),
    contractRoute(api.bulkShip, (biz, caller, ctx) => orders.bulkShip(caller, biz.rows, callerLanguage(ctx.request))),
    contractRoute(api.shipmentDetail, (biz, caller, ctx) => orders.shipmentDetail(caller, biz.shipmentId, signer(caller, ctx))),
    contractRoute(api.deliverySlip, (biz, caller, ctx) => orders.deliverySlip(caller, biz.orderIds, signer(caller, ctx))),
    contractRoute(api.extendReturnPeriod, (biz, caller) => orders.extendReturnPeriod(caller, biz)),
    contractRoute(api.salesCertificate, (biz, caller, ctx) => orders.salesCertificate(caller, biz.orderId, signer(caller, ctx))),
  ];
}

export const BUYER_KEY_HEADER = 'x-buyer-key';
export const BUYER_ORDERS_PATH = '/buyer/orders';

/** Parses params and body with one schema: a refusal is the first broken rule, in English (a machine reads it). */
function parsed<S extends z.ZodType>(schema: S, input: Record<string, unknown>, run: (value: z.output<S>) => Promise<unknown>): ReturnType<KeyedHandler> {
  const result = schema.safeParse(input);
  if (!result.success) return { ok: false, message: describeValidationError(result.error, input) };
  return { ok: true, run: () => run(result.data) };
}

/**
 * The buyer side (docs/orders.md "Buyer side"): plain JSON with `x-buyer-key`, no store token; absent
 * when no buyer key is configured. Customers place, pay, confirm and withdraw; carriers report pickups
 * and deliveries of shipments.
 */
export function buyerOrderRoutes(buyer: BuyerOrdersService, buyerKey: string | undefined): StoreRoute[] {
  if (!buyerKey) return [];
  const options = { header: BUYER_KEY_HEADER, key: buyerKey, keyRequired: 'buyer key required' };
  const route = (path: string, handler: KeyedHandler) => keyedRoute(`${BUYER_ORDERS_PATH}${path}`, options, handler);
  return [
    route('/place', (_params, body) => parsed(placeOrderSchema, body, (input) => buyer.place(input))),
    route('/:orderId/pay', (params, body) => parsed(buyerPaySchema, { ...body, orderId: params.orderId }, (input) => buyer.pay(input.orderId, input.buyerAccid, input))),
    route('/:orderId/confirmReceipt', (params, body) =>
      parsed(buyerOrderSchema, { ...body, orderId: params.orderId }, (input) => buyer.confirmReceipt(input.orderId, input.buyerAccid)),
    ),
    route('/:orderId/withdraw', (params, body) => parsed(buyerOrderSchema, { ...body, orderId: params.orderId }, (input) => buyer.withdraw(input.orderId, input.buyerAccid))),
    route('/shipments/:shipmentId/pickUp', (params) => parsed(shipmentCallbackSchema, { shipmentId: params.shipmentId }, (input) => buyer.pickUp(input.shipmentId))),
    route('/shipments/:shipmentId/deliver', (params) => parsed(shipmentCallbackSchema, { shipmentId: params.shipmentId }, (input) => buyer.deliver(input.shipmentId))),
  ];
}
