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
import type { SessionMessagesQuery, SessionsQuery, Store, StoreWrite, SysMsgsQuery } from './store';

// Copies in and out, so callers can never mutate stored rows behind the store's back
// (the same guarantee IndexedDB's structured clone gives).
const copy = <T>(value: T): T => structuredClone(value);

function putAll<T>(table: Map<string, T>, rows: readonly T[], keyOf: (row: T) => string): void {
  for (const row of rows) table.set(keyOf(row), copy(row));
}

/** Store kept in memory: for Node, tests, and the fallback when IndexedDB cannot be opened. */
export class MemoryStore implements Store {
  readonly kind = 'memory';
  private readonly values = new Map<string, unknown>();
  private timetags: SyncTimetags = {};
  private readonly users = new Map<string, ImUser>();
  private readonly friends = new Map<string, ImFriend>();
  private readonly relations: Record<ImRelationList, Map<string, ImRelation>> = {
    blacklist: new Map(),
    mutelist: new Map(),
  };
  private readonly teams = new Map<string, ImTeam>();
  private readonly superTeams = new Map<string, ImTeam>();
  private readonly teamMembers = new Map<string, ImTeamMember>();
  private readonly messages = new Map<string, ImMessage>();
  private readonly sessions = new Map<string, ImSession>();
  private readonly sysMsgs = new Map<string, ImSysMsg>();

  async close(): Promise<void> {
    // Nothing to release; kept for the Store contract.
  }

  async writeBatch(writes: readonly StoreWrite[]): Promise<void> {
    // In memory every write lands at once; there is nothing to roll back.
    for (const write of writes) await applyStoreWrite(this, write);
  }

  async clear(): Promise<void> {
    this.values.clear();
    this.timetags = {};
    for (const table of [this.users, this.friends, this.teams, this.superTeams, this.teamMembers]) table.clear();
    this.relations.blacklist.clear();
    this.relations.mutelist.clear();
    this.messages.clear();
    this.sessions.clear();
    this.sysMsgs.clear();
  }

  async getValue(key: string): Promise<unknown> {
    return copy(this.values.get(key));
  }

  async setValue(key: string, value: unknown): Promise<void> {
    this.values.set(key, copy(value));
  }

  async deleteValue(key: string): Promise<void> {
    this.values.delete(key);
  }

  async getTimetags(): Promise<SyncTimetags> {
    return { ...this.timetags };
  }

  async putTimetags(timetags: SyncTimetags): Promise<void> {
    this.timetags = { ...this.timetags, ...timetags };
  }

  async putUsers(users: readonly ImUser[]): Promise<void> {
    putAll(this.users, users, (u) => u.account);
  }

  async getUser(account: string): Promise<ImUser | undefined> {
    return copy(this.users.get(account));
  }

  async getUsers(accounts: readonly string[]): Promise<ImUser[]> {
    return accounts.flatMap((account) => {
      const user = this.users.get(account);
      return user ? [copy(user)] : [];
    });
  }

  async putFriends(friends: readonly ImFriend[]): Promise<void> {
    putAll(this.friends, friends, (f) => f.account);
  }

  async getFriends(): Promise<ImFriend[]> {
    return [...this.friends.values()].map(copy);
  }

  async deleteFriends(accounts: readonly string[]): Promise<void> {
    for (const account of accounts) this.friends.delete(account);
  }

  async putRelations(list: ImRelationList, records: readonly ImRelation[]): Promise<void> {
    putAll(this.relations[list], records, (r) => r.account);
  }

  async getRelations(list: ImRelationList): Promise<ImRelation[]> {
    return [...this.relations[list].values()].map(copy);
  }

  async deleteRelations(list: ImRelationList, accounts: readonly string[]): Promise<void> {
    for (const account of accounts) this.relations[list].delete(account);
  }

  async putTeams(teams: readonly ImTeam[]): Promise<void> {
    putAll(this.teams, teams, (t) => t.teamId);
  }

  async getTeam(teamId: string): Promise<ImTeam | undefined> {
    return copy(this.teams.get(teamId));
  }

  async getTeams(): Promise<ImTeam[]> {
    return [...this.teams.values()].map(copy);
  }

  async putSuperTeams(teams: readonly ImTeam[]): Promise<void> {
    putAll(this.superTeams, teams, (t) => t.teamId);
  }

  async getSuperTeams(): Promise<ImTeam[]> {
    return [...this.superTeams.values()].map(copy);
  }

