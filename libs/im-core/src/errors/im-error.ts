import { ImErrorName, ImErrorNameValue, ResponseCode, describeResponseCode, isSuccessCode } from './codes';

export interface ImErrorOptions {
  /** Numeric response code from the server or a protocol code (997–999), when there is one. */
  code?: number;
  /** Service/command name the error came from. */
  command?: string;
  /** For frequency control: epoch ms until which the command is blocked. */
  retryAt?: number;
  cause?: unknown;
}

/** The one error type of im-core: a named error of im-client-spec §8 plus the numeric code when known. */
export class ImError extends Error {
  readonly errorName: ImErrorNameValue;
  readonly code: number | undefined;
  readonly command: string | undefined;
  readonly retryAt: number | undefined;

  constructor(errorName: ImErrorNameValue, message: string, options: ImErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ImError';
    this.errorName = errorName;
    this.code = options.code;
    this.command = options.command;
    this.retryAt = options.retryAt;
  }

  /** Whether the error should go to the provider's error reporting (408/415/500, im-client-spec §8). */
  get isReported(): boolean {
    return this.code !== undefined && describeResponseCode(this.code).handling === 'reported';
  }
}

/** Malformed or unpackable frame. Always code 997, 998 or 999 (im-client-spec §8). */
export class ProtocolError extends ImError {
  constructor(message: string, code: 997 | 998 | 999 = ResponseCode.PROTOCOL_UNPACK_ERROR) {
    super(ImErrorName.Protocol_Error, message, { code });
    this.name = 'ProtocolError';
  }
}

/** Turns a server response code into an error, or undefined for the codes that yield none. */
export function errorFromResponseCode(code: number, command: string, serverMessage?: string): ImError | undefined {
  if (isSuccessCode(code)) return undefined;
  const { meaning } = describeResponseCode(code);
  const text = serverMessage ? `${meaning}: ${serverMessage}` : meaning;
  const name = code === ResponseCode.SERVICE_UNAVAILABLE ? ImErrorName.Not_Support : ImErrorName.Server_Error;
  return new ImError(name, `${command} failed with ${code} (${text})`, { code, command });
}
