// Addresses of the shipping screens under /order (console-spec §2), written once for links and tests.
import { ORDER_BASE_PATH } from '../paths';

export const SHIPPING_PATHS = {
  /** `?orderId=` — ship one order (the order detail's "ship" links here). */
  shippingOrder: `${ORDER_BASE_PATH}/shippingOrder`,
  /** `?orderId=&shipmentId=` — the result of shipping one order. */
  deliverySuccess: `${ORDER_BASE_PATH}/deliverySuccess`,
  /** The to-ship worklist with bulk shipping. */
  orderDelivery: `${ORDER_BASE_PATH}/orderDelivery`,
  /** `?orderIds=1,2,3` — printable delivery slips. */
  deliverySlip: `${ORDER_BASE_PATH}/deliverySlip`,
  /** `?id=<shipmentId>` — a shipment's detail. */
  sendOutGoodsDetail: `${ORDER_BASE_PATH}/sendOutGoodsDetail`,
} as const;

export const shipOrderAddress = (orderId: number) => `${SHIPPING_PATHS.shippingOrder}?orderId=${orderId}`;
export const deliverySuccessAddress = (orderId: number, shipmentId: number) => `${SHIPPING_PATHS.deliverySuccess}?orderId=${orderId}&shipmentId=${shipmentId}`;
export const deliverySlipAddress = (orderIds: readonly number[]) => `${SHIPPING_PATHS.deliverySlip}?orderIds=${orderIds.join(',')}`;
export const shipmentAddress = (shipmentId: number) => `${SHIPPING_PATHS.sendOutGoodsDetail}?id=${shipmentId}`;

/** Ids from a comma-separated search parameter; anything that is not a positive whole number is dropped. */
export function idsParam(value: string | null): number[] {
  return [...new Set((value ?? '').split(',').map((part) => Number(part.trim())).filter((id) => Number.isSafeInteger(id) && id > 0))];
}
