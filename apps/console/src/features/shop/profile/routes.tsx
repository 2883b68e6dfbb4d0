// Manifest entries of the shop profile (console-spec §2 /shop shopMsg/shopMssage and its edit screen; issue 26 §1),
// children of the /shop group.
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute } from '../../../routes/routeHandle';

export const shopProfileScreens: ManifestRoute[] = [
  {
    path: 'shopMsg/shopMssage',
    handle: { title: 'shopProfile.menu.view', permission: PERMISSIONS.shopView },
    lazy: () => import('./ShopProfilePage').then((m) => ({ Component: m.ShopProfilePage })),
  },
  {
    path: 'shopMsg/shopMssage/edit',
    handle: { title: 'shopProfile.menu.edit', permission: PERMISSIONS.shopEdit, hidden: true, keepAlive: false },
    lazy: () => import('./ShopInfoEditPage').then((m) => ({ Component: m.ShopInfoEditPage })),
  },
];
