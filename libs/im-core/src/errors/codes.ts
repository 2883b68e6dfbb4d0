/**
 * The error catalogue of im-client-spec §8: numeric response codes, call-signalling codes,
 * named errors and kick reasons. Every constant here is the single definition in the library.
 */

/** How the client reacts to a response code (im-client-spec §8, "Codes 200, 406, 808 and 810 yield no error"). */
export type ResponseCodeHandling = 'success' | 'error' | 'reported';

export interface ResponseCodeInfo {
  readonly meaning: string;
  readonly handling: ResponseCodeHandling;
}

/** Numeric response codes (im-client-spec §8, "Numeric codes"). */
export const ResponseCode = {
  OK: 200,
  CLIENT_VERSION_TOO_OLD: 201,
  WRONG_CREDENTIALS: 302,
  NO_PERMISSION: 403,
  NOT_FOUND: 404,
  PARAMETER_TOO_LONG: 405,
  /** Not modified: treated as success with nothing to merge. */
  NOT_MODIFIED: 406,
  REQUEST_TIMEOUT: 408,
  PARAMETER_ERROR: 414,
  SERVICE_UNAVAILABLE: 415,
  FREQUENCY_CONTROL: 416,
  DUPLICATE_OPERATION: 417,
  ACCOUNT_DISABLED: 422,
  INTERNAL_ERROR: 500,
  DATABASE_FAILURE: 501,
  SERVER_BUSY: 503,
  DELETION_PERIOD_EXPIRED: 508,
  INVALIDATED: 509,
  PARTIAL_BATCH_FAILURE: 700,
  TEAM_MEMBER_LIMIT: 801,
  TEAM_NO_PERMISSION: 802,
  TEAM_MISSING_OR_UNCHANGED: 803,
  NOT_IN_TEAM: 804,
  TEAM_TYPE_MISMATCH: 805,
  TEAM_CREATION_LIMIT: 806,
  WRONG_MEMBER_STATE: 807,
  /** Yields no error (im-client-spec §8). */
  TEAM_NO_ERROR_808: 808,
  ALREADY_IN_TEAM: 809,
  /** Yields no error (im-client-spec §8). */
  TEAM_NO_ERROR_810: 810,
  FORCED_PUSH_LIST_TOO_LONG: 811,
  TEAM_MUTED: 812,
  PARTIAL_ADD_TEAM_LIMIT: 813,
  TEAM_RECEIPT_FORBIDDEN: 814,
  MANAGER_LIMIT: 815,
  PARTIAL_BATCH_FAILURE_816: 816,
  /** Malformed frame received (our assignment inside the spec's 997–999 range). */
  PROTOCOL_UNPACK_ERROR: 997,
  /** A value could not be packed into a frame. */
  PROTOCOL_PACK_ERROR: 998,
  /** Unknown service/command pair. */
  PROTOCOL_UNKNOWN_COMMAND: 999,
  BLACKLISTED: 7101,
  CHANNEL_INVALID: 9102,
  CALL_ANSWERED_ELSEWHERE: 9103,
  PEER_OFFLINE: 11001,
  CHATROOM_STATE_ABNORMAL: 13002,
  CHATROOM_IN_BLACKLIST: 13003,
  CHATROOM_IN_MUTELIST: 13004,
  CHATROOM_ALL_MUTED: 13006,
} as const;
export type ResponseCodeValue = (typeof ResponseCode)[keyof typeof ResponseCode];

/**
 * What the server answers for a command in the table that it does not implement yet
 * (docs/protocol.md, "What the server implements"); the client raises Not_Support for it.
 */
export const CODE_NOT_SUPPORTED = ResponseCode.SERVICE_UNAVAILABLE;

const RESPONSE_CODE_MEANINGS: Readonly<Record<number, string>> = {
  200: 'success',
  201: 'client version too old',
  302: 'wrong username or password',
  403: 'illegal operation or no permission',
  404: 'object does not exist',
  405: 'parameter too long',
  406: 'not modified',
  408: 'request timeout',
  414: 'parameter error',
  415: 'service unavailable',
  416: 'frequency control',
  417: 'duplicate operation',
  422: 'account disabled',
  500: 'internal error',
  501: 'database failure',
  503: 'server busy',
  508: 'deletion period expired',
  509: 'invalidated',
  700: 'partial batch failure',
  816: 'partial batch failure',
  7101: 'blacklisted',
  801: 'team member limit reached',
  802: 'no permission',
  803: 'team missing or unchanged',
  804: 'user not in team',
  805: 'team type mismatch',
  806: 'team creation limit reached',
  807: 'wrong member state',
  808: 'success',
  809: 'already in team',
  810: 'success',
  811: 'forced-push list too long',
  812: 'team muted',
  813: 'partial add due to team limit',
  814: 'team read-receipt service forbidden',
  815: 'manager limit reached',
  997: 'protocol error: malformed frame',
  998: 'protocol error: packing failed',
  999: 'protocol error: unknown command',
  9102: 'channel invalid',
  9103: 'call already answered on another device',
  11001: 'peer offline',
  13002: 'chatroom state abnormal',
  13003: 'in blacklist',
  13004: 'in mute list',
  13006: 'chatroom fully muted, only admins may speak',
  // Call signalling codes (im-client-spec §8, "Call signalling codes").
  10201: 'peer offline',
  10202: 'peer push offline',
  10404: 'room does not exist',
  10405: 'room exists',
  10406: 'room member does not exist',
  10407: 'room member exists',
  10408: 'invite does not exist',
  10409: 'invite already rejected',
  10410: 'invite already accepted',
  10417: 'uid conflict',
  10419: 'room member limit exceeded',
  10420: 'member already exists on another client',
};

