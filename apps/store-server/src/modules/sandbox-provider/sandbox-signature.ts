import { createHmac, timingSafeEqual } from 'node:crypto';

/** Headers of every signed sandbox message (requests to the provider and its callbacks). */
export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A message older or newer than this is refused as a replay (Stripe's default tolerance). */
export const SANDBOX_SIGNATURE_TOLERANCE_SECONDS = 300;

/** Why a signed message is refused; each is a code the sender can act on. */
export const SANDBOX_REFUSALS = {
  signatureMissing: 'SANDBOX_SIGNATURE_MISSING',
  signatureInvalid: 'SANDBOX_SIGNATURE_INVALID',
  timestampOutsideWindow: 'SANDBOX_TIMESTAMP_OUTSIDE_WINDOW',
  bodyInvalid: 'SANDBOX_BODY_INVALID',
  referenceReused: 'SANDBOX_REFERENCE_REUSED',
  notFound: 'SANDBOX_TRANSFER_NOT_FOUND',
} as const;
export type SandboxRefusalCode = (typeof SANDBOX_REFUSALS)[keyof typeof SANDBOX_REFUSALS];

/** `v1=` + hex HMAC-SHA256 of `<timestamp>.<raw body>`: the body signed byte for byte, bound to its time. */
export function sandboxSignature(secret: string, timestampSeconds: number, rawBody: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex')}`;
}

/** The two headers of a message sent now. */
export function signedHeaders(secret: string, nowMs: number, rawBody: string): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'content-type': 'application/json',
    [SANDBOX_TIMESTAMP_HEADER]: String(timestamp),
    [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(secret, timestamp, rawBody),
  };
}

/** Null when the message is authentic and fresh; otherwise the refusal code. */
export function verifySandboxSignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  nowMs: number,
): SandboxRefusalCode | null {
  const timestampText = headers[SANDBOX_TIMESTAMP_HEADER];
  const signature = headers[SANDBOX_SIGNATURE_HEADER];
  if (typeof timestampText !== 'string' || typeof signature !== 'string' || timestampText === '' || signature === '') {
    return SANDBOX_REFUSALS.signatureMissing;
  }
  const timestamp = Number(timestampText);
  if (!/^\d{1,12}$/.test(timestampText)) return SANDBOX_REFUSALS.signatureInvalid;
  const expected = Buffer.from(sandboxSignature(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  // Checked before the time, so an unsigned sender learns nothing about the window.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return SANDBOX_REFUSALS.signatureInvalid;
  if (Math.abs(nowMs / 1000 - timestamp) > SANDBOX_SIGNATURE_TOLERANCE_SECONDS) return SANDBOX_REFUSALS.timestampOutsideWindow;
  return null;
}
