import { ImError, ImErrorName } from '../errors';

// msgExtend and event rules of im-client-spec §5 "Other limits on calls" (quick comments, collects,
// pins) and §5 event validity / subscription ranges. One place for client and server (docs/im-extend.md):
// each `...Problem` returns why an input is refused (or undefined); `validate...` throws
// ImError(Param_Error, 414) with that text. "body can only be an integer" is the spec's text; the rest are ours.

/** §5 "quick-comment lookup 1 to 20 messages". */
export const MAX_QUICK_COMMENT_LOOKUP = 20;
/** §5 "collect delete 1 to 100". */
export const MAX_COLLECT_DELETE = 100;
/** §5 "collect query limit max 100". */
export const MAX_COLLECT_QUERY_LIMIT = 100;
/** Bounds of free-text fields (ours; the spec names no lengths). */
export const EXTEND_FIELD_MAX_LENGTH = { collectData: 20000, custom: 1024 } as const;
/** §5 "Event validity 60 to 604800 s (default 604800)". */
export const EVENT_VALID_TIME = { min: 60, max: 604800, default: 604800 } as const;
/** §5 "subscribe time 60 to 2592000 s (default 2592000)". */
export const EVENT_SUBSCRIBE_TIME = { min: 60, max: 2592000, default: 2592000 } as const;

/** The spec's exact text for a non-integer comment body. */
export const COMMENT_BODY_NOT_INTEGER = 'body can only be an integer';

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
/** A server id (collect id, idServer): decimal digits within the safe integer range, as the server hands them out. */
const isServerId = (value: unknown): value is string => typeof value === 'string' && /^\d{1,15}$/.test(value);
/** The message for a collect id the server did not give. */
export const COLLECT_ID_PROBLEM = 'collect id must be an id the server gave';
const optionalText = (value: unknown, name: string, max: number) =>
  value === undefined || (typeof value === 'string' && value.length <= max) ? undefined : `${name} must be a string of at most ${max} characters`;

function check(problem: string | undefined): void {
  if (problem) throw new ImError(ImErrorName.Param_Error, problem, { code: 414 });
}

/** A message the server has answered: its idServer names it on the server. */
export function messageRefProblem(msg: unknown): string | undefined {
  const idServer = (msg as { idServer?: unknown } | undefined)?.idServer;
  return isServerId(idServer) ? undefined : 'msg needs the idServer of a message the server has answered';
}

/** §5 "Comment body must be an integer". */
export function quickCommentBodyProblem(body: unknown): string | undefined {
  return isInt(body) ? undefined : COMMENT_BODY_NOT_INTEGER;
}

export function quickCommentProblem(msg: unknown, comment: { body?: unknown; custom?: unknown } | undefined): string | undefined {
  return messageRefProblem(msg) ?? quickCommentBodyProblem(comment?.body) ?? optionalText(comment?.custom, 'custom', EXTEND_FIELD_MAX_LENGTH.custom);
}

/** §5 "quick-comment lookup 1 to 20 messages". */
export function quickCommentLookupProblem(msgs: unknown): string | undefined {
  if (!Array.isArray(msgs) || msgs.length < 1 || msgs.length > MAX_QUICK_COMMENT_LOOKUP) return `quick comments can be looked up for 1 to ${MAX_QUICK_COMMENT_LOOKUP} messages`;
  for (const msg of msgs) {
    const problem = messageRefProblem(msg);
    if (problem) return problem;
  }
  return undefined;
}

/** §5 "collect type an integer"; data is the collected content. */
export function collectAddProblem(collect: { type?: unknown; data?: unknown; custom?: unknown; uniqueId?: unknown } | undefined): string | undefined {
  if (!isInt(collect?.type)) return 'type must be an integer';
  if (!isNonEmptyString(collect?.data) || collect.data.length > EXTEND_FIELD_MAX_LENGTH.collectData) return `data must be 1 to ${EXTEND_FIELD_MAX_LENGTH.collectData} characters`;
  return optionalText(collect.custom, 'custom', EXTEND_FIELD_MAX_LENGTH.custom) ?? optionalText(collect.uniqueId, 'uniqueId', 64);
}

export function collectUpdateProblem(collect: { id?: unknown; custom?: unknown } | undefined): string | undefined {
  if (!isServerId(collect?.id)) return COLLECT_ID_PROBLEM;
  return optionalText(collect.custom, 'custom', EXTEND_FIELD_MAX_LENGTH.custom);
}

/** §5 "collect delete 1 to 100". */
export function collectDeleteProblem(collects: unknown): string | undefined {
  if (!Array.isArray(collects) || collects.length < 1 || collects.length > MAX_COLLECT_DELETE) return `collect delete takes 1 to ${MAX_COLLECT_DELETE} collects`;
  for (const c of collects as { id?: unknown }[]) {
    if (!isServerId(c?.id)) return COLLECT_ID_PROBLEM;
  }
  return undefined;
}

