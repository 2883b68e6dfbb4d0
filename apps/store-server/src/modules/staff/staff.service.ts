import {
  ALL_PERMISSION_CODES,
  PERMISSION_LABELS,
  STAFF_STATUS,
  type EndpointAnswer,
  type EndpointData,
  type EndpointParsedBiz,
  type LocalizedText,
  type PermissionCode,
  type staffEndpoints,
} from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import { epochSecondsOf, type Clock } from '../../shared/clock';
import { hashOpaqueToken } from '../../shared/opaque-token';
import { hashSecret } from '../../shared/passwords';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { UnitOfWork } from '../../shared/unit-of-work';
import type { StaffRepository } from './staff.repository';
import { accountRefusal, canManageAccount, canManageRole, grantRefusal, type AccountRefusal, type Actor, type GrantRefusal } from './staff.rules';

type Api = typeof staffEndpoints;
export type StaffAccount = EndpointData<Api['listStaff']>['list'][number];
export type StaffRole = EndpointData<Api['listRoles']>['list'][number];
type RoleSummary = StaffAccount['roles'][number];

/** The operation-log types of staff and role changes (docs/permissions.md "Staff accounts and roles"). */
export const STAFF_OPERATIONS = {
  staffAdd: 'STAFF_ADD',
  staffEdit: 'STAFF_EDIT',
  staffDisable: 'STAFF_DISABLE',
  staffEnable: 'STAFF_ENABLE',
  staffPasswordReset: 'STAFF_PASSWORD_RESET',
  roleAdd: 'ROLE_ADD',
  roleEdit: 'ROLE_EDIT',
  roleDelete: 'ROLE_DELETE',
} as const;

/** What the staff module asks the auth module: the codes a caller holds, and ending another account's sessions. */
export interface StaffAuth {
  permissionsOf(caller: Pick<Caller, 'userId'>, unit?: UnitOfWork): Promise<PermissionCode[]>;
  endSessionsOf(userId: number, unit?: UnitOfWork): Promise<number>;
}

const CATALOGUE = new Set<string>(ALL_PERMISSION_CODES);
/** Catalogue codes only, in catalogue order: a stored unknown code grants nothing (docs/permissions.md). */
const catalogueCodes = (codes: Iterable<string>): PermissionCode[] => {
  const present = new Set([...codes].filter((code) => CATALOGUE.has(code)));
  return ALL_PERMISSION_CODES.filter((code) => present.has(code));
};

// Refusals in the caller's language; the codes by their names (PERMISSION_LABELS), the code itself in brackets.
const codeNames = (codes: readonly PermissionCode[]): LocalizedText => ({
  'zh-CN': codes.map((code) => `${PERMISSION_LABELS[code].name['zh-CN']}（${code}）`).join('、'),
  'en-US': codes.map((code) => `${PERMISSION_LABELS[code].name['en-US']} (${code})`).join(', '),
});
const notAllowed = (zh: string, en: string) => new StoreError(STORE_CODES.notAllowedInCurrentState, text(zh, en));
const accountNotFound = () => new StoreError(STORE_CODES.notFound, text('账号不存在', 'account not found'));
const roleNotFound = (ids: readonly number[]) => new StoreError(STORE_CODES.notFound, text(`角色不存在：${ids.join('、')}`, `role not found: ${ids.join(', ')}`));
const userNameTaken = () => new StoreError(STORE_CODES.alreadyExists, text('该用户名已被使用', 'this user name is already taken'));
const roleNameTaken = () => new StoreError(STORE_CODES.alreadyExists, text('该角色名称已存在', 'a role with this name already exists'));

/** The codes a caller asked to put in a role. */
function grantError(refusal: GrantRefusal): StoreError {
  const names = codeNames(refusal.codes);
  return refusal.reason === 'ownerOnly'
    ? notAllowed(`仅店主可授予这些权限：${names['zh-CN']}`, `only the store owner can grant: ${names['en-US']}`)
    : notAllowed(`不能授予你自己没有的权限：${names['zh-CN']}`, `you cannot grant permissions you do not hold: ${names['en-US']}`);
}

