import { ImError, ImErrorName } from '../errors';
import { MAX_PAGE_LIMIT } from './limits';

// Server session rules (issue 31: getServerSessions, getServerSession, updateServerSession), one
// definition for im-core (checked before sending) and im-server (checked again on arrival).

/** Extension text of a server session at most this long (ours: the spec shows no limit; §8 405 past it). */
export const MAX_SESSION_EXT_LENGTH = 4096;

export interface ServerSessionsQuery {
  /** Sessions updated after this time (ms). */
  minTimestamp?: number;
  /** Sessions updated before this time (ms): the next page starts at the oldest updateTime of the last one. */
  maxTimestamp?: number;
  /** §5 session page limit: 1 to 100, default 100. */
  limit?: number;
  /** Default true. */
  needLastMsg?: boolean;
}

const isTime = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The first problem of a getServerSessions query, or undefined. */
export function serverSessionsQueryProblem(query: ServerSessionsQuery): string | undefined {
  const { minTimestamp, maxTimestamp, limit, needLastMsg } = query;
  if (minTimestamp !== undefined && !isTime(minTimestamp)) return 'minTimestamp must be a time in ms';
  if (maxTimestamp !== undefined && !isTime(maxTimestamp)) return 'maxTimestamp must be a time in ms';
  if (minTimestamp && maxTimestamp && minTimestamp > maxTimestamp) return 'minTimestamp must not be after maxTimestamp';
  if (limit !== undefined && (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT)) return `limit must be an integer from 1 to ${MAX_PAGE_LIMIT}`;
  if (needLastMsg !== undefined && typeof needLastMsg !== 'boolean') return 'needLastMsg must be a boolean';
  return undefined;
}

/** The problem of a session id given to getServerSession / updateServerSession, or undefined. */
export function serverSessionIdProblem(sessionId: unknown): string | undefined {
  return typeof sessionId === 'string' && sessionId.trim() !== '' ? undefined : 'sessionId must be a non-empty string';
}

/** updateServerSession: a session id and an ext string of at most MAX_SESSION_EXT_LENGTH characters; code 414, or 405 when too long. */
export function updateServerSessionProblem(input: { sessionId?: unknown; ext?: unknown }): { code: 405 | 414; message: string } | undefined {
  const idProblem = serverSessionIdProblem(input.sessionId);
  if (idProblem) return { code: 414, message: idProblem };
  if (typeof input.ext !== 'string') return { code: 414, message: 'ext must be a string' };
  if (input.ext.length > MAX_SESSION_EXT_LENGTH) return { code: 405, message: `ext must be at most ${MAX_SESSION_EXT_LENGTH} characters` };
  return undefined;
}

function refuse(problem: string | undefined, code = 414): void {
  if (problem) throw new ImError(ImErrorName.Param_Error, problem, { code });
}

export function validateServerSessionsQuery(query: ServerSessionsQuery = {}): ServerSessionsQuery {
  refuse(serverSessionsQueryProblem(query));
  return query;
}

export function validateServerSessionId(sessionId: unknown): string {
  refuse(serverSessionIdProblem(sessionId));
  return sessionId as string;
}

export function validateUpdateServerSession(input: { sessionId: string; ext: string }): { sessionId: string; ext: string } {
  const problem = updateServerSessionProblem(input);
  if (problem) refuse(problem.message, problem.code);
  return { sessionId: input.sessionId, ext: input.ext };
}
