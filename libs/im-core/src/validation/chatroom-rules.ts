import { MAX_PAGE_LIMIT } from './limits';

// Chat-room rules (im-client-spec §3 "Chat room and chat-room member", §5, §6, §8 13002–13006),
// written once: the chat-room client checks a call with them before sending it, im-server checks
// what arrives with the same functions (exported through @merchant/im-core/server). Each returns
// the reason a call is refused (the server answers it with 414) or undefined. Limits marked "ours"
// are our design (docs/im-chatroom.md); the spec shows none.

/** §5 Messages: "Send in a chat room without chatroomId gives 'chatroom not connected'". */
export const CHATROOM_NOT_CONNECTED = 'chatroom not connected';

/** Member types (§3 Member.type, §6). owner/manager/normal are fixed members; guest and anonymous are not. */
export const CHATROOM_MEMBER_TYPES = ['owner', 'manager', 'normal', 'guest', 'anonymous'] as const;
export type ChatroomMemberType = (typeof CHATROOM_MEMBER_TYPES)[number];
/** Who may speak in a fully muted room and manage members (§8 13006 "only admins may speak"). */
export const CHATROOM_ADMIN_TYPES: ReadonlySet<string> = new Set(['owner', 'manager']);

/** markChatroomMember types (§6 "marked, temporarily muted, blacklisted, gagged"). */
export const CHATROOM_MARK_TYPES = ['manager', 'normal', 'blacklist', 'gag', 'tempMute'] as const;
export type ChatroomMarkType = (typeof CHATROOM_MARK_TYPES)[number];

/** §5 "History ... page limit max 100": room history and member pages alike. */
export const MAX_CHATROOM_PAGE_LIMIT = MAX_PAGE_LIMIT;
/** §9 "Query defaults": 100. */
export const DEFAULT_CHATROOM_PAGE_LIMIT = 100;
/** Temporary mute at most 30 days (ours). */
export const MAX_CHATROOM_TEMP_MUTE_SECONDS = 30 * 24 * 3600;
/** Member level 0 to 1000 (ours). */
export const MAX_CHATROOM_MEMBER_LEVEL = 1000;
/** Queue bounds (ours): key 128 characters, value 4096, 100 items per batch, 1000 items per room. */
export const MAX_CHATROOM_QUEUE_KEY_LENGTH = 128;
export const MAX_CHATROOM_QUEUE_VALUE_LENGTH = 4096;
export const MAX_CHATROOM_QUEUE_BATCH = 100;
export const MAX_CHATROOM_QUEUE_ITEMS = 1000;
/** Tags (ours): at most 10 per member, each 1 to 32 characters. */
export const MAX_CHATROOM_TAGS = 10;
export const MAX_CHATROOM_TAG_LENGTH = 32;
/** Room fields (ours): name 1 to 128, announcement/custom at most 4096, broadcastUrl at most 1024. */
export const MAX_CHATROOM_NAME_LENGTH = 128;
export const MAX_CHATROOM_TEXT_LENGTH = 4096;
export const MAX_CHATROOM_URL_LENGTH = 1024;
/** Room ids (ours): the characters of an account id. */
export const CHATROOM_ID_PATTERN = /^[A-Za-z0-9_.@-]{1,64}$/;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function chatroomIdProblem(chatroomId: unknown): string | undefined {
  if (typeof chatroomId !== 'string' || chatroomId === '') return 'chatroomId is required';
  if (!CHATROOM_ID_PATTERN.test(chatroomId)) return 'chatroomId must be 1 to 64 letters, digits or _.@-';
  return undefined;
}

export function chatroomAccountProblem(account: unknown): string | undefined {
  if (typeof account !== 'string' || account === '') return 'account is required';
  if (!CHATROOM_ID_PATTERN.test(account)) return 'account must be 1 to 64 letters, digits or _.@-';
  return undefined;
}

