// The contract's grant rules (endpoints/staff.ts header) as the console mirrors them: which codes the signed-in
// user may put in a role, and why not. The server stays the authority; this only disables what it would refuse.
import type { TFunction } from 'i18next';
import { STORE_CODES, codeGrantRefusal, type CodeGrantRefusal, type PermissionCode } from '@merchant/api-contracts';
import { useAppSelector } from '../../../app/hooks';
import { isApiError } from '../../../app/transport';

export interface Caller {
  /** The caller's own account id (getUserByToken's uid). */
  userId: number | null;
  codes: readonly string[];
  /** The store's owner: gives every code, owner-only ones included. */
  owner: boolean;
}

/** Why the caller may not put `code` in a role (the contract's rule, as the server applies it), or undefined when they may. */
export function grantRefusal(code: PermissionCode, caller: Caller): CodeGrantRefusal | undefined {
  return codeGrantRefusal(code, { isOwner: caller.owner, holds: (held) => caller.codes.includes(held) }) ?? undefined;
}

/**
 * The signed-in user as the grant rules see them, all from getUserByToken (its `owner` says whether this is
 * the store's owner), so the answer is there at once and on any screen, with no other call.
 */
export function useCaller(): Caller {
  const user = useAppSelector((state) => state.auth.user);
  return { userId: user?.uid ? Number(user.uid) : null, codes: user?.permissions ?? [], owner: user?.owner ?? false };
}

type Subject = 'staff' | 'role';

/** A refused staff call in this area's words (the form kit shows it in the dialog, which keeps the values). */
export function staffFailureText(subject: Subject) {
  return (error: unknown, t: TFunction): string => {
    if (!isApiError(error)) return t('shopStaff.errors.failed', { msg: error instanceof Error ? error.message : String(error) });
    if (error.code === STORE_CODES.alreadyExists) return t(subject === 'staff' ? 'shopStaff.errors.userNameTaken' : 'shopStaff.errors.roleNameTaken');
    if (error.code === STORE_CODES.notFound) return t('shopStaff.errors.notFound');
    if (error.code === STORE_CODES.notAllowedInCurrentState) return t('shopStaff.errors.notAllowed');
    return t('shopStaff.errors.failed', { msg: error.msg });
  };
}
