// What the tabs of one browser profile say to each other over BroadcastChannel (docs/im-multitab.md).
import { ImError, ImErrorName, type ImErrorNameValue } from '../errors';
import type { ImClientEvents } from '../client/im-client';

/** The part of navigator.locks the election uses (Web Locks API). */
export interface LockManagerLike {
  request(name: string, options: { mode: 'exclusive'; signal?: AbortSignal }, callback: (lock: unknown) => Promise<void>): Promise<void>;
}

/** The part of BroadcastChannel the tabs use; a channel never hears its own posts. */
export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

/** Calls a follower may ask the leader to run (the client API, plus raw requests for profile look-ups). */
export const TAB_CALLS = [
  'connect',
  'messages.sendText',
  'msgExtend.replyText',
  'messages.sendCustom',
  'messages.sendImage',
  'messages.sendAudio',
  'messages.sendVideo',
  'messages.sendFile',
  'messages.resend',
  'messages.forward',
  'messages.fetchHistory',
  'messages.list',
  'messages.deleteLocal',
  'messages.recall',
  'sessions.list',
  'sessions.totalUnread',
  'sessions.markRead',
  'sessions.delete',
  'sessions.deleteSessions',
  'sessions.stickTop',
  'sessions.updateStickTop',
  'sessions.unstickTop',
  'loginPorts',
  'kick',
  'request',
] as const;

export type TabCall = (typeof TAB_CALLS)[number];

/**
 * Every client event, fanned out by the leader to every tab. A Record over the event names, so an
 * event added to ImClientEvents does not compile until it is listed here (followers would miss it).
 */
const FORWARDED: Readonly<Record<keyof ImClientEvents, true>> = {
  state: true,
  msg: true,
  msgUpdate: true,
  sessions: true,
  myInfo: true,
  users: true,
  friends: true,
  relations: true,
  sysMsg: true,
  updateSysMsg: true,
  sysMsgUnread: true,
  syncData: true,
  syncDone: true,
  error: true,
  kicked: true,
  multiPortLogin: true,
  allAttemptsFailed: true,
  msgsDeletedSelf: true,
  sessionHistoryCleared: true,
  broadcastMsgs: true,
  teams: true,
  superTeams: true,
  teamMembers: true,
  teamMsgReceipts: true,
  quickComment: true,
  msgPin: true,
  pushConfig: true,
  signalling: true,
  event: true,
};

export type ForwardedEvent = keyof ImClientEvents;

export const FORWARDED_EVENTS = Object.keys(FORWARDED) as readonly ForwardedEvent[];

/** An ImError as plain data: structured clone keeps an Error's message but not our fields. */
export interface WireError {
  errorName: ImErrorNameValue;
  message: string;
  code?: number;
}

export type TabMessage =
  /** A tab started: the leader, if any, answers with `leader`. */
  | { kind: 'hello'; from: string }
  /** The leader took the lock (or answers hello): followers send it what they still wait for. */
  | { kind: 'leader'; from: string; state?: string; syncDone?: unknown }
  | { kind: 'call'; from: string; id: number; method: TabCall; args: unknown[] }
  | { kind: 'result'; from: string; to: string; id: number; ok: true; value: unknown }
  | { kind: 'result'; from: string; to: string; id: number; ok: false; error: WireError }
  | { kind: 'event'; from: string; name: ForwardedEvent; args: unknown[] };

export function isTabMessage(data: unknown): data is TabMessage {
  return typeof data === 'object' && data !== null && typeof (data as { kind?: unknown }).kind === 'string' && typeof (data as { from?: unknown }).from === 'string';
}

export function toWireError(error: unknown): WireError {
  if (error instanceof ImError) return { errorName: error.errorName, message: error.message, code: error.code };
  return { errorName: ImErrorName.Param_Error, message: error instanceof Error ? error.message : String(error) };
}

export function fromWireError(error: WireError): ImError {
  return new ImError(error.errorName, error.message, { code: error.code });
}

/** Event arguments as plain data: ImErrors (alone or as a field, e.g. kicked's) become WireErrors. */
export function toWireArgs(args: readonly unknown[]): unknown[] {
  return args.map((arg) => {
    if (arg instanceof ImError) return { __imError: toWireError(arg) };
    if (arg && typeof arg === 'object' && !Array.isArray(arg) && Object.values(arg).some((v) => v instanceof ImError)) {
      return Object.fromEntries(Object.entries(arg).map(([k, v]) => [k, v instanceof ImError ? { __imError: toWireError(v) } : v]));
    }
    return arg;
  });
}

export function fromWireArgs(args: readonly unknown[]): unknown[] {
  const revive = (value: unknown): unknown =>
    value && typeof value === 'object' && '__imError' in value ? fromWireError((value as { __imError: WireError }).__imError) : value;
  return args.map((arg) => {
    const revived = revive(arg);
    if (revived !== arg || !arg || typeof arg !== 'object' || Array.isArray(arg)) return revived;
    return Object.fromEntries(Object.entries(arg).map(([k, v]) => [k, revive(v)]));
  });
}
