import type { ImFriend, ImMessage, ImMessageStatus, ImRelation, ImRelationList, ImSession, ImSysMsg, ImTeam, ImTeamMember, ImUser, SyncTimetags } from './entities';
import type { SessionMessagesQuery, SessionsQuery, Store, StoreWrite, SysMsgsQuery } from './store';

const byTime = (a: ImMessage, b: ImMessage) => a.time - b.time || (a.idClient < b.idClient ? -1 : a.idClient > b.idClient ? 1 : 0);

/**
 * Collects writes over a base store without touching it, and answers reads as if they had been
 * made (messages, sessions, system messages, users, timetags). `writes` then goes to the base in
 * one `writeBatch`: sync merges into a StagedStore and commits the data with its cursor in one
 * IndexedDB transaction (issue 10), key-values (do-not-disturb) included. Friends, relations and teams are written but read from the
 * base only (the merge never reads them back).
 */
export class StagedStore implements Store {
  readonly kind: string;
  readonly writes: StoreWrite[] = [];
  /** null: deleted in this batch. */
  private readonly messages = new Map<string, ImMessage | null>();
  /** idClients of the staged (not deleted) messages per session: reads of one session never scan the batch. */
  private readonly stagedBySession = new Map<string, Set<string>>();
  /** Base rows read ahead by prefetchMessages; idClients the base was asked for and did not have. */
  private readonly baseMessages = new Map<string, ImMessage>();
  private readonly absentFromBase = new Set<string>();
  /** Staged idClients that may also be base rows (not known to be absent): each may hide one base row. */
  private mayShadowBase = 0;
  private readonly sessions = new Map<string, ImSession>();
  private readonly sysMsgs = new Map<string, ImSysMsg>();
  private readonly users = new Map<string, ImUser>();
  private timetags: SyncTimetags = {};
  private readonly values = new Map<string, unknown>();

  /**
   * `copyOnWrite: false` keeps the rows handed to the put methods instead of copies, for a caller
   * that never changes a row after handing it over (sync's merge: its rules build new rows, and the
   * staged store is dropped at commit). The base store copies or serialises them at commit as usual.
   */
  constructor(
    private readonly base: Store,
    private readonly options: { copyOnWrite?: boolean } = {},
  ) {
    this.kind = base.kind;
  }

  /** Sends every staged write to the base store in one batch. */
  commit(): Promise<void> {
    return this.base.writeBatch(this.writes);
  }

  async close(): Promise<void> {
    // The base store is not this one's to close.
  }
  clear(): Promise<void> {
    return Promise.reject(new Error('a staged store cannot be cleared'));
  }
  async writeBatch(writes: readonly StoreWrite[]): Promise<void> {
    for (const write of writes) this.stage(write);
  }

  async getValue(key: string): Promise<unknown> {
    return this.values.has(key) ? structuredClone(this.values.get(key)) : this.base.getValue(key);
  }
  async setValue(key: string, value: unknown): Promise<void> {
    this.stage({ kind: 'values', values: [{ key, value }] });
  }
  deleteValue(): Promise<void> {
    return Promise.reject(new Error('key-values are not staged'));
  }

  async getTimetags(): Promise<SyncTimetags> {
    return { ...(await this.base.getTimetags()), ...this.timetags };
  }
  async putTimetags(timetags: SyncTimetags): Promise<void> {
    this.stage({ kind: 'timetags', timetags });
  }

  async putUsers(users: readonly ImUser[]): Promise<void> {
    this.stage({ kind: 'users', users });
  }
  async getUser(account: string): Promise<ImUser | undefined> {
    return this.users.get(account) ?? this.base.getUser(account);
  }
  async getUsers(accounts: readonly string[]): Promise<ImUser[]> {
    const fromBase = new Map((await this.base.getUsers(accounts)).map((u) => [u.account, u]));
    return accounts.flatMap((a) => this.users.get(a) ?? fromBase.get(a) ?? []);
  }

