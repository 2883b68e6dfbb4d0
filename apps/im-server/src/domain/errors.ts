import { ResponseCode } from '../protocol';

/**
 * A request the domain refuses, with the response code of im-client-spec §8 the gateway answers.
 * Anything else thrown inside a handler is an internal error (500).
 */
export class ImServerError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ImServerError';
  }
}

export const parameterError = (message: string) => new ImServerError(ResponseCode.PARAMETER_ERROR, message);
