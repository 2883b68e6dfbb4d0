// Manifest entries of the group-buy screens (issue 28 §2; console-spec §2 /marketing/SpellGroup, +team, order),
// children of the /marketing group. Viewing needs marketing:view (list, teams, orders); add / edit / stop need
// marketing:edit, as addGroupBuy, editGroupBuy and stopGroupBuy do.
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute, RouteHandle } from '../../../routes/routeHandle';

const pages = () => import('./GroupBuyPages');
type PageName = Exclude<keyof Awaited<ReturnType<typeof pages>>, 'default' | 'GROUP_BUY_TEAM_STATUS'>;

function screen(path: string, page: PageName, handle: RouteHandle): ManifestRoute {
  return { path, handle, lazy: () => pages().then((module) => ({ Component: module[page] })) };
}

const view = PERMISSIONS.marketingView;

export const marketingGroupBuyScreens: ManifestRoute[] = [
  screen('SpellGroup', 'GroupBuyListPage', { title: 'groupBuys.menu.list', permission: view }),
  screen('SpellGroup/add', 'GroupBuyFormPage', { title: 'groupBuys.menu.add', permission: PERMISSIONS.marketingEdit, hidden: true, keepAlive: false }),
  screen('SpellGroup/team', 'GroupBuyTeamPage', { title: 'groupBuys.menu.team', permission: view, hidden: true }),
  screen('SpellGroup/order', 'GroupBuyOrderPage', { title: 'groupBuys.menu.order', permission: view, hidden: true }),
];
