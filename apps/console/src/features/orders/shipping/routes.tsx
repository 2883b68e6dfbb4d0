// Manifest entries of the shipping screens (console-spec §2 /order): relative paths under the /order
// group that ../routes.tsx defines. Shipping needs order:ship; the slips and a shipment's detail only
// order:view (docs/permissions.md).
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute, RouteHandle } from '../../../routes/routeHandle';

const pages = () => import('./ShippingPages');
type PageName = Exclude<keyof Awaited<ReturnType<typeof pages>>, 'default'>;

function screen(path: string, page: PageName, handle: RouteHandle): ManifestRoute {
  return { path, handle, lazy: () => pages().then((module) => ({ Component: module[page] })) };
}

const ship = PERMISSIONS.orderShip;
const view = PERMISSIONS.orderView;

export const shippingScreens: ManifestRoute[] = [
  screen('orderDelivery', 'OrderDeliveryPage', { title: 'shipping.menu.orderDelivery', permission: view }),
  screen('shippingOrder', 'ShippingOrderPage', { title: 'shipping.menu.shippingOrder', permission: ship, hidden: true, keepAlive: false }),
  screen('deliverySuccess', 'DeliverySuccessPage', { title: 'shipping.menu.deliverySuccess', permission: ship, hidden: true, keepAlive: false }),
  screen('deliverySlip', 'DeliverySlipPage', { title: 'shipping.menu.deliverySlip', permission: view, hidden: true, keepAlive: false }),
  screen('sendOutGoodsDetail', 'ShipmentDetailPage', { title: 'shipping.menu.sendOutGoodsDetail', permission: view, hidden: true }),
];
