// Cartage templates (issue 27 §2; contract libs/api-contracts/src/endpoints/cartage.ts), typed by their contracts,
// and the platform's porterage list (common `porterage`), the reference prices the form shows. A saved or deleted
// template changes the list, its details and the goods release picker, so every mutation invalidates the one tag.
import { cartageEndpoints as C, commonEndpoints, type EndpointBiz as Biz, type EndpointData as Data } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';
import { contractMutation, contractQuery } from '../../../resource-kit';

type E = typeof C;
const TAGS = ['CartageTemplate'] as const;

export type CartageTemplateRow = Data<E['cartageTemplateList']>['list'][number];
export type CartageTemplateListQuery = Biz<E['cartageTemplateList']>;
export type PorterageItem = Data<typeof commonEndpoints.porterage>['list'][number];

export const cartageApi = consoleApi.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    cartageTemplateList: build.query<Data<E['cartageTemplateList']>, Biz<E['cartageTemplateList']>>(contractQuery(C.cartageTemplateList, [...TAGS])),
    cartageTemplateDetails: build.query<Data<E['cartageTemplateDetails']>, Biz<E['cartageTemplateDetails']>>(contractQuery(C.cartageTemplateDetails, [...TAGS])),
    addCartageTemplate: build.mutation<Data<E['addCartageTemplate']>, Biz<E['addCartageTemplate']>>(contractMutation(C.addCartageTemplate, [...TAGS])),
    editCartageTemplate: build.mutation<Data<E['editCartageTemplate']>, Biz<E['editCartageTemplate']>>(contractMutation(C.editCartageTemplate, [...TAGS])),
    deleteCartageTemplate: build.mutation<Data<E['deleteCartageTemplate']>, Biz<E['deleteCartageTemplate']>>(contractMutation(C.deleteCartageTemplate, [...TAGS])),
    porterageList: build.query<Data<typeof commonEndpoints.porterage>, void>(contractQuery(commonEndpoints.porterage, [])),
  }),
});

export const { useCartageTemplateListQuery, usePorterageListQuery } = cartageApi;
