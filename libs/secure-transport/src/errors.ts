/** The one error type of this library: carries a console-spec §8 code (or a ClientCodes value). */
export interface ErrorInfo {
  value?: string;
}

export class SecureTransportError extends Error {
  readonly code: string;
  readonly msg: string;
  readonly errInfo?: ErrorInfo;

  constructor(code: string, msg: string, errInfo?: ErrorInfo) {
    super(`${code}: ${msg}`);
    this.name = 'SecureTransportError';
    this.code = code;
    this.msg = msg;
    if (errInfo !== undefined) this.errInfo = errInfo;
  }
}

/** Server handlers throw this to answer a code (the same class as SecureTransportError, by design). */
export const EnvelopeError = SecureTransportError;
export type EnvelopeError = SecureTransportError;

export function isSecureTransportError(error: unknown): error is SecureTransportError {
  return error instanceof SecureTransportError;
}
