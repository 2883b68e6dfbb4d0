// The after-sales screens (docs/orders.md): lists generated from their definitions, the refund and
// complaint details drawn here.
import { ResourceListPage } from '../../resource-kit';
import { allRefunds, pendingRefunds } from './resources/refunds';
import { complaints } from './resources/complaints';
import { evaluations } from './resources/evaluations';

export { PendingRefundDetailsPage, ProcessRefundPage, RefundDetailsPage } from './RefundPages';
export { ComplaintDetailsPage } from './ComplaintPages';

export const PendingRefundsPage = () => <ResourceListPage resource={pendingRefunds} />;
export const AllRefundsPage = () => <ResourceListPage resource={allRefunds} />;
export const ComplaintsPage = () => <ResourceListPage resource={complaints} />;
export const EvaluationsPage = () => <ResourceListPage resource={evaluations} />;
