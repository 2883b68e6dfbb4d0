import type { ImMessage, ImRecall, ImSession } from '../store/entities';
import type { Store } from '../store/store';
import { dedupeMessages } from './message-state';
import { applyMessage, applyMessageDeletion, countsAsUnread, emptySession, recomputeUnread, type UnreadRules } from './session-state';
import type { SyncUnreadCarry } from './unread-carry';
import { dropIgnoredMessages } from './message-ignore';

/** Unread is recounted from at most this many stored messages after the ack (our bound). */
export const MAX_UNREAD_RECOUNT = 1000;

export interface IngestOptions extends UnreadRules {
  account: string;
  /** Messages pushed as this account's own sends from another device (§4 sync-send). */
  fromSyncSend?: boolean;
  /** The session as the server reported it in this sync, if it did. */
  serverSession?: ImSession;
  /**
   * The sync's memory of the sessions it recounted in committed pages: such a session's unread
   * grows by the newly stored messages that count instead of being recounted (same ack only).
   */
  unreadCarry?: SyncUnreadCarry;
}

export interface IngestResult {
  /** Messages newly stored, oldest first. */
  stored: ImMessage[];
  session: ImSession;
}

/**
 * Stores new messages of one session and updates that session: dedupe by idClient against the
 * batch and the store (§4), insert, move lastMsg/updateTime, then set unread by §4's rule
 * ("Unread is recomputed"): recounted from the stored messages newer than ack, or, when this sync
 * already recounted the session in a committed page and the ack has not moved since
 * (`options.unreadCarry`), the stored unread plus the new messages that count. The two agree: the
 * new messages are the only stored messages after the ack that the stored count has not seen
 * (duplicates are not new). The server's unread wins only when it is higher, i.e. when the local
 * history is incomplete.
 */
export async function ingestSessionMessages(store: Store, sessionId: string, allIncoming: readonly ImMessage[], allOptions: IngestOptions): Promise<IngestResult> {
  // §5: what the app's ignore callbacks reject is not taken in at all (message-ignore.ts).
  const { kept: incoming, ignoredAny, serverSession } = dropIgnoredMessages(allIncoming, allOptions.serverSession, allOptions);
  const options: IngestOptions = { ...allOptions, serverSession };
  const known = new Set<string>();
  for (const message of incoming) if (await store.getMessage(message.idClient)) known.add(message.idClient);
  const fresh = dedupeMessages(incoming, (id) => known.has(id), options).sort((a, b) => a.time - b.time);

  const storedSession = await store.getSession(sessionId);
  // Only ignored messages for a session not known here: nothing to show, so no empty session is stored.
  if (ignoredAny && incoming.length === 0 && !storedSession && !serverSession) return { stored: [], session: emptySession(sessionId) };
  const stored = storedSession ?? options.serverSession ?? emptySession(sessionId);
  let session = options.serverSession ? mergeServerSession(stored, options.serverSession) : stored;
  if (fresh.length > 0) await store.putMessages(fresh);
  for (const message of fresh) session = applyMessage(session, message, options);
  const carry = options.unreadCarry;
  let localUnread: number;
  if (carry && storedSession && session.ack === storedSession.ack && carry.canBuildOn(sessionId)) {
    localUnread = storedSession.unread;
    for (const message of fresh) if (countsAsUnread(message, session.ack, options)) localUnread++;
  } else {
    const afterAck = await store.getSessionMessages({ sessionId, limit: MAX_UNREAD_RECOUNT, afterTime: session.ack, order: 'asc' });
    localUnread = recomputeUnread(session, afterAck, options).unread;
  }
  // The server counted against its ack; that count only applies if no later ack is known here.
  const serverUnread = options.serverSession && options.serverSession.ack >= session.ack ? options.serverSession.unread : 0;
  session = { ...session, unread: Math.max(localUnread, serverUnread) };
  await store.putSessions([session]);
  carry?.noteCounted(sessionId);
  return { stored: fresh, session };
}

/**
 * Merges the server's view of a session into the local one: later ack and updateTime win,
 * the newer lastMsg wins. Deletion is local (§4 "logical"); only a newer last message brings a
 * deleted session back.
 */
export function mergeServerSession(local: ImSession, server: ImSession): ImSession {
  const lastMsg = !local.lastMsg || (server.lastMsg && server.lastMsg.time >= local.lastMsg.time) ? server.lastMsg ?? local.lastMsg : local.lastMsg;
  return {
    ...local,
    ack: Math.max(local.ack, server.ack),
    updateTime: Math.max(local.updateTime, server.updateTime),
    lastMsg,
    isTop: server.isTop ?? local.isTop,
    topCustom: server.topCustom ?? local.topCustom,
    ext: server.ext ?? local.ext,
    msgReceiptTime: Math.max(local.msgReceiptTime ?? 0, server.msgReceiptTime ?? 0) || undefined,
    isDeleted: lastMsg !== local.lastMsg ? false : local.isDeleted,
  };
}

/** What a recalled copy no longer keeps: everything its sender wrote. */
const RECALLED_CONTENT = ['text', 'tip', 'attach', 'file', 'custom', 'pushContent', 'pushPayload'] as const;

/** How many of a session's newest messages are read to find the newest not recalled one. */
const LAST_MSG_LOOKBACK = 50;

/**
 * Marks a stored message recalled (§4 delete rules apply to its session: unread drops when it was
 * incoming and newer than ack, lastMsg moves to the newest message not recalled). Its content is
 * dropped; the copy stays as the placeholder. Unknown or already recalled: nothing changes.
 */
export async function recallStoredMessage(
  store: Store,
  idClient: string,
  recall: ImRecall,
  rules: UnreadRules = {},
): Promise<{ message: ImMessage; session?: ImSession } | undefined> {
  const original = await store.getMessage(idClient);
  if (!original || original.recalled) return undefined;
  const message: ImMessage = { ...original, recalled: recall, isUnreadable: true };
  for (const field of RECALLED_CONTENT) delete message[field];
  await store.putMessages([message]);
  const session = await store.getSession(original.sessionId);
  if (!session) return { message };
  const newest = await store.getSessionMessages({ sessionId: original.sessionId, limit: LAST_MSG_LOOKBACK });
  const newestRemaining = newest.find((m) => !m.recalled);
  const updated = applyMessageDeletion(session, original, newestRemaining, rules);
  await store.putSessions([updated]);
  return { message, session: updated };
}

/** Deletes one stored message and adjusts its session's unread and lastMsg (§4). */
export async function deleteStoredMessage(store: Store, idClient: string, rules: UnreadRules = {}): Promise<ImSession | undefined> {
  const message = await store.getMessage(idClient);
  if (!message) return undefined;
  await store.deleteMessages([idClient]);
  const session = await store.getSession(message.sessionId);
  if (!session) return undefined;
  const [newestRemaining] = await store.getSessionMessages({ sessionId: message.sessionId, limit: 1 });
  const updated = applyMessageDeletion(session, message, newestRemaining, rules);
  await store.putSessions([updated]);
  return updated;
}