function limitProblem(limit: unknown): string | undefined {
  if (limit === undefined) return undefined;
  if (!isInt(limit) || limit < 1 || limit > MAX_CHATROOM_PAGE_LIMIT) return `limit must be an integer from 1 to ${MAX_CHATROOM_PAGE_LIMIT}`;
  return undefined;
}

function timeProblem(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return isInt(value) && value >= 0 ? undefined : `${name} must be an integer at least 0`;
}

export interface ChatroomMembersQuery { chatroomId?: string; guest?: boolean; onlyOnline?: boolean; time?: number; limit?: number }
export function chatroomMembersQueryProblem(query: ChatroomMembersQuery): string | undefined {
  if (query.chatroomId !== undefined && query.chatroomId !== '') {
    const problem = chatroomIdProblem(query.chatroomId);
    if (problem) return problem;
  }
  return timeProblem('time', query.time) ?? limitProblem(query.limit);
}

export interface ChatroomHistoryQuery { beginTime?: number; endTime?: number; limit?: number; lastMsgId?: string; msgTypes?: number[] }
export function chatroomHistoryProblem(query: ChatroomHistoryQuery): string | undefined {
  const problem = timeProblem('beginTime', query.beginTime) ?? timeProblem('endTime', query.endTime) ?? limitProblem(query.limit);
  if (problem) return problem;
  if (query.beginTime && query.endTime && query.beginTime > query.endTime) return 'beginTime must not be after endTime';
  if (query.lastMsgId !== undefined && query.lastMsgId !== '' && !/^\d{1,15}$/.test(query.lastMsgId)) return 'lastMsgId must be an idServer';
  if (query.msgTypes !== undefined) {
    if (!Array.isArray(query.msgTypes) || query.msgTypes.length > 20) return 'msgTypes must be at most 20 message types';
    if (!query.msgTypes.every((t) => isInt(t) && t >= 0 && t <= 1000)) return 'msgTypes must be message type codes';
  }
  return undefined;
}

export interface ChatroomMarkInput { account?: string; type?: string; isAdd?: boolean; level?: number; custom?: string; duration?: number }
export function markChatroomMemberProblem(input: ChatroomMarkInput): string | undefined {
  const accountIssue = chatroomAccountProblem(input.account);
  if (accountIssue) return accountIssue;
  if (!(CHATROOM_MARK_TYPES as readonly unknown[]).includes(input.type)) return `type must be one of ${CHATROOM_MARK_TYPES.join(', ')}`;
  if (typeof input.isAdd !== 'boolean') return 'isAdd must be a boolean';
  if (input.level !== undefined && (!isInt(input.level) || input.level < 0 || input.level > MAX_CHATROOM_MEMBER_LEVEL)) {
    return `level must be an integer from 0 to ${MAX_CHATROOM_MEMBER_LEVEL}`;
  }
  if (input.custom !== undefined && (typeof input.custom !== 'string' || input.custom.length > MAX_CHATROOM_TEXT_LENGTH)) {
    return `custom must be a string of at most ${MAX_CHATROOM_TEXT_LENGTH} characters`;
  }
  if (input.type === 'tempMute' && input.isAdd) {
    if (!isInt(input.duration) || input.duration < 1 || input.duration > MAX_CHATROOM_TEMP_MUTE_SECONDS) {
      return `duration must be an integer from 1 to ${MAX_CHATROOM_TEMP_MUTE_SECONDS} seconds`;
    }
  }
  return undefined;
}

