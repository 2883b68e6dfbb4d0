// Manifest entries of the delivery range screens (issue 27 §5; console-spec §2 /shop distributionRangeMaintenance,
// +edit, ineffect), children of the /shop group. Viewing needs shop:view; adding and editing need templates:manage.
// storeTypeRules.ts keeps the whole of /shop/distributionRangeMaintenance from service stores.
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute, RouteHandle } from '../../../routes/routeHandle';

const pages = () => import('./DeliveryRangePages');
type PageName = Exclude<keyof Awaited<ReturnType<typeof pages>>, 'default'>;

function screen(path: string, page: PageName, handle: RouteHandle): ManifestRoute {
  return { path, handle, lazy: () => pages().then((module) => ({ Component: module[page] })) };
}

export const shopDeliveryRangeScreens: ManifestRoute[] = [
  screen('distributionRangeMaintenance', 'DeliveryRangeListPage', { title: 'shopDeliveryRange.menu.list', permission: PERMISSIONS.shopView }),
  screen('distributionRangeMaintenance/edit', 'DeliveryRangeFormPage', { title: 'shopDeliveryRange.menu.edit', permission: PERMISSIONS.templatesManage, hidden: true, keepAlive: false }),
  screen('distributionRangeMaintenance/ineffect', 'IneffectiveRangeListPage', { title: 'shopDeliveryRange.menu.ineffect', permission: PERMISSIONS.shopView, hidden: true }),
];
