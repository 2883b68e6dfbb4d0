/** Turns a raw request body into a verified, decrypted envelope, or throws an EnvelopeError with the spec code. */
import { SecurityCodes } from '../constants';
import type { CryptoProvider, RsaKeyPair } from '../crypto/provider';
import { base64ToBytes } from '../encoding';
import { SECURITY_MODES, type SecurityMode, type SysHeader } from '../envelope';
import { SecureTransportError } from '../errors';
import { decodeSealed, openSealedJson, requestAad, requestSigningBytes } from '../wire';
import type { SessionRecord, SessionStore } from './session-store';

export type RouteKind = 'createSession' | 'handshake' | 'secure';

export interface DecodeContext {
  crypto: CryptoProvider;
  store: SessionStore;
  serverKeys: RsaKeyPair;
  allowedModes: readonly SecurityMode[];
  timestampWindowSeconds: number;
  nowSeconds: number;
}

/** What is known about a request so far; the response is encoded from it even when decoding failed. */
export interface DecodeState {
  mode?: SecurityMode;
  sys?: SysHeader;
  session?: SessionRecord;
  contentKey?: Uint8Array;
  biz?: unknown;
}

const MAX_NONCE_LENGTH = 64;

function reject(code: string, reason: string): never {
  throw new SecureTransportError(code, reason);
}

function readSys(body: unknown): { sys: SysHeader; bizWire: unknown } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) reject(SecurityCodes.MALFORMED_ENVELOPE, 'body is not an envelope');
  const { sys, biz } = body as { sys?: unknown; biz?: unknown };
  if (typeof sys !== 'object' || sys === null || Array.isArray(sys)) reject(SecurityCodes.MALFORMED_ENVELOPE, 'sys missing');
  const header = sys as Partial<Record<keyof SysHeader, unknown>>;
  if (typeof header.safeType !== 'string' || !SECURITY_MODES.includes(header.safeType as SecurityMode)) {
    reject(SecurityCodes.MODE_NOT_ALLOWED, 'unknown safeType');
  }
  for (const field of ['sessionKey', 'accessToken', 'nonce'] as const) {
    if (header[field] !== undefined && typeof header[field] !== 'string') reject(SecurityCodes.MALFORMED_ENVELOPE, `sys.${field} must be a string`);
  }
  if (header.timestamp !== undefined && !Number.isSafeInteger(header.timestamp)) reject(SecurityCodes.MALFORMED_ENVELOPE, 'sys.timestamp must be an integer');
  return { sys: sys as SysHeader, bizWire: biz };
}

/** Fills state step by step so the caller can still sign an error answer in AES-RSA2-SIGN mode. */
export async function decodeRequest(
  ctx: DecodeContext,
  kind: RouteKind,
  path: string,
  body: unknown,
  state: DecodeState,
): Promise<void> {
  const { sys, bizWire } = readSys(body);
  state.sys = sys;
  state.mode = sys.safeType;
  if (!ctx.allowedModes.includes(sys.safeType)) reject(SecurityCodes.MODE_NOT_ALLOWED, `safeType ${sys.safeType} not accepted here`);

  if (kind === 'createSession' || (kind === 'secure' && sys.safeType === 'none')) {
    state.biz = bizWire ?? {};
    return;
  }

  if (typeof sys.nonce !== 'string' || sys.nonce.length === 0 || sys.nonce.length > MAX_NONCE_LENGTH) {
    reject(SecurityCodes.MALFORMED_ENVELOPE, 'sys.nonce missing');
  }
  if (typeof sys.timestamp !== 'number' || Math.abs(sys.timestamp - ctx.nowSeconds) > ctx.timestampWindowSeconds) {
    reject(SecurityCodes.TIMESTAMP_OUT_OF_WINDOW, 'timestamp outside the window');
  }
  const session = sys.sessionKey ? await ctx.store.get(sys.sessionKey) : undefined;
  if (!session || session.expireTime <= ctx.nowSeconds) reject(SecurityCodes.SESSION_INVALID, 'session unknown or expired');
  state.session = session;

  if (kind === 'handshake') {
    const clientPublicKey = (bizWire as { clientPublicKey?: unknown } | null)?.clientPublicKey;
    if (typeof clientPublicKey !== 'string' || clientPublicKey.length === 0) reject(SecurityCodes.MALFORMED_ENVELOPE, 'clientPublicKey missing');
    // Proof of possession: in signed mode the handshake is signed with the key being registered.
    if (sys.safeType === 'aes-rsa2-sign') await verifySignature(ctx, path, sys, bizWire, clientPublicKey);
    state.biz = bizWire;
  } else {
    state.contentKey = await contentKeyOf(ctx, sys, session);
    if (sys.safeType === 'aes-rsa2-sign') await verifySignature(ctx, path, sys, bizWire, session.clientPublicKey);
    state.biz = await decryptBiz(ctx, state.contentKey, bizWire, path, sys);
  }

  // Only authenticated requests reach the nonce memory, so garbage cannot fill it.
  const fresh = await ctx.store.claimNonce(session.sessionKey, sys.nonce, sys.timestamp + ctx.timestampWindowSeconds);
  if (!fresh) reject(SecurityCodes.REPLAYED_REQUEST, 'nonce already used');
}

