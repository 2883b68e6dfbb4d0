// Manifest entries of /goods (console-spec §2): the lists of this folder and the release screens
// of ./release (goodRelease and goodRelease/edit, submitSuccess, goodsPreview, brandApply, goodDraft/edit).
import Inventory2Icon from '@mui/icons-material/Inventory2';
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute } from '../../routes/routeHandle';
import { goodsReleaseRoutes } from './release/routes';

const lists = () => import('./lists/GoodsListPages');

export const goodsRoutes: ManifestRoute[] = [
  {
    path: '/goods',
    handle: { title: 'goods.menu.group', icon: Inventory2Icon },
    children: [
      {
        path: 'goodList/goodAll',
        handle: { title: 'goods.menu.list', permission: PERMISSIONS.goodsView },
        lazy: () => lists().then((module) => ({ Component: module.GoodsListPage, prefetch: module.prefetchGoodsList })),
      },
      ...goodsReleaseRoutes,
      {
        path: 'goodDraft',
        handle: { title: 'goods.menu.draft', permission: PERMISSIONS.goodsView },
        lazy: () => lists().then((module) => ({ Component: module.GoodsDraftPage })),
      },
      {
        path: 'salesInventory/salesInventoryManagement',
        handle: { title: 'goods.menu.salesInventory', permission: PERMISSIONS.goodsView },
        lazy: () => lists().then((module) => ({ Component: module.SalesInventoryPage })),
      },
      {
        path: 'inventoryWarning',
        handle: { title: 'goods.menu.inventoryWarning', permission: PERMISSIONS.goodsView },
        lazy: () => lists().then((module) => ({ Component: module.InventoryWarningPage })),
      },
    ],
  },
];
