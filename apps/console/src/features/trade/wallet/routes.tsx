// Manifest entries of /trade moneyMgmt's wallet screens (console-spec §2): myWallet, moneyWater (+details),
// turnWithdrawal. Relative to /trade; the deposit slice's topUp and transferRecord sit beside them.
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute, RouteHandle } from '../../../routes/routeHandle';

const pages = () => import('./WalletPages');
type PageName = Exclude<keyof Awaited<ReturnType<typeof pages>>, 'default'>;

function screen(path: string, page: PageName, handle: RouteHandle): ManifestRoute {
  return { path, handle, lazy: () => pages().then((module) => ({ Component: module[page] })) };
}

const view = PERMISSIONS.walletView;

export const walletScreens: ManifestRoute[] = [
  screen('moneyMgmt/myWallet', 'MyWalletPage', { title: 'wallet.menu.myWallet', permission: view }),
  screen('moneyMgmt/moneyWater', 'MoneyWaterPage', { title: 'wallet.menu.moneyWater', permission: view }),
  screen('moneyMgmt/moneyWater/details', 'MoneyWaterDetailsPage', { title: 'wallet.menu.moneyWaterDetails', permission: view, hidden: true }),
  screen('moneyMgmt/turnWithdrawal', 'TurnWithdrawalPage', { title: 'wallet.menu.turnWithdrawal', permission: PERMISSIONS.walletWithdraw }),
];
