import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Upload tokens (issue 13): what getNosToken hands out and the object store's endpoints check. A token
 * binds one account, one object, its exact size and an expiry, signed with a key derived from the
 * server's token secret, so a token for one object cannot write, resume or read another.
 */
export interface UploadClaims {
  /** The account the object belongs to. */
  account: string;
  bucket: string;
  objectName: string;
  /** Exact size in bytes the finished object must have. */
  size: number;
  /** Epoch ms after which the token no longer writes. */
  expiresAt: number;
  /** Seconds the finished object lives (§5 nosSurvivalTime ≥ 86,400); absent = without limit. */
  survivalSeconds?: number;
  /** A private object: served only with an access token (getNosAccessToken). */
  private?: boolean;
  /** A document to convert once complete (docs/im-upload.md "Documents"): §9 type, transcode type, file name. */
  document?: { docType: number; transcodeType: 10 | 11; name: string };
}

const keyOf = (secret: string) => createHmac('sha256', secret).update('im-upload-token/v1').digest();
const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64url');

export function signUploadToken(claims: UploadClaims, secret: string): string {
  const body = b64(JSON.stringify({ a: claims.account, b: claims.bucket, o: claims.objectName, s: claims.size, e: claims.expiresAt, l: claims.survivalSeconds, p: claims.private || undefined, d: claims.document ? [claims.document.docType, claims.document.transcodeType, claims.document.name] : undefined }));
  return `${body}.${b64(createHmac('sha256', keyOf(secret)).update(body).digest())}`;
}

export type UploadTokenProblem = 'malformed' | 'signature' | 'expired';

/** The token's claims, or why it is refused. */
export function verifyUploadToken(token: string, secret: string, now: number): UploadClaims | UploadTokenProblem {
  if (typeof token !== 'string' || token.length > 2048) return 'malformed';
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return 'malformed';
  const expected = createHmac('sha256', keyOf(secret)).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'signature';
  let raw: { a?: unknown; b?: unknown; o?: unknown; s?: unknown; e?: unknown; l?: unknown; p?: unknown; d?: unknown };
  try {
    raw = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return 'malformed';
  }
  if (typeof raw.a !== 'string' || typeof raw.b !== 'string' || typeof raw.o !== 'string' || typeof raw.s !== 'number' || typeof raw.e !== 'number') return 'malformed';
  if (raw.l !== undefined && typeof raw.l !== 'number') return 'malformed';
  if (raw.p !== undefined && raw.p !== true) return 'malformed';
  const d = raw.d;
  const document = Array.isArray(d) && d.length === 3 && typeof d[0] === 'number' && (d[1] === 10 || d[1] === 11) && typeof d[2] === 'string' ? { docType: d[0], transcodeType: d[1] as 10 | 11, name: d[2] } : undefined;
  if (d !== undefined && !document) return 'malformed';
  if (now > raw.e) return 'expired';
  return { account: raw.a, bucket: raw.b, objectName: raw.o, size: raw.s, expiresAt: raw.e, ...(raw.l === undefined ? {} : { survivalSeconds: raw.l }), ...(raw.p ? { private: true } : {}), ...(document ? { document } : {}) };
}

/**
 * Back-source tokens (getBackSourceToken; docs/im-upload.md "Back-source tokens"): what a CDN in front of
 * `/nos` presents when it fetches a private object from this server. Signed, not stored: one object, one
 * expiry; a different key from upload tokens, so neither can stand for the other.
 */
const backSourceKeyOf = (secret: string) => createHmac('sha256', secret).update('im-back-source-token/v1').digest();

export function signBackSourceToken(objectKey: string, expiresAt: number, secret: string): string {
  const body = b64(JSON.stringify({ k: objectKey, e: expiresAt }));
  return `${body}.${b64(createHmac('sha256', backSourceKeyOf(secret)).update(body).digest())}`;
}

/** The object key the token reads, or why it is refused. */
export function verifyBackSourceToken(token: string, secret: string, now: number): { objectKey: string; expiresAt: number } | UploadTokenProblem {
  if (typeof token !== 'string' || token.length > 1024) return 'malformed';
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return 'malformed';
  const expected = createHmac('sha256', backSourceKeyOf(secret)).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'signature';
  let raw: { k?: unknown; e?: unknown };
  try {
    raw = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return 'malformed';
  }
  if (typeof raw.k !== 'string' || typeof raw.e !== 'number') return 'malformed';
  if (now > raw.e) return 'expired';
  return { objectKey: raw.k, expiresAt: raw.e };
}
