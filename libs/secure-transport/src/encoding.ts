/** Byte/text conversions that work in browsers and Node without pulling in Buffer polyfills. */

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

interface NodeBufferLike {
  from(data: Uint8Array | string, encoding?: string): Uint8Array<ArrayBuffer> & { toString(encoding: string): string };
}
// Node's Buffer is several times faster than btoa/atob on large bodies; use it when present.
const NodeBuffer = (globalThis as { Buffer?: NodeBufferLike }).Buffer;
const BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;

export function utf8Encode(text: string): Uint8Array {
  return utf8Encoder.encode(text);
}

export function utf8Decode(bytes: Uint8Array): string {
  return utf8Decoder.decode(bytes);
}

interface Base64Uint8Array {
  toBase64?: (this: Uint8Array) => string;
}
interface Base64Uint8ArrayConstructor {
  fromBase64?: (text: string) => Uint8Array;
}
// Uint8Array.prototype.toBase64 / Uint8Array.fromBase64 (Chromium ≥ 140, Firefox ≥ 133): native, no binary string.
const nativeToBase64 = (Uint8Array.prototype as Base64Uint8Array).toBase64;
const nativeFromBase64 = (Uint8Array as Base64Uint8ArrayConstructor).fromBase64;

export function bytesToBase64(bytes: Uint8Array): string {
  if (NodeBuffer) return NodeBuffer.from(bytes.buffer ? bytes : new Uint8Array(bytes)).toString('base64');
  if (nativeToBase64) return nativeToBase64.call(bytes);
  return btoa(bytesToBinaryString(bytes));
}

/** Number of bytes canonical base64 of this length and padding decodes to. */
function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

/**
 * Throws on anything that is not canonical base64, so garbage never reaches the ciphers.
 *
 * Accepts exactly what `BASE64_PATTERN` accepts (length multiple of 4, standard alphabet, up to two trailing
 * '='), but without running that regular expression over large bodies on the happy path (it cost ~13 ms
 * per MiB): the native decoders skip or refuse foreign characters, so a decoded length that differs from
 * the canonical one, or a re-encoding that differs from the input, sends the text to the exact check.
 */
export function base64ToBytes(base64: string): Uint8Array {
  if (typeof base64 !== 'string' || base64.length % 4 !== 0) throw new TypeError('invalid base64');
  if (NodeBuffer) {
    // Buffer ignores characters outside the alphabet and also reads base64url ('-', '_'): a decode that
    // re-encodes to the very same text can only come from text the pattern accepts.
    const decoded = NodeBuffer.from(base64, 'base64');
    if (decoded.toString('base64') !== base64 && !BASE64_PATTERN.test(base64)) throw new TypeError('invalid base64');
    // Large decodes own their memory: hand it over without a copy. Small ones live in Buffer's shared pool.
    const owned = decoded.byteOffset === 0 && decoded.byteLength === decoded.buffer.byteLength;
    return owned ? new Uint8Array(decoded.buffer, 0, decoded.length) : new Uint8Array(decoded);
  }
  let bytes: Uint8Array;
  try {
    // Both decoders refuse characters outside the alphabet and '=' before the end, but silently drop
    // ASCII whitespace, which the length check below catches.
    bytes = nativeFromBase64 ? nativeFromBase64(base64) : binaryStringToBytes(atob(base64));
  } catch {
    throw new TypeError('invalid base64');
  }
  if (bytes.length !== decodedLength(base64)) throw new TypeError('invalid base64');
  return bytes;
}

/** forge works on "binary strings" (one char per byte). */
export function bytesToBinaryString(bytes: Uint8Array): string {
  const chunk = 0x8000;
  let out = '';
  for (let i = 0; i < bytes.length; i += chunk) {
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + chunk) as unknown as number[]);
  }
  return out;
}

export function binaryStringToBytes(binary: string): Uint8Array {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** Random bytes from the platform CSPRNG (crypto.getRandomValues exists in browsers and Node ≥ 19). */
export function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  // getRandomValues refuses more than 65,536 bytes per call.
  for (let offset = 0; offset < length; offset += 65_536) {
    globalThis.crypto.getRandomValues(bytes.subarray(offset, Math.min(length, offset + 65_536)));
  }
  return bytes;
}

export function randomId(byteLength = 16): string {
  let hex = '';
  for (const byte of randomBytes(byteLength)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