export interface CollectQuery {
  lastId?: string;
  beginTime?: number;
  endTime?: number;
  limit?: number;
  type?: number;
}

/** §5 "collect query limit max 100 with begin time not after end time". */
export function collectQueryProblem(query: { beginTime?: unknown; endTime?: unknown; limit?: unknown; type?: unknown; lastId?: unknown }): string | undefined {
  const { beginTime, endTime, limit, type, lastId } = query;
  if (lastId !== undefined && lastId !== '' && !isServerId(lastId)) return 'lastId must be a collect id the server gave';
  if (beginTime !== undefined && (!isInt(beginTime) || beginTime < 0)) return 'beginTime must be a time in milliseconds';
  if (endTime !== undefined && (!isInt(endTime) || endTime < 0)) return 'endTime must be a time in milliseconds';
  if (isInt(beginTime) && isInt(endTime) && endTime > 0 && beginTime > endTime) return 'beginTime must not be after endTime';
  if (limit !== undefined && (!isInt(limit) || limit < 1 || limit > MAX_COLLECT_QUERY_LIMIT)) return `limit must be 1 to ${MAX_COLLECT_QUERY_LIMIT}`;
  if (type !== undefined && !isInt(type)) return 'type must be an integer';
  return undefined;
}

/** A pin names a message the server has answered; pinCustom is free text. */
export function msgPinProblem(pin: { msg?: unknown; pinCustom?: unknown } | undefined): string | undefined {
  return messageRefProblem(pin?.msg) ?? optionalText(pin?.pinCustom, 'pinCustom', EXTEND_FIELD_MAX_LENGTH.custom);
}

/** §5 "Event validity 60 to 604800 s (default 604800)"; undefined takes the default. */
export function eventValidTimeProblem(validTime: unknown): string | undefined {
  if (validTime === undefined) return undefined;
  return isInt(validTime) && validTime >= EVENT_VALID_TIME.min && validTime <= EVENT_VALID_TIME.max ? undefined : `validTime must be ${EVENT_VALID_TIME.min} to ${EVENT_VALID_TIME.max} seconds`;
}

/** §5 "subscribe time 60 to 2592000 s (default 2592000)". */
export function eventSubscribeTimeProblem(subscribeTime: unknown): string | undefined {
  if (subscribeTime === undefined) return undefined;
  return isInt(subscribeTime) && subscribeTime >= EVENT_SUBSCRIBE_TIME.min && subscribeTime <= EVENT_SUBSCRIBE_TIME.max
    ? undefined
    : `subscribeTime must be ${EVENT_SUBSCRIBE_TIME.min} to ${EVENT_SUBSCRIBE_TIME.max} seconds`;
}

export function validateEventValidTime(validTime: unknown): number {
  check(eventValidTimeProblem(validTime));
  return (validTime as number | undefined) ?? EVENT_VALID_TIME.default;
}

export function validateEventSubscribeTime(subscribeTime: unknown): number {
  check(eventSubscribeTimeProblem(subscribeTime));
  return (subscribeTime as number | undefined) ?? EVENT_SUBSCRIBE_TIME.default;
}

/** Accounts one subscribe, unsubscribe or query names (ours; the spec gives no bound). */
export const MAX_EVENT_ACCOUNTS = 100;

/** An event to publish: type and value integers, validity in range, custom bounded. */
export function eventPublishProblem(event: { type?: unknown; value?: unknown; validTime?: unknown; custom?: unknown } | undefined): string | undefined {
  if (!isInt(event?.type) || event.type < 0) return 'event type must be a non-negative integer';
  if (!isInt(event.value)) return 'event value must be an integer';
  return eventValidTimeProblem(event.validTime) ?? optionalText(event.custom, 'custom', EXTEND_FIELD_MAX_LENGTH.custom);
}

/** The accounts of a subscribe, unsubscribe or query: 1 to 100 account ids, and the event type. */
export function eventAccountsProblem(type: unknown, accounts: unknown): string | undefined {
  if (!isInt(type) || type < 0) return 'event type must be a non-negative integer';
  if (!Array.isArray(accounts) || accounts.length < 1 || accounts.length > MAX_EVENT_ACCOUNTS) return `accounts must name 1 to ${MAX_EVENT_ACCOUNTS} accounts`;
  return accounts.every(isNonEmptyString) ? undefined : 'accounts must be account ids';
}

/** Throws the client-side Param_Error (414) for a problem one of the functions above found. */
export function checkExtend(problem: string | undefined): void {
  check(problem);
}
