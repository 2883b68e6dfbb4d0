// IM identity issued by store-server (contract 0001, "IM token").
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
  }),
});

export const { useGetImIdentityQuery } = imApi;
