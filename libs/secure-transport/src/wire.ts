/**
 * Encryption and signing rules of the envelope, shared by client and server so they cannot drift.
 * See docs/security.md for the reasoning behind each binding.
 */
import type { CryptoProvider } from './crypto/provider';
import { AES_GCM_IV_BYTES } from './crypto/provider';
import { base64ToBytes, bytesToBase64, randomBytes, utf8Decode, utf8Encode } from './encoding';
import type { SysHeader, WireResponse } from './envelope';

/** sys fields covered by the request signature, in a fixed order (JSON key order is not trusted). */
const SIGNED_SYS_FIELDS = [
  'deviceId',
  'method',
  'charset',
  'safeType',
  'appType',
  'appVerName',
  'appVerCode',
  'safeAccessDebug',
  'timestamp',
  'sessionKey',
  'accessToken',
  'nonce',
  'secretKey',
] as const satisfies readonly (keyof SysHeader)[];

/** AES-GCM additional data: binds a request ciphertext to its path, session, time and nonce. */
export function requestAad(path: string, sys: Pick<SysHeader, 'sessionKey' | 'timestamp' | 'nonce'>): Uint8Array {
  return utf8Encode(`req\n${path}\n${sys.sessionKey}\n${sys.timestamp}\n${sys.nonce}`);
}

/** Binds a response ciphertext to the request it answers, so an old response cannot be substituted. */
export function responseAad(sessionKey: string, requestNonce: string): Uint8Array {
  return utf8Encode(`res\n${sessionKey}\n${requestNonce}`);
}

/** base64(iv ‖ ciphertext ‖ tag) of the JSON text of value. */
export async function sealJson(crypto: CryptoProvider, key: Uint8Array, value: unknown, aad: Uint8Array): Promise<string> {
  const iv = randomBytes(AES_GCM_IV_BYTES);
  const plaintext = utf8Encode(JSON.stringify(value === undefined ? null : value));
  const ciphertext = await crypto.aesGcmEncrypt(key, iv, plaintext, aad);
  // The 12-byte IV is a whole number of base64 groups (16 chars, no padding), so base64(iv ‖ c) is
  // base64(iv) + base64(c): no copy of the ciphertext into a joined buffer.
  return bytesToBase64(iv) + bytesToBase64(ciphertext);
}

/** Decodes the base64 of a sealed value; throws TypeError on anything but canonical base64 longer than the IV. */
export function decodeSealed(sealed: unknown): Uint8Array {
  if (typeof sealed !== 'string') throw new TypeError('ciphertext must be a string');
  const bytes = base64ToBytes(sealed);
  if (bytes.length <= AES_GCM_IV_BYTES) throw new TypeError('ciphertext too short');
  return bytes;
}

/** Decrypts decoded iv ‖ ciphertext ‖ tag and parses the JSON; rejects on a failed tag check or non-JSON plaintext. */
export async function openSealedJson(crypto: CryptoProvider, key: Uint8Array, bytes: Uint8Array, aad: Uint8Array): Promise<unknown> {
  const plaintext = await crypto.aesGcmDecrypt(key, bytes.subarray(0, AES_GCM_IV_BYTES), bytes.subarray(AES_GCM_IV_BYTES), aad);
  return JSON.parse(utf8Decode(plaintext));
}

/** Inverse of sealJson; rejects on bad base64, a failed tag check or non-JSON plaintext. */
export async function openJson(crypto: CryptoProvider, key: Uint8Array, sealed: unknown, aad: Uint8Array): Promise<unknown> {
  return openSealedJson(crypto, key, decodeSealed(sealed), aad);
}

/** WeChat Pay API v3 style: method, path, timestamp, nonce, body — one per line. */
export function requestSigningBytes(method: string, path: string, sys: SysHeader, bizWire: unknown): Uint8Array {
  const body = JSON.stringify([SIGNED_SYS_FIELDS.map((field) => sys[field] ?? null), bizWire ?? null]);
  return utf8Encode(`${method}\n${path}\n${sys.timestamp}\n${sys.nonce}\n${body}\n`);
}

/** timestamp, nonce, body — the body also names the request nonce it answers. */
export function responseSigningBytes(
  response: Omit<WireResponse, 'sign'>,
  timestamp: number,
  nonce: string,
  requestNonce: string,
): Uint8Array {
  const body = JSON.stringify([
    response.code,
    response.msg,
    response.data ?? null,
    response.errInfo ?? null,
    response.enc === true,
    requestNonce,
  ]);
  return utf8Encode(`${timestamp}\n${nonce}\n${body}\n`);
}

export function nowSeconds(now: number = Date.now()): number {
  return Math.floor(now / 1000);
}