/** A role the caller may not assign, edit or delete. */
function roleError(name: string, refusal: GrantRefusal): StoreError {
  const names = codeNames(refusal.codes);
  return refusal.reason === 'ownerOnly'
    ? notAllowed(`角色“${name}”含仅店主可授予的权限：${names['zh-CN']}`, `role "${name}" holds permissions only the store owner can grant: ${names['en-US']}`)
    : notAllowed(`角色“${name}”含你没有的权限：${names['zh-CN']}`, `role "${name}" holds permissions you do not hold: ${names['en-US']}`);
}

/** An account the caller may not edit, disable, reset or give roles. */
function accountError(refusal: AccountRefusal): StoreError {
  if (refusal.reason === 'owner') return notAllowed('店主账号不能在此修改、停用或重置密码', "the store owner's account cannot be changed, disabled or reset here");
  if (refusal.reason === 'self') return notAllowed('不能在此修改、停用或重置自己的账号', 'you cannot change, disable or reset your own account here');
  const names = codeNames(refusal.codes);
  return refusal.reason === 'ownerOnly'
    ? notAllowed(`该账号拥有仅店主可管理的权限：${names['zh-CN']}`, `this account holds permissions only the store owner can manage: ${names['en-US']}`)
    : notAllowed(`该账号拥有你没有的权限：${names['zh-CN']}`, `this account holds permissions you do not hold: ${names['en-US']}`);
}

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** A role with its catalogue codes. */
interface RoleWithCodes extends RoleSummary {
  codes: PermissionCode[];
}

type AccountRow = Awaited<ReturnType<StaffRepository['listAccounts']>>[number];

/**
 * Issue 26 §4, staff accounts and roles (docs/permissions.md "Staff accounts and roles"). Every change runs in
 * one transaction with the store row locked: the caller's codes, the rule checks (staff.rules.ts), the write
 * and its operation-log entry commit together, and a refusal changes nothing.
 */
export class StaffService {
  constructor(
    private readonly repository: StaffRepository,
    private readonly auth: StaffAuth,
    private readonly clock: Clock,
  ) {}

  // --- reads -------------------------------------------------------------------------------------

  async listStaff(caller: Caller): Promise<{ list: StaffAccount[] }> {
    const actor = await this.actorOf(caller, this.repository);
    return { list: await this.accountViews(this.repository, caller.storeId, actor, await this.repository.listAccounts(caller.storeId)) };
  }

  async effectiveAccess(caller: Caller, userId: number): Promise<EndpointAnswer<Api['staffEffectiveAccess']>> {
    const actor = await this.actorOf(caller, this.repository);
    const row = await this.repository.findAccount(caller.storeId, userId);
    if (!row) throw accountNotFound();
    const [account] = await this.accountViews(this.repository, caller.storeId, actor, [row]);
    const roles = await this.rolesOfAccount(this.repository, caller.storeId, userId);
    const holdsNone = row.status === STAFF_STATUS.disabled;
    return {
      account: account!,
      codes: ALL_PERMISSION_CODES.map((code) => {
        if (holdsNone) return { code, held: false, grantedBy: [] };
        if (row.is_owner) return { code, held: true, grantedBy: [] };
        const grantedBy = roles.filter((role) => role.codes.includes(code)).map(({ roleId, name }) => ({ roleId, name }));
        return { code, held: grantedBy.length > 0, grantedBy };
      }),
    };
  }

  async listRoles(caller: Caller): Promise<{ list: StaffRole[] }> {
    const actor = await this.actorOf(caller, this.repository);
    const rows = await this.repository.listRoles(caller.storeId);
    const codes = await this.codesByRole(this.repository, caller.storeId, rows.map((row) => row.id));
    return {
      list: rows.map((row) => {
        const permissions = codes.get(row.id) ?? [];
        return { roleId: row.id, name: row.name, permissions, memberCount: Number(row.memberCount ?? 0), manageable: canManageRole(actor, permissions) };
      }),
    };
  }

  // --- accounts ----------------------------------------------------------------------------------

