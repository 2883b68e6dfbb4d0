// The calls of the provider delivery screens (issue 27 §6; docs/merchant-centre.md "Service-provider delivery").
import { providerDeliveryEndpoints as E, type EndpointData, type PageOf } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';

const silent = { silent: true } as const;

export type DeliveryProvider = EndpointData<typeof E.providerList>[number];
export type ProviderContractDetail = EndpointData<typeof E.contractDetail>;
export type ProviderContract = ProviderContractDetail['contract'];
/** Our design: the history lists one page of 50 contracts, newest first (a store has a few). */
export const PROVIDER_CONTRACT_PAGE_SIZE = 50;

export const providerDeliveryApi = consoleApi.enhanceEndpoints({ addTagTypes: ['ProviderContract'] }).injectEndpoints({
  endpoints: (build) => ({
    deliveryProviders: build.query<DeliveryProvider[], void>({
      query: () => ({ path: E.providerList.path, biz: {}, options: silent }),
    }),
    providerContracts: build.query<ProviderContract[], void>({
      query: () => ({ path: E.contractList.path, biz: { pageNum: 1, pageSize: PROVIDER_CONTRACT_PAGE_SIZE }, options: silent }),
      transformResponse: (data: PageOf<ProviderContract> | null) => data?.list ?? [],
      providesTags: ['ProviderContract'],
    }),
    providerContractDetail: build.query<ProviderContractDetail, number>({
      query: (contractId) => ({ path: E.contractDetail.path, biz: { contractId }, options: silent }),
      providesTags: ['ProviderContract'],
    }),
    openProviderContract: build.mutation<ProviderContractDetail, { providerId: number }>({
      query: (biz) => ({ path: E.openContract.path, biz }),
      invalidatesTags: ['ProviderContract'],
    }),
    signProviderContract: build.mutation<ProviderContractDetail, { contractId: number; agreementVersion: string; accepted: boolean }>({
      query: (biz) => ({ path: E.signContract.path, biz }),
      invalidatesTags: ['ProviderContract'],
    }),
    closeProviderContract: build.mutation<ProviderContractDetail, { contractId: number; reason?: string }>({
      query: (biz) => ({ path: E.closeContract.path, biz }),
      invalidatesTags: ['ProviderContract'],
    }),
  }),
});

export const {
  useDeliveryProvidersQuery,
  useProviderContractsQuery,
  useProviderContractDetailQuery,
  useOpenProviderContractMutation,
  useSignProviderContractMutation,
  useCloseProviderContractMutation,
} = providerDeliveryApi;
