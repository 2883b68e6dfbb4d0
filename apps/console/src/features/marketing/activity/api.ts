// Platform activities (issue 28 §1; contract libs/api-contracts/src/endpoints/activities.ts), typed by their
// contracts. Applying or withdrawing changes the store's applications and the campaigns' own-application marks.
import { activityEndpoints as A, type EndpointBiz as Biz, type EndpointData as Data } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';
import { contractMutation, contractQuery } from '../../../resource-kit';

type E = typeof A;
const TAGS = ['ActivityApplication', 'ActivityCampaign'] as const;

export type ActivityCampaignRow = Data<E['activityCampaigns']>['list'][number];
export type ActivityApplicationRow = Data<E['activityList']>['list'][number];
export type ActivityApplicationDetails = Data<E['activityDetails']>;
export type ActivityListQuery = Biz<E['activityList']>;
export type ActivityCampaignsQuery = Biz<E['activityCampaigns']>;
export type ActivityApplyBiz = Biz<E['applyActivity']>;

export const activitiesApi = consoleApi.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    activityCampaigns: build.query<Data<E['activityCampaigns']>, Biz<E['activityCampaigns']>>(contractQuery(A.activityCampaigns, ['ActivityCampaign'])),
    activityCampaign: build.query<Data<E['activityCampaign']>, Biz<E['activityCampaign']>>(contractQuery(A.activityCampaign, ['ActivityCampaign'])),
    activityList: build.query<Data<E['activityList']>, Biz<E['activityList']>>(contractQuery(A.activityList, ['ActivityApplication'])),
    activityDetails: build.query<Data<E['activityDetails']>, Biz<E['activityDetails']>>(contractQuery(A.activityDetails, [...TAGS])),
    applyActivity: build.mutation<Data<E['applyActivity']>, Biz<E['applyActivity']>>(contractMutation(A.applyActivity, [...TAGS])),
    withdrawActivity: build.mutation<Data<E['withdrawActivity']>, Biz<E['withdrawActivity']>>(contractMutation(A.withdrawActivity, [...TAGS])),
  }),
});
