// Where the e2e stack runs (global-setup.ts starts it and exports these) and who signs in to it.
export { DEMO_SIGN_IN } from '../../tools/stack.mjs';

export const consoleUrl = () => process.env.E2E_CONSOLE_URL!;
export const frameUrl = () => process.env.E2E_FRAME_URL!;
export const storeUrl = () => process.env.E2E_STORE_URL!;

/** demo_merchant's store (README). */
export const DEMO_STORE_ID = 1001;
/** store-server's business code for success. */
export const OK = '00000000';

/** Contract paths of the calls the suites make outside the browser (libs/api-contracts). */
export const CONTRACT_PATHS = {
  login: '/v1/store/eshop/store/user/login',
  skuStockList: '/v1/store/eshop/goods/sku/stockList',
  orderDetail: '/v1/store/eshop/order/detail',
  shipOrder: '/v1/store/eshop/order/ship',
  refundDetail: '/v1/store/eshop/afterSales/refund/detail',
  payRefund: '/v1/store/eshop/afterSales/refund/pay',
  approveRefundOnly: '/v1/store/eshop/afterSales/refund/approveRefundOnly',
  /** The console's server-sent event stream (decision 0006). */
  eventStream: '/v1/store/notifications/events',
} as const;
