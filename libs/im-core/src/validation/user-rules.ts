import { ImError, ImErrorName } from '../errors';
import type { ImGender } from '../store/entities';

// User, friend and relation rules of im-client-spec §5 "Users and friends". Written once: the
// client checks them before a request, im-server checks the same functions on what arrives
// (exported to it through @merchant/im-core/server). The `...Problem` functions return the
// reason a value is refused (or undefined); the `validate...` wrappers throw ImError(Param_Error, 414).

/** §5 "User lookup at most 150 accounts". */
export const MAX_USER_LOOKUP = 150;

/** Bounds of profile and friend fields (ours; the spec names the fields, not their lengths). */
export const USER_FIELD_MAX_LENGTH = { nick: 64, avatar: 1024, sign: 256, email: 128, birth: 10, tel: 32, custom: 5000 } as const;
export const FRIEND_FIELD_MAX_LENGTH = { alias: 64, custom: 5000 } as const;
/** A friend request's note (ps) is bounded like a message's ps (§5 "ps at most 5000 long"). */
export const FRIEND_PS_MAX_LENGTH = 5000;

/** §3 gender: unknown, male, female, sent as 0, 1, 2. */
export const GENDER_CODES: readonly ImGender[] = ['unknown', 'male', 'female'];

/** §5: a non-empty email needs @ with characters on both sides. */
export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+$/;
/** §5: tel is digits, +, -, and brackets. */
export const TEL_PATTERN = /^[0-9+\-()]+$/;
/** §5: birth is yyyy-MM-dd. */
export const BIRTH_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Account ids (ours; accounts look like s_1001, c_demo1): the server refuses others with 414. */
export const ACCOUNT_ID_PATTERN = /^[A-Za-z0-9_.@-]{1,64}$/;

/** Friend request kinds (§3 System message). addFriend needs no approval; applyFriend waits for pass or reject. */
export const FRIEND_REQUEST_TYPES = ['addFriend', 'applyFriend', 'passFriendApply', 'rejectFriendApply'] as const;
export type FriendRequestType = (typeof FRIEND_REQUEST_TYPES)[number];

/** The profile fields a user may change (updateMyInfo). An empty string clears a field. */
export interface ProfileUpdate {
  nick?: string;
  avatar?: string;
  sign?: string;
  gender?: ImGender;
  email?: string;
  birth?: string;
  tel?: string;
  custom?: string;
}

const PROFILE_STRING_FIELDS = ['nick', 'avatar', 'sign', 'email', 'birth', 'tel', 'custom'] as const;

