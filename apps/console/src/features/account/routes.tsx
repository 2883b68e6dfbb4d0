// Manifest entries of the account area (console-spec §2 /shop accountMgmt/accountInfo), inside the
// signed-in shell; the merchant-centre group holds it in the sidebar.
import StorefrontIcon from '@mui/icons-material/Storefront';
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute } from '../../routes/routeHandle';
import { shopLogoutScreens } from '../shop/logout/routes';
import { shopSettlementScreens } from '../shop/settlement/routes';
import { shopProfileScreens } from '../shop/profile/routes';
import { shopStaffScreens } from '../shop/staff/routes';
import { shopProviderDeliveryScreens } from '../shop/provider-delivery/routes';
import { shopAfterSaleTemplateScreens } from '../shop/after-sale-templates/routes';
import { shopFreightScreens } from '../shop/freight/routes';
import { shopDeliveryRangeScreens } from '../shop/delivery-range/routes';
import { shopCartageScreens } from '../shop/cartage/routes';
import { shopBrandScreens } from '../shop/brands/routes';

export const accountRoutes: ManifestRoute[] = [
  {
    path: '/shop',
    handle: { title: 'account.menu.shop', icon: StorefrontIcon },
    children: [
      {
        path: 'accountMgmt/accountInfo',
        handle: { title: 'account.menu.accountInfo', permission: PERMISSIONS.accountView },
        lazy: () => import('./AccountInfoPage').then((m) => ({ Component: m.AccountInfoPage })),
      },
      {
        path: 'accountMgmt/accountInfo/password',
        handle: { title: 'account.password.title', hidden: true },
        lazy: () => import('./ChangePasswordPage').then((m) => ({ Component: m.ChangePasswordPage })),
      },
      {
        // Issue 26 §3: the caller's own sessions and sign-ins, so no permission code beyond being signed in.
        path: 'accountMgmt/accountInfo/detail',
        handle: { title: 'shopAccess.detail.title', hidden: true, keepAlive: false },
        lazy: () => import('../shop/access/AccountDetailPage').then((m) => ({ Component: m.AccountDetailPage })),
      },
      {
        // A step before a sensitive change (issue 26 §5): not a menu item; other screens send the merchant here.
        path: 'checkPayPassword',
        handle: { title: 'shopAccess.checkPay.title', hidden: true, keepAlive: false },
        lazy: () => import('../shop/access/CheckPayPasswordPage').then((m) => ({ Component: m.CheckPayPasswordPage })),
      },
      ...shopStaffScreens,
      ...shopAfterSaleTemplateScreens,
      ...shopProviderDeliveryScreens,
      ...shopFreightScreens,
      ...shopDeliveryRangeScreens,
      ...shopCartageScreens,
      ...shopProfileScreens,
      ...shopSettlementScreens,
      ...shopLogoutScreens,
      ...shopBrandScreens,
    ],
  },
];
