// Manifest entries of closing the shop (console-spec §2; issue 26 §6). The two /shop screens join the
// merchant-centre group (§6: not for storeType 3, by routes/storeTypeRules.ts); /logoutSubmitSuccess is inside the signed-in shell;
// /logouting is public (§2), read by the request's reference: its entry is in publicRoutes.tsx, since public route
// tables are part of /login's JavaScript and the signed-in ones are not (routes/shellDiscovery.ts).
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute } from '../../../routes/routeHandle';

const pages = () => import('./LogoutPages');

/** Children of the /shop group. */
export const shopLogoutScreens: ManifestRoute[] = [
  {
    path: 'logout',
    // The checklist's call carries shop:deregister (its contract), so the screen and its menu item do too. The code, not
    // the contract: route tables are in /login's JavaScript and a contract brings zod (routes/contractCodes.spec.ts checks they match).
    handle: { title: 'shopLogout.menu.checklist', permission: PERMISSIONS.shopDeregister, keepAlive: false },
    lazy: () => pages().then((m) => ({ Component: m.LogoutChecklistPage })),
  },
  {
    path: 'storeLogoutRiskWarning',
    handle: { title: 'shopLogout.menu.riskWarning', permission: PERMISSIONS.shopDeregister, hidden: true, keepAlive: false },
    lazy: () => pages().then((m) => ({ Component: m.LogoutRiskWarningPage })),
  },
];

/** Inside the signed-in shell, outside any group. */
export const logoutShellRoutes: ManifestRoute[] = [
  {
    path: '/logoutSubmitSuccess',
    handle: { title: 'shopLogout.menu.submitted', hidden: true, keepAlive: false },
    lazy: () => pages().then((m) => ({ Component: m.LogoutSubmittedPage })),
  },
];
