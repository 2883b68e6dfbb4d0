// What a sync tells the app (the notification union and its order), in a file of its own so the merge
// steps (sync-merge, sync-merge-teams, sync-merge-history) and the engine share it without importing each other.
import type { ImFriend, ImMessage, ImRelation, ImSession, ImSysMsg, ImTeam, ImTeamMember, ImUser } from '../store/entities';
import type { HistorySyncNotification } from './sync-merge-history';

/**
 * What the app is told after a sync, in the order of §4 Sync "On done": blocklist, mutelist,
 * friends, my info, users, teams, super teams, sessions, pinned sessions, roaming messages,
 * offline messages, filtered offline messages, sessions with more roaming, system messages,
 * unread counts, push configuration. syncDone follows them.
 */
export type SyncNotification =
  | { kind: 'blacklist'; relations: ImRelation[]; removed: string[] }
  | { kind: 'mutelist'; relations: ImRelation[]; removed: string[] }
  | { kind: 'friends'; friends: ImFriend[] }
  | { kind: 'myInfo'; user: ImUser }
  | { kind: 'users'; users: ImUser[] }
  | { kind: 'teams'; teams: ImTeam[] }
  | { kind: 'superTeams'; teams: ImTeam[] }
  /** Member rows stored by sync: mine (syncMyTeamMembers), those of teams that ended, and with syncTeamMembers every changed team's. */
  | { kind: 'teamMembers'; members: ImTeamMember[] }
  /** §5 syncSuperTeamMembers: the valid members of super teams whose members changed (read after the pages; not stored). */
  | { kind: 'superTeamMembers'; members: ImTeamMember[] }
  | { kind: 'sessions'; sessions: ImSession[] }
  | { kind: 'stickTopSessions'; sessions: ImSession[] }
  | { kind: 'roamingMsgs'; messages: ImMessage[] }
  | { kind: 'offlineMsgs'; messages: ImMessage[] }
  | { kind: 'offlineFilterMsgs'; messages: ImMessage[] }
  | { kind: 'sessionsWithMoreRoaming'; sessionIds: string[] }
  | { kind: 'sysMsgs'; sysMsgs: ImSysMsg[] }
  | { kind: 'sysMsgUnread'; unreadByType: Record<string, number> }
  | { kind: 'pushConfig'; shouldPushNotificationWhenPCOnline: boolean }
  | { kind: 'donnop'; donnop: string }
  | HistorySyncNotification;

export type SyncNotificationKind = SyncNotification['kind'];

export const SYNC_NOTIFY_ORDER: readonly SyncNotificationKind[] = [
  'blacklist', 'mutelist', 'friends', 'myInfo', 'users', 'teams', 'superTeams', 'sessions', 'stickTopSessions',
  'roamingMsgs', 'offlineMsgs', 'offlineFilterMsgs', 'sessionsWithMoreRoaming', 'sysMsgs', 'sysMsgUnread', 'pushConfig',
  // Not in the §4 list; ours, last.
  'donnop', 'teamMembers', 'superTeamMembers',
  // History across devices and broadcasts (sync-merge-history.ts), after the rest.
  'msgReceipts', 'msgsDeletedSelf', 'sessionHistoryCleared', 'broadcastMsgs',
];
