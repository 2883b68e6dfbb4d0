import { ImError, ImErrorName } from '../errors';
import { MAX_PAGE_LIMIT } from './limits';

// Full-text search rules (issue 31: msgFtsSearch), one definition for im-core (checked before
// sending) and im-server (checked again on arrival, 414 with the problem as errMsg).

/** §9 "Query defaults: … full-text timed search 20": messages in one answer when msgLimit is not given. */
export const FTS_DEFAULT_MSG_LIMIT = 20;
/** Longest keyword (ours, as the team search; the spec shows none). */
export const FTS_MAX_KEYWORD_LENGTH = 100;
/** Most sessions one search may name (as the §5 page limit). */
export const FTS_MAX_SESSION_IDS = MAX_PAGE_LIMIT;
/** The message types full-text search reads: text (0) and tip (10). */
export const FTS_MSG_TYPE_CODES: readonly number[] = [0, 10];
/** Session ids full-text search takes: a p2p session or a team session. */
export const FTS_SESSION_ID_PATTERN = /^(p2p-.+|team-\d+)$/;

/** The msgFtsSearch request body (the command table's field names). */
export interface FtsSearchBody {
  /** 1 to 100 characters, not blank. */
  keyword?: unknown;
  /** Time in ms, included; 0 = open. */
  fromTime?: unknown;
  /** Time in ms, included; 0 = open. */
  toTime?: unknown;
  /** Only the hits of this many sessions (those with the newest hits), 1 to 100. */
  sessionLimit?: unknown;
  /** Messages in the answer, 1 to 100 (default FTS_DEFAULT_MSG_LIMIT). */
  msgLimit?: unknown;
  /** p2p-<account> or team-<id>, at most 100; none = all of the caller's. */
  sessionIds?: unknown;
  /** Among FTS_MSG_TYPE_CODES; none = both. */
  msgTypes?: unknown;
  /** 'DESC' (default, newest first) or 'ASC'. */
  order?: unknown;
}

const isTime = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isLimit = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_PAGE_LIMIT;

/**
 * The first problem of a msgFtsSearch body, or undefined: a keyword of 1 to 100 characters (not
 * blank); times in ms with fromTime not after toTime (0 = open); msgLimit and sessionLimit 1 to 100;
 * at most 100 session ids, each p2p-<account> or team-<id>; msgTypes among text (0) and tip (10);
 * order ASC or DESC.
 */
export function ftsSearchProblem(body: FtsSearchBody): string | undefined {
  const { keyword, fromTime, toTime, sessionLimit, msgLimit, sessionIds, msgTypes, order } = body;
  if (typeof keyword !== 'string' || keyword.trim() === '') return 'keyword is required';
  if (keyword.length > FTS_MAX_KEYWORD_LENGTH) return `keyword must be at most ${FTS_MAX_KEYWORD_LENGTH} characters`;
  if (fromTime !== undefined && !isTime(fromTime)) return 'fromTime must be a time in ms';
  if (toTime !== undefined && !isTime(toTime)) return 'toTime must be a time in ms';
  if (typeof fromTime === 'number' && typeof toTime === 'number' && toTime > 0 && fromTime > toTime) return 'fromTime must not be after toTime';
  if (msgLimit !== undefined && !isLimit(msgLimit)) return `msgLimit must be an integer from 1 to ${MAX_PAGE_LIMIT}`;
  if (sessionLimit !== undefined && !isLimit(sessionLimit)) return `sessionLimit must be an integer from 1 to ${MAX_PAGE_LIMIT}`;
  if (sessionIds !== undefined) {
    if (!Array.isArray(sessionIds) || sessionIds.length > FTS_MAX_SESSION_IDS) return `sessionIds must be a list of at most ${FTS_MAX_SESSION_IDS} sessions`;
    if (sessionIds.some((id) => typeof id !== 'string' || !FTS_SESSION_ID_PATTERN.test(id))) return 'each session id must be p2p-<account> or team-<id>';
  }
  if (msgTypes !== undefined) {
    if (!Array.isArray(msgTypes) || msgTypes.some((t) => !FTS_MSG_TYPE_CODES.includes(t as number))) return 'msgTypes must be among text (0) and tip (10)';
  }
  if (order !== undefined && order !== 'ASC' && order !== 'DESC') return 'order must be ASC or DESC';
  return undefined;
}

/** Throws Param_Error (414) with the first problem of the body. */
export function validateFtsSearch<T extends FtsSearchBody>(body: T): T {
  const problem = ftsSearchProblem(body);
  if (problem) throw new ImError(ImErrorName.Param_Error, problem, { code: 414 });
  return body;
}
