// The /order screens of this folder (routes.tsx loads them as one chunk).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../resource-kit';
import { orderApi } from './api';
import { OrderDetailsView } from './details/OrderDetailsView';
import { withTabCounts } from './orderCounts';
import { orderList } from './resources/orderList';

export { ExtensionsPage } from './extensions/ExtensionsPage';
export { SalesCertificatePage } from './certificate/SalesCertificatePage';

export function OrderListPage() {
  const { i18n } = useTranslation();
  const counts = orderApi.endpoints.orderCounts.useQuery({});
  const resource = useMemo(() => withTabCounts(orderList, counts.data, i18n), [counts.data, i18n]);
  return <ResourceListPage resource={resource} savedViews />;
}

export const OrderDetailsPage = () => <OrderDetailsView kind="goods" />;
export const ServiceOrderDetailsPage = () => <OrderDetailsView kind="service" />;
