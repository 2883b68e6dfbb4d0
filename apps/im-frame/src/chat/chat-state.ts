// Pure state transitions of the chat screen; the controller applies them and the views read them.
import { isTeamSessionId, type ChatMessage, type ChatSession, type ConnectionState } from './chat-client';

export type HistoryStatus = 'loading' | 'loaded' | 'failed';
/** Loading an older page ("load earlier messages"); absent when idle. */
export type EarlierStatus = 'loading' | 'failed';

export interface ChatState {
  connection: ConnectionState;
  /** Newest update first. */
  sessions: ChatSession[];
  activeSessionId?: string;
  /** Per session, oldest first, one entry per idClient. */
  messagesBySession: Readonly<Record<string, ChatMessage[]>>;
  historyBySession: Readonly<Record<string, HistoryStatus>>;
  /** Per session: the server may hold older messages than those shown. */
  hasMoreBySession: Readonly<Record<string, boolean>>;
  earlierBySession: Readonly<Record<string, EarlierStatus>>;
  /** The last send the client refused outright (nothing stored), until a send succeeds. */
  sendError?: string;
  /** Why the last stick-top change failed, until one succeeds. */
  topError?: string;
  /** The first sync since start has finished: counts and lists are the server's, not only the cache's. */
  synced: boolean;
  /** Files on their way up (issue 13), in the order chosen; a sent one leaves the list. */
  uploads: ChatUpload[];
  /** Per session, the message the composer answers (reply mode); absent when writing a plain message. */
  replyingBySession: Readonly<Record<string, ChatMessage>>;
  /** How many messages were unread when the open conversation was opened ("N new messages", issue 32 §9). */
  unreadOnOpen?: { sessionId: string; count: number };
  /** Customers whose conversations the merchant muted (the mutelist): no console notification for them. */
  mutedAccounts?: ReadonlySet<string>;
  /** A search result chosen (search/, issue 32 §6): the list scrolls to it, highlights and focuses it; `seq` repeats a request. */
  jumpRequest?: { sessionId: string; idClient: string; seq: number };
}

/**
 * A file being uploaded before its message is sent, one whose upload failed, or one cut off by a
 * reload ('interrupted': remembered, continues when the merchant picks the same file again).
 */
export interface ChatUpload {
  id: string;
  sessionId: string;
  name: string;
  /** 0–100 in 0.01 steps. */
  percentage: number;
  status: 'uploading' | 'failed' | 'interrupted';
  /** What identifies the file again after a reload (im-core's resume identity) and what the picker should offer. */
  size?: number;
  lastModified?: number;
  type?: string;
  /** Why it failed: an im-core error name (No_File_Selected, Wrong_File_Type, File_Too_Large, Upload_Failed…) and its text. */
  error?: { name?: string; message: string };
}

export const initialChatState: ChatState = {
  connection: { phase: 'idle' },
  sessions: [],
  messagesBySession: {},
  historyBySession: {},
  hasMoreBySession: {},
  earlierBySession: {},
  synced: false,
  uploads: [],
  replyingBySession: {},
};

/** Stick-top sessions first, then the newest update first. */
const byUpdateTimeDescending = (a: ChatSession, b: ChatSession): number =>
  Number(b.isTop === true) - Number(a.isTop === true) || b.updateTime - a.updateTime || a.id.localeCompare(b.id);

const byTimeAscending = (a: ChatMessage, b: ChatMessage): number => a.time - b.time;

/**
 * Replaces sessions by id (the client's view wins) and keeps the newest first. Who the peer is
 * (nick, avatar) is kept when the changed copy does not know it: a session whose last message is
 * the merchant's own reply carries no customer nick, and must not fall back to the raw account.
 */
export function mergeSessions(current: readonly ChatSession[], changed: readonly ChatSession[]): ChatSession[] {
  const byId = new Map(current.map((session) => [session.id, session]));
  for (const session of changed) {
    const known = byId.get(session.id);
    byId.set(session.id, {
      ...session,
      peerNick: session.peerNick || known?.peerNick,
      peerAvatar: session.peerAvatar || known?.peerAvatar,
    });
  }
  return [...byId.values()].sort(byUpdateTimeDescending);
}

/** Merges messages deduplicated by idClient (im-client-spec §4 "Message status"); later wins. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byIdClient = new Map(current.map((message) => [message.idClient, message]));
  for (const message of incoming) {
    const known = byIdClient.get(message.idClient);
    // A stale 'sending' copy (e.g. from history) must not undo a settled status.
    if (known && known.status !== 'sending' && message.status === 'sending') continue;
    byIdClient.set(message.idClient, message);
  }
  return [...byIdClient.values()].sort(byTimeAscending);
}

export function withMessages(state: ChatState, sessionId: string, messages: readonly ChatMessage[]): ChatState {
  const current = state.messagesBySession[sessionId] ?? [];
  return {
    ...state,
    messagesBySession: { ...state.messagesBySession, [sessionId]: mergeMessages(current, messages) },
  };
}

/**
 * Moves a message's session to the top with the message as its preview. Unread counts are left to
 * the client's session events, so a count is never added twice.
 */
