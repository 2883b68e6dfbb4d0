// Licence and brand-authorisation expiry on the dashboard (console-spec §4, §9): days 0 to 60 mean
// 'about to expire' (with the days left), -1 means 'expired'; anything else shows nothing.

/** §9: the expiry warning window. */
export const EXPIRY_WARNING_DAYS = 60;
/** §4: the value the server sends for an expired licence or authorisation. */
export const EXPIRED_DAYS = -1;

export type ExpiryNotice = { kind: 'expired' } | { kind: 'expiringSoon'; daysLeft: number } | null;

export function expiryNotice(days: number | null | undefined): ExpiryNotice {
  if (typeof days !== 'number' || !Number.isInteger(days)) return null;
  if (days === EXPIRED_DAYS) return { kind: 'expired' };
  if (days >= 0 && days <= EXPIRY_WARNING_DAYS) return { kind: 'expiringSoon', daysLeft: days };
  return null;
}
