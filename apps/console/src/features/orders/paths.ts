// Addresses of the /order screens of this folder (console-spec §2), written once for links, actions and
// tests. The shipping screens' addresses are in ./shipping/paths.ts.
export const ORDER_BASE_PATH = '/order';

export const ORDER_PATHS = {
  list: `${ORDER_BASE_PATH}/orderList`,
  details: `${ORDER_BASE_PATH}/orderDetails`,
  serviceDetails: `${ORDER_BASE_PATH}/serviceOrderDetails`,
  extensions: `${ORDER_BASE_PATH}/extensions`,
  salesCertificate: `${ORDER_BASE_PATH}/salesCertificate`,
} as const;

/** A screen of one order: `?id=<orderId>`. */
export const orderAddress = (path: string, orderId: number | string) => `${path}?id=${encodeURIComponent(String(orderId))}`;
