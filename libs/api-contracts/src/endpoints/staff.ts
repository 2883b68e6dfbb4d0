// Issue 26 §4: staff accounts and roles (docs/permissions.md "Staff accounts and roles"). The owner, or a
// staff member holding `staff:manage`, creates sub-accounts and roles made of permission codes, edits and
// disables them, and resets a staff password. Every call needs `staff:manage`; the server then applies
// the grant rules below, and a refusal changes nothing.
//
// Grant rules (the server is the authority; the console only mirrors them to disable what would be refused):
// - A caller never grants a code they do not hold: a role they create or edit holds only their own codes, and
//   they assign, edit, disable, reset or delete only accounts and roles whose codes are all among their own.
// - OWNER_ONLY_CODES are given only by the owner: a staff member cannot put them in a role, nor assign or
//   change a role holding one.
// - The owner holds every code, always (docs/permissions.md): the owner's account is not listed as editable,
//   cannot be disabled, given roles or have its password reset here, so the last holder of an owner-only
//   code never loses it.
// - Nobody disables or resets their own account here (the account screen changes one's own password).
import { z } from 'zod';
import { emptyBiz, endpointsUnder } from '../endpoint';
import { passwordField, userNameField } from '../fields';
import { ALL_PERMISSION_CODES, PERMISSIONS, type PermissionCode } from '../permissions';
import { STORE_CODES } from '../store-codes';
import { statusTable, type StatusTable } from '../status-tables';

export const STAFF_BASE = '/v1/store/eshop/store/staff';

/** Codes only the owner may put in a role (our design: money, deregistration and who-may-do-what). */
export const OWNER_ONLY_CODES: readonly PermissionCode[] = [
  PERMISSIONS.staffManage,
  PERMISSIONS.payPassword,
  PERMISSIONS.accountEdit,
  PERMISSIONS.shopDeregister,
  PERMISSIONS.walletWithdraw,
];

/** Why a giver may not give one code: only the owner gives owner-only codes; a staff member gives only codes they hold. */
export type CodeGrantRefusal = 'ownerOnly' | 'notHeld';

/**
 * The grant rule for one code, written once: store-server's checks and the console's role form both call it.
 * null when `giver` may give `code`: the owner gives any; a staff member never an owner-only code, and only
 * codes they hold.
 */
export function codeGrantRefusal(code: PermissionCode, giver: { isOwner: boolean; holds: (code: PermissionCode) => boolean }): CodeGrantRefusal | null {
  if (giver.isOwner) return null;
  if (OWNER_ONLY_CODES.includes(code)) return 'ownerOnly';
  return giver.holds(code) ? null : 'notHeld';
}

export const STAFF_STATUS = { enabled: 1, disabled: 2 } as const;
export type StaffStatus = (typeof STAFF_STATUS)[keyof typeof STAFF_STATUS];
export const STAFF_STATUS_LABELS: StatusTable<StaffStatus> = statusTable({
  [STAFF_STATUS.enabled]: { 'zh-CN': '启用', 'en-US': 'enabled' },
  [STAFF_STATUS.disabled]: { 'zh-CN': '已停用', 'en-US': 'disabled' },
});

/** Our limits: a role name of 1–20 characters, at most 20 roles per account. */
export const ROLE_NAME_MAX = 20;
export const ROLES_PER_STAFF_MAX = 20;
export const STAFF_NICKNAME_MAX = 20;

const permissionCodeField = z.enum(ALL_PERMISSION_CODES as unknown as [PermissionCode, ...PermissionCode[]]);
/** A role's codes: catalogue codes only, no repeats, at least one. */
export const rolePermissionsField = z
  .array(permissionCodeField)
  .min(1)
  .refine((codes) => new Set(codes).size === codes.length, { message: 'repeated code' });
export const roleNameField = z.string().trim().min(1).max(ROLE_NAME_MAX);
export const staffNicknameField = z.string().trim().min(1).max(STAFF_NICKNAME_MAX);
const roleIdsField = z.array(z.number().int().positive()).max(ROLES_PER_STAFF_MAX);
const userIdField = z.number().int().positive();
const roleIdField = z.number().int().positive();
const epochSeconds = z.number().int().nonnegative();

export const roleSummary = z.strictObject({ roleId: z.number().int().positive(), name: z.string() });

export const staffAccount = z.strictObject({
  userId: z.number().int().positive(),
  userName: z.string(),
  nickname: z.string(),
  /** The store's owner: holds every code, listed but never editable here. */
  owner: z.boolean(),
  status: z.union([z.literal(STAFF_STATUS.enabled), z.literal(STAFF_STATUS.disabled)]),
  roles: z.array(roleSummary),
  /** When the account last signed in (seconds), null if never. */
  lastSignInAt: epochSeconds.nullable(),
  createTime: epochSeconds,
  /** Whether the caller may edit, disable or reset this account under the grant rules above. */
  manageable: z.boolean(),
});

