import type { ImMessage, ImSession } from '../store/entities';
import { SYNC_NOTIFY_ORDER, type SyncNotification, type SyncNotificationKind } from './sync-merge';

type Of<K extends SyncNotificationKind> = Extract<SyncNotification, { kind: K }>;

/** Rows of both lists by key, a later row replacing an earlier one in its place. */
function byKey<T>(earlier: readonly T[], later: readonly T[], key: (row: T) => string): T[] {
  const rows = new Map<string, T>();
  for (const row of [...earlier, ...later]) {
    rows.delete(key(row));
    rows.set(key(row), row);
  }
  return [...rows.values()];
}

const union = (earlier: readonly string[], later: readonly string[]) => [...new Set([...earlier, ...later])];
const bySessionId = (a: readonly ImSession[], b: readonly ImSession[]) => byKey(a, b, (s) => s.id);
const concat = (a: readonly ImMessage[], b: readonly ImMessage[]) => [...a, ...b];

/** Folds a later page's notification of the same kind into an earlier one. */
function fold(earlier: SyncNotification, later: SyncNotification): SyncNotification {
  const same = <K extends SyncNotificationKind>(n: SyncNotification, _kind: K) => n as Of<K>;
  switch (later.kind) {
    case 'blacklist':
    case 'mutelist': {
      const before = same(earlier, later.kind);
      // An account added after it was removed (or removed after it was added) ends as the later page says.
      const relations = byKey(before.relations, later.relations, (r) => r.account).filter((r) => !later.removed.includes(r.account));
      const removed = union(before.removed, later.removed).filter((a) => !later.relations.some((r) => r.account === a));
      return { kind: later.kind, relations, removed };
    }
    case 'friends':
      return { kind: 'friends', friends: byKey(same(earlier, 'friends').friends, later.friends, (f) => f.account) };
    case 'users':
      return { kind: 'users', users: byKey(same(earlier, 'users').users, later.users, (u) => u.account) };
    case 'teams':
    case 'superTeams':
      return { kind: later.kind, teams: byKey(same(earlier, later.kind).teams, later.teams, (t) => t.teamId) };
    case 'teamMembers':
      return { kind: 'teamMembers', members: byKey(same(earlier, 'teamMembers').members, later.members, (m) => m.id) };
    case 'stickTopSessions':
      return { kind: 'stickTopSessions', sessions: bySessionId(same(earlier, 'stickTopSessions').sessions, later.sessions) };
    case 'msgReceipts':
    case 'sessionHistoryCleared':
      return { kind: later.kind, sessions: bySessionId(same(earlier, later.kind).sessions, later.sessions) };
    case 'roamingMsgs':
    case 'offlineMsgs':
    case 'offlineFilterMsgs':
      // Each message is new in one page only (deduplicated by idClient against what earlier pages stored).
      return { kind: later.kind, messages: concat(same(earlier, later.kind).messages, later.messages) };
    case 'sessionsWithMoreRoaming':
      return { kind: 'sessionsWithMoreRoaming', sessionIds: union(same(earlier, 'sessionsWithMoreRoaming').sessionIds, later.sessionIds) };
    case 'sysMsgs':
      return { kind: 'sysMsgs', sysMsgs: byKey(same(earlier, 'sysMsgs').sysMsgs, later.sysMsgs, (m) => m.idServer) };
    case 'msgsDeletedSelf':
      return { kind: 'msgsDeletedSelf', idClients: union(same(earlier, 'msgsDeletedSelf').idClients, later.idClients) };
    case 'broadcastMsgs':
      return { kind: 'broadcastMsgs', broadcastMsgs: byKey(same(earlier, 'broadcastMsgs').broadcastMsgs, later.broadcastMsgs, (b) => b.broadcastId) };
    // A state, not a list: the latest page's (myInfo, sessions, unread counts, push config, do-not-disturb).
    default:
      return later;
  }
}

/**
 * What the app is told after a sync whose pages were committed one by one: the notifications of
 * every page, one per kind, in §4 order (SYNC_NOTIFY_ORDER), as if the pages had been one batch.
 */
export function combinePageNotifications(pages: readonly (readonly SyncNotification[])[]): SyncNotification[] {
  const combined = new Map<SyncNotificationKind, SyncNotification>();
  for (const page of pages) {
    for (const notification of page) {
      const earlier = combined.get(notification.kind);
      combined.set(notification.kind, earlier ? fold(earlier, notification) : notification);
    }
  }
  return SYNC_NOTIFY_ORDER.flatMap((kind) => combined.get(kind) ?? []);
}
