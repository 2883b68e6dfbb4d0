import type {
  ImFriend,
  ImMessage,
  ImMessageStatus,
  ImRelation,
  ImRelationList,
  ImSession,
  ImSysMsg,
  ImTeam,
  ImTeamMember,
  ImUser,
  SyncTimetags,
} from './entities';

/** Latest-first or oldest-first listing. */
export type SortOrder = 'desc' | 'asc';

export interface SessionMessagesQuery {
  sessionId: string;
  /** At most this many messages. */
  limit: number;
  /** 'desc' (default) returns the newest first. */
  order?: SortOrder;
  /** Only messages with time strictly before this (ms); paging towards older messages. */
  beforeTime?: number;
  /** Only messages with time strictly after this (ms); e.g. everything newer than the ack. */
  afterTime?: number;
}

export interface SessionsQuery {
  limit: number;
  /** Deleted sessions are left out unless asked for (§5 session listing). */
  includeDeleted?: boolean;
}

export interface SysMsgsQuery {
  limit: number;
  category?: ImSysMsg['category'];
}

/** One change of a write batch (Store.writeBatch): the same changes the put and delete methods make. */
export type StoreWrite =
  | { kind: 'timetags'; timetags: SyncTimetags }
  | { kind: 'users'; users: readonly ImUser[] }
  | { kind: 'friends'; friends: readonly ImFriend[] }
  | { kind: 'deleteFriends'; accounts: readonly string[] }
  | { kind: 'relations'; list: ImRelationList; records: readonly ImRelation[] }
  | { kind: 'deleteRelations'; list: ImRelationList; accounts: readonly string[] }
  | { kind: 'teams'; teams: readonly ImTeam[] }
  | { kind: 'superTeams'; teams: readonly ImTeam[] }
  | { kind: 'teamMembers'; members: readonly ImTeamMember[] }
  | { kind: 'messages'; messages: readonly ImMessage[] }
  | { kind: 'deleteMessages'; idClients: readonly string[] }
  | { kind: 'sessions'; sessions: readonly ImSession[] }
  | { kind: 'sysMsgs'; sysMsgs: readonly ImSysMsg[] }
  /** Key-value rows (e.g. do-not-disturb from sync), written like setValue. */
  | { kind: 'values'; values: readonly { key: string; value: unknown }[] };

/** Key-value row of the do-not-disturb settings (users service and sync write it). */
export const DONNOP_KEY = 'donnop';
/** Key-value row of the multi-port push setting (users service, the syncPushConfig push and sync write it). */
export const PUSH_CONFIG_KEY = 'pushConfig';

/**
 * The local database of the IM client: the tables of im-client-spec §3 (key-value, timetag,
 * friend, user, team, teamMember, superTeam, msg, session, sysMsg, blacklist, mutelist) with the
 * operations the services need. Implementations: MemoryStore (Node, no-DB fallback) and
 * @merchant/im-db (IndexedDB). Every method resolves once the change is durable in that store;
 * rejections mean nothing was changed. Values handed out are copies: mutating them does not
 * change the store.
 */
export interface Store {
  /** 'memory' or 'indexeddb'; for logs. */
  readonly kind: string;
  close(): Promise<void>;
  /** Empties every table (logout with clearing, tests). */
  clear(): Promise<void>;
  /**
   * Applies the writes in order, all or none: one IndexedDB transaction. Sync writes its merged
   * data and the new timetags (its cursor) with one call, so a crash cannot keep one without the other.
   */
  writeBatch(writes: readonly StoreWrite[]): Promise<void>;

  // key-value table
  getValue(key: string): Promise<unknown>;
  setValue(key: string, value: unknown): Promise<void>;
  deleteValue(key: string): Promise<void>;

  // timetag table: one row per sync data kind
  getTimetags(): Promise<SyncTimetags>;
  /** Merges: kinds not named keep their stored timetag. */
  putTimetags(timetags: SyncTimetags): Promise<void>;

  // user table
  putUsers(users: readonly ImUser[]): Promise<void>;
  getUser(account: string): Promise<ImUser | undefined>;
  /** The stored users among these accounts, in the order asked; unknown ones are left out. */
  getUsers(accounts: readonly string[]): Promise<ImUser[]>;

  // friend table
  putFriends(friends: readonly ImFriend[]): Promise<void>;
  getFriends(): Promise<ImFriend[]>;
  deleteFriends(accounts: readonly string[]): Promise<void>;

  // blacklist and mutelist tables
  putRelations(list: ImRelationList, records: readonly ImRelation[]): Promise<void>;
  getRelations(list: ImRelationList): Promise<ImRelation[]>;
  deleteRelations(list: ImRelationList, accounts: readonly string[]): Promise<void>;

  // team, superTeam and teamMember tables
  putTeams(teams: readonly ImTeam[]): Promise<void>;
  getTeam(teamId: string): Promise<ImTeam | undefined>;
  getTeams(): Promise<ImTeam[]>;
  putSuperTeams(teams: readonly ImTeam[]): Promise<void>;
  getSuperTeams(): Promise<ImTeam[]>;
  putTeamMembers(members: readonly ImTeamMember[]): Promise<void>;
  getTeamMembers(teamId: string): Promise<ImTeamMember[]>;
  /** Removes teams and every member row of them (a team the user left or saw dismissed, §4). */
  deleteTeams(teamIds: readonly string[]): Promise<void>;

  // msg table (keyed by idClient)
  /** Inserts or replaces by idClient. */
  putMessages(messages: readonly ImMessage[]): Promise<void>;
  getMessage(idClient: string): Promise<ImMessage | undefined>;
  /**
   * The stored messages among these idClients, in the order asked; unknown ones are left out.
   * One read for the lot (one IndexedDB transaction): sync checks a whole page's idClients at once.
   */
  getMessages(idClients: readonly string[]): Promise<ImMessage[]>;
  /** Messages of one session ordered by time, via the [sessionId, time] index. */
  getSessionMessages(query: SessionMessagesQuery): Promise<ImMessage[]>;
  getMessagesByStatus(status: ImMessageStatus): Promise<ImMessage[]>;
  deleteMessages(idClients: readonly string[]): Promise<void>;

  // session table
  putSessions(sessions: readonly ImSession[]): Promise<void>;
  getSession(id: string): Promise<ImSession | undefined>;
  /** Newest updateTime first. */
  getSessions(query: SessionsQuery): Promise<ImSession[]>;

  // sysMsg table
  putSysMsgs(sysMsgs: readonly ImSysMsg[]): Promise<void>;
  getSysMsg(idServer: string): Promise<ImSysMsg | undefined>;
  /** Newest first. */
  getSysMsgs(query: SysMsgsQuery): Promise<ImSysMsg[]>;
}
