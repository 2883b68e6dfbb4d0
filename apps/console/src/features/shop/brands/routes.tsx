// Manifest entries of the brand screens (issue 27 area 4), children of the /shop group. Every brand call needs
// brand:manage; a service store (storeType 3) does not see them (routes/storeTypeRules.ts).
import VerifiedIcon from '@mui/icons-material/Verified';
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute } from '../../../routes/routeHandle';

export const shopBrandScreens: ManifestRoute[] = [
  {
    path: 'brandQuery',
    handle: { title: 'shopBrands.menu.query', icon: VerifiedIcon, permission: PERMISSIONS.brandManage },
    lazy: () => import('./BrandPages').then((m) => ({ Component: m.BrandQueryPage })),
  },
  {
    path: 'brandQuery/BrandApply/add',
    handle: { title: 'shopBrands.menu.apply', hidden: true, permission: PERMISSIONS.brandManage, keepAlive: false },
    lazy: () => import('./BrandApplyPage').then((m) => ({ Component: m.BrandApplyPage })),
  },
  {
    path: 'brandQuery/BrandApply/details',
    handle: { title: 'shopBrands.menu.details', hidden: true, permission: PERMISSIONS.brandManage, keepAlive: false },
    lazy: () => import('./BrandPages').then((m) => ({ Component: m.BrandDetailsPage })),
  },
  {
    path: 'brandManagement',
    handle: { title: 'shopBrands.menu.management', permission: PERMISSIONS.brandManage },
    lazy: () => import('./BrandPages').then((m) => ({ Component: m.BrandManagementPage })),
  },
  {
    path: 'brandManagement/detail',
    handle: { title: 'shopBrands.menu.detail', hidden: true, permission: PERMISSIONS.brandManage, keepAlive: false },
    lazy: () => import('./BrandPages').then((m) => ({ Component: m.BrandManagementDetailPage })),
  },
];
