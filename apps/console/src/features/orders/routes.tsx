// Manifest entries of /order (console-spec §2): the order list, the order and service-order details,
// extending the return period and the sales certificate. The shipping screens (./shipping) and the
// after-sales screens (../after-sales) join the same group. §6 excludes storeType 3 from many items,
// not from orders: a service store's orders are service orders (serviceOrderDetails).
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute, RouteHandle } from '../../routes/routeHandle';
import { afterSalesScreens } from '../after-sales/routes';
import { shippingScreens } from './shipping/routes';

const pages = () => import('./OrderPages');
type PageName = Exclude<keyof Awaited<ReturnType<typeof pages>>, 'default'>;

function screen(path: string, page: PageName, handle: RouteHandle): ManifestRoute {
  return { path, handle, lazy: () => pages().then((module) => ({ Component: module[page] })) };
}

const view = PERMISSIONS.orderView;

/** The order screens of this folder (the group's own children). */
export const orderScreens: ManifestRoute[] = [
  screen('orderList', 'OrderListPage', { title: 'orders.menu.list', permission: view }),
  screen('orderDetails', 'OrderDetailsPage', { title: 'orders.menu.details', permission: view, hidden: true }),
  screen('serviceOrderDetails', 'ServiceOrderDetailsPage', { title: 'orders.menu.serviceDetails', permission: view, hidden: true }),
  screen('extensions', 'ExtensionsPage', { title: 'orders.menu.extensions', permission: PERMISSIONS.orderShip, hidden: true, keepAlive: false }),
  screen('salesCertificate', 'SalesCertificatePage', { title: 'orders.menu.salesCertificate', permission: view, hidden: true }),
];

export const orderRoutes: ManifestRoute[] = [
  {
    path: '/order',
    handle: { title: 'orders.menu.group', icon: ReceiptLongIcon },
    children: [...orderScreens, ...shippingScreens, ...afterSalesScreens],
  },
];