export interface ChatroomUpdateInput { name?: string; announcement?: string; broadcastUrl?: string; custom?: string; queuelevel?: number; mute?: boolean }
export function updateChatroomProblem(chatroom: ChatroomUpdateInput | undefined): string | undefined {
  if (typeof chatroom !== 'object' || chatroom === null) return 'chatroom is required';
  const fields = ['name', 'announcement', 'broadcastUrl', 'custom', 'queuelevel', 'mute'] as const;
  if (!fields.some((f) => chatroom[f] !== undefined)) return `chatroom needs at least one of ${fields.join(', ')}`;
  if (chatroom.name !== undefined && (typeof chatroom.name !== 'string' || chatroom.name.trim() === '' || chatroom.name.length > MAX_CHATROOM_NAME_LENGTH)) {
    return `name must be 1 to ${MAX_CHATROOM_NAME_LENGTH} characters`;
  }
  for (const f of ['announcement', 'custom'] as const) {
    const v = chatroom[f];
    if (v !== undefined && (typeof v !== 'string' || v.length > MAX_CHATROOM_TEXT_LENGTH)) return `${f} must be at most ${MAX_CHATROOM_TEXT_LENGTH} characters`;
  }
  if (chatroom.broadcastUrl !== undefined && (typeof chatroom.broadcastUrl !== 'string' || chatroom.broadcastUrl.length > MAX_CHATROOM_URL_LENGTH)) {
    return `broadcastUrl must be at most ${MAX_CHATROOM_URL_LENGTH} characters`;
  }
  if (chatroom.queuelevel !== undefined && chatroom.queuelevel !== 0 && chatroom.queuelevel !== 1) return 'queuelevel must be 0 (everyone) or 1 (admins)';
  return undefined;
}

export interface ChatroomQueueItem { key?: string; value?: string }
export function queueKeyProblem(key: unknown): string | undefined {
  if (typeof key !== 'string' || key === '') return 'key is required';
  if (key.length > MAX_CHATROOM_QUEUE_KEY_LENGTH) return `key must be at most ${MAX_CHATROOM_QUEUE_KEY_LENGTH} characters`;
  return undefined;
}
export function queueItemProblem(item: ChatroomQueueItem | undefined): string | undefined {
  if (typeof item !== 'object' || item === null) return 'item is required';
  const keyIssue = queueKeyProblem(item.key);
  if (keyIssue) return keyIssue;
  if (typeof item.value !== 'string') return 'value is required';
  if (item.value.length > MAX_CHATROOM_QUEUE_VALUE_LENGTH) return `value must be at most ${MAX_CHATROOM_QUEUE_VALUE_LENGTH} characters`;
  return undefined;
}
export function queueBatchProblem(items: ChatroomQueueItem[] | undefined): string | undefined {
  if (!Array.isArray(items) || items.length === 0) return 'items must not be empty';
  if (items.length > MAX_CHATROOM_QUEUE_BATCH) return `items must be at most ${MAX_CHATROOM_QUEUE_BATCH}`;
  for (const item of items) {
    const problem = queueItemProblem(item);
    if (problem) return problem;
  }
  return undefined;
}

export function chatroomTagsProblem(tags: unknown): string | undefined {
  if (!Array.isArray(tags)) return 'tags must be an array';
  if (tags.length > MAX_CHATROOM_TAGS) return `tags must be at most ${MAX_CHATROOM_TAGS}`;
  for (const tag of tags) {
    if (typeof tag !== 'string' || tag === '' || tag.length > MAX_CHATROOM_TAG_LENGTH) return `each tag must be 1 to ${MAX_CHATROOM_TAG_LENGTH} characters`;
  }
  return undefined;
}

export function chatroomTagQueryProblem(query: { tag?: string; time?: number; limit?: number }): string | undefined {
  if (typeof query.tag !== 'string' || query.tag === '' || query.tag.length > MAX_CHATROOM_TAG_LENGTH) return `tag must be 1 to ${MAX_CHATROOM_TAG_LENGTH} characters`;
  return timeProblem('time', query.time) ?? limitProblem(query.limit);
}

export function coordinateProblem(input: { x?: number; y?: number; z?: number; distance?: number }): string | undefined {
  for (const axis of ['x', 'y', 'z'] as const) {
    if (!isFiniteNumber(input[axis])) return `${axis} must be a number`;
  }
  if (input.distance !== undefined && (!isInt(input.distance) || input.distance < 0)) return 'distance must be an integer at least 0';
  return undefined;
}
