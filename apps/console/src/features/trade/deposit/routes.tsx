// Manifest entries of the deposit screens (console-spec §2 /trade moneyMgmt/topUp and transferRecord (+view)),
// relative to /trade; added to the /trade group's children in ../routes.tsx.
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute, RouteHandle } from '../../../routes/routeHandle';

const pages = () => import('./DepositPages');
type PageName = Exclude<keyof Awaited<ReturnType<typeof pages>>, 'default'>;

function screen(path: string, page: PageName, handle: RouteHandle): ManifestRoute {
  return { path, handle, lazy: () => pages().then((module) => ({ Component: module[page] })) };
}

const view = PERMISSIONS.walletView;

export const depositScreens: ManifestRoute[] = [
  screen('moneyMgmt/topUp', 'TopUpPage', { title: 'deposit.menu.topUp', permission: view }),
  screen('moneyMgmt/transferRecord', 'TransferRecordPage', { title: 'deposit.menu.transferRecord', permission: view }),
  screen('moneyMgmt/transferRecord/view', 'TransferRecordViewPage', { title: 'deposit.menu.transferRecordView', permission: view, hidden: true }),
];
