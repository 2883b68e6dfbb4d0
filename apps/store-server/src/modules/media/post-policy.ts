import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Browser-upload POST policies in the shape object storage uses (console-spec §3 upload ticket,
 * §7 direct upload form: key, content-type, x-obs-acl, policy, signature, accessKeyId, file).
 * Each store has its own access key id; its secret is derived from the server's signing secret,
 * so a policy signed for one store cannot be replayed under another store's id.
 */
export interface PostPolicyTerms {
  key: string;
  /** The store's key prefix: the key must start with it. */
  keyPrefix: string;
  contentType: string;
  acl: string;
  minBytes: number;
  maxBytes: number;
  expiresAt: Date;
}

interface PolicyDocument {
  expiration: string;
  conditions: [
    { key: string },
    ['starts-with', '$key', string],
    { 'content-type': string },
    { 'x-obs-acl': string },
    ['content-length-range', number, number],
  ];
}

export interface SignedPostPolicy {
  policy: string;
  signature: string;
  accessKeyId: string;
}

export const accessKeyIdOfStore = (storeId: number) => `store-${storeId}`;

function secretOf(signingSecret: string, accessKeyId: string): Buffer {
  return createHmac('sha256', signingSecret).update(`media-access-key:${accessKeyId}`).digest();
}

function sign(signingSecret: string, accessKeyId: string, policy: string): string {
  return createHmac('sha256', secretOf(signingSecret, accessKeyId)).update(policy).digest('base64');
}

export function signPostPolicy(signingSecret: string, storeId: number, terms: PostPolicyTerms): SignedPostPolicy {
  const document: PolicyDocument = {
    expiration: terms.expiresAt.toISOString(),
    conditions: [
      { key: terms.key },
      ['starts-with', '$key', terms.keyPrefix],
      { 'content-type': terms.contentType },
      { 'x-obs-acl': terms.acl },
      ['content-length-range', terms.minBytes, terms.maxBytes],
    ],
  };
  const accessKeyId = accessKeyIdOfStore(storeId);
  const policy = Buffer.from(JSON.stringify(document)).toString('base64');
  return { policy, signature: sign(signingSecret, accessKeyId, policy), accessKeyId };
}

/** The submitted form fields (everything but the file). */
export interface PostPolicyForm {
  key?: string;
  'content-type'?: string;
  'x-obs-acl'?: string;
  policy?: string;
  signature?: string;
  accessKeyId?: string;
}

export type PolicyCheck =
  | { ok: true; storeId: number; key: string }
  | { ok: false; reason: 'missing-field' | 'bad-signature' | 'expired' | 'key-mismatch' | 'field-mismatch' | 'size-out-of-range' };

/** Verifies signature, expiry, key (exact and under the store's prefix), fields and body size. */
export function verifyPostPolicy(
  signingSecret: string,
  form: PostPolicyForm,
  bodyBytes: number,
  now: Date,
  keyPrefixOf: (storeId: number) => string,
): PolicyCheck {
  const { key, policy, signature, accessKeyId } = form;
  if (!key || !policy || !signature || !accessKeyId) return { ok: false, reason: 'missing-field' };
  const match = /^store-(\d{1,12})$/.exec(accessKeyId);
  if (!match) return { ok: false, reason: 'bad-signature' };
  const expected = Buffer.from(sign(signingSecret, accessKeyId, policy));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'bad-signature' };
  let document: PolicyDocument;
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as PolicyDocument;
  } catch {
    return { ok: false, reason: 'bad-signature' };
  }
  if (!(Date.parse(document.expiration) > now.getTime())) return { ok: false, reason: 'expired' };
  const storeId = Number(match[1]);
  const [exactKey, [, , prefix], contentType, acl, [, minBytes, maxBytes]] = document.conditions;
  if (key !== exactKey.key || prefix !== keyPrefixOf(storeId) || !key.startsWith(prefix)) return { ok: false, reason: 'key-mismatch' };
  if (form['content-type'] !== contentType['content-type'] || form['x-obs-acl'] !== acl['x-obs-acl']) {
    return { ok: false, reason: 'field-mismatch' };
  }
  if (bodyBytes < minBytes || bodyBytes > maxBytes) return { ok: false, reason: 'size-out-of-range' };
  return { ok: true, storeId, key };
}
