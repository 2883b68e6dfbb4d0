// Manifest entries of the goods release screens, relative to the /goods group (features/goods/routes.tsx
// spreads them). The form screens are not kept alive in hidden tabs: leaving them asks first when
// there are unsaved changes, and a kept-alive copy would make that question wrong.
import AddBoxIcon from '@mui/icons-material/AddBox';
import VerifiedIcon from '@mui/icons-material/Verified';
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute } from '../../../routes/routeHandle';

export const goodsReleaseRoutes: ManifestRoute[] = [
  {
    path: 'goodRelease',
    handle: { title: 'goodsRelease.menu.release', icon: AddBoxIcon, permission: PERMISSIONS.goodsEdit, keepAlive: false },
    lazy: () => import('./GoodReleasePage').then((module) => ({ Component: module.GoodReleasePage })),
  },
  {
    path: 'goodRelease/edit',
    handle: { title: 'goodsRelease.menu.edit', hidden: true, permission: PERMISSIONS.goodsEdit, keepAlive: false },
    lazy: () => import('./GoodReleasePage').then((module) => ({ Component: module.GoodEditPage })),
  },
  {
    path: 'submitSuccess',
    handle: { title: 'goodsRelease.menu.submitSuccess', hidden: true, permission: PERMISSIONS.goodsView, keepAlive: false },
    lazy: () => import('./SubmitSuccessPage').then((module) => ({ Component: module.SubmitSuccessPage })),
  },
  {
    path: 'goodsPreview',
    handle: { title: 'goodsRelease.menu.preview', hidden: true, permission: PERMISSIONS.goodsView },
    lazy: () => import('./GoodsPreviewPage').then((module) => ({ Component: module.GoodsPreviewPage })),
  },
  {
    path: 'brandApply',
    handle: { title: 'goodsRelease.menu.brandApply', icon: VerifiedIcon, permission: PERMISSIONS.brandManage }, // §6 storeType rule: routes/storeTypeRules.ts
    // The brands module's form (features/shop/brands), the same screen as /shop/brandQuery/BrandApply/add.
    lazy: () => import('../../shop/brands/BrandApplyPage').then((module) => ({ Component: module.BrandApplyPage })),
  },
  {
    path: 'goodDraft/edit',
    handle: { title: 'goodsRelease.menu.draftEdit', hidden: true, permission: PERMISSIONS.goodsEdit, keepAlive: false },
    lazy: () => import('./GoodReleasePage').then((module) => ({ Component: module.DraftEditPage })),
  },
];
