/**
 * Response codes of store-server (`code` of every answer). 00000000, 10103003 and 10302006 are
 * console-spec §8 codes; the others are ours (the spec leaves them open) and documented in
 * apps/store-server/docs/api.md. The 10301xxx range belongs to the envelope (secure-transport)
 * and is never used by store-server's modules.
 */
export const STORE_CODES = {
  success: '00000000',
  invalidParameter: '10100001',
  /** The caller's role lacks the route's permission code (docs/permissions.md); nothing changed. */
  permissionDenied: '10100003',
  notFound: '10100004',
  notAllowedInCurrentState: '10100005',
  alreadyExists: '10100009',
  /** updateStoreCategories: a business category to remove still has goods on shelf (docs/goods.md); nothing changed. */
  categoryHasOnShelfGoods: '10100010',
  wrongCredentials: '10103001',
  tooManyAttempts: '10103002',
  /** console-spec §8: the client shows the verification image from errInfo.value. */
  captchaRequired: '10103003',
  wrongCaptcha: '10103004',
  wrongCheckCode: '10104001',
  checkCodeTooFrequent: '10104002',
  wrongPayPassword: '10105001',
  /** console-spec §8: reset token and go to login. */
  tokenInvalid: '10302006',
} as const;

export type StoreCodeName = keyof typeof STORE_CODES;
export type StoreCode = (typeof STORE_CODES)[StoreCodeName];

/** The answer to a call whose route permission code the caller does not hold. */
export const PERMISSION_DENIED: StoreCode = STORE_CODES.permissionDenied;

const KNOWN_CODES = new Set<string>(Object.values(STORE_CODES));

export function isStoreCode(value: unknown): value is StoreCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}
