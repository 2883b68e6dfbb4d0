import type { AnyEndpoint } from '../endpoint';
import { afterSalesEndpoints } from './after-sales';
import { accountEndpoints } from './account';
import { authEndpoints } from './auth';
import { brandEndpoints } from './brands';
import { commonEndpoints } from './common';
import { couponEndpoints } from './coupons';
import { dashboardEndpoints } from './dashboard';
import { activityEndpoints } from './activities';
import { flashSaleEndpoints } from './flash-sales';
import { providerDeliveryEndpoints } from './provider-delivery';
import { afterSaleTemplateEndpoints } from './after-sale-templates';
import { freightEndpoints } from './freight';
import { deliveryRangeEndpoints } from './delivery-range';
import { cartageEndpoints } from './cartage';
import { deregistrationEndpoints } from './deregistration';
import { exportEndpoints } from './exports';
import { goodsEndpoints } from './goods';
import { groupBuyEndpoints } from './group-buys';
import { imEndpoints } from './im';
import { inventoryEndpoints } from './inventory';
import { mediaEndpoints } from './media';
import { notificationEndpoints } from './notifications';
import { orderEndpoints } from './orders';
import { payEndpoints } from './pay';
import { savedViewEndpoints } from './saved-views';
import { sessionEndpoints } from './sessions';
import { staffEndpoints } from './staff';
import { storeInfoChangeEndpoints } from './store-info-changes';
import { tradeEndpoints } from './trade';
import { walletEndpoints } from './wallet';
import { statementEndpoints } from './statements';
import { depositEndpoints } from './deposit';
import { quickReplyEndpoints } from './quick-replies';
import { supportDeskEndpoints } from './support-desk';

export * from './auth';
export * from './account';
export * from './pay';
export * from './common';
export * from './deregistration';
export * from './im';
export * from './orders';
export * from './carriers';
export * from './after-sales';
export * from './media';
export * from './exports';
export * from './notifications';
export * from './sessions';
export * from './store-info-changes';
export * from './staff';
export * from './coupons';
export * from './activities';
export * from './group-buys';
export * from './flash-sales';
export * from './brands';
export * from './provider-delivery';
export * from './after-sale-templates';
export * from './freight';
export * from './trade';
export * from './delivery-range';
export * from './cartage';
export * from './wallet';
export * from './statements';
export * from './dashboard';
export * from './deposit';
export * from './quick-replies';
export * from './support-desk';
// goods, inventory and saved-views are exported by src/index.ts.

/** The contracts of one area each, by area name: the console's fake server and the OpenAPI test walk them. */
export const endpointGroups = {
  auth: authEndpoints,
  account: accountEndpoints,
  pay: payEndpoints,
  common: commonEndpoints,
  deregistration: deregistrationEndpoints,
  im: imEndpoints,
  orders: orderEndpoints,
  afterSales: afterSalesEndpoints,
  goods: goodsEndpoints,
  inventory: inventoryEndpoints,
  savedViews: savedViewEndpoints,
  media: mediaEndpoints,
  exports: exportEndpoints,
  notifications: notificationEndpoints,
  sessions: sessionEndpoints,
  storeInfoChanges: storeInfoChangeEndpoints,
  staff: staffEndpoints,
  coupons: couponEndpoints,
  activities: activityEndpoints,
  groupBuys: groupBuyEndpoints,
  flashSales: flashSaleEndpoints,
  brands: brandEndpoints,
  providerDelivery: providerDeliveryEndpoints,
  afterSaleTemplates: afterSaleTemplateEndpoints,
  freight: freightEndpoints,
  trade: tradeEndpoints,
  deliveryRange: deliveryRangeEndpoints,
  cartage: cartageEndpoints,
  wallet: walletEndpoints,
  dashboard: dashboardEndpoints,
  statements: statementEndpoints,
  deposit: depositEndpoints,
  quickReplies: quickReplyEndpoints,
  supportDesk: supportDeskEndpoints,
} as const satisfies Record<string, Record<string, AnyEndpoint>>;

/** Every contract above, and the one with a given path. */
export const allEndpoints: readonly AnyEndpoint[] = Object.values(endpointGroups).flatMap((group) => Object.values(group));

export function endpointByPath(path: string): AnyEndpoint | undefined {
  return allEndpoints.find((endpoint) => endpoint.path === path);
}