  async putFriends(friends: readonly ImFriend[]): Promise<void> {
    this.stage({ kind: 'friends', friends });
  }
  getFriends(): Promise<ImFriend[]> {
    return this.base.getFriends();
  }
  async deleteFriends(accounts: readonly string[]): Promise<void> {
    this.stage({ kind: 'deleteFriends', accounts });
  }
  async putRelations(list: ImRelationList, records: readonly ImRelation[]): Promise<void> {
    this.stage({ kind: 'relations', list, records });
  }
  getRelations(list: ImRelationList): Promise<ImRelation[]> {
    return this.base.getRelations(list);
  }
  async deleteRelations(list: ImRelationList, accounts: readonly string[]): Promise<void> {
    this.stage({ kind: 'deleteRelations', list, accounts });
  }
  async putTeams(teams: readonly ImTeam[]): Promise<void> {
    this.stage({ kind: 'teams', teams });
  }
  getTeam(teamId: string): Promise<ImTeam | undefined> {
    return this.base.getTeam(teamId);
  }
  getTeams(): Promise<ImTeam[]> {
    return this.base.getTeams();
  }
  async putSuperTeams(teams: readonly ImTeam[]): Promise<void> {
    this.stage({ kind: 'superTeams', teams });
  }
  getSuperTeams(): Promise<ImTeam[]> {
    return this.base.getSuperTeams();
  }
  async putTeamMembers(members: readonly ImTeamMember[]): Promise<void> {
    this.stage({ kind: 'teamMembers', members });
  }
  getTeamMembers(teamId: string): Promise<ImTeamMember[]> {
    return this.base.getTeamMembers(teamId);
  }
  deleteTeams(_teamIds: readonly string[]): Promise<void> {
    // Sync never deletes a team (it marks it invalid); deleting is the app's call on the base store.
    return Promise.reject(new Error('a staged store cannot delete teams'));
  }

  async putMessages(messages: readonly ImMessage[]): Promise<void> {
    this.stage({ kind: 'messages', messages });
  }
  /**
   * Reads these idClients from the base in one call (Store.getMessages) and keeps the answer, so
   * later getMessage calls for them need no read of their own: sync asks once per page instead
   * of once per incoming message (docs/im-sync.md). Rows written to the base by someone else
   * afterwards are not seen; sync's page is merged and committed right after.
   */
  async prefetchMessages(idClients: readonly string[]): Promise<void> {
    const unknown = [...new Set(idClients)].filter((id) => !this.messages.has(id) && !this.baseMessages.has(id) && !this.absentFromBase.has(id));
    if (unknown.length === 0) return;
    for (const row of await this.base.getMessages(unknown)) this.baseMessages.set(row.idClient, row);
    for (const id of unknown) if (!this.baseMessages.has(id)) this.absentFromBase.add(id);
  }

  async getMessage(idClient: string): Promise<ImMessage | undefined> {
    const staged = this.messages.get(idClient);
    if (staged !== undefined) return staged ?? undefined;
    const read = this.readAhead(idClient);
    return read === 'ask' ? this.base.getMessage(idClient) : read;
  }
  async getMessages(idClients: readonly string[]): Promise<ImMessage[]> {
    const ask = idClients.filter((id) => !this.messages.has(id) && this.readAhead(id) === 'ask');
    const fromBase = new Map((ask.length ? await this.base.getMessages(ask) : []).map((m) => [m.idClient, m]));
    return idClients.flatMap((id) => {
      const staged = this.messages.get(id);
      if (staged !== undefined) return staged ? [structuredClone(staged)] : [];
      const read = this.readAhead(id);
      const row = read === 'ask' ? fromBase.get(id) : read;
      return row ? [row] : [];
    });
  }
  /** A copy of the prefetched base row, undefined when the base has none, 'ask' when not prefetched. */
  private readAhead(idClient: string): ImMessage | undefined | 'ask' {
    const row = this.baseMessages.get(idClient);
    if (row) return structuredClone(row);
    return this.absentFromBase.has(idClient) ? undefined : 'ask';
  }
  async getSessionMessages(query: SessionMessagesQuery): Promise<ImMessage[]> {
    const inRange = (m: ImMessage) =>
      m.sessionId === query.sessionId && (query.beforeTime === undefined || m.time < query.beforeTime) && (query.afterTime === undefined || m.time > query.afterTime);
    // Staged rows may replace or remove base rows: ask the base for enough to fill the page anyway.
    const fromBase = await this.base.getSessionMessages({ ...query, limit: query.limit + this.mayShadowBase });
    const staged = [...(this.stagedBySession.get(query.sessionId) ?? [])].map((id) => this.messages.get(id)).filter((m): m is ImMessage => !!m && inRange(m));
    const merged = [...fromBase.filter((m) => !this.messages.has(m.idClient)), ...staged];
    merged.sort(byTime);
    if (query.order !== 'asc') merged.reverse();
    return merged.slice(0, Math.max(0, query.limit));
  }
  async getMessagesByStatus(status: ImMessageStatus): Promise<ImMessage[]> {
    const fromBase = (await this.base.getMessagesByStatus(status)).filter((m) => !this.messages.has(m.idClient));
    return [...fromBase, ...[...this.messages.values()].filter((m): m is ImMessage => m !== null && m.status === status)];
  }
  async deleteMessages(idClients: readonly string[]): Promise<void> {
    this.stage({ kind: 'deleteMessages', idClients });
  }

