// Staff accounts and roles as the console's specs serve them (contract staffEndpoints): a small in-memory store
// of accounts and roles answering the list calls from what the test gave, and every call recorded by the fake.
import { ALL_PERMISSION_CODES, STAFF_STATUS, STORE_CODES, staffEndpoints as S, type PermissionCode } from '@merchant/api-contracts';
import { ok, type FakeStoreServer } from '../../../../test/fakeStoreServer';
import type { EffectiveAccess, StaffAccount, StaffRole } from './api';

export const OWNER_ACCOUNT: StaffAccount = {
  userId: 1001,
  userName: 'demo_merchant',
  nickname: 'Demo Owner',
  owner: true,
  status: STAFF_STATUS.enabled,
  roles: [],
  lastSignInAt: 1_780_000_000,
  createTime: 1_700_000_000,
  manageable: false,
};

export const staffAccount = (userId: number, patch: Partial<StaffAccount> = {}): StaffAccount => ({
  userId,
  userName: `staff_${userId}`,
  nickname: `Staff ${userId}`,
  owner: false,
  status: STAFF_STATUS.enabled,
  roles: [],
  lastSignInAt: null,
  createTime: 1_700_000_100,
  manageable: true,
  ...patch,
});

export const staffRole = (roleId: number, name: string, permissions: PermissionCode[], patch: Partial<StaffRole> = {}): StaffRole => ({ roleId, name, permissions, memberCount: 0, manageable: true, ...patch });

export interface StaffFakeData {
  accounts: StaffAccount[];
  roles: StaffRole[];
}

/** Answers the list calls and the report from `data`; a test adds handlers of its own for the changes it checks. */
export function fakeStaff(server: FakeStoreServer, data: StaffFakeData) {
  server.on(S.listStaff.path, () => ok({ list: data.accounts }));
  server.on(S.listRoles.path, () => ok({ list: data.roles }));
  server.on(S.staffEffectiveAccess.path, ({ biz }) => {
    const account = data.accounts.find((candidate) => candidate.userId === biz.userId);
    if (!account) return { code: STORE_CODES.notFound, msg: 'not found' };
    return ok(effectiveAccessOf(account, data.roles));
  });
}

/** What store-server answers: every catalogue code; the owner holds all, a disabled account none, staff their roles' union. */
export function effectiveAccessOf(account: StaffAccount, roles: readonly StaffRole[]): EffectiveAccess {
  const own = roles.filter((role) => account.roles.some((held) => held.roleId === role.roleId));
  return {
    account,
    codes: ALL_PERMISSION_CODES.map((code) => {
      const grantedBy = account.owner ? [] : own.filter((role) => role.permissions.includes(code)).map(({ roleId, name }) => ({ roleId, name }));
      const held = account.status === STAFF_STATUS.enabled && (account.owner || grantedBy.length > 0);
      return { code, held, grantedBy: held ? grantedBy : [] };
    }),
  };
}
