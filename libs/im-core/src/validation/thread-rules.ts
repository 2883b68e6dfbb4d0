import { messageRefProblem } from './extend-rules';

// Threads and replies (msgExtend, im-client-spec §3 "reply and thread fields (names not shown)", §7
// "msgExtend: threads"). One copy for client and server (docs/im-extend.md "Threads and replies"): each
// `...Problem` returns why an input is refused, or undefined. The texts are ours, except the message
// reference one, which is extend-rules' "msg needs the idServer of a message the server has answered".

/** getThreadMsgs page size: at most 100, default 100 (as history, §5 "page limit max 100"). */
export const MAX_THREAD_PAGE_LIMIT = 100;
/** getMsgsByIdServer: at most 100 messages per call (ours; the spec gives no bound). */
export const MAX_MSGS_BY_ID_SERVER = 100;

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const isServerId = (value: unknown): value is string => typeof value === 'string' && /^\d{1,15}$/.test(value);

/** The reply and thread fields a sent message may carry (MessageRecord replyMsg* / threadMsg*). */
export interface ReplyFields {
  replyMsgFromAccount?: unknown;
  replyMsgToAccount?: unknown;
  replyMsgTime?: unknown;
  replyMsgIdServer?: unknown;
  replyMsgIdClient?: unknown;
  threadMsgFromAccount?: unknown;
  threadMsgToAccount?: unknown;
  threadMsgTime?: unknown;
  threadMsgIdServer?: unknown;
  threadMsgIdClient?: unknown;
}

const REPLY_KEYS = ['replyMsgFromAccount', 'replyMsgToAccount', 'replyMsgTime', 'replyMsgIdServer', 'replyMsgIdClient'] as const;
const THREAD_KEYS = ['threadMsgFromAccount', 'threadMsgToAccount', 'threadMsgTime', 'threadMsgIdServer', 'threadMsgIdClient'] as const;

/** True when the message names a replied message or a thread at all. */
export function carriesReply(record: ReplyFields): boolean {
  return [...REPLY_KEYS, ...THREAD_KEYS].some((key) => record[key] !== undefined && record[key] !== '');
}

/**
 * A reply names the message it answers by idServer; a thread field without a reply is refused
 * (the thread of a reply is the replied message's thread, or the replied message itself).
 */
export function replyFieldsProblem(record: ReplyFields): string | undefined {
  if (!carriesReply(record)) return undefined;
  if (record.replyMsgIdServer === undefined || record.replyMsgIdServer === '') {
    return 'a thread reference needs the replied message (replyMsgIdServer)';
  }
  const replyProblem = messageRefProblem({ idServer: record.replyMsgIdServer });
  if (replyProblem) return replyProblem;
  if (record.threadMsgIdServer !== undefined && record.threadMsgIdServer !== '' && !isServerId(record.threadMsgIdServer)) {
    return messageRefProblem({ idServer: record.threadMsgIdServer });
  }
  return undefined;
}

export interface ThreadQuery {
  threadMsg?: unknown;
  beginTime?: unknown;
  endTime?: unknown;
  lastMsgId?: unknown;
  limit?: unknown;
  reverse?: unknown;
}

/** getThreadMsgs: the root by idServer; limit 1–100 (0 or absent: 100); beginTime not after endTime. */
export function threadQueryProblem(query: ThreadQuery | undefined): string | undefined {
  const problem = messageRefProblem(query?.threadMsg);
  if (problem || !query) return problem;
  const { beginTime, endTime, lastMsgId, limit } = query;
  if (beginTime !== undefined && (!isInt(beginTime) || beginTime < 0)) return 'beginTime must be a time in milliseconds';
  if (endTime !== undefined && (!isInt(endTime) || endTime < 0)) return 'endTime must be a time in milliseconds';
  if (isInt(beginTime) && isInt(endTime) && endTime > 0 && beginTime > endTime) return 'beginTime must not be after endTime';
  if (limit !== undefined && limit !== 0 && (!isInt(limit) || limit < 1 || limit > MAX_THREAD_PAGE_LIMIT)) return `limit must be 1 to ${MAX_THREAD_PAGE_LIMIT}`;
  if (lastMsgId !== undefined && lastMsgId !== '' && !isServerId(lastMsgId)) return 'lastMsgId must be the idServer of a message the server has answered';
  return undefined;
}

/** getMsgsByIdServer: 1–100 messages, each named by its idServer. */
export function msgsByIdServerProblem(msgs: unknown): string | undefined {
  if (!Array.isArray(msgs) || msgs.length < 1 || msgs.length > MAX_MSGS_BY_ID_SERVER) return `messages can be looked up by idServer 1 to ${MAX_MSGS_BY_ID_SERVER} at a time`;
  for (const msg of msgs) {
    const problem = messageRefProblem(msg);
    if (problem) return problem;
  }
  return undefined;
}
