// Manifest entries of the time-limited sale screens (issue 28 §3; console-spec §2 /marketing/TimeLimit, +order),
// children of the /marketing group. Viewing needs marketing:view (list, details, orders); add / edit / stop need
// marketing:edit, as addFlashSale, editFlashSale and stopFlashSale do.
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute, RouteHandle } from '../../../routes/routeHandle';

const pages = () => import('./FlashSalePages');
type PageName = Exclude<keyof Awaited<ReturnType<typeof pages>>, 'default'>;

function screen(path: string, page: PageName, handle: RouteHandle): ManifestRoute {
  return { path, handle, lazy: () => pages().then((module) => ({ Component: module[page] })) };
}

const view = PERMISSIONS.marketingView;

export const marketingFlashSaleScreens: ManifestRoute[] = [
  screen('TimeLimit', 'FlashSaleListPage', { title: 'flashSales.menu.list', permission: view }),
  screen('TimeLimit/add', 'FlashSaleFormPage', { title: 'flashSales.menu.add', permission: PERMISSIONS.marketingEdit, hidden: true, keepAlive: false }),
  screen('TimeLimit/details', 'FlashSaleDetailsPage', { title: 'flashSales.menu.details', permission: view, hidden: true }),
  screen('TimeLimit/order', 'FlashSaleOrderPage', { title: 'flashSales.menu.order', permission: view, hidden: true }),
];