  async addStaff(caller: Caller, biz: EndpointParsedBiz<Api['addStaff']>): Promise<StaffAccount> {
    const passwordHash = await hashSecret(biz.password);
    try {
      return await this.change(caller, async (repository, actor) => {
        const roles = await this.assignableRoles(repository, caller.storeId, actor, biz.roleIds);
        if (await repository.userNameTaken(biz.userName)) throw userNameTaken();
        const now = this.clock.now();
        const userId = await repository.insertAccount({ storeId: caller.storeId, userName: biz.userName, nickname: biz.nickname, passwordHash, at: now });
        await repository.replaceAccountRoles(userId, roles.map((role) => role.roleId));
        await this.record(repository, caller, STAFF_OPERATIONS.staffAdd, { userId }, { userName: biz.userName, nickname: biz.nickname, roleIds: roles.map((role) => role.roleId) });
        return this.accountView(repository, caller.storeId, actor, userId);
      });
    } catch (error) {
      // Another call (or a registration) took the name between the check and the insert.
      if (isUniqueViolation(error)) throw userNameTaken();
      throw error;
    }
  }

  async editStaff(caller: Caller, biz: EndpointParsedBiz<Api['editStaff']>): Promise<StaffAccount> {
    return this.change(caller, async (repository, actor) => {
      const before = await this.manageableAccount(repository, caller.storeId, actor, biz.userId);
      const roles = await this.assignableRoles(repository, caller.storeId, actor, biz.roleIds);
      await repository.updateNickname(caller.storeId, biz.userId, biz.nickname);
      await repository.replaceAccountRoles(biz.userId, roles.map((role) => role.roleId));
      await this.record(repository, caller, STAFF_OPERATIONS.staffEdit, { userId: biz.userId }, {
        nickname: { from: before.row.nickname, to: biz.nickname },
        roleIds: { from: before.roles.map((role) => role.roleId), to: roles.map((role) => role.roleId) },
      });
      return this.accountView(repository, caller.storeId, actor, biz.userId);
    });
  }

  async setStaffStatus(caller: Caller, biz: EndpointParsedBiz<Api['setStaffStatus']>): Promise<StaffAccount> {
    return this.change(caller, async (repository, actor, unit) => {
      const { row } = await this.manageableAccount(repository, caller.storeId, actor, biz.userId);
      if (row.status !== biz.status) {
        await repository.setStatus(caller.storeId, biz.userId, biz.status);
        const disabling = biz.status === STAFF_STATUS.disabled;
        // Disabling ends the account's sessions in the same transaction: its tokens are refused from now on.
        const sessionsEnded = disabling ? await this.auth.endSessionsOf(biz.userId, unit) : 0;
        await this.record(repository, caller, disabling ? STAFF_OPERATIONS.staffDisable : STAFF_OPERATIONS.staffEnable, { userId: biz.userId }, { sessionsEnded });
      }
      return this.accountView(repository, caller.storeId, actor, biz.userId);
    });
  }

  async resetStaffPassword(caller: Caller, biz: EndpointParsedBiz<Api['resetStaffPassword']>): Promise<StaffAccount> {
    const passwordHash = await hashSecret(biz.password);
    return this.change(caller, async (repository, actor, unit) => {
      await this.manageableAccount(repository, caller.storeId, actor, biz.userId);
      await repository.setPasswordHash(caller.storeId, biz.userId, passwordHash);
      const sessionsEnded = await this.auth.endSessionsOf(biz.userId, unit);
      await this.record(repository, caller, STAFF_OPERATIONS.staffPasswordReset, { userId: biz.userId }, { sessionsEnded });
      return this.accountView(repository, caller.storeId, actor, biz.userId);
    });
  }

  // --- roles -------------------------------------------------------------------------------------

