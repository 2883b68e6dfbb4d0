// Staff accounts and roles (issue 26 §4; contract libs/api-contracts/src/endpoints/staff.ts), typed by their
// contracts. The lists provide Staff / StaffRole; a change to a role changes its holders' rows too (their
// role names, the member counts), so role mutations invalidate both.
import { staffEndpoints as S, type EndpointBiz as Biz, type EndpointData as Data } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';
import { contractMutation, contractQuery } from '../../../resource-kit';

type E = typeof S;
const BOTH = ['Staff', 'StaffRole'] as const;

export type StaffAccount = Data<E['listStaff']>['list'][number];
export type StaffRole = Data<E['listRoles']>['list'][number];
export type EffectiveAccess = Data<E['staffEffectiveAccess']>;

export const staffApi = consoleApi.enhanceEndpoints({ addTagTypes: [...BOTH] }).injectEndpoints({
  endpoints: (build) => ({
    staffList: build.query<Data<E['listStaff']>, void>({ query: () => ({ path: S.listStaff.path, biz: {}, options: { silent: true } }), providesTags: ['Staff'] }),
    staffRoles: build.query<Data<E['listRoles']>, void>({ query: () => ({ path: S.listRoles.path, biz: {}, options: { silent: true } }), providesTags: ['StaffRole'] }),
    staffEffectiveAccess: build.query<EffectiveAccess, Biz<E['staffEffectiveAccess']>>(contractQuery(S.staffEffectiveAccess, BOTH)),
    addStaff: build.mutation<Data<E['addStaff']>, Biz<E['addStaff']>>(contractMutation(S.addStaff, BOTH)),
    editStaff: build.mutation<Data<E['editStaff']>, Biz<E['editStaff']>>(contractMutation(S.editStaff, BOTH)),
    setStaffStatus: build.mutation<Data<E['setStaffStatus']>, Biz<E['setStaffStatus']>>(contractMutation(S.setStaffStatus, ['Staff'])),
    resetStaffPassword: build.mutation<Data<E['resetStaffPassword']>, Biz<E['resetStaffPassword']>>(contractMutation(S.resetStaffPassword, ['Staff'])),
    addRole: build.mutation<Data<E['addRole']>, Biz<E['addRole']>>(contractMutation(S.addRole, BOTH)),
    editRole: build.mutation<Data<E['editRole']>, Biz<E['editRole']>>(contractMutation(S.editRole, BOTH)),
    deleteRole: build.mutation<Data<E['deleteRole']>, Biz<E['deleteRole']>>(contractMutation(S.deleteRole, BOTH)),
  }),
});

export const { useStaffListQuery, useStaffRolesQuery, useStaffEffectiveAccessQuery } = staffApi;
