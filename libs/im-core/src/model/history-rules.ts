import type { ImMessage, ImSession } from '../store/entities';
import type { Store } from '../store/store';
import { MAX_UNREAD_RECOUNT } from './message-ingest';
import { applyMessageDeletion, recomputeUnread, type UnreadRules } from './session-state';

/**
 * §5 rollback options, applied the same way live (pushes) and in sync, on every device of the
 * account (docs/protocol.md "History, receipts and stick-top across devices"):
 * - rollbackClearMsgsUnread (default true): clearing a session's server history also sets its
 *   unread to what is left after the clear (0: everything up to the clear is read); false keeps it.
 * - rollbackDelMsgUnread (default false): deleting a message for self takes it off the unread
 *   count when it counted (incoming, newer than ack); false keeps the count until the session is read.
 * lastMsg always moves to the newest remaining message (§4).
 */
export interface RollbackOptions {
  rollbackClearMsgsUnread?: boolean;
  rollbackDelMsgUnread?: boolean;
}

/** A broadcast message (§3): server-originated, to every account. */
export interface ImBroadcastMsg {
  broadcastId: string;
  time: number;
  from?: string;
  body?: string;
}

/** Key-value row: ids of the broadcasts already reported, so a repeat (live, then sync) is reported once. */
export const BROADCAST_SEEN_KEY = 'broadcastMsgsSeen';
/** How many broadcast ids are remembered (our bound; the timetag covers older ones). */
export const BROADCAST_SEEN_MAX = 1000;

/** Messages deleted for self (live or synced): removed from the store; their sessions follow the rules. Returns the sessions changed. */
export async function applyDeletedForSelf(store: Store, idClients: readonly string[], options: RollbackOptions & UnreadRules = {}): Promise<ImSession[]> {
  const changed = new Map<string, ImSession>();
  for (const idClient of new Set(idClients)) {
    const message = await store.getMessage(idClient);
    if (!message) continue;
    await store.deleteMessages([idClient]);
    const session = changed.get(message.sessionId) ?? (await store.getSession(message.sessionId));
    if (!session) continue;
    const [newestRemaining] = await store.getSessionMessages({ sessionId: message.sessionId, limit: 1 });
    changed.set(message.sessionId, deletionRollback(session, message, newestRemaining, options));
  }
  const sessions = [...changed.values()];
  if (sessions.length > 0) await store.putSessions(sessions);
  return sessions;
}

/** Pure rule for one deleted message (see RollbackOptions). */
export function deletionRollback(session: ImSession, deleted: ImMessage, newestRemaining: ImMessage | undefined, options: RollbackOptions & UnreadRules = {}): ImSession {
  const rolledBack = applyMessageDeletion(session, deleted, newestRemaining, options);
  return options.rollbackDelMsgUnread === true ? rolledBack : { ...rolledBack, unread: session.unread };
}

/** A session's history cleared up to `time`: its stored messages at or before it are removed. Returns the session, if known. */
export async function applyHistoryClear(store: Store, sessionId: string, time: number, options: RollbackOptions & UnreadRules = {}): Promise<ImSession | undefined> {
  for (;;) {
    const page = await store.getSessionMessages({ sessionId, limit: 500, beforeTime: time + 1 });
    if (page.length === 0) break;
    await store.deleteMessages(page.map((m) => m.idClient));
    if (page.length < 500) break;
  }
  const session = await store.getSession(sessionId);
  if (!session) return undefined;
  const [newestRemaining] = await store.getSessionMessages({ sessionId, limit: 1 });
  const afterClear = await store.getSessionMessages({ sessionId, limit: MAX_UNREAD_RECOUNT, afterTime: Math.max(session.ack, time), order: 'asc' });
  const updated = clearRollback(session, time, newestRemaining, afterClear, options);
  await store.putSessions([updated]);
  return updated;
}

/** Pure rule for a history clear (see RollbackOptions); `remainingAfterAck`: stored messages newer than max(ack, time). */
export function clearRollback(
  session: ImSession,
  time: number,
  newestRemaining: ImMessage | undefined,
  remainingAfterAck: readonly ImMessage[],
  options: RollbackOptions & UnreadRules = {},
): ImSession {
  const lastMsg = session.lastMsg && session.lastMsg.time <= time ? (newestRemaining ?? null) : session.lastMsg;
  if (options.rollbackClearMsgsUnread === false) return { ...session, lastMsg };
  return recomputeUnread({ ...session, lastMsg, ack: Math.max(session.ack, time) }, remainingAfterAck, options);
}

/** Receipt times of a session from another device or a sync; times only move forward (§5). */
export function mergeReceiptTimes(session: ImSession, times: { msgReceiptTime?: number; msgReceiptSendTime?: number }): ImSession {
  const msgReceiptTime = Math.max(session.msgReceiptTime ?? 0, times.msgReceiptTime ?? 0);
  const msgReceiptSendTime = Math.max(session.msgReceiptSendTime ?? 0, times.msgReceiptSendTime ?? 0);
  if (msgReceiptTime === (session.msgReceiptTime ?? 0) && msgReceiptSendTime === (session.msgReceiptSendTime ?? 0)) return session;
  return { ...session, ...(msgReceiptTime ? { msgReceiptTime } : {}), ...(msgReceiptSendTime ? { msgReceiptSendTime } : {}) };
}

/** The broadcasts not reported before (by broadcastId), remembered in the store's key-values. */
export async function takeNewBroadcasts(store: Store, incoming: readonly ImBroadcastMsg[]): Promise<ImBroadcastMsg[]> {
  if (incoming.length === 0) return [];
  const stored = await store.getValue(BROADCAST_SEEN_KEY);
  const seen = new Set(Array.isArray(stored) ? (stored as string[]) : []);
  const fresh: ImBroadcastMsg[] = [];
  for (const msg of incoming) {
    if (seen.has(msg.broadcastId)) continue;
    seen.add(msg.broadcastId);
    fresh.push(msg);
  }
  if (fresh.length > 0) await store.setValue(BROADCAST_SEEN_KEY, [...seen].slice(-BROADCAST_SEEN_MAX));
  return fresh;
}
