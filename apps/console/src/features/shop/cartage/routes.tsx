// Manifest entries of the cartage template screens (issue 27 §2; console-spec §2 /shop cartageTem/cartageTemTen,
// +add, edit), children of the /shop group. Viewing needs shop:view (the list call); add / edit needs
// templates:manage. storeTypeRules.ts keeps the whole of /shop/cartageTem from service stores.
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute, RouteHandle } from '../../../routes/routeHandle';

const pages = () => import('./CartagePages');
type PageName = Exclude<keyof Awaited<ReturnType<typeof pages>>, 'default'>;

function screen(path: string, page: PageName, handle: RouteHandle): ManifestRoute {
  return { path, handle, lazy: () => pages().then((module) => ({ Component: module[page] })) };
}

export const shopCartageScreens: ManifestRoute[] = [
  screen('cartageTem/cartageTemTen', 'CartageListPage', { title: 'shopCartage.menu.list', permission: PERMISSIONS.shopView }),
  screen('cartageTem/cartageTemTen/add', 'CartageFormPage', { title: 'shopCartage.menu.add', permission: PERMISSIONS.templatesManage, hidden: true, keepAlive: false }),
  screen('cartageTem/cartageTemTen/edit', 'CartageFormPage', { title: 'shopCartage.menu.edit', permission: PERMISSIONS.templatesManage, hidden: true, keepAlive: false }),
];