  async addRole(caller: Caller, biz: EndpointParsedBiz<Api['addRole']>): Promise<StaffRole> {
    const permissions = catalogueCodes(biz.permissions);
    try {
      return await this.change(caller, async (repository, actor) => {
        const refusal = grantRefusal(actor, permissions);
        if (refusal) throw grantError(refusal);
        if (await repository.roleNameTaken(caller.storeId, biz.name)) throw roleNameTaken();
        const roleId = await repository.insertRole(caller.storeId, biz.name, this.clock.now());
        await repository.replaceRoleCodes(roleId, permissions);
        await this.record(repository, caller, STAFF_OPERATIONS.roleAdd, { roleId }, { name: biz.name, permissions });
        return { roleId, name: biz.name, permissions, memberCount: 0, manageable: canManageRole(actor, permissions) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw roleNameTaken();
      throw error;
    }
  }

  async editRole(caller: Caller, biz: EndpointParsedBiz<Api['editRole']>): Promise<StaffRole> {
    const permissions = catalogueCodes(biz.permissions);
    try {
      return await this.change(caller, async (repository, actor) => {
        const role = await this.manageableRole(repository, caller.storeId, actor, biz.roleId);
        const refusal = grantRefusal(actor, permissions);
        if (refusal) throw grantError(refusal);
        if (await repository.roleNameTaken(caller.storeId, biz.name, biz.roleId)) throw roleNameTaken();
        await repository.renameRole(caller.storeId, biz.roleId, biz.name);
        await repository.replaceRoleCodes(biz.roleId, permissions);
        await this.record(repository, caller, STAFF_OPERATIONS.roleEdit, { roleId: biz.roleId }, {
          name: { from: role.name, to: biz.name },
          permissions: { from: role.codes, to: permissions },
        });
        const listed = (await repository.listRoles(caller.storeId)).find((row) => row.id === biz.roleId);
        return { roleId: biz.roleId, name: biz.name, permissions, memberCount: Number(listed?.memberCount ?? 0), manageable: canManageRole(actor, permissions) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw roleNameTaken();
      throw error;
    }
  }

  async deleteRole(caller: Caller, roleId: number): Promise<{ roleId: number; removedFromAccounts: number }> {
    return this.change(caller, async (repository, actor) => {
      const role = await this.manageableRole(repository, caller.storeId, actor, roleId);
      const removedFromAccounts = await repository.deleteRole(caller.storeId, roleId);
      await this.record(repository, caller, STAFF_OPERATIONS.roleDelete, { roleId }, { name: role.name, permissions: role.codes, removedFromAccounts });
      return { roleId, removedFromAccounts };
    });
  }

  // --- the pieces --------------------------------------------------------------------------------

  /** One change: the store locked, the caller's codes read inside the transaction, then `work`. */
  private change<T>(caller: Caller, work: (repository: StaffRepository, actor: Actor, unit: UnitOfWork) => Promise<T>): Promise<T> {
    return this.repository.transaction(async (repository, unit) => {
      await repository.lockStore(caller.storeId);
      return work(repository, await this.actorOf(caller, repository, unit), unit);
    });
  }

  private async actorOf(caller: Caller, repository: StaffRepository, unit?: UnitOfWork): Promise<Actor> {
    const own = await repository.findAccount(caller.storeId, caller.userId);
    return { userId: caller.userId, isOwner: own?.is_owner === true, codes: new Set(await this.auth.permissionsOf(caller, unit)) };
  }

  private async codesByRole(repository: StaffRepository, storeId: number, roleIds: readonly number[]): Promise<Map<number, PermissionCode[]>> {
    const stored = new Map<number, string[]>();
    for (const row of await repository.codesOfRoles(storeId, roleIds)) stored.set(row.roleId, [...(stored.get(row.roleId) ?? []), row.code]);
    return new Map([...stored].map(([roleId, codes]) => [roleId, catalogueCodes(codes)]));
  }

  private async rolesOfAccount(repository: StaffRepository, storeId: number, userId: number): Promise<RoleWithCodes[]> {
    const links = await repository.rolesOfAccounts(storeId, [userId]);
    const codes = await this.codesByRole(repository, storeId, links.map((link) => link.roleId));
    return links.map((link) => ({ roleId: link.roleId, name: link.name, codes: codes.get(link.roleId) ?? [] }));
  }

  /** The roles to give an account: all of this store (else 10100004 naming the others), each within the caller's reach. */
  private async assignableRoles(repository: StaffRepository, storeId: number, actor: Actor, roleIds: readonly number[]): Promise<RoleWithCodes[]> {
    const wanted = [...new Set(roleIds)];
    const found = await repository.findRoles(storeId, wanted);
    const missing = wanted.filter((id) => !found.some((role) => role.id === id));
    if (missing.length > 0) throw roleNotFound(missing);
    const codes = await this.codesByRole(repository, storeId, wanted);
    const roles = found.map((role) => ({ roleId: role.id, name: role.name, codes: codes.get(role.id) ?? [] }));
    for (const role of roles) {
      const refusal = grantRefusal(actor, role.codes);
      if (refusal) throw roleError(role.name, refusal);
    }
    return roles;
  }

  /** A role of this store the caller may change (else 10100004 or 10100005 with the reason). */
  private async manageableRole(repository: StaffRepository, storeId: number, actor: Actor, roleId: number): Promise<RoleWithCodes> {
    const [found] = await repository.findRoles(storeId, [roleId]);
    if (!found) throw roleNotFound([roleId]);
    const role = { roleId: found.id, name: found.name, codes: (await this.codesByRole(repository, storeId, [roleId])).get(roleId) ?? [] };
    const refusal = grantRefusal(actor, role.codes);
    if (refusal) throw roleError(role.name, refusal);
    return role;
  }

  /** An account of this store the caller may change (else 10100004 or 10100005 with the reason). */
  private async manageableAccount(repository: StaffRepository, storeId: number, actor: Actor, userId: number): Promise<{ row: AccountRow; roles: RoleWithCodes[] }> {
    const row = await repository.findAccount(storeId, userId);
    if (!row) throw accountNotFound();
    const roles = await this.rolesOfAccount(repository, storeId, userId);
    const refusal = accountRefusal(actor, { userId, isOwner: row.is_owner, roleCodes: catalogueCodes(roles.flatMap((role) => role.codes)) });
    if (refusal) throw accountError(refusal);
    return { row, roles };
  }

  private async accountView(repository: StaffRepository, storeId: number, actor: Actor, userId: number): Promise<StaffAccount> {
    const row = await repository.findAccount(storeId, userId);
    if (!row) throw accountNotFound();
    const [view] = await this.accountViews(repository, storeId, actor, [row]);
    return view!;
  }

  /** The accounts as the contract shows them; `manageable` from the same rule the changes check. */
  private async accountViews(repository: StaffRepository, storeId: number, actor: Actor, rows: readonly AccountRow[]): Promise<StaffAccount[]> {
    const userIds = rows.map((row) => row.id);
    const links = await repository.rolesOfAccounts(storeId, userIds);
    const codes = await this.codesByRole(repository, storeId, [...new Set(links.map((link) => link.roleId))]);
    const signIns = new Map((await repository.lastSignIns(userIds)).map((row) => [row.userId, row.at]));
    return rows.map((row) => {
      const roles = links.filter((link) => link.userId === row.id).map(({ roleId, name }) => ({ roleId, name }));
      const roleCodes = catalogueCodes(roles.flatMap((role) => codes.get(role.roleId) ?? []));
      const lastSignIn = signIns.get(row.id);
      return {
        userId: row.id,
        userName: row.username,
        nickname: row.nickname,
        owner: row.is_owner,
        status: row.status === STAFF_STATUS.disabled ? STAFF_STATUS.disabled : STAFF_STATUS.enabled,
        roles,
        lastSignInAt: lastSignIn ? epochSecondsOf(new Date(lastSignIn)) : null,
        createTime: epochSecondsOf(row.created_at),
        manageable: canManageAccount(actor, { userId: row.id, isOwner: row.is_owner, roleCodes }),
      };
    });
  }

  private record(repository: StaffRepository, caller: Caller, operationType: string, target: { userId?: number; roleId?: number }, detail: Record<string, unknown>): Promise<void> {
    return repository.recordChange({
      storeId: caller.storeId,
      userId: caller.userId,
      sessionTokenHash: hashOpaqueToken(caller.accessToken),
      operationType,
      targetUserId: target.userId ?? null,
      targetRoleId: target.roleId ?? null,
      detail,
      at: this.clock.now(),
    });
  }
}
