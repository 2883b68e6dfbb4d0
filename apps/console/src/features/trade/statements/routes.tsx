// Manifest entries of the statement screens (console-spec §2 /trade billManagement/bills, platformTrad/settlementInquiry
// (+view)), relative to /trade; features/trade/routes.tsx adds them to its group.
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute, RouteHandle } from '../../../routes/routeHandle';

const pages = () => import('./StatementPages');
type PageName = Exclude<keyof Awaited<ReturnType<typeof pages>>, 'default'>;

function screen(path: string, page: PageName, handle: RouteHandle): ManifestRoute {
  return { path, handle, lazy: () => pages().then((module) => ({ Component: module[page] })) };
}

const view = PERMISSIONS.tradeView;

export const statementScreens: ManifestRoute[] = [
  { path: 'billManagement', children: [screen('bills', 'BillsPage', { title: 'statements.menu.bills', permission: view })] },
  {
    path: 'platformTrad',
    children: [
      screen('settlementInquiry', 'SettlementInquiryPage', { title: 'statements.menu.settlementInquiry', permission: view }),
      screen('settlementInquiry/view', 'SettlementInquiryViewPage', { title: 'statements.menu.settlementInquiryView', permission: view, hidden: true }),
    ],
  },
];