/** yyyy-MM-dd and a real calendar day (2023-02-30 is refused). */
export function isValidBirth(value: string): boolean {
  const match = BIRTH_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Why a profile update is refused, or undefined when it is valid (§5 gender, email, birth, tel). */
export function profileUpdateProblem(update: unknown): string | undefined {
  if (typeof update !== 'object' || update === null || Array.isArray(update)) return 'user info is required';
  const input = update as Record<string, unknown>;
  const known = new Set<string>([...PROFILE_STRING_FIELDS, 'gender']);
  const fields = Object.keys(input).filter((key) => input[key] !== undefined);
  const unknown = fields.filter((key) => !known.has(key));
  if (unknown.length > 0) return `unknown user field ${unknown[0]}`;
  if (fields.length === 0) return 'user info needs at least one field';
  for (const field of PROFILE_STRING_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') return `${field} must be a string`;
    if (value.length > USER_FIELD_MAX_LENGTH[field]) return `${field} must be at most ${USER_FIELD_MAX_LENGTH[field]} characters`;
  }
  if (input.gender !== undefined && !(GENDER_CODES as readonly unknown[]).includes(input.gender)) return 'gender must be one of unknown, male, female';
  const email = input.email as string | undefined;
  if (email && !EMAIL_PATTERN.test(email)) return 'email must contain @ with characters on both sides';
  const birth = input.birth as string | undefined;
  if (birth && !isValidBirth(birth)) return 'birth must be a date as yyyy-MM-dd';
  const tel = input.tel as string | undefined;
  if (tel && !TEL_PATTERN.test(tel)) return 'tel may contain only digits, +, - and brackets';
  if (input.custom && !isJsonObjectText(input.custom as string)) return 'custom must be a JSON object string';
  return undefined;
}

function isJsonObjectText(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** Do-not-disturb settings: a JSON object string the app owns (the spec names the feature, not its fields). */
export const MAX_DONNOP_LENGTH = 2000;

/** Why do-not-disturb settings are refused (updateDonnop), or undefined. */
export function donnopProblem(donnop: unknown): string | undefined {
  if (typeof donnop !== 'string' || donnop.length > MAX_DONNOP_LENGTH || !isJsonObjectText(donnop)) {
    return `donnop must be a JSON object string of at most ${MAX_DONNOP_LENGTH} characters`;
  }
  return undefined;
}

/** Why a user lookup is refused: a non-empty list of at most 150 accounts (§5). */
export function userLookupProblem(accounts: unknown): string | undefined {
  if (!Array.isArray(accounts) || accounts.length === 0) return 'accounts must be a non-empty array';
  if (accounts.length > MAX_USER_LOOKUP) return `at most ${MAX_USER_LOOKUP} accounts can be looked up at once`;
  if (accounts.some((a) => typeof a !== 'string' || !ACCOUNT_ID_PATTERN.test(a))) return 'accounts must be account ids';
  return undefined;
}

/** §5 "Friend needs account and at least one of alias and custom". */
export function friendUpdateProblem(friend: unknown): string | undefined {
  if (typeof friend !== 'object' || friend === null) return 'friend is required';
  const { account, alias, custom } = friend as Record<string, unknown>;
  if (typeof account !== 'string' || !ACCOUNT_ID_PATTERN.test(account)) return 'account must be an account id';
  if (alias === undefined && custom === undefined) return 'friend needs alias or custom';
  if (alias !== undefined && (typeof alias !== 'string' || alias.length > FRIEND_FIELD_MAX_LENGTH.alias)) return `alias must be a string of at most ${FRIEND_FIELD_MAX_LENGTH.alias} characters`;
  if (custom !== undefined && (typeof custom !== 'string' || custom.length > FRIEND_FIELD_MAX_LENGTH.custom)) return `custom must be a string of at most ${FRIEND_FIELD_MAX_LENGTH.custom} characters`;
  return undefined;
}

/** A friend request: an account other than the caller's, a known kind, an optional bounded ps. */
export function friendRequestProblem(input: { account?: unknown; type?: unknown; ps?: unknown }, self: string): string | undefined {
  if (typeof input.account !== 'string' || !ACCOUNT_ID_PATTERN.test(input.account)) return 'account must be an account id';
  if (input.account === self) return 'cannot send a friend request to yourself';
  if (!(FRIEND_REQUEST_TYPES as readonly unknown[]).includes(input.type)) return `type must be one of ${FRIEND_REQUEST_TYPES.join(', ')}`;
  if (input.ps !== undefined && (typeof input.ps !== 'string' || input.ps.length > FRIEND_PS_MAX_LENGTH)) return `ps must be a string of at most ${FRIEND_PS_MAX_LENGTH} characters`;
  return undefined;
}

/** An account to put on or take off the blocklist or mutelist. */
export function relationTargetProblem(account: unknown, self: string): string | undefined {
  if (typeof account !== 'string' || !ACCOUNT_ID_PATTERN.test(account)) return 'account must be an account id';
  if (account === self) return 'cannot put yourself on a list';
  return undefined;
}

const raise = (problem: string | undefined): void => {
  if (problem) throw new ImError(ImErrorName.Param_Error, problem, { code: 414 });
};

export function validateProfileUpdate(update: ProfileUpdate): ProfileUpdate {
  raise(profileUpdateProblem(update));
  return update;
}

export function validateDonnop(donnop: string): string {
  raise(donnopProblem(donnop));
  return donnop;
}

export function validateUserLookup(accounts: readonly string[]): string[] {
  raise(userLookupProblem(accounts));
  return [...new Set(accounts)];
}

export function validateFriendUpdate<T extends { account: string; alias?: string; custom?: string }>(friend: T): T {
  raise(friendUpdateProblem(friend));
  return friend;
}

export function validateFriendRequest(input: { account: string; type: FriendRequestType; ps?: string }, self: string): void {
  raise(friendRequestProblem(input, self));
}

export function validateRelationTarget(account: string, self: string): string {
  raise(relationTargetProblem(account, self));
  return account;
}
