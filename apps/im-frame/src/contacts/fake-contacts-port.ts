// In-memory ContactsPort for component tests: system messages and relations a test sets up, the
// same state rules as im-core (answered applications become passed/rejected, read on open).
import type { ImRelationState, ImSysMsg } from '@merchant/im-core';
import type { ContactsPort, FriendEntry, FriendRequest, Unsubscribe } from './contacts-port';

export class FakeContactsPort implements ContactsPort {
  readonly sysMsgs: ImSysMsg[] = [];
  readonly relations = new Map<string, ImRelationState>();
  readonly friends: FriendEntry[] = [];
  readonly calls: string[] = [];
  /** When set, the next answer or relation change rejects with it. */
  failNext?: Error & { code?: number };
  private readonly listeners = new Set<() => void>();

  add(sysMsg: Partial<ImSysMsg> & Pick<ImSysMsg, 'idServer' | 'type' | 'from'>): void {
    this.sysMsgs.push({ category: 'friend', to: 's_1001', time: 1_700_000_000_000, read: false, state: 'init', ...sysMsg });
    this.changed();
  }

  changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  async listSystemMessages(limit = 100): Promise<ImSysMsg[]> {
    return [...this.sysMsgs].sort((a, b) => b.time - a.time).slice(0, limit).map((s) => ({ ...s }));
  }

  async unreadSystemMessages(): Promise<number> {
    return this.sysMsgs.filter((s) => !s.read).length;
  }

  async markSystemMessagesRead(idServers: readonly string[]): Promise<void> {
    this.calls.push(`read:${idServers.join(',')}`);
    for (const sysMsg of this.sysMsgs) if (idServers.includes(sysMsg.idServer)) sysMsg.read = true;
    this.changed();
  }

  async answerFriendApplication(sysMsg: ImSysMsg, accept: boolean): Promise<void> {
    this.calls.push(`${accept ? 'pass' : 'reject'}:${sysMsg.from}`);
    const stored = this.sysMsgs.find((s) => s.idServer === sysMsg.idServer);
    const failure = this.takeFailure();
    if (failure) {
      if (stored) Object.assign(stored, { state: 'error', error: { code: failure.code ?? 500, message: failure.message } });
      this.changed();
      throw failure;
    }
    if (stored) Object.assign(stored, { state: accept ? 'passed' : 'rejected', read: true });
    this.changed();
  }

  async getRelation(account: string): Promise<ImRelationState> {
    return { ...(this.relations.get(account) ?? { account, isBlacked: false, isMuted: false, createTime: 0, updateTime: 0 }) };
  }

  setInBlacklist(account: string, on: boolean): Promise<ImRelationState> {
    return this.setFlag(account, 'isBlacked', on);
  }

  setInMutelist(account: string, on: boolean): Promise<ImRelationState> {
    return this.setFlag(account, 'isMuted', on);
  }

  async listMuted(): Promise<string[]> {
    return [...this.relations.values()].filter((relation) => relation.isMuted).map((relation) => relation.account);
  }

  addFriend(friend: FriendEntry): void {
    this.friends.push(friend);
    this.changed();
  }

  async listFriends(): Promise<FriendEntry[]> {
    return this.friends.map((f) => ({ ...f }));
  }

  async deleteFriend(account: string): Promise<void> {
    this.calls.push(`deleteFriend:${account}`);
    const failure = this.takeFailure();
    if (failure) throw failure;
    const index = this.friends.findIndex((f) => f.account === account);
    if (index >= 0) this.friends.splice(index, 1);
    this.changed();
  }

  /** Like im-server: already friends → 417; `add` befriends at once, `apply` waits for the customer. */
  async sendFriendRequest(request: FriendRequest): Promise<void> {
    this.calls.push(`${request.kind}Friend:${request.account}${request.ps ? `:${request.ps}` : ''}`);
    const failure = this.takeFailure();
    if (failure) throw failure;
    if (this.friends.some((f) => f.account === request.account)) throw Object.assign(new Error(`${request.account} is already a friend`), { code: 417 });
    if (request.kind === 'add') this.addFriend({ account: request.account });
  }

  onChange(listener: () => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async setFlag(account: string, flag: 'isBlacked' | 'isMuted', on: boolean): Promise<ImRelationState> {
    this.calls.push(`${flag}:${account}:${on}`);
    const failure = this.takeFailure();
    if (failure) throw failure;
    const next = { ...(await this.getRelation(account)), [flag]: on };
    this.relations.set(account, next);
    this.changed();
    return next;
  }

  private takeFailure(): (Error & { code?: number }) | undefined {
    const failure = this.failNext;
    this.failNext = undefined;
    return failure;
  }
}
