import type { ImMessage, ImSession, ImSysMsg } from '../store/entities';
import { mergeSyncedTeams } from './sync-merge-teams';
import { DONNOP_KEY, PUSH_CONFIG_KEY, type Store } from '../store/store';
import { MAX_UNREAD_RECOUNT, ingestSessionMessages, recallStoredMessage } from '../model/message-ingest';
import { applyAck, emptySession, type UnreadRules } from '../model/session-state';
import { mergeSysMsg, sysMsgUnreadByType } from '../model/relation-rules';
import type { SyncUnreadCarry } from '../model/unread-carry';
import { OFFLINE_SESSION_CONCURRENCY } from './constants';
import { runWithConcurrency } from './run-with-concurrency';
import type { SyncBatch } from './sync-batch';
import type { RollbackOptions } from '../model/history-rules';
import { mergeHistoryBatch } from './sync-merge-history';
import type { SyncNotification } from './sync-notification';

/** §5 session listing default: the session list reported after a sync. */
export const SESSION_LIST_LIMIT = 100;

/** Every idClient a batch brings (read ahead in one go before the merge: StagedStore.prefetchMessages). */
export function batchIdClients(batch: SyncBatch): string[] {
  return [...batch.roamingMsgs, ...batch.offlineMsgs, ...batch.offlineFilterMsgs].map((m) => m.idClient).concat(batch.recalls.map((r) => r.idClient), batch.deletedSelf);
}

const groupBySession = (messages: readonly ImMessage[]) => {
  const groups = new Map<string, ImMessage[]>();
  // Appended in place: copying the group per message is quadratic in a session's messages (100k-message syncs).
  for (const message of messages) {
    const group = groups.get(message.sessionId);
    if (group) group.push(message);
    else groups.set(message.sessionId, [message]);
  }
  return groups;
};

/**
 * Writes a sync batch into the store and returns the notifications in §4 order. Messages are
 * ingested per session, at most 50 sessions at a time (§4); each session's unread is recounted.
 */
export interface MergeSyncBatchOptions extends UnreadRules, RollbackOptions {
  account: string;
  /**
   * false: leave out the 'sessions' notification (the session list). SyncEngine merges page by
   * page and reads the list once, after the last page.
   */
  listSessions?: boolean;
  /** The running sync's memory of recounted sessions (SyncEngine; docs/im-sync.md "Unread over the pages of one sync"). */
  unreadCarry?: SyncUnreadCarry;
}

