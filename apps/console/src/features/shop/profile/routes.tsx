// Manifest entries of the shop profile (console-spec §2 /shop shopMsg/shopMssage, its edit screen and the reviewed
// ones: store, storeLicense, legalPerson, jyEdit; issue 26 §1), children of the /shop group.
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute } from '../../../routes/routeHandle';

const reviewed = () => import('./ReviewedChangePages');

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
  {
    path: 'shopMsg/shopMssage/store',
    handle: { title: 'shopProfile.review.heading.store', permission: PERMISSIONS.shopEdit, hidden: true, keepAlive: false },
    lazy: () => reviewed().then((m) => ({ Component: m.StoreNameChangePage })),
  },
  {
    path: 'shopMsg/shopMssage/storeLicense',
    handle: { title: 'shopProfile.review.heading.license', permission: PERMISSIONS.shopEdit, hidden: true, keepAlive: false },
    lazy: () => reviewed().then((m) => ({ Component: m.LicenseChangePage })),
  },
  {
    path: 'shopMsg/shopMssage/legalPerson',
    handle: { title: 'shopProfile.review.heading.legalPerson', permission: PERMISSIONS.shopEdit, hidden: true, keepAlive: false },
    lazy: () => reviewed().then((m) => ({ Component: m.LegalPersonChangePage })),
  },
  {
    path: 'shopMsg/shopMssage/jyEdit',
    handle: { title: 'shopProfile.review.heading.categories', permission: PERMISSIONS.shopCategories, hidden: true, keepAlive: false },
    lazy: () => reviewed().then((m) => ({ Component: m.CategoriesChangePage })),
  },
];
