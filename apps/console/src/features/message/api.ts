// IM identity issued by store-server (contract 0001, "IM token"), and the store user's IM info.
import { imEndpoints, type EndpointBiz } from '@merchant/api-contracts';
import { consoleApi } from '../../app/api';

export interface ImIdentity {
  uid: string;
  imToken: string;
  appKey?: string;
}

export const imApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    getImIdentity: build.query<ImIdentity, void>({
      query: () => ({ path: '/v1/store/im/getCccUserImToken', biz: {} }),
      providesTags: ['ImToken'],
    }),
    updateImInfo: build.mutation<null, EndpointBiz<typeof imEndpoints.updateImInfo>>({
      query: (biz) => ({ path: imEndpoints.updateImInfo.path, biz }),
    }),
  }),
});

export const { useGetImIdentityQuery, useUpdateImInfoMutation } = imApi;