export async function mergeSyncBatch(store: Store, batch: SyncBatch, options: MergeSyncBatchOptions): Promise<SyncNotification[]> {
  const notifications: SyncNotification[] = [];
  if (batch.blacklist.length || batch.unblacklisted.length) {
    await store.putRelations('blacklist', batch.blacklist);
    await store.deleteRelations('blacklist', batch.unblacklisted);
    notifications.push({ kind: 'blacklist', relations: batch.blacklist, removed: batch.unblacklisted });
  }
  if (batch.mutelist.length || batch.unmuted.length) {
    await store.putRelations('mutelist', batch.mutelist);
    await store.deleteRelations('mutelist', batch.unmuted);
    notifications.push({ kind: 'mutelist', relations: batch.mutelist, removed: batch.unmuted });
  }
  if (batch.friends.length) {
    await store.putFriends(batch.friends.filter((f) => f.valid));
    await store.deleteFriends(batch.friends.filter((f) => !f.valid).map((f) => f.account));
    notifications.push({ kind: 'friends', friends: batch.friends });
  }
  if (batch.myInfo) {
    await store.putUsers([batch.myInfo]);
    notifications.push({ kind: 'myInfo', user: batch.myInfo });
  }
  if (batch.users.length) {
    await store.putUsers(batch.users);
    notifications.push({ kind: 'users', users: batch.users });
  }
  // Teams and my member rows (sync-merge-teams.ts).
  notifications.push(...(await mergeSyncedTeams(store, batch)));
  if (batch.superTeams.length) {
    await store.putSuperTeams(batch.superTeams);
    notifications.push({ kind: 'superTeams', teams: batch.superTeams });
  }

  // Sessions: the server's sessions, then acks, then every message, per session.
  const serverSessions = new Map(batch.sessions.map((s) => [s.id, s]));
  const allMessages = [...batch.roamingMsgs, ...batch.offlineMsgs, ...batch.offlineFilterMsgs];
  const bySession = groupBySession(allMessages);
  const acks = new Map<string, number>();
  for (const { sessionId, ack } of batch.acks) acks.set(sessionId, Math.max(acks.get(sessionId) ?? 0, ack));
  const touched = [...new Set([...serverSessions.keys(), ...bySession.keys(), ...acks.keys()])];
  const storedIds = new Set<string>();
  await runWithConcurrency(touched, OFFLINE_SESSION_CONCURRENCY, async (sessionId) => {
    const result = await ingestSessionMessages(store, sessionId, bySession.get(sessionId) ?? [], { ...options, serverSession: serverSessions.get(sessionId) });
    for (const message of result.stored) storedIds.add(message.idClient);
    const ack = acks.get(sessionId);
    // An ack that moves the read position recounts (§4); an older one changes nothing (applyAck).
    if (ack !== undefined && ack > result.session.ack) {
      const afterAck = await store.getSessionMessages({ sessionId, limit: MAX_UNREAD_RECOUNT, afterTime: ack, order: 'asc' });
      await store.putSessions([applyAck(result.session, ack, afterAck, options)]);
    }
  });
  // Recalls (issue 31): the stored copy becomes the placeholder, its session follows §4's delete rules.
  for (const { idClient, recall } of batch.recalls) await recallStoredMessage(store, idClient, recall, options);

  const pinned: ImSession[] = [];
  for (const top of batch.stickTop) {
    const session = { ...((await store.getSession(top.sessionId)) ?? emptySession(top.sessionId)), isTop: true, topCustom: top.topCustom };
    await store.putSessions([session]);
    pinned.push(session);
  }
  // Receipts, stick-top removals, deletions for self, history clears, broadcasts (sync-merge-history.ts).
  const historyNotifications = await mergeHistoryBatch(store, batch, options);
  if (options.listSessions !== false) notifications.push({ kind: 'sessions', sessions: await store.getSessions({ limit: SESSION_LIST_LIMIT }) });
  if (pinned.length) notifications.push({ kind: 'stickTopSessions', sessions: pinned });

  // Only messages stored by this sync are reported; repeats of known ones are not news.
  const fresh = (list: ImMessage[]) => list.filter((m) => storedIds.has(m.idClient));
  if (batch.roamingMsgs.length) notifications.push({ kind: 'roamingMsgs', messages: fresh(batch.roamingMsgs) });
  if (batch.offlineMsgs.length) notifications.push({ kind: 'offlineMsgs', messages: fresh(batch.offlineMsgs) });
  if (batch.offlineFilterMsgs.length) notifications.push({ kind: 'offlineFilterMsgs', messages: fresh(batch.offlineFilterMsgs) });
  if (batch.sessionsWithMoreRoaming.length) notifications.push({ kind: 'sessionsWithMoreRoaming', sessionIds: batch.sessionsWithMoreRoaming });
  if (batch.sysMsgs.length) {
    // A system message seen before (a state change, a read elsewhere) keeps what only grows here:
    // read stays read, a state reached here is not taken back (model/relation-rules).
    const merged: ImSysMsg[] = [];
    for (const sysMsg of batch.sysMsgs) merged.push(mergeSysMsg((await store.getSysMsg(sysMsg.idServer)) ?? merged.find((m) => m.idServer === sysMsg.idServer), sysMsg));
    await store.putSysMsgs(merged);
    notifications.push({ kind: 'sysMsgs', sysMsgs: merged });
    // Unread counters per type (§3 System message).
    notifications.push({ kind: 'sysMsgUnread', unreadByType: sysMsgUnreadByType(await store.getSysMsgs({ limit: 1000 })) });
  }
  if (batch.pushConfig) {
    // Staged with the data and the cursor, like donnop below (users.getPushConfig reads it).
    await store.setValue(PUSH_CONFIG_KEY, batch.pushConfig);
    notifications.push({ kind: 'pushConfig', ...batch.pushConfig });
  }
  if (batch.donnop !== undefined) {
    // Staged with the data and the cursor: one IndexedDB transaction (issue 10).
    await store.setValue(DONNOP_KEY, batch.donnop);
    notifications.push({ kind: 'donnop', donnop: batch.donnop });
  }
  notifications.push(...historyNotifications);
  return notifications;
}
