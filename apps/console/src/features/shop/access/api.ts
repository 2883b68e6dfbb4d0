// Issue 26 §3 calls of the account detail: the caller's own sign-ins and sessions, and "sign out everywhere
// else" (contracts: @merchant/api-contracts endpoints/sessions). A refused call's msg is shown by the baseQuery.
import { sessionEndpoints as sessions, type EndpointData } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';

export type SignInRecord = EndpointData<typeof sessions.querySignInRecords>['list'][number];
export type ActiveSession = EndpointData<typeof sessions.queryActiveSessions>['list'][number];

export const shopAccessApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    signInRecords: build.query<EndpointData<typeof sessions.querySignInRecords>, void>({
      query: () => ({ path: sessions.querySignInRecords.path, biz: {} }),
      keepUnusedDataFor: 0,
    }),
    activeSessions: build.query<EndpointData<typeof sessions.queryActiveSessions>, void>({
      query: () => ({ path: sessions.queryActiveSessions.path, biz: {} }),
      keepUnusedDataFor: 0,
    }),
    signOutOtherSessions: build.mutation<EndpointData<typeof sessions.signOutOtherSessions>, void>({
      query: () => ({ path: sessions.signOutOtherSessions.path, biz: {} }),
    }),
  }),
});

export const { useSignInRecordsQuery, useActiveSessionsQuery, useSignOutOtherSessionsMutation } = shopAccessApi;
