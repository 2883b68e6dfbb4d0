// Manifest entries of the account area (console-spec §2 /shop accountMgmt/accountInfo), inside the
// signed-in shell; the merchant-centre group holds it in the sidebar.
import StorefrontIcon from '@mui/icons-material/Storefront';
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute } from '../../routes/routeHandle';
import { shopLogoutScreens } from '../shop/logout/routes';

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
        // A step before a sensitive change (issue 26 §5): not a menu item; other screens send the merchant here.
        path: 'checkPayPassword',
        handle: { title: 'shopAccess.checkPay.title', hidden: true, keepAlive: false },
        lazy: () => import('../shop/access/CheckPayPasswordPage').then((m) => ({ Component: m.CheckPayPasswordPage })),
      },
      ...shopLogoutScreens,
    ],
  },
];
