// Manifest entries of /trade (console-spec §2): TransactionManagement/tradeOrder (+view) and rfundQuery (+view).
// The wallet, bill and settlement screens join the same group (tradeScreens' siblings). §6 names no storeType
// rule for trade: every store type is paid and refunds.
import PaymentsIcon from '@mui/icons-material/Payments';
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute, RouteHandle } from '../../routes/routeHandle';
import { depositScreens } from './deposit/routes';
import { statementScreens } from './statements/routes';
import { walletScreens } from './wallet/routes';

const pages = () => import('./TradePages');
type PageName = Exclude<keyof Awaited<ReturnType<typeof pages>>, 'default'>;

function screen(path: string, page: PageName, handle: RouteHandle): ManifestRoute {
  return { path, handle, lazy: () => pages().then((module) => ({ Component: module[page] })) };
}

const view = PERMISSIONS.tradeView;

/** TransactionManagement's screens (relative to /trade). */
export const transactionScreens: ManifestRoute[] = [
  {
    path: 'TransactionManagement',
    children: [
      screen('tradeOrder', 'TradeOrderPage', { title: 'trade.menu.tradeOrder', permission: view }),
      screen('tradeOrder/view', 'TradeOrderViewPage', { title: 'trade.menu.tradeOrderView', permission: view, hidden: true }),
      screen('rfundQuery', 'RefundQueryPage', { title: 'trade.menu.rfundQuery', permission: view }),
      screen('rfundQuery/view', 'RefundQueryViewPage', { title: 'trade.menu.rfundQueryView', permission: view, hidden: true }),
    ],
  },
];

export const tradeRoutes: ManifestRoute[] = [
  {
    path: '/trade',
    handle: { title: 'trade.menu.group', icon: PaymentsIcon },
    children: [...transactionScreens, ...statementScreens, ...walletScreens, ...depositScreens],
  },
];
