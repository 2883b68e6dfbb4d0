// Coupon templates and their claim records (issue 28 §4; contract libs/api-contracts/src/endpoints/coupons.ts),
// typed by their contracts. Every change to a template changes its row, its details and what may be claimed,
// so the mutations invalidate both tags.
import { couponEndpoints as C, type EndpointBiz as Biz, type EndpointData as Data } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';
import { contractMutation, contractQuery } from '../../../resource-kit';

type E = typeof C;
const TAGS = ['CouponTemplate', 'CouponClaim'] as const;

export type CouponTemplateRow = Data<E['couponList']>['list'][number];
export type CouponTemplateDetails = Data<E['couponDetails']>;
export type CouponClaimRow = Data<E['couponReceiveList']>['list'][number];
export type CouponListQuery = Biz<E['couponList']>;
export type CouponReceiveQuery = Biz<E['couponReceiveList']>;
export type CouponDryRunRequest = Biz<E['couponDryRun']>;
export type CouponDryRunResult = Data<E['couponDryRun']>;

export const couponsApi = consoleApi.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    couponList: build.query<Data<E['couponList']>, Biz<E['couponList']>>(contractQuery(C.couponList, ['CouponTemplate'])),
    couponDetails: build.query<Data<E['couponDetails']>, Biz<E['couponDetails']>>(contractQuery(C.couponDetails, [...TAGS])),
    couponReceiveList: build.query<Data<E['couponReceiveList']>, Biz<E['couponReceiveList']>>(contractQuery(C.couponReceiveList, ['CouponClaim'])),
    // Read only: a fresh replay each time it is asked (no tags to keep it by).
    couponDryRun: build.query<Data<E['couponDryRun']>, Biz<E['couponDryRun']>>({ ...contractQuery(C.couponDryRun, []), keepUnusedDataFor: 0 }),
    addCoupon: build.mutation<Data<E['addCoupon']>, Biz<E['addCoupon']>>(contractMutation(C.addCoupon, [...TAGS])),
    editCoupon: build.mutation<Data<E['editCoupon']>, Biz<E['editCoupon']>>(contractMutation(C.editCoupon, [...TAGS])),
    stopCoupon: build.mutation<Data<E['stopCoupon']>, Biz<E['stopCoupon']>>(contractMutation(C.stopCoupon, [...TAGS])),
    deleteCoupon: build.mutation<Data<E['deleteCoupon']>, Biz<E['deleteCoupon']>>(contractMutation(C.deleteCoupon, [...TAGS])),
  }),
});