  async putSessions(sessions: readonly ImSession[]): Promise<void> {
    this.stage({ kind: 'sessions', sessions });
  }
  async getSession(id: string): Promise<ImSession | undefined> {
    return this.sessions.get(id) ?? this.base.getSession(id);
  }
  async getSessions(query: SessionsQuery): Promise<ImSession[]> {
    const fromBase = await this.base.getSessions({ ...query, limit: query.limit + this.sessions.size });
    return [...fromBase.filter((s) => !this.sessions.has(s.id)), ...this.sessions.values()]
      .filter((s) => query.includeDeleted || !s.isDeleted)
      .sort((a, b) => b.updateTime - a.updateTime)
      .slice(0, Math.max(0, query.limit));
  }

  async putSysMsgs(sysMsgs: readonly ImSysMsg[]): Promise<void> {
    this.stage({ kind: 'sysMsgs', sysMsgs });
  }
  async getSysMsg(idServer: string): Promise<ImSysMsg | undefined> {
    return this.sysMsgs.get(idServer) ?? this.base.getSysMsg(idServer);
  }
  async getSysMsgs(query: SysMsgsQuery): Promise<ImSysMsg[]> {
    const fromBase = await this.base.getSysMsgs({ ...query, limit: query.limit + this.sysMsgs.size });
    return [...fromBase.filter((s) => !this.sysMsgs.has(s.idServer)), ...[...this.sysMsgs.values()].filter((s) => !query.category || s.category === query.category)]
      .sort((a, b) => b.time - a.time)
      .slice(0, Math.max(0, query.limit));
  }

  private stage(write: StoreWrite): void {
    const staged = this.options.copyOnWrite === false ? write : structuredClone(write);
    this.writes.push(staged);
    switch (staged.kind) {
      case 'timetags':
        this.timetags = { ...this.timetags, ...staged.timetags };
        break;
      case 'users':
        for (const user of staged.users) this.users.set(user.account, user);
        break;
      case 'messages':
        for (const message of staged.messages) this.stageMessage(message.idClient, message);
        break;
      case 'deleteMessages':
        for (const idClient of staged.idClients) this.stageMessage(idClient, null);
        break;
      case 'sessions':
        for (const session of staged.sessions) this.sessions.set(session.id, session);
        break;
      case 'sysMsgs':
        for (const sysMsg of staged.sysMsgs) this.sysMsgs.set(sysMsg.idServer, sysMsg);
        break;
      case 'values':
        for (const { key, value } of staged.values) this.values.set(key, value);
        break;
      default:
        break;
    }
  }

  private stageMessage(idClient: string, message: ImMessage | null): void {
    const before = this.messages.get(idClient);
    if (before === undefined && !this.absentFromBase.has(idClient)) this.mayShadowBase++;
    if (before) this.stagedBySession.get(before.sessionId)?.delete(idClient);
    this.messages.set(idClient, message);
    if (!message) return;
    const ids = this.stagedBySession.get(message.sessionId);
    if (ids) ids.add(idClient);
    else this.stagedBySession.set(message.sessionId, new Set([idClient]));
  }
}
