import { codeGrantRefusal, type PermissionCode } from '@merchant/api-contracts';

/**
 * The grant rules of issue 26 §4 (libs/api-contracts/src/endpoints/staff.ts header, docs/permissions.md
 * "Staff accounts and roles"), in one place: the checks before a change and the `manageable` flags of the
 * lists both call these, so what the list offers is exactly what the server accepts.
 */

/** Who is acting: their account and the codes they hold now (AuthService.permissionsOf). */
export interface Actor {
  userId: number;
  isOwner: boolean;
  codes: ReadonlySet<PermissionCode>;
}

/** An account as the rules see it: whose it is and the catalogue codes its roles give. */
export interface AccountUnderRules {
  userId: number;
  isOwner: boolean;
  roleCodes: readonly PermissionCode[];
}

/** Why a set of codes cannot come from the actor: codes only the owner gives, or codes the actor lacks. */
export type GrantRefusal = { reason: 'ownerOnly'; codes: PermissionCode[] } | { reason: 'notHeld'; codes: PermissionCode[] };

/** Why an account is out of the actor's reach. */
export type AccountRefusal = { reason: 'owner' } | { reason: 'self' } | GrantRefusal;

/**
 * null when the actor may give every one of `codes` (the contract's codeGrantRefusal for each); else the codes
 * refused, owner-only ones first since no grant of roles can fix those.
 */
export function grantRefusal(actor: Actor, codes: readonly PermissionCode[]): GrantRefusal | null {
  const giver = { isOwner: actor.isOwner, holds: (code: PermissionCode) => actor.codes.has(code) };
  const refusals = codes.map((code) => ({ code, refusal: codeGrantRefusal(code, giver) }));
  const refusedFor = (reason: GrantRefusal['reason']) => refusals.filter((r) => r.refusal === reason).map((r) => r.code);
  const ownerOnly = refusedFor('ownerOnly');
  if (ownerOnly.length > 0) return { reason: 'ownerOnly', codes: ownerOnly };
  const notHeld = refusedFor('notHeld');
  return notHeld.length > 0 ? { reason: 'notHeld', codes: notHeld } : null;
}

/** null when the actor may edit, disable, reset or give roles to the account: never the owner's, never their own, and only within their codes. */
export function accountRefusal(actor: Actor, account: AccountUnderRules): AccountRefusal | null {
  if (account.isOwner) return { reason: 'owner' };
  if (account.userId === actor.userId) return { reason: 'self' };
  return grantRefusal(actor, account.roleCodes);
}

/** A role is the actor's to edit, assign or delete when they could have given all its codes. */
export const canManageRole = (actor: Actor, roleCodes: readonly PermissionCode[]) => grantRefusal(actor, roleCodes) === null;

export const canManageAccount = (actor: Actor, account: AccountUnderRules) => accountRefusal(actor, account) === null;
