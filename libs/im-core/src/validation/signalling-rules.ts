import { ImError, ImErrorName } from '../errors';

// Call signalling rules of im-client-spec §5 "Signalling": create needs type; join/leave/close need
// channelId; invite/accept/reject/cancel need channelId, requestId and account; mark read needs
// msgid. The client runs them before a call and the server runs the same functions on what arrives
// (docs/im-signalling.md). `...Problem` returns why an input is refused, `validate...` throws
// ImError(Param_Error, 414) with that text.

/** Channel types (ours; the spec names the field): 1 audio, 2 video, 3 custom. */
export const SIGNAL_CHANNEL_TYPES = { audio: 1, video: 2, custom: 3 } as const;
/** Field bounds (ours). */
export const SIGNAL_FIELD_MAX_LENGTH = { channelId: 64, channelName: 128, requestId: 128, account: 64, ext: 4096, attach: 4096, pushContent: 500 } as const;
/** Message ids one signalingMarkRead may carry (ours). */
export const MAX_SIGNAL_MARK_READ = 100;

/** Event types of signalingNotify (ours, in the order the commands are listed). */
export const SignalEventType = {
  close: 1,
  join: 2,
  invite: 3,
  cancel: 4,
  reject: 5,
  accept: 6,
  leave: 7,
  control: 8,
} as const;
export type SignalEventName = keyof typeof SignalEventType;

export const SIGNAL_MESSAGES = {
  typeRequired: 'type is required',
  typeInvalid: 'type must be 1 (audio), 2 (video) or 3 (custom)',
  channelIdRequired: 'channelId is required',
  channelNameRequired: 'channelName is required',
  requestIdRequired: 'requestId is required',
  accountRequired: 'account is required',
  msgidRequired: 'msgid is required',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  uidInvalid: 'uid must be a non-negative integer',
  tooManyMsgids: `at most ${MAX_SIGNAL_MARK_READ} msgid per call`,
} as const;

type Fields = Record<string, unknown>;
const present = (v: unknown) => typeof v === 'string' && v.trim().length > 0;

function lengthProblem(input: Fields): string | undefined {
  for (const [field, max] of Object.entries(SIGNAL_FIELD_MAX_LENGTH)) {
    const v = input[field];
    if (v === undefined) continue;
    if (typeof v !== 'string') return `${field} must be a string`;
    if (v.length > max) return SIGNAL_MESSAGES.tooLong(field, max);
  }
  const uid = input['uid'];
  if (uid !== undefined && !(Number.isSafeInteger(uid) && (uid as number) >= 0)) return SIGNAL_MESSAGES.uidInvalid;
  return undefined;
}

/** create needs type. */
export function signalCreateProblem(input: { type?: unknown; channelName?: unknown; ext?: unknown }): string | undefined {
  if (input.type === undefined || input.type === null) return SIGNAL_MESSAGES.typeRequired;
  if (!(Object.values(SIGNAL_CHANNEL_TYPES) as unknown[]).includes(input.type)) return SIGNAL_MESSAGES.typeInvalid;
  return lengthProblem(input as Fields);
}

/** join, leave, close, delay, control need channelId. */
export function signalChannelProblem(input: { channelId?: unknown }): string | undefined {
  if (!present(input.channelId)) return SIGNAL_MESSAGES.channelIdRequired;
  return lengthProblem(input as Fields);
}

/** getChannelInfo looks a channel up by its name, so it needs one. */
export function signalChannelNameProblem(channelName: unknown): string | undefined {
  if (!present(channelName)) return SIGNAL_MESSAGES.channelNameRequired;
  return lengthProblem({ channelName });
}

/** invite, accept, reject, cancel need channelId, requestId and account. */
export function signalInviteProblem(input: { channelId?: unknown; requestId?: unknown; account?: unknown }): string | undefined {
  if (!present(input.channelId)) return SIGNAL_MESSAGES.channelIdRequired;
  if (!present(input.requestId)) return SIGNAL_MESSAGES.requestIdRequired;
  if (!present(input.account)) return SIGNAL_MESSAGES.accountRequired;
  return lengthProblem(input as Fields);
}

/** mark read needs msgid (one id or a list). */
export function signalMarkReadProblem(msgid: unknown): string | undefined {
  const ids = Array.isArray(msgid) ? msgid : [msgid];
  if (ids.length === 0 || !ids.every(present)) return SIGNAL_MESSAGES.msgidRequired;
  if (ids.length > MAX_SIGNAL_MARK_READ) return SIGNAL_MESSAGES.tooManyMsgids;
  return undefined;
}

function check(problem: string | undefined): void {
  if (problem) throw new ImError(ImErrorName.Param_Error, problem, { code: 414 });
}

export function validateSignalCreate<T extends { type?: unknown }>(input: T): T {
  check(signalCreateProblem(input));
  return input;
}
export function validateSignalChannel<T extends { channelId?: unknown }>(input: T): T {
  check(signalChannelProblem(input));
  return input;
}
export function validateSignalChannelName(channelName: unknown): string {
  check(signalChannelNameProblem(channelName));
  return channelName as string;
}
export function validateSignalInvite<T extends { channelId?: unknown; requestId?: unknown; account?: unknown }>(input: T): T {
  check(signalInviteProblem(input));
  return input;
}
export function validateSignalMarkRead(msgid: string | readonly string[]): string[] {
  check(signalMarkReadProblem(msgid));
  return Array.isArray(msgid) ? [...msgid] : [msgid as string];
}
