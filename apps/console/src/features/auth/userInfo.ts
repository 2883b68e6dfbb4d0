// User info as the console keeps it (console-spec §3), and the §5/§6 rules applied on load.

export interface UserInfo {
  roles: string[];
  nickname: string;
  avatarUrl: string;
  uid: string;
  storeStatus: number | null;
  storeType: number | null;
  storeName: string;
  forbiddenReason: string;
  /** §6 permission codes of this user (docs/permissions.md); buttons needing others are disabled. */
  permissions: string[];
  /** The store's owner (getUserByToken's `owner`), not a sub-account: alone may grant the owner-only codes. */
  owner: boolean;
}

/** §6: every signed-in user gets the single role admin. */
export const FORCED_ROLES = ['admin'];

/** §5: a user without roles is refused with this text (an i18n key). */
export const ROLES_REQUIRED_KEY = 'auth.errors.rolesRequired';

export type UserInfoResult = { ok: true; user: UserInfo } | { ok: false; reasonKey: string };

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const code = (value: unknown): number | null => {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
};

export function normalizeUserInfo(raw: unknown): UserInfoResult {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const roles = record.roles;
  if (!Array.isArray(roles) || roles.length === 0) return { ok: false, reasonKey: ROLES_REQUIRED_KEY };
  return {
    ok: true,
    user: {
      roles: [...FORCED_ROLES],
      nickname: text(record.nickname),
      avatarUrl: text(record.avatarUrl),
      uid: text(record.uid),
      storeStatus: code(record.storeStatus),
      storeType: code(record.storeType),
      storeName: text(record.storeName),
      forbiddenReason: text(record.forbiddenReason),
      permissions: Array.isArray(record.permissions) ? record.permissions.filter((item): item is string => typeof item === 'string') : [],
      // Only an explicit true makes the owner: a missing or odd value falls back to the sub-account's rules.
      owner: record.owner === true,
    },
  };
}
