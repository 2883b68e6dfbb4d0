// Manifest entries of the freight template screens (issue 27 §1; console-spec §2 /shop freightTem/freightTemTen,
// +add, edit, and the tester), children of the /shop group. Viewing needs shop:view (the list and tester calls);
// add / edit needs templates:manage. storeTypeRules.ts keeps the whole of /shop/freightTem from service stores.
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute, RouteHandle } from '../../../routes/routeHandle';

const pages = () => import('./FreightPages');
type PageName = Exclude<keyof Awaited<ReturnType<typeof pages>>, 'default'>;

function screen(path: string, page: PageName, handle: RouteHandle): ManifestRoute {
  return { path, handle, lazy: () => pages().then((module) => ({ Component: module[page] })) };
}

export const shopFreightScreens: ManifestRoute[] = [
  screen('freightTem/freightTemTen', 'FreightListPage', { title: 'shopFreight.menu.list', permission: PERMISSIONS.shopView }),
  screen('freightTem/freightTemTen/add', 'FreightFormPage', { title: 'shopFreight.menu.add', permission: PERMISSIONS.templatesManage, hidden: true, keepAlive: false }),
  screen('freightTem/freightTemTen/edit', 'FreightFormPage', { title: 'shopFreight.menu.edit', permission: PERMISSIONS.templatesManage, hidden: true, keepAlive: false }),
  screen('freightTem/freightTemTen/tester', 'FreightTesterPage', { title: 'shopFreight.menu.tester', permission: PERMISSIONS.shopView, hidden: true, keepAlive: false }),
];
