import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived IM tokens. store-server signs them, im-server verifies them with the same
 * shared key, so the two servers share no database (ARCHITECTURE.md, "Deployable units").
 *
 * Format: base64url(JSON claims) + "." + base64url(HMAC-SHA256(key, first part)).
 */
export interface ImTokenClaims {
  /** IM account id, e.g. "s_1001" for a store, "c_demo1" for a customer. */
  accid: string;
  appKey: string;
  /** Issued-at and expiry, integer seconds since the epoch. */
  iat: number;
  exp: number;
  /** Display data the IM server may use for the user's profile. */
  nick?: string;
  avatar?: string;
  /**
   * Set by store-server when the account may not chat (its store has status 4 "disabled", or the
   * staff account was removed): im-server refuses the login with 422 "account disabled" (issue 31).
   */
  disabled?: boolean;
}

export type ImTokenFailure = 'malformed' | 'bad-signature' | 'expired';

export class ImTokenError extends Error {
  constructor(readonly reason: ImTokenFailure) {
    super(`IM token rejected: ${reason}`);
    this.name = 'ImTokenError';
  }
}

/** Default lifetime: long enough for a working day of chat, short enough to limit a leak. */
export const IM_TOKEN_TTL_SECONDS = 12 * 60 * 60;

const b64url = (buf: Buffer) => buf.toString('base64url');

export function signImToken(
  claims: Omit<ImTokenClaims, 'iat' | 'exp'> & Partial<Pick<ImTokenClaims, 'iat' | 'exp'>>,
  key: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const full: ImTokenClaims = { ...claims, iat: claims.iat ?? nowSeconds, exp: claims.exp ?? nowSeconds + IM_TOKEN_TTL_SECONDS };
  const body = b64url(Buffer.from(JSON.stringify(full), 'utf8'));
  const mac = b64url(createHmac('sha256', key).update(body).digest());
  return `${body}.${mac}`;
}

/** Returns the claims, or throws ImTokenError. Never throws anything else. */
export function verifyImToken(token: unknown, key: string, nowSeconds = Math.floor(Date.now() / 1000)): ImTokenClaims {
  if (typeof token !== 'string' || token.length > 4096) throw new ImTokenError('malformed');
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw new ImTokenError('malformed');
  const expected = createHmac('sha256', key).update(parts[0]).digest();
  const given = Buffer.from(parts[1], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ImTokenError('bad-signature');
  let claims: ImTokenClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')) as ImTokenClaims;
  } catch {
    throw new ImTokenError('malformed');
  }
  if (typeof claims?.accid !== 'string' || typeof claims.exp !== 'number' || typeof claims.appKey !== 'string') {
    throw new ImTokenError('malformed');
  }
  if (claims.exp < nowSeconds) throw new ImTokenError('expired');
  return claims;
}