export const staffRole = z.strictObject({
  roleId: z.number().int().positive(),
  name: z.string(),
  permissions: z.array(permissionCodeField),
  /** How many accounts hold the role. */
  memberCount: z.number().int().nonnegative(),
  /** Whether the caller may edit, assign or delete this role under the grant rules above. */
  manageable: z.boolean(),
});

/** Why an account holds a code: the owner holds all; a staff member through the named roles. */
export const effectiveCode = z.strictObject({
  code: permissionCodeField,
  held: z.boolean(),
  /** The roles that give the code ([] for the owner and for codes not held). */
  grantedBy: z.array(roleSummary),
});

export const effectiveAccess = z.strictObject({
  account: staffAccount,
  /** Every catalogue code, in catalogue order, held or not (a disabled account holds none). */
  codes: z.array(effectiveCode),
});

const staffErrors = [STORE_CODES.notFound, STORE_CODES.notAllowedInCurrentState, STORE_CODES.alreadyExists] as const;
const staffCall = endpointsUnder(STAFF_BASE);

export const staffEndpoints = {
  listStaff: staffCall('list', {
    access: 'user',
    permission: PERMISSIONS.staffManage,
    summary: "The store's accounts (owner first, then staff by creation), with their roles",
    biz: emptyBiz,
    data: z.strictObject({ list: z.array(staffAccount) }),
  }),
  addStaff: staffCall('add', {
    access: 'user',
    permission: PERMISSIONS.staffManage,
    summary: 'Create a staff account with a sign-in name, a first password and roles',
    biz: z.object({ userName: userNameField, nickname: staffNicknameField, password: passwordField, roleIds: roleIdsField }),
    data: staffAccount,
    errors: staffErrors,
  }),
  editStaff: staffCall('edit', {
    access: 'user',
    permission: PERMISSIONS.staffManage,
    summary: "Change a staff account's nickname and roles",
    biz: z.object({ userId: userIdField, nickname: staffNicknameField, roleIds: roleIdsField }),
    data: staffAccount,
    errors: staffErrors,
  }),
  setStaffStatus: staffCall('setStatus', {
    access: 'user',
    permission: PERMISSIONS.staffManage,
    summary: 'Disable a staff account (its sessions end at once) or enable it again',
    biz: z.object({ userId: userIdField, status: z.union([z.literal(STAFF_STATUS.enabled), z.literal(STAFF_STATUS.disabled)]) }),
    data: staffAccount,
    errors: staffErrors,
  }),
  resetStaffPassword: staffCall('resetPassword', {
    access: 'user',
    permission: PERMISSIONS.staffManage,
    summary: "Set a new password for a staff account (its sessions end at once)",
    biz: z.object({ userId: userIdField, password: passwordField }),
    data: staffAccount,
    errors: staffErrors,
  }),
  staffEffectiveAccess: staffCall('effectiveAccess', {
    access: 'user',
    permission: PERMISSIONS.staffManage,
    summary: 'Every code an account holds or lacks, and the roles that give it',
    biz: z.object({ userId: userIdField }),
    data: effectiveAccess,
    errors: [STORE_CODES.notFound],
  }),
  listRoles: staffCall('role/list', {
    access: 'user',
    permission: PERMISSIONS.staffManage,
    summary: "The store's roles with their codes and how many accounts hold each",
    biz: emptyBiz,
    data: z.strictObject({ list: z.array(staffRole) }),
  }),
  addRole: staffCall('role/add', {
    access: 'user',
    permission: PERMISSIONS.staffManage,
    summary: 'Create a role from permission codes the caller may grant',
    biz: z.object({ name: roleNameField, permissions: rolePermissionsField }),
    data: staffRole,
    errors: staffErrors,
  }),
  editRole: staffCall('role/edit', {
    access: 'user',
    permission: PERMISSIONS.staffManage,
    summary: "Rename a role or change its codes (its holders' access changes at once)",
    biz: z.object({ roleId: roleIdField, name: roleNameField, permissions: rolePermissionsField }),
    data: staffRole,
    errors: staffErrors,
  }),
  deleteRole: staffCall('role/delete', {
    access: 'user',
    permission: PERMISSIONS.staffManage,
    summary: 'Delete a role; its holders lose the codes it gave',
    biz: z.object({ roleId: roleIdField }),
    data: z.strictObject({ roleId: z.number().int().positive(), removedFromAccounts: z.number().int().nonnegative() }),
    errors: staffErrors,
  }),
} as const;