  async putTeamMembers(members: readonly ImTeamMember[]): Promise<void> {
    putAll(this.teamMembers, members, (m) => m.id);
  }

  async getTeamMembers(teamId: string): Promise<ImTeamMember[]> {
    return [...this.teamMembers.values()].filter((m) => m.teamId === teamId).map(copy);
  }

  async deleteTeams(teamIds: readonly string[]): Promise<void> {
    const gone = new Set(teamIds);
    for (const teamId of gone) this.teams.delete(teamId);
    for (const [id, member] of this.teamMembers) if (gone.has(member.teamId)) this.teamMembers.delete(id);
  }

  async putMessages(messages: readonly ImMessage[]): Promise<void> {
    putAll(this.messages, messages, (m) => m.idClient);
  }

  async getMessage(idClient: string): Promise<ImMessage | undefined> {
    return copy(this.messages.get(idClient));
  }

  async getMessages(idClients: readonly string[]): Promise<ImMessage[]> {
    return idClients.flatMap((idClient) => {
      const message = this.messages.get(idClient);
      return message ? [copy(message)] : [];
    });
  }

  async getSessionMessages(query: SessionMessagesQuery): Promise<ImMessage[]> {
    const { sessionId, limit, order = 'desc', beforeTime = Infinity, afterTime = -Infinity } = query;
    const matching = [...this.messages.values()].filter(
      (m) => m.sessionId === sessionId && m.time < beforeTime && m.time > afterTime,
    );
    // Same tie-break as the IndexedDB [sessionId, time] index walk plus primary key.
    matching.sort((a, b) => a.time - b.time || (a.idClient < b.idClient ? -1 : a.idClient > b.idClient ? 1 : 0));
    if (order === 'desc') matching.reverse();
    return matching.slice(0, Math.max(0, limit)).map(copy);
  }

  async getMessagesByStatus(status: ImMessageStatus): Promise<ImMessage[]> {
    return [...this.messages.values()].filter((m) => m.status === status).map(copy);
  }

  async deleteMessages(idClients: readonly string[]): Promise<void> {
    for (const idClient of idClients) this.messages.delete(idClient);
  }

  async putSessions(sessions: readonly ImSession[]): Promise<void> {
    putAll(this.sessions, sessions, (s) => s.id);
  }

  async getSession(id: string): Promise<ImSession | undefined> {
    return copy(this.sessions.get(id));
  }

  async getSessions(query: SessionsQuery): Promise<ImSession[]> {
    return [...this.sessions.values()]
      .filter((s) => query.includeDeleted || !s.isDeleted)
      .sort((a, b) => b.updateTime - a.updateTime)
      .slice(0, Math.max(0, query.limit))
      .map(copy);
  }

  async putSysMsgs(sysMsgs: readonly ImSysMsg[]): Promise<void> {
    putAll(this.sysMsgs, sysMsgs, (s) => s.idServer);
  }

  async getSysMsg(idServer: string): Promise<ImSysMsg | undefined> {
    return copy(this.sysMsgs.get(idServer));
  }

  async getSysMsgs(query: SysMsgsQuery): Promise<ImSysMsg[]> {
    return [...this.sysMsgs.values()]
      .filter((s) => !query.category || s.category === query.category)
      .sort((a, b) => b.time - a.time)
      .slice(0, Math.max(0, query.limit))
      .map(copy);
  }
}

/** Applies one write through the Store's own methods (MemoryStore, StagedStore). */
export function applyStoreWrite(store: Store, write: StoreWrite): Promise<void> {
  switch (write.kind) {
    case 'timetags': return store.putTimetags(write.timetags);
    case 'users': return store.putUsers(write.users);
    case 'friends': return store.putFriends(write.friends);
    case 'deleteFriends': return store.deleteFriends(write.accounts);
    case 'relations': return store.putRelations(write.list, write.records);
    case 'deleteRelations': return store.deleteRelations(write.list, write.accounts);
    case 'teams': return store.putTeams(write.teams);
    case 'superTeams': return store.putSuperTeams(write.teams);
    case 'teamMembers': return store.putTeamMembers(write.members);
    case 'messages': return store.putMessages(write.messages);
    case 'deleteMessages': return store.deleteMessages(write.idClients);
    case 'sessions': return store.putSessions(write.sessions);
    case 'sysMsgs': return store.putSysMsgs(write.sysMsgs);
    case 'values': return write.values.reduce<Promise<void>>((done, { key, value }) => done.then(() => store.setValue(key, value)), Promise.resolve());
  }
}
