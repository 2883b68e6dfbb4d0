// The message checks every send and page path shares (p2p, team, super team, sessions, history).
// Model code: it imports no service, so any service may use it.
import { ResponseCode } from '../../protocol';
import { ImServerError, parameterError } from '../errors';
import { ACCOUNT_PATTERN, DEFAULT_PAGE_LIMIT, MAX_ATTACH_LENGTH, MAX_PAGE_LIMIT } from './limits';
import { FILE_TYPE_CODES } from './message';

export function validateAccount(value: unknown, field: string): string {
  if (typeof value !== 'string' || !ACCOUNT_PATTERN.test(value)) throw parameterError(`${field} must be an account id`);
  return value;
}

export function validatePageLimit(limit: number | undefined): number {
  if (limit === undefined || limit === 0) return DEFAULT_PAGE_LIMIT;
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_PAGE_LIMIT) {
    throw parameterError(`limit must be between 1 and ${MAX_PAGE_LIMIT}`);
  }
  return limit;
}

/**
 * What the attach column keeps for a message: a file message's file as JSON (docs/protocol.md,
 * "Storage"), else the attach it carried; refused above MAX_ATTACH_LENGTH. p2p and team sends share it.
 */
export function storedAttach(record: { file?: object; attach?: string }, type: number): string {
  const file = record.file;
  const attach = FILE_TYPE_CODES.has(type) && file
    ? JSON.stringify(Object.fromEntries(Object.entries(file).filter(([, value]) => value !== undefined)))
    : (record.attach ?? '');
  if (attach.length > MAX_ATTACH_LENGTH) throw new ImServerError(ResponseCode.PARAMETER_TOO_LONG, 'attach too long');
  return attach;
}
