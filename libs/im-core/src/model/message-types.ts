import { ImError, ImErrorName, ResponseCode } from '../errors';
import { MessageTypeCode, SceneCode, type MessageTypeName } from '../protocol/constants';
import type { MessageRecordValue } from '../protocol/records';
import { MAX_PS_LENGTH, MAX_TEXT_LENGTH } from '../validation/limits';

// The message types of im-client-spec §3 and their §5 rules, written once on the wire record
// (numeric scene and type codes). The client runs them on what it is about to send (after building
// the record), im-server runs the same functions on what arrives (exported through
// @merchant/im-core/server), so a rule cannot differ between the two. Each rule returns the reason
// a record is refused, with the §8 code (414 parameter error, 405 parameter too long), or undefined.
// docs/protocol.md "Message types" lists the fields each type carries.

export interface MessageProblem {
  code: number;
  message: string;
}

/** attach is a JSON string (§3); bounded so one message cannot exhaust a frame (our choice). */
export const MAX_ATTACH_LENGTH = 20_000;
/** custom (app JSON) is bounded like ps (our choice). */
export const MAX_CUSTOM_LENGTH = 5000;
/** pushContent and pushPayload are bounded like ps, "at most 5000 long" (§5; applying it to push fields is ours). */
export const MAX_PUSH_LENGTH = MAX_PS_LENGTH;
/** idClient length (ours). */
export const MAX_ID_CLIENT_LENGTH = 64;
/** File name, ext, md5 and url bounds (ours). */
export const MAX_FILE_NAME_LENGTH = 255;
export const MAX_FILE_EXT_LENGTH = 32;
export const MAX_URL_LENGTH = 2048;
/** §3 "Robot" content kinds a robot request may carry (ours, after the robot request types the spec names). */
export const ROBOT_CONTENT_TYPES = ['welcome', 'text', 'link'] as const;

/** Members a team message's forced-push list may name (ours; past it §8 811 'forced-push list too long'). */
export const TEAM_FORCE_PUSH_MAX = 100;
export const FORCED_PUSH_LIST_TOO_LONG = 'forced-push list too long';

/** Types whose content is a file (§3 "File message ... for media also w, h, dur"). */
export const FILE_MESSAGE_TYPES: ReadonlySet<MessageTypeName> = new Set<MessageTypeName>(['image', 'audio', 'video', 'file']);

/**
 * Types a client may send. notification (team events) and g2 (call records) are written by the
 * server, never sent by a client: they answer "cannot send message of type ..." like unknown ones.
 */
export const SENDABLE_MESSAGE_TYPES: ReadonlySet<MessageTypeName> = new Set<MessageTypeName>([
  'text', 'image', 'audio', 'video', 'geo', 'file', 'tip', 'robot', 'custom',
]);

const TYPE_BY_CODE = new Map<number, MessageTypeName>(Object.entries(MessageTypeCode).map(([name, code]) => [code, name as MessageTypeName]));
const SCENE_CODES: ReadonlySet<number> = new Set(Object.values(SceneCode));

const invalid = (message: string): MessageProblem => ({ code: ResponseCode.PARAMETER_ERROR, message });
const tooLong = (message: string): MessageProblem => ({ code: ResponseCode.PARAMETER_TOO_LONG, message });

/**
 * A team message's forced-push list (§8 811; docs/im-teams.md "Forced push"): team messages only,
 * a list of accounts, at most TEAM_FORCE_PUSH_MAX of them. Whether each is a member the server checks.
 */
export function forcePushProblem(record: Pick<MessageRecordValue, 'scene' | 'forcePushAccounts'>): MessageProblem | undefined {
  const list = record.forcePushAccounts as unknown;
  if (list === undefined) return undefined;
  if (record.scene !== SceneCode.team) return invalid('forcePushAccounts is for team messages only');
  if (!Array.isArray(list) || !list.every(isNonEmptyString)) return invalid('forcePushAccounts must be a list of accounts');
  if (list.length > TEAM_FORCE_PUSH_MAX) return { code: ResponseCode.FORCED_PUSH_LIST_TOO_LONG, message: FORCED_PUSH_LIST_TOO_LONG };
  return undefined;
}

