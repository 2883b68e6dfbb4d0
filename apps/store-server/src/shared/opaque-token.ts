import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe; what the client holds. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database holds: a leaked table does not give usable tokens. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
