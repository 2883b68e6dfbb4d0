// /marketing/coupons/couponsMgmt/receive?id= (issue 28 §4): one template's claim records, newest first: the buyer
// with the phone masked as the server sends it, the claim time, the state chip and the order the coupon was used
// in (a link to its order details).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { formatSecondsTimestamp } from '@merchant/ui-kit';
import { ResourceListPage, defineResource, listArg, type ResourceColumn } from '../../../resource-kit';
import { ORDER_PATHS, orderAddress } from '../../orders/paths';
import { couponsApi, type CouponClaimRow, type CouponReceiveQuery } from './api';
import { COUPON_CLAIM_STATUS } from './couponsMgmt';
import { COUPON_PATHS, couponAddress } from './paths';

const time = (seconds: number | null) => (seconds === null ? '' : formatSecondsTimestamp(seconds));

const COLUMNS: ResourceColumn<CouponClaimRow>[] = [
  { key: 'buyerAccid', titleKey: 'coupons.receive.buyer', flex: 1 },
  { key: 'buyerPhone', titleKey: 'coupons.receive.phone', width: 140 },
  { key: 'claimTime', titleKey: 'coupons.receive.claimTime', width: 170, format: (row) => time(row.claimTime) },
  { key: 'state', titleKey: 'coupons.receive.state', width: 100, status: COUPON_CLAIM_STATUS },
  { key: 'validUntil', titleKey: 'coupons.receive.validUntil', width: 170, format: (row) => time(row.validUntil) },
  {
    key: 'orderNo',
    titleKey: 'coupons.receive.order',
    width: 190,
    format: (row) => row.orderNo ?? '',
    render: (row) =>
      row.orderId === null ? (
        '—'
      ) : (
        <Link component={RouterLink} to={orderAddress(ORDER_PATHS.details, row.orderId)}>
          {row.orderNo ?? row.orderId}
        </Link>
      ),
  },
  { key: 'useTime', titleKey: 'coupons.receive.useTime', width: 170, format: (row) => time(row.useTime) },
];

function receiveResource(templateId: number) {
  const toArg = listArg<Omit<CouponReceiveQuery, 'templateId'>>();
  return defineResource<CouponClaimRow, CouponReceiveQuery>({
    key: 'marketing.couponReceive',
    titleKey: 'coupons.receive.heading',
    rowId: (row) => row.couponId,
    listPath: couponAddress(COUPON_PATHS.receive, templateId),
    list: {
      endpoint: couponsApi.endpoints.couponReceiveList,
      toArg: (query) => ({ ...toArg(query), templateId }),
      tabs: { field: 'state', options: COUPON_CLAIM_STATUS.options },
      columns: COLUMNS,
      emptyKey: 'coupons.receive.empty',
    },
  });
}

export function CouponReceivePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const templateId = Number(search.get('id'));
  const resource = useMemo(() => (Number.isInteger(templateId) && templateId > 0 ? receiveResource(templateId) : null), [templateId]);
  if (!resource) return <Alert severity="warning">{t('coupons.receive.missingId')}</Alert>;
  return <ResourceListPage resource={resource} />;
}