export function withSessionPreview(state: ChatState, message: ChatMessage, peerAccount: string): ChatState {
  const existing = state.sessions.find((session) => session.id === message.sessionId);
  if (existing && existing.updateTime > message.time) return state;
  const updated: ChatSession = existing
    ? { ...existing, lastMessage: message, updateTime: message.time }
    : { id: message.sessionId, peerAccount, lastMessage: message, unread: 0, updateTime: message.time, ...(isTeamSessionId(message.sessionId) ? { scene: 'team' as const } : {}) };
  return { ...state, sessions: mergeSessions(state.sessions, [updated]) };
}

/** The session stuck to the top or taken off it; the list re-sorts (stick-top first). */
export function withSessionTop(state: ChatState, sessionId: string, top: boolean): ChatState {
  const session = state.sessions.find((candidate) => candidate.id === sessionId);
  if (!session || (session.isTop === true) === top) return state;
  return { ...state, sessions: mergeSessions(state.sessions, [{ ...session, isTop: top }]) };
}

export function withUnreadCleared(state: ChatState, sessionId: string): ChatState {
  return {
    ...state,
    sessions: state.sessions.map((session) => (session.id === sessionId ? { ...session, unread: 0 } : session)),
  };
}

export const totalUnread = (sessions: readonly ChatSession[]): number =>
  sessions.reduce((sum, session) => sum + Math.max(0, session.unread), 0);

/**
 * Whether a message can be answered (issue 12 "threads and replies"): one the server stored (it has
 * an idServer and is settled), not a failed or sending one, and not a tip or team notification line, nor a
 * call record (g2, written by the server: not replied to, recalled, pinned, commented or collected).
 */
export function isReplyable(message: ChatMessage): boolean {
  return Boolean(message.idServer) && message.status === 'success' && message.type !== 'tip' && message.type !== 'notification' && message.type !== 'g2' && !message.recalled;
}

/**
 * How long after sending the frame offers "Recall": im-server's default recall window (IM_RECALL_WINDOW_MS,
 * docs/protocol.md "Recall"). The server decides; past its window it answers 508 and the frame says so.
 */
export const RECALL_WINDOW_MS = 2 * 60 * 1000;

/** Whether "Recall" is offered: my own stored message, not recalled yet, sent less than RECALL_WINDOW_MS ago. */
export function isRecallable(message: ChatMessage, now: number): boolean {
  return message.flow === 'out' && isReplyable(message) && now - message.time < RECALL_WINDOW_MS;
}

/** The session's composer answers `message`, or (undefined) writes a plain message again. */
export function withReplyTarget(state: ChatState, sessionId: string, message: ChatMessage | undefined): ChatState {
  if (state.replyingBySession[sessionId] === message) return state;
  const replyingBySession = { ...state.replyingBySession };
  if (message) replyingBySession[sessionId] = message;
  else delete replyingBySession[sessionId];
  return { ...state, replyingBySession };
}

/** Takes messages out of a session's list (deleted for me, or its history cleared): all of them when `idClients` is omitted. */
export function withoutMessages(state: ChatState, sessionId: string, idClients?: readonly string[]): ChatState {
  const current = state.messagesBySession[sessionId];
  if (!current) return state;
  const gone = idClients ? new Set(idClients) : undefined;
  const kept = gone ? current.filter((message) => !gone.has(message.idClient)) : [];
  if (kept.length === current.length) return state;
  return { ...state, messagesBySession: { ...state.messagesBySession, [sessionId]: kept } };
}

/** The sessions leave the list (deleted); an open one is closed. */
export function withSessionsRemoved(state: ChatState, sessionIds: readonly string[]): ChatState {
  const removed = new Set(sessionIds);
  if (!state.sessions.some((session) => removed.has(session.id))) return state;
  const closing = state.activeSessionId !== undefined && removed.has(state.activeSessionId);
  return { ...state, sessions: state.sessions.filter((session) => !removed.has(session.id)), ...(closing ? { activeSessionId: undefined, unreadOnOpen: undefined } : {}) };
}

/** A stuck session's note changed (an empty note is no note). */
export function withSessionTopNote(state: ChatState, sessionId: string, note: string): ChatState {
  const session = state.sessions.find((candidate) => candidate.id === sessionId);
  if (!session) return state;
  const { topCustom: _previous, ...rest } = session;
  return { ...state, sessions: mergeSessions(state.sessions, [note ? { ...rest, topCustom: note } : rest]) };
}