async function contentKeyOf(ctx: DecodeContext, sys: SysHeader, session: SessionRecord): Promise<Uint8Array> {
  if (sys.safeType === 'rsa') {
    if (typeof sys.secretKey !== 'string') reject(SecurityCodes.MALFORMED_ENVELOPE, 'sys.secretKey missing');
    try {
      return await ctx.crypto.rsaOaepDecrypt(ctx.serverKeys.privateKey, base64ToBytes(sys.secretKey));
    } catch {
      reject(SecurityCodes.DECRYPTION_FAILED, 'secretKey does not decrypt');
    }
  }
  if (!session.aesPassword) reject(SecurityCodes.AES_PASSWORD_INVALID, 'no AES key negotiated for this session');
  return base64ToBytes(session.aesPassword);
}

async function verifySignature(
  ctx: DecodeContext,
  path: string,
  sys: SysHeader,
  bizWire: unknown,
  publicKey: string | undefined,
): Promise<void> {
  if (typeof sys.signature !== 'string' || !publicKey) reject(SecurityCodes.SIGNATURE_INVALID, 'signature missing');
  let valid = false;
  try {
    valid = await ctx.crypto.rsaVerify(publicKey, requestSigningBytes('POST', path, sys, bizWire), base64ToBytes(sys.signature));
  } catch {
    valid = false;
  }
  if (!valid) reject(SecurityCodes.SIGNATURE_INVALID, 'signature does not verify');
}

async function decryptBiz(ctx: DecodeContext, key: Uint8Array, bizWire: unknown, path: string, sys: SysHeader): Promise<unknown> {
  if (typeof bizWire !== 'string') reject(SecurityCodes.MALFORMED_ENVELOPE, 'biz must be ciphertext in this mode');
  let sealed: Uint8Array;
  try {
    sealed = decodeSealed(bizWire); // decoded once: the bytes go straight to the cipher
  } catch {
    // Not base64 is a malformed envelope; base64 too short to hold an IV cannot decrypt.
    if (isBase64(bizWire)) reject(SecurityCodes.DECRYPTION_FAILED, 'biz does not decrypt');
    reject(SecurityCodes.MALFORMED_ENVELOPE, 'biz is not base64');
  }
  try {
    return await openSealedJson(ctx.crypto, key, sealed, requestAad(path, sys));
  } catch {
    reject(SecurityCodes.DECRYPTION_FAILED, 'biz does not decrypt');
  }
}

function isBase64(text: string): boolean {
  try {
    base64ToBytes(text);
    return true;
  } catch {
    return false;
  }
}
