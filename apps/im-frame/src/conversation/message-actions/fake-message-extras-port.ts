// In-memory MessageExtrasPort for component tests: keeps pins, comments, collects and receipt counts like the
// server would, records what was asked, lets a test refuse a call with a code and play other people's changes.
import type { ChatMessage, Unsubscribe } from '../../chat/chat-client';
import { collectedOf, type ChatCollect, type ChatComment, type ChatPin, type ChatThread, type MessageExtrasChange, type MessageExtrasPort, type TeamReadCounts } from './message-extras-port';
import { withComment } from './use-message-extras';

export class FakeMessageExtrasPort implements MessageExtrasPort {
  readonly pins: ChatPin[] = [];
  readonly comments = new Map<string, ChatComment[]>();
  readonly collects: ChatCollect[] = [];
  readonly teamReads = new Map<string, TeamReadCounts>();
  readonly readAccounts = new Map<string, { read: string[]; unread: string[] }>();
  readonly threads = new Map<string, ChatThread>();
  readonly calls: string[] = [];
  readonly deletedForMe: string[] = [];
  readonly cleared: string[] = [];
  readonly receiptsSent: string[] = [];
  readonly teamReceiptsSent: string[] = [];
  /** The next call of this name rejects with an error carrying `code`. */
  refuse: { call: string; code: number; message?: string } | undefined;
  private readonly listeners = new Set<(change: MessageExtrasChange) => void>();
  private nextCollect = 1;

  constructor(readonly account = 's_1001') {}

  private check(call: string): void {
    this.calls.push(call);
    if (this.refuse?.call === call) {
      const { code, message } = this.refuse;
      this.refuse = undefined;
      throw Object.assign(new Error(message ?? `refused with ${code}`), { code });
    }
  }

  /** Someone else (the customer, a member, my other device) changed something. */
  play(change: MessageExtrasChange): void {
    if (change.type === 'pin') {
      const others = this.pins.filter((p) => p.idClient !== change.pin.idClient);
      this.pins.splice(0, this.pins.length, ...others, ...(change.deleted ? [] : [change.pin]));
    }
    for (const listener of this.listeners) listener(change);
  }

  onChange(listener: (change: MessageExtrasChange) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async listPins(sessionId: string): Promise<ChatPin[]> {
    this.check('listPins');
    return this.pins.filter((p) => p.sessionId === sessionId);
  }

  async pin(message: ChatMessage): Promise<ChatPin> {
    this.check('pin');
    const pin: ChatPin = { sessionId: message.sessionId, idClient: message.idClient, idServer: message.idServer, pinFrom: this.account, createTime: message.time + 1, updateTime: message.time + 1, message };
    this.pins.push(pin);
    return pin;
  }

  async unpin(message: ChatMessage): Promise<void> {
    this.check('unpin');
    const index = this.pins.findIndex((p) => p.idClient === message.idClient);
    if (index >= 0) this.pins.splice(index, 1);
  }

  async getComments(messages: readonly ChatMessage[]): Promise<Map<string, ChatComment[]>> {
    this.check('getComments');
    return new Map(messages.filter((m) => m.idServer).map((m) => [m.idServer as string, this.comments.get(m.idServer as string) ?? []]));
  }

  async addComment(message: ChatMessage, body: number): Promise<void> {
    this.check('addComment');
    const idServer = message.idServer as string;
    this.comments.set(idServer, withComment(this.comments.get(idServer) ?? [], { from: this.account, body, time: 1 }, false));
  }

  async removeComment(message: ChatMessage, body: number): Promise<void> {
    this.check('removeComment');
    const idServer = message.idServer as string;
    this.comments.set(idServer, withComment(this.comments.get(idServer) ?? [], { from: this.account, body, time: 1 }, true));
  }

  async collect(message: ChatMessage): Promise<ChatCollect> {
    this.check('collect');
    const known = this.collects.find((c) => c.message?.idServer === message.idServer);
    if (known) return known;
    const collect = { id: String(this.nextCollect++), createTime: message.time, message: collectedOf(message) };
    this.collects.unshift(collect);
    return collect;
  }

  async listCollects(page: { limit: number; lastId?: string }): Promise<{ collects: ChatCollect[]; total: number }> {
    this.check('listCollects');
    const start = page.lastId ? this.collects.findIndex((c) => c.id === page.lastId) + 1 : 0;
    return { collects: this.collects.slice(start, start + page.limit), total: this.collects.length };
  }

  async removeCollect(id: string): Promise<void> {
    this.check('removeCollect');
    const index = this.collects.findIndex((c) => c.id === id);
    if (index >= 0) this.collects.splice(index, 1);
  }

  async getThread(message: ChatMessage): Promise<ChatThread> {
    this.check('getThread');
    return this.threads.get(message.thread?.idServer ?? message.idServer ?? '') ?? { replies: [], total: 0 };
  }

  async deleteForMe(message: ChatMessage): Promise<void> {
    this.check('deleteForMe');
    this.deletedForMe.push(message.idClient);
  }

  async clearHistory(sessionId: string): Promise<void> {
    this.check('clearHistory');
    this.cleared.push(sessionId);
  }

  async sendReadReceipt(message: ChatMessage): Promise<void> {
    this.check('sendReadReceipt');
    this.receiptsSent.push(message.idClient);
  }

  async sendTeamReceipts(messages: readonly ChatMessage[]): Promise<void> {
    this.check('sendTeamReceipts');
    this.teamReceiptsSent.push(...messages.map((m) => m.idClient));
  }

  async getTeamReads(messages: readonly ChatMessage[]): Promise<TeamReadCounts[]> {
    this.check('getTeamReads');
    return messages.map((m) => this.teamReads.get(m.idClient)).filter((r): r is TeamReadCounts => r !== undefined);
  }

  async getTeamReadAccounts(message: ChatMessage): Promise<{ read: string[]; unread: string[] }> {
    this.check('getTeamReadAccounts');
    return this.readAccounts.get(message.idClient) ?? { read: [], unread: [] };
  }
}
