// Freight templates (issue 27 §1; contract libs/api-contracts/src/endpoints/freight.ts), typed by their contracts.
// A saved or deleted template changes the list, its details and the goods release picker, so every mutation
// invalidates the one tag. The tester is read only: a fresh quote each time it is asked.
import { freightEndpoints as F, type EndpointBiz as Biz, type EndpointData as Data } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';
import { contractMutation, contractQuery } from '../../../resource-kit';

type E = typeof F;
const TAGS = ['FreightTemplate'] as const;

export type FreightTemplateRow = Data<E['freightTemplateList']>['list'][number];
export type FreightTemplateListQuery = Biz<E['freightTemplateList']>;
export type FreightQuoteRequest = Biz<E['freightQuote']>;
export type FreightQuoteResult = Data<E['freightQuote']>;

export const freightApi = consoleApi.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    freightTemplateList: build.query<Data<E['freightTemplateList']>, Biz<E['freightTemplateList']>>(contractQuery(F.freightTemplateList, [...TAGS])),
    freightTemplateDetails: build.query<Data<E['freightTemplateDetails']>, Biz<E['freightTemplateDetails']>>(contractQuery(F.freightTemplateDetails, [...TAGS])),
    freightQuote: build.query<Data<E['freightQuote']>, Biz<E['freightQuote']>>({ ...contractQuery(F.freightQuote, []), keepUnusedDataFor: 0 }),
    addFreightTemplate: build.mutation<Data<E['addFreightTemplate']>, Biz<E['addFreightTemplate']>>(contractMutation(F.addFreightTemplate, [...TAGS])),
    editFreightTemplate: build.mutation<Data<E['editFreightTemplate']>, Biz<E['editFreightTemplate']>>(contractMutation(F.editFreightTemplate, [...TAGS])),
    deleteFreightTemplate: build.mutation<Data<E['deleteFreightTemplate']>, Biz<E['deleteFreightTemplate']>>(contractMutation(F.deleteFreightTemplate, [...TAGS])),
  }),
});

export const { useFreightTemplateListQuery, useLazyFreightQuoteQuery } = freightApi;