/** Call signalling codes (im-client-spec §8). */
export const SignalingCode = {
  PEER_OFFLINE: 10201,
  PEER_PUSH_OFFLINE: 10202,
  ROOM_NOT_EXIST: 10404,
  ROOM_EXISTS: 10405,
  MEMBER_NOT_EXIST: 10406,
  MEMBER_EXISTS: 10407,
  INVITE_NOT_EXIST: 10408,
  INVITE_REJECTED: 10409,
  INVITE_ACCEPTED: 10410,
  UID_CONFLICT: 10417,
  MEMBER_LIMIT: 10419,
  MEMBER_ON_OTHER_CLIENT: 10420,
} as const;

/** Codes that yield no error (im-client-spec §8). */
const SUCCESS_CODES: ReadonlySet<number> = new Set([200, 406, 808, 810]);
/** Codes reported to the provider's error reporting (im-client-spec §8). */
const REPORTED_CODES: ReadonlySet<number> = new Set([408, 415, 500]);

export function isSuccessCode(code: number): boolean {
  return SUCCESS_CODES.has(code);
}

export function describeResponseCode(code: number): ResponseCodeInfo {
  const meaning = RESPONSE_CODE_MEANINGS[code] ?? `unknown code ${code}`;
  if (SUCCESS_CODES.has(code)) return { meaning, handling: 'success' };
  return { meaning, handling: REPORTED_CODES.has(code) ? 'reported' : 'error' };
}

/** Named errors (im-client-spec §8, "Named errors" and "Custom errors"). */
export const ImErrorName = {
  Connect_Failed: 'Connect_Failed',
  Error_Internet_Disconnected: 'Error_Internet_Disconnected',
  Error_Connection_is_not_Established: 'Error_Connection_is_not_Established',
  Error_Connection_Socket_State_not_Match: 'Error_Connection_Socket_State_not_Match',
  Error_Timeout: 'Error_Timeout',
  Param_Error: 'Param_Error',
  No_File_Selected: 'No_File_Selected',
  Wrong_File_Type: 'Wrong_File_Type',
  File_Too_Large: 'File_Too_Large',
  Not_Support: 'Not_Support',
  NO_DB: 'NO_DB',
  Still_In_Team: 'Still_In_Team',
  Session_Exist: 'Session_Exist',
  Session_Not_Exist: 'Session_Not_Exist',
  Operation_Canceled: 'Operation_Canceled',
  allAttemptsFailed: 'allAttemptsFailed',
  alreadyDisconnected: 'alreadyDisconnected',
  offlineListener: 'offlineListener',
  Kicked: 'Kicked',
  SYNC_DATA_ERROR: 'SYNC_DATA_ERROR',
  SYNC_SESSION_ACK_ERROR: 'SYNC_SESSION_ACK_ERROR',
  SYNC_promiseArray_ERROR: 'SYNC_promiseArray_ERROR',
  SYNC_TEAM_MEMBERS_ERROR: 'SYNC_TEAM_MEMBERS_ERROR',
  HEARTBEAT_ERROR: 'HEARTBEAT_ERROR',
  /** A frame failed to decode or encode (codes 997–999). */
  Protocol_Error: 'Protocol_Error',
  /** Frequency control (416): the command is blocked locally until the given time. */
  Frequency_Control: 'Frequency_Control',
  /** The server answered a non-success code. */
  Server_Error: 'Server_Error',
  /** The app's getToken callback failed or gave no token; the connection retries with back-off. */
  Token_Error: 'Token_Error',
  /** An upload failed on every edge, or the object store refused it; the message is "code (message)" (§8). */
  Upload_Failed: 'Upload_Failed',
} as const;
export type ImErrorNameValue = (typeof ImErrorName)[keyof typeof ImErrorName];

/** Default text of named errors that the spec gives a text for. */
export const NAMED_ERROR_TEXTS: Readonly<Partial<Record<ImErrorNameValue, string>>> = {
  allAttemptsFailed: 'All attempts failed',
  Kicked: 'unknown reason',
};

/**
 * Kick reasons as sent in the `kicked` push; the numbers follow the order the spec lists the
 * texts in (im-client-spec §8, "Kick reason texts in order").
 */
export const KickReason = {
  samePlatform: 1,
  serverKick: 2,
  otherPlatform: 3,
  silentlyKick: 4,
} as const;
export type KickReasonValue = (typeof KickReason)[keyof typeof KickReason];

/** en-US kick texts (im-client-spec §8); the app's i18n layer may translate them. */
export const KICK_REASON_TEXTS: Readonly<Record<KickReasonValue, string>> = {
  1: 'The same account is not allowed to log in at several places at once',
  2: 'Kicked by the server',
  3: 'Kicked by another client',
  4: 'Silently kicked',
};

/**
 * Kick reasons of a chat-room socket in the `kicked` push (ours, docs/im-chatroom.md): kicked by an
 * admin, or the room was closed. Numbered after the IM kick reasons (1–4) so the two never meet.
 */
export const CHATROOM_KICK_REASON = { kicked: 5, closed: 6 } as const;
export const CHATROOM_KICK_TEXTS: Readonly<Record<number, string>> = { 5: 'Kicked from the chat room', 6: 'The chat room was closed' };

export function kickReasonText(reason: number): string {
  return KICK_REASON_TEXTS[reason as KickReasonValue] ?? CHATROOM_KICK_TEXTS[reason] ?? NAMED_ERROR_TEXTS.Kicked ?? 'unknown reason';
}

/** Upload errors are shown as "code(message)" (im-client-spec §8). */
export function formatUploadError(code?: string | number | null, message?: string | null): string {
  const shownCode = code === undefined || code === null || code === '' ? 'unknown' : String(code);
  const shownMessage = message ? message : 'unknown error';
  return `${shownCode}(${shownMessage})`;
}
