/**
 * Response codes of store-server. 00000000, 10103003 and 10302006 are console-spec §8 codes;
 * the others are ours (the spec leaves them open) and documented in docs/api.md.
 * The 10301xxx range belongs to the envelope (secure-transport) and is never used here.
 */
export const STORE_CODES = {
  success: '00000000',
  invalidParameter: '10100001',
  forbidden: '10100003',
  notFound: '10100004',
  notAllowedInCurrentState: '10100005',
  alreadyExists: '10100009',
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

export type StoreCode = (typeof STORE_CODES)[keyof typeof STORE_CODES];

export interface StoreErrorInfo {
  [key: string]: unknown;
}

/** The one error type of store-server's modules; the route layer turns it into an envelope error. */
export class StoreError extends Error {
  constructor(
    readonly code: StoreCode,
    message: string,
    readonly errInfo?: StoreErrorInfo,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

export const invalidParameter = (message: string) => new StoreError(STORE_CODES.invalidParameter, message);
export const tokenInvalid = () =>
  new StoreError(STORE_CODES.tokenInvalid, 'authentication failed, please sign in again');
