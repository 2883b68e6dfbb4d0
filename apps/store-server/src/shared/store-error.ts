import { STORE_CODES, type StoreCode } from '@merchant/api-contracts';

// The codes are a contract with the console: one source of truth in @merchant/api-contracts.
export { STORE_CODES, type StoreCode };

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
