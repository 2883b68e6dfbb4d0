// Delivery ranges (issue 27 §5; contract libs/api-contracts/src/endpoints/delivery-range.ts), typed by their
// contracts. A saved or stopped range changes both lists and its details, so every mutation invalidates the one tag.
// The towns come from the common sowntown list (one call for all: the picker shows them under their districts); the
// freight-cover check is asked again for each set of chosen towns.
import { commonEndpoints, deliveryRangeEndpoints as D, type EndpointBiz as Biz, type EndpointData as Data } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';
import { contractMutation, contractQuery } from '../../../resource-kit';

type E = typeof D;
const TAGS = ['DeliveryRange'] as const;
const TOWN_CACHE_SECONDS = 60 * 60;

export type DeliveryRangeRow = Data<E['deliveryRangeList']>['list'][number];
export type DeliveryRangeListQuery = Biz<E['deliveryRangeList']>;
export type IneffectiveRangeListQuery = Biz<E['ineffectiveDeliveryRangeList']>;
export type Sowntown = Data<typeof commonEndpoints.sowntowns>['list'][number];
export type TownCoverage = Data<E['checkSowntownSetFreightTemplate']>['list'][number];

export const deliveryRangeApi = consoleApi.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    deliveryRangeList: build.query<Data<E['deliveryRangeList']>, Biz<E['deliveryRangeList']>>(contractQuery(D.deliveryRangeList, [...TAGS])),
    ineffectiveDeliveryRangeList: build.query<Data<E['ineffectiveDeliveryRangeList']>, Biz<E['ineffectiveDeliveryRangeList']>>(contractQuery(D.ineffectiveDeliveryRangeList, [...TAGS])),
    deliveryRangeDetails: build.query<Data<E['deliveryRangeDetails']>, Biz<E['deliveryRangeDetails']>>(contractQuery(D.deliveryRangeDetails, [...TAGS])),
    addDeliveryRange: build.mutation<Data<E['addDeliveryRange']>, Biz<E['addDeliveryRange']>>(contractMutation(D.addDeliveryRange, [...TAGS])),
    editDeliveryRange: build.mutation<Data<E['editDeliveryRange']>, Biz<E['editDeliveryRange']>>(contractMutation(D.editDeliveryRange, [...TAGS])),
    stopDeliveryRange: build.mutation<Data<E['stopDeliveryRange']>, Biz<E['stopDeliveryRange']>>(contractMutation(D.stopDeliveryRange, [...TAGS])),
    townCoverage: build.query<Data<E['checkSowntownSetFreightTemplate']>, Biz<E['checkSowntownSetFreightTemplate']>>({ ...contractQuery(D.checkSowntownSetFreightTemplate, []), keepUnusedDataFor: 0 }),
    sowntownList: build.query<Sowntown[], void>({
      ...contractQuery(commonEndpoints.sowntowns, []),
      transformResponse: (data: { list?: Sowntown[] } | null) => data?.list ?? [],
      keepUnusedDataFor: TOWN_CACHE_SECONDS,
    }),
  }),
});

export const { useSowntownListQuery, useTownCoverageQuery } = deliveryRangeApi;
