// Manifest entries of the after-sales screens (console-spec §2 /order): orderAfter/orderAfterAll
// (+details), processRefund, orderComplaint (+details), orderEvaluation, and orderAfter (ours: the
// refunds waiting for the merchant). Relative paths: they join the `/order` group that
// features/orders/routes.tsx defines. orderAfterAll (+details) used to sit beside orderAfter; those
// addresses redirect to the spec paths with their query.
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute, RouteHandle } from '../../routes/routeHandle';
import { movedRoute } from '../../routes/movedRoute';
import { AFTER_SALES_PATHS } from './paths';

const pages = () => import('./AfterSalesPages');
type PageName = Exclude<keyof Awaited<ReturnType<typeof pages>>, 'default'>;

function screen(path: string, page: PageName, handle: RouteHandle): ManifestRoute {
  return { path, handle, lazy: () => pages().then((module) => ({ Component: module[page] })) };
}

const view = PERMISSIONS.afterSalesView;

export const afterSalesScreens: ManifestRoute[] = [
  screen('orderAfter', 'PendingRefundsPage', { title: 'afterSales.menu.pending', permission: view }),
  screen('orderAfter/details', 'PendingRefundDetailsPage', { title: 'afterSales.menu.detail', permission: view, hidden: true }),
  screen('orderAfter/orderAfterAll', 'AllRefundsPage', { title: 'afterSales.menu.all', permission: view }),
  screen('orderAfter/orderAfterAll/details', 'RefundDetailsPage', { title: 'afterSales.menu.allDetail', permission: view, hidden: true }),
  movedRoute('orderAfterAll', AFTER_SALES_PATHS.all),
  movedRoute('orderAfterAll/details', AFTER_SALES_PATHS.allDetails),
  screen('processRefund', 'ProcessRefundPage', { title: 'afterSales.menu.process', permission: PERMISSIONS.afterSalesHandle, hidden: true }),
  screen('orderComplaint', 'ComplaintsPage', { title: 'afterSales.menu.complaint', permission: view }),
  screen('orderComplaint/details', 'ComplaintDetailsPage', { title: 'afterSales.menu.complaintDetail', permission: view, hidden: true }),
  screen('orderEvaluation', 'EvaluationsPage', { title: 'afterSales.menu.evaluation', permission: view }),
];
