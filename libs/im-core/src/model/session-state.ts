import { parseSessionId, type ImMessage, type ImSession } from '../store/entities';
import type { IgnoreRules } from './message-ignore';

// Pure session rules of im-client-spec §4 "Session": how messages, acks and deletions change a
// session. The session service loads, applies these and stores.

/** Decides whether an incoming notification counts towards unread (the app's counting callback). */
export type NotificationCounter = (message: ImMessage) => boolean;

/** The app's callbacks on incoming messages: counting (§4) and ignoring (§5, message-ignore.ts). */
export interface UnreadRules extends IgnoreRules {
  countNotification?: NotificationCounter;
}

/** §4: an incoming, not unreadable message newer than ack counts (notifications only if accepted). */
export function countsAsUnread(message: ImMessage, ack: number, rules: UnreadRules = {}): boolean {
  if (message.flow !== 'in' || message.isUnreadable || message.time <= ack) return false;
  if (message.type === 'notification') return rules.countNotification ? rules.countNotification(message) : false;
  return true;
}

export function emptySession(sessionId: string): ImSession {
  const parsed = parseSessionId(sessionId);
  if (!parsed) throw new TypeError(`not a session id: ${sessionId}`);
  return { id: sessionId, scene: parsed.scene, to: parsed.to, ack: 0, unread: 0, lastMsg: null, updateTime: 0, isDeleted: false };
}

/**
 * A new message in the session: it becomes lastMsg when it is the newest, the session comes
 * back if it was deleted (§4 "A new message with a last message ... resets isDeleted"), and
 * unread grows when the message counts.
 */
export function applyMessage(session: ImSession | undefined, message: ImMessage, rules: UnreadRules = {}): ImSession {
  const base = session ?? emptySession(message.sessionId);
  const isNewest = !base.lastMsg || message.time >= base.lastMsg.time;
  // A replaced message (e.g. status change of the same idClient) does not count twice.
  const isReplacement = base.lastMsg?.idClient === message.idClient;
  return {
    ...base,
    lastMsg: isNewest ? message : base.lastMsg,
    updateTime: Math.max(base.updateTime, message.time),
    unread: base.unread + (!isReplacement && countsAsUnread(message, base.ack, rules) ? 1 : 0),
    isDeleted: false,
  };
}

/** §4: unread recomputed from the session's messages newer than ack. */
export function recomputeUnread(session: ImSession, messages: readonly ImMessage[], rules: UnreadRules = {}): ImSession {
  const unread = messages.filter((m) => m.sessionId === session.id && countsAsUnread(m, session.ack, rules)).length;
  return { ...session, unread };
}

/** Marking read moves ack to the newest message (or the given time) and clears unread. */
export function markRead(session: ImSession, ackTime?: number): ImSession {
  const target = ackTime ?? session.lastMsg?.time ?? session.updateTime;
  return { ...session, ack: Math.max(session.ack, target), unread: 0 };
}

/** An ack from another device (sessionAck sync / mark-read push); older acks are ignored. */
export function applyAck(session: ImSession, ackTime: number, messagesAfterAck: readonly ImMessage[], rules: UnreadRules = {}): ImSession {
  if (ackTime <= session.ack) return session;
  return recomputeUnread({ ...session, ack: ackTime }, messagesAfterAck, rules);
}

/** §4: deleting a session is logical. */
export function deleteSessionLogically(session: ImSession): ImSession {
  return { ...session, isDeleted: true };
}

/**
 * §4: "Deleting a message decrements unread when it was incoming and newer than ack, and
 * replaces lastMsg with the newest remaining one when the deleted one was last."
 */
export function applyMessageDeletion(
  session: ImSession,
  deleted: ImMessage,
  newestRemaining: ImMessage | undefined,
  rules: UnreadRules = {},
): ImSession {
  const unread = countsAsUnread(deleted, session.ack, rules) ? Math.max(0, session.unread - 1) : session.unread;
  const wasLast = session.lastMsg?.idClient === deleted.idClient;
  return { ...session, unread, lastMsg: wasLast ? (newestRemaining ?? null) : session.lastMsg };
}

/** Total unread over the sessions shown (deleted sessions excluded). */
export function totalUnread(sessions: readonly ImSession[]): number {
  return sessions.reduce((sum, s) => sum + (s.isDeleted ? 0 : s.unread), 0);
}
