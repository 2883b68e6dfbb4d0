/** Byte/text conversions that work in browsers and Node without pulling in Buffer polyfills. */

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

interface NodeBufferLike {
  from(data: Uint8Array | string, encoding?: string): Uint8Array & { toString(encoding: string): string };
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

export function bytesToBase64(bytes: Uint8Array): string {
  if (NodeBuffer) return NodeBuffer.from(bytes.buffer ? bytes : new Uint8Array(bytes)).toString('base64');
  return btoa(bytesToBinaryString(bytes));
}

/** Throws on anything that is not canonical base64, so garbage never reaches the ciphers. */
export function base64ToBytes(base64: string): Uint8Array {
  if (typeof base64 !== 'string' || base64.length % 4 !== 0 || !BASE64_PATTERN.test(base64)) {
    throw new TypeError('invalid base64');
  }
  if (NodeBuffer) return new Uint8Array(NodeBuffer.from(base64, 'base64'));
  return binaryStringToBytes(atob(base64));
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
