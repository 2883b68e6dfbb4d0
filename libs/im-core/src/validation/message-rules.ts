import { ImError, ImErrorName } from '../errors';
import { IM_SCENES, parseSessionId, type ImMessageType, type ImScene } from '../store/entities';
import type { SortOrder } from '../store/store';
import { DEFAULT_QUERY_LIMIT, MAX_PAGE_LIMIT, MAX_PS_LENGTH, MAX_TEXT_LENGTH } from './limits';

// Message rules of im-client-spec §5. Every check throws ImError(Param_Error) with a message
// that names the parameter, and returns the normalised value so callers use what was checked.

function paramError(message: string): ImError {
  return new ImError(ImErrorName.Param_Error, message, { code: 414 });
}

function requireNonEmptyString(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw paramError(`${name} must be a non-empty string`);
  return value;
}

/** §5: "scene must be p2p, team or superTeam". */
export function validateScene(scene: unknown): ImScene {
  if (typeof scene !== 'string' || !(IM_SCENES as readonly string[]).includes(scene)) {
    throw paramError(`scene must be one of ${IM_SCENES.join(', ')}`);
  }
  return scene as ImScene;
}

/** §5: "subType must be an integer above 0" (optional). */
export function validateSubType(subType: unknown): number | undefined {
  if (subType === undefined) return undefined;
  if (typeof subType !== 'number' || !Number.isInteger(subType) || subType <= 0) {
    throw paramError('subType must be an integer greater than 0');
  }
  return subType;
}

/** §3 "Push and policy": needMsgReceipt is a boolean (optional). A team message sent with it takes read receipts (else 814). */
export function validateNeedMsgReceipt(needMsgReceipt: unknown): boolean | undefined {
  if (needMsgReceipt === undefined) return undefined;
  if (typeof needMsgReceipt !== 'boolean') throw paramError('needMsgReceipt must be a boolean');
  return needMsgReceipt;
}

/** §5: "ps at most 5000 long" (optional). */
export function validatePs(ps: unknown): string | undefined {
  if (ps === undefined) return undefined;
  if (typeof ps !== 'string' || ps.length > MAX_PS_LENGTH) throw paramError(`ps must be a string of at most ${MAX_PS_LENGTH} characters`);
  return ps;
}

export interface SendTextInput {
  scene: ImScene;
  to: string;
  text: string;
  subType?: number;
  custom?: string;
  ps?: string;
  /** §3 "Push and policy": ask for read receipts; team members' receipts then give the message its read/unread counts. */
  needMsgReceipt?: boolean;
  /** Team messages: members told even when they muted the team; at most TEAM_FORCE_PUSH_MAX, else 811 (checked with the wire rules). */
  forcePushAccounts?: string[];
}

/** Checks a text send request before anything is stored or sent. */
export function validateSendText(input: SendTextInput): SendTextInput {
  if (typeof input !== 'object' || input === null) throw paramError('send options are required');
  const text = requireNonEmptyString(input.text, 'text');
  if (text.length > MAX_TEXT_LENGTH) throw paramError(`text must be at most ${MAX_TEXT_LENGTH} characters`);
  return {
    scene: validateScene(input.scene),
    to: requireNonEmptyString(input.to, 'to'),
    text,
    subType: validateSubType(input.subType),
    custom: input.custom === undefined ? undefined : requireNonEmptyString(input.custom, 'custom'),
    ps: validatePs(input.ps),
    needMsgReceipt: validateNeedMsgReceipt(input.needMsgReceipt),
    ...(input.forcePushAccounts !== undefined ? { forcePushAccounts: input.forcePushAccounts } : {}),
  };
}

/** §5: history and session pages default to 100 and may not ask for more than 100. */
export function validatePageLimit(limit: unknown): number {
  if (limit === undefined) return DEFAULT_QUERY_LIMIT;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT) {
    throw paramError(`limit must be an integer from 1 to ${MAX_PAGE_LIMIT}`);
  }
  return limit;
}

export interface MessageListQuery {
  sessionId: string;
  limit?: number;
  /** Page towards older messages: only messages strictly before this time (ms). */
  beforeTime?: number;
  /** true lists oldest first; default false = descending (§5 "Queries default to 100 results, descending"). */
  reverse?: boolean;
  types?: readonly ImMessageType[];
  /** Substring matched against text or tip (§5). */
  keyword?: string;
}

export interface NormalizedMessageListQuery {
  sessionId: string;
  limit: number;
  order: SortOrder;
  beforeTime?: number;
  types?: readonly ImMessageType[];
  keyword?: string;
}

export function normalizeMessageListQuery(query: MessageListQuery): NormalizedMessageListQuery {
  if (typeof query !== 'object' || query === null) throw paramError('query options are required');
  const sessionId = requireNonEmptyString(query.sessionId, 'sessionId');
  if (!parseSessionId(sessionId)) throw paramError('sessionId must be <scene>-<target>, e.g. p2p-account');
  if (query.beforeTime !== undefined && (typeof query.beforeTime !== 'number' || !Number.isFinite(query.beforeTime))) {
    throw paramError('beforeTime must be a number of milliseconds');
  }
  if (query.reverse !== undefined && typeof query.reverse !== 'boolean') throw paramError('reverse must be a boolean');
  if (query.keyword !== undefined && typeof query.keyword !== 'string') throw paramError('keyword must be a string');
  return {
    sessionId,
    limit: validatePageLimit(query.limit),
    order: query.reverse ? 'asc' : 'desc',
    beforeTime: query.beforeTime,
    types: query.types && query.types.length > 0 ? query.types : undefined,
    keyword: query.keyword ? query.keyword : undefined,
  };
}

export interface SessionListQuery {
  limit?: number;
  /** §5: "excludes deleted sessions unless requested". */
  includeDeleted?: boolean;
}

export function normalizeSessionListQuery(query: SessionListQuery = {}): Required<SessionListQuery> {
  if (query.includeDeleted !== undefined && typeof query.includeDeleted !== 'boolean') {
    throw paramError('includeDeleted must be a boolean');
  }
  return { limit: validatePageLimit(query.limit), includeDeleted: query.includeDeleted ?? false };
}
