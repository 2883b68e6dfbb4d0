// Manifest entry of the after-sale explanation templates (issue 27 §3), a child of the /shop group. Reading needs
// shop:view, changes templates:manage; a service store (storeType 3) does not see it (routes/storeTypeRules.ts).
import DescriptionIcon from '@mui/icons-material/Description';
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute } from '../../../routes/routeHandle';

export const AFTER_SALE_TEMPLATES_PATH = '/shop/afterSale/afterSaleTenMaintenance';

export const shopAfterSaleTemplateScreens: ManifestRoute[] = [
  {
    path: 'afterSale/afterSaleTenMaintenance',
    handle: { title: 'afterSaleTemplates.menu', icon: DescriptionIcon, permission: PERMISSIONS.shopView },
    lazy: () => import('./AfterSaleTemplatesPage').then((m) => ({ Component: m.AfterSaleTemplatesPage })),
  },
];
