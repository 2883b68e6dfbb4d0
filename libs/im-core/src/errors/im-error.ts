import { ImErrorName, ImErrorNameValue, ResponseCode, describeResponseCode, isSuccessCode } from './codes';

export interface ImErrorOptions {
  /** Numeric response code from the server or a protocol code (997–999), when there is one. */
  code?: number;
  /** Service/command name the error came from. */
  command?: string;
  /** For frequency control: epoch ms until which the command is blocked. */
  retryAt?: number;
  /**
   * The answer's own fields when an error answer carries data, as 813 does: the server added the
   * accounts that fit and lists the rest in `abortedAccidList` (createTeam also sends the team).
   */
  details?: Readonly<Record<string, unknown>>;
  cause?: unknown;
}

/** The one error type of im-core: a named error of im-client-spec §8 plus the numeric code when known. */
export class ImError extends Error {
  readonly errorName: ImErrorNameValue;
  readonly code: number | undefined;
  readonly command: string | undefined;
  readonly retryAt: number | undefined;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(errorName: ImErrorNameValue, message: string, options: ImErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ImError';
    this.errorName = errorName;
    this.code = options.code;
    this.command = options.command;
    this.retryAt = options.retryAt;
    this.details = options.details;
  }

  /** 813's abortedAccidList: the accounts the team's member limit left out; empty for other errors. */
  get abortedAccidList(): string[] {
    const list = this.details?.abortedAccidList;
    return Array.isArray(list) ? list.filter((a): a is string => typeof a === 'string') : [];
  }

  /** Whether the error should go to the provider's error reporting (408/415/500, im-client-spec §8). */
  get isReported(): boolean {
    return this.code !== undefined && describeResponseCode(this.code).handling === 'reported';
  }
}

/**
 * §8 813, a partial add: the team's member limit left some accounts out (`abortedAccidList`) and
 * the others were added. It is an error (only 200, 406, 808 and 810 are not), but a change happened.
 */
export const isPartialAdd = (error: unknown): error is ImError => error instanceof ImError && error.code === ResponseCode.PARTIAL_ADD_TEAM_LIMIT;

/** Malformed or unpackable frame. Always code 997, 998 or 999 (im-client-spec §8). */
export class ProtocolError extends ImError {
  constructor(message: string, code: 997 | 998 | 999 = ResponseCode.PROTOCOL_UNPACK_ERROR) {
    super(ImErrorName.Protocol_Error, message, { code });
    this.name = 'ProtocolError';
  }
}

/** Turns a server response code into an error, or undefined for the codes that yield none. */
export function errorFromResponseCode(code: number, command: string, serverMessage?: string, details?: Readonly<Record<string, unknown>>): ImError | undefined {
  if (isSuccessCode(code)) return undefined;
  const { meaning } = describeResponseCode(code);
  const text = serverMessage ? `${meaning}: ${serverMessage}` : meaning;
  const name = code === ResponseCode.SERVICE_UNAVAILABLE ? ImErrorName.Not_Support : ImErrorName.Server_Error;
  return new ImError(name, `${command} failed with ${code} (${text})`, { code, command, ...(details ? { details } : {}) });
}