export function messageTypeOfCode(code: number | undefined): MessageTypeName | undefined {
  return code === undefined ? undefined : TYPE_BY_CODE.get(code);
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isNonNegativeInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function parseJsonObject(value: string | undefined): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** §3 file fields; §5 "File message needs file with url, ext and size"; "Images need w and h; video needs w, h and dur; audio needs dur". */
function fileProblem(type: MessageTypeName, file: MessageRecordValue['file']): MessageProblem | undefined {
  if (!file) return invalid(`a ${type} message needs file with url, ext and size`);
  if (!isNonEmptyString(file.url)) return invalid('file.url is required');
  if (file.url.length > MAX_URL_LENGTH) return tooLong(`file.url must be at most ${MAX_URL_LENGTH} characters`);
  if (!/^https?:\/\//i.test(file.url)) return invalid('file.url must be an http(s) address');
  if (!isNonEmptyString(file.ext)) return invalid('file.ext is required');
  if (file.ext.length > MAX_FILE_EXT_LENGTH) return tooLong(`file.ext must be at most ${MAX_FILE_EXT_LENGTH} characters`);
  if (!isNonNegativeInt(file.size)) return invalid('file.size must be an integer of bytes, 0 or more');
  if (file.name !== undefined && file.name.length > MAX_FILE_NAME_LENGTH) return tooLong(`file.name must be at most ${MAX_FILE_NAME_LENGTH} characters`);
  if (file.md5 !== undefined && !/^[0-9a-f]{32}$/i.test(file.md5)) return invalid('file.md5 must be 32 hexadecimal digits');
  const needs: Record<string, readonly ('w' | 'h' | 'dur')[]> = { image: ['w', 'h'], video: ['w', 'h', 'dur'], audio: ['dur'], file: [] };
  for (const field of needs[type] ?? []) {
    if (!isNonNegativeInt(file[field])) return invalid(`a ${type} message needs file.${field} (an integer, 0 or more)`);
  }
  for (const field of ['w', 'h', 'dur'] as const) {
    if (file[field] !== undefined && !isNonNegativeInt(file[field])) return invalid(`file.${field} must be an integer, 0 or more`);
  }
  return undefined;
}

/** §3 "Geo message: loc_x, loc_y, loc_z, each defaulting to 0 when not a number". */
export interface GeoContent {
  loc_x: number;
  loc_y: number;
  loc_z: number;
  title?: string;
}

function numberOrZero(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The geo content with §3's defaults; a title that is not a string is dropped. */
export function normalizeGeo(geo: unknown): GeoContent {
  const source = typeof geo === 'object' && geo !== null ? (geo as Record<string, unknown>) : {};
  return {
    loc_x: numberOrZero(source.loc_x),
    loc_y: numberOrZero(source.loc_y),
    loc_z: numberOrZero(source.loc_z),
    ...(typeof source.title === 'string' && source.title !== '' ? { title: source.title } : {}),
  };
}

/** A robot message's attach (§3 "robot"): the robot asked, what was asked, and the robot's output if this is its answer. */
export interface RobotContent {
  robotAccid: string;
  content?: { type: (typeof ROBOT_CONTENT_TYPES)[number]; content?: string; params?: string; target?: string };
  /** Present when the message carries the robot's output: such a message is treated as incoming (§3). */
  output?: unknown;
}

/** Parses a robot message's attach; undefined when it is not a robot content object. */
export function parseRobotContent(attach: string | undefined): RobotContent | undefined {
  const parsed = parseJsonObject(attach);
  if (!parsed || typeof parsed.robotAccid !== 'string') return undefined;
  return parsed as unknown as RobotContent;
}

/** §3 "Robot messages carrying an output payload are treated as incoming". */
export function isRobotOutput(message: { type?: string; attach?: string }): boolean {
  if (message.type !== 'robot') return false;
  const content = parseRobotContent(message.attach);
  return content !== undefined && content.output !== undefined && content.output !== null;
}

type ContentRule = (record: MessageRecordValue) => MessageProblem | undefined;

/** One content rule per sendable type: what §3/§5 require of that type's fields. */
export const MESSAGE_CONTENT_RULES: Readonly<Record<string, ContentRule>> = {
  text: (r) => (isNonEmptyString(r.text) ? undefined : invalid('a text message needs text')),
  image: (r) => fileProblem('image', r.file),
  audio: (r) => fileProblem('audio', r.file),
  video: (r) => fileProblem('video', r.file),
  file: (r) => fileProblem('file', r.file),
  geo: (r) => (parseJsonObject(r.attach) ? undefined : invalid('a geo message needs attach, a JSON object with loc_x, loc_y, loc_z')),
  tip: (r) => (isNonEmptyString(r.tip) ? undefined : invalid('a tip message needs tip')),
  robot: (r) => {
    const content = parseRobotContent(r.attach);
    if (!content || !isNonEmptyString(content.robotAccid)) return invalid('a robot message needs attach with robotAccid');
    if (content.output === undefined) {
      const kind = content.content?.type;
      if (!ROBOT_CONTENT_TYPES.includes(kind as (typeof ROBOT_CONTENT_TYPES)[number])) {
        return invalid(`a robot message needs content.type, one of ${ROBOT_CONTENT_TYPES.join(', ')}`);
      }
      if (kind === 'text' && !isNonEmptyString(content.content?.content)) return invalid('a robot text request needs content.content');
    }
    return undefined;
  },
  custom: (r) => (isNonEmptyString(r.attach) ? undefined : invalid('a custom message needs attach (its content)')),
};

/**
 * Why a message record may not be sent, or undefined: scene, type, subType, the bounded fields,
 * then the type's own content rule (§3, §5). Rules on who may send to whom (accounts, teams,
 * blocklist) are the server's and are not here.
 */
export function sendMessageProblem(record: MessageRecordValue | undefined): MessageProblem | undefined {
  if (typeof record !== 'object' || record === null) return invalid('msg is required');
  const { idClient } = record;
  if (!isNonEmptyString(idClient)) return invalid('idClient is required');
  if (idClient.length > MAX_ID_CLIENT_LENGTH) return tooLong(`idClient must be at most ${MAX_ID_CLIENT_LENGTH} characters`);
  if (record.scene === undefined || !SCENE_CODES.has(record.scene)) return invalid('scene must be p2p, team or superTeam');
  if (!isNonEmptyString(record.to)) return invalid('to is required');
  const type = messageTypeOfCode(record.type);
  if (!type || !SENDABLE_MESSAGE_TYPES.has(type)) return invalid(`cannot send message of type ${type ?? record.type}`);
  if (record.subType !== undefined && (!Number.isInteger(record.subType) || record.subType <= 0)) {
    return invalid('subType must be an integer greater than 0');
  }
  const bounded: [keyof MessageRecordValue, number][] = [
    ['text', MAX_TEXT_LENGTH],
    ['tip', MAX_TEXT_LENGTH],
    ['attach', MAX_ATTACH_LENGTH],
    ['custom', MAX_CUSTOM_LENGTH],
    ['pushContent', MAX_PUSH_LENGTH],
    ['pushPayload', MAX_PUSH_LENGTH],
  ];
  for (const [field, max] of bounded) {
    const value = record[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') return invalid(`${field} must be a string`);
    if (value.length > max) return tooLong(`${field} must be at most ${max} characters`);
  }
  return forcePushProblem(record) ?? MESSAGE_CONTENT_RULES[type]?.(record);
}

/**
 * The record as it is sent and stored: geo gets §3's 0 defaults, and fields a type does not use
 * are dropped (a file message keeps no text, a text message no file). Run before sendMessageProblem.
 */
export function normalizeSendRecord(record: MessageRecordValue): MessageRecordValue {
  const type = messageTypeOfCode(record.type);
  const next: MessageRecordValue = { ...record };
  if (type !== 'text') delete next.text;
  if (type !== 'tip') delete next.tip;
  if (!type || !FILE_MESSAGE_TYPES.has(type)) delete next.file;
  if (type === 'geo') {
    const parsed = parseJsonObject(record.attach);
    if (parsed) next.attach = JSON.stringify(normalizeGeo(parsed));
  }
  if (type && FILE_MESSAGE_TYPES.has(type)) delete next.attach;
  return next;
}

/** The client's form of a problem: ImError(Param_Error) with the same code and message the server answers. */
export function assertSendable(record: MessageRecordValue): void {
  const problem = sendMessageProblem(record);
  if (problem) throw new ImError(ImErrorName.Param_Error, problem.message, { code: problem.code });
}
