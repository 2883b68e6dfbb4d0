// In-memory ChatClient for component and controller tests: keeps sessions and messages, emits
// events the way the real adapter does, and lets a test script failures and incoming messages.
import {
  accountOfSessionId,
  type ChatClient,
  type ChatClientEventName,
  type ChatClientEvents,
  type ChatMessage,
  type ChatMessageRef,
  type ChatSession,
  type CustomerProfile,
  type CustomerSummary,
  type HistoryPage,
  type MessageFlow,
  type RememberedUpload,
  type SendFileOptions,
  type Unsubscribe,
  type UploadMemory,
} from '../chat/chat-client';
import { ChatEventHub } from '../chat/chat-event-hub';
import type { CallsPort } from '../calls/calls-port';
import { kindOfFile } from '../chat/media-probe';
import { FakeSearchPort } from '../search/fake-search-port';

type Listener<E extends ChatClientEventName> = (value: ChatClientEvents[E]) => void;

export class FakeChatClient implements ChatClient {
  readonly sessions = new Map<string, ChatSession>();
  readonly localMessages = new Map<string, ChatMessage[]>();
  readonly serverMessages = new Map<string, ChatMessage[]>();
  readonly markedRead: string[] = [];
  readonly sentTexts: string[] = [];
  /** When true, sends end with status 'fail'. */
  failSends = false;
  /** When set, connect() rejects with it. */
  connectError?: Error;
  serverHistoryError?: Error;
  connected = false;
  connectCalls = 0;
  /** Every fetchHistory call, as asked. */
  readonly historyRequests: Array<{ sessionId: string; limit: number; endTime?: number }> = [];
  private nextId = 1;
  private clock = 1_700_000_000_000;
  private readonly events = new ChatEventHub();
  /** The unfinished uploads as last saved (what a reload would find). */
  rememberedUploads: RememberedUpload[] = [];
  readonly uploadMemory: UploadMemory = {
    load: async () => structuredClone(this.rememberedUploads),
    save: async (uploads) => {
      this.rememberedUploads = structuredClone([...uploads]);
    },
  };
  /** Files given to sendFile, with their size and last change (to tell the same file from another). */
  readonly sendFileCalls: Array<{ name: string; size: number; lastModified: number }> = [];

  /** Message search over the server's messages (search/). */
  readonly search = new FakeSearchPort(
    () => [...this.serverMessages.values()].flat(),
    () => this.account,
  );

  /** Calls (calls/fake-calls-port.ts) when a test sets them; absent like in a client without signalling. */
  calls?: CallsPort;

  constructor(private readonly account = 's_1001') {}

  on<E extends ChatClientEventName>(event: E, listener: Listener<E>): Unsubscribe {
    return this.events.on(event, listener);
  }

  emit<E extends ChatClientEventName>(event: E, value: ChatClientEvents[E]): void {
    this.events.emit(event, value);
  }

  listenerCount(): number {
    return this.events.listenerCount();
  }

  async listLocalSessions(): Promise<ChatSession[]> {
    return [...this.sessions.values()];
  }

  async listLocalMessages(sessionId: string, limit: number): Promise<ChatMessage[]> {
    return (this.localMessages.get(sessionId) ?? []).slice(-limit);
  }

  /** Like the server: messages at or before endTime, the newest `limit` of them, oldest first. */
  async fetchHistory(sessionId: string, page: { limit: number; endTime?: number }): Promise<HistoryPage> {
    this.historyRequests.push({ sessionId, ...page });
    if (this.serverHistoryError) throw this.serverHistoryError;
    const { endTime } = page;
    const candidates = (this.serverMessages.get(sessionId) ?? []).filter((m) => !endTime || m.time <= endTime);
    return { messages: candidates.slice(-page.limit), hasMore: candidates.length > page.limit };
  }

  async connect(): Promise<void> {
    this.connectCalls++;
    this.emit('state', { phase: 'connecting' });
    if (this.connectError) throw this.connectError;
    this.connected = true;
    this.emit('state', { phase: 'connected' });
  }

  async disconnect(): Promise<void> {
    this.connected = false;
    this.emit('state', { phase: 'disconnected' });
  }

  async sendText(sessionId: string, text: string): Promise<ChatMessage> {
    this.sentTexts.push(text);
    const message: ChatMessage = {
      idClient: `out-${this.nextId++}`,
      sessionId,
      from: this.account,
      to: accountOfSessionId(sessionId),
      type: 'text',
      text,
      time: this.tick(),
      flow: 'out',
      status: 'sending',
    };
    this.emit('message', message);
    return this.settle(message);
  }

  /** Files sent, by name. */
  readonly sentFiles: string[] = [];
  /** While set, an upload stops at 50 % until it resolves (tests of progress and cancel). */
  uploadGate: Promise<void> | undefined;
  /** When set, uploads reject with it (a refused file, a failed upload). */
  uploadFailure: Error | undefined;

  async sendFile(sessionId: string, file: File, options: SendFileOptions = {}): Promise<ChatMessage> {
    this.sendFileCalls.push({ name: file.name, size: file.size, lastModified: file.lastModified });
    options.onProgress?.(0);
    if (this.uploadFailure) throw this.uploadFailure;
    options.onProgress?.(50);
    if (this.uploadGate) {
      const canceled = new Promise<never>((_resolve, reject) =>
        options.signal?.addEventListener('abort', () => reject(Object.assign(new Error('the upload was canceled'), { errorName: 'Operation_Canceled' }))),
      );
      await Promise.race([this.uploadGate, canceled]);
    }
    options.onProgress?.(100);
    this.sentFiles.push(file.name);
    const kind = kindOfFile(file);
    const message: ChatMessage = {
      idClient: `out-${this.nextId++}`,
      sessionId,
      from: this.account,
      to: accountOfSessionId(sessionId),
      type: kind,
      text: '',
      file: { url: `https://objects.test/${file.name}`, name: file.name, ext: file.name.split('.').pop() ?? '', size: file.size },
      time: this.tick(),
      flow: 'out',
      status: 'sending',
    };
    this.emit('message', message);
    return this.settle(message);
  }

  /** Custom messages sent: [session, attach]. */
  readonly customsSent: [string, string][] = [];

  async sendCustom(sessionId: string, attach: string): Promise<ChatMessage> {
    this.customsSent.push([sessionId, attach]);
    const message: ChatMessage = {
      idClient: `out-${this.nextId++}`,
      sessionId,
      from: this.account,
      to: accountOfSessionId(sessionId),
      type: 'custom',
      text: '',
      attach,
      time: this.tick(),
      flow: 'out',
      status: 'sending',
    };
    this.emit('message', message);
    return this.settle(message);
  }

  /** Forwards asked for: [original idClient, target session]. */
  readonly forwarded: [string, string][] = [];

  async forward(message: ChatMessage, toSessionId: string): Promise<ChatMessage> {
    this.forwarded.push([message.idClient, toSessionId]);
    const copy: ChatMessage = {
      ...message,
      idClient: `out-${this.nextId++}`,
      idServer: undefined,
      fromNick: undefined,
      time: this.tick(),
      sessionId: toSessionId,
      from: this.account,
      to: accountOfSessionId(toSessionId),
      flow: 'out',
      status: 'sending',
    };
    this.emit('message', copy);
    return this.settle(copy);
  }

  /** Recalls asked for (idClients), and the refusal code the next recall answers with (e.g. 508), if any. */
  readonly recalls: string[] = [];
  recallRefusal: number | undefined;

  async recall(message: ChatMessage): Promise<ChatMessage> {
    this.recalls.push(message.idClient);
    if (this.recallRefusal !== undefined) throw Object.assign(new Error('deletion period expired'), { code: this.recallRefusal });
    const recalled: ChatMessage = { ...message, text: '', recalled: { by: this.account, time: this.tick() } };
    this.emit('message', recalled);
    return recalled;
  }

  /** Replies asked for: the replied message and the text. */
  readonly replies: Array<{ replied: ChatMessage; text: string }> = [];

  /** Like im-core's msgExtend.replyText; set to undefined for a client without replies. */
  replyText?: (replied: ChatMessage, text: string) => Promise<ChatMessage> = async (replied, text) => {
    this.replies.push({ replied, text });
    const message: ChatMessage = {
      idClient: `out-${this.nextId++}`,
      sessionId: replied.sessionId,
      from: this.account,
      to: accountOfSessionId(replied.sessionId),
      type: 'text',
      text,
      time: this.tick(),
      flow: 'out',
      status: 'sending',
      replyTo: { from: replied.from, to: replied.to, time: replied.time, idServer: replied.idServer, idClient: replied.idClient },
    };
    this.emit('message', message);
    return this.settle(message);
  };

  /** Messages the local store has besides those listLocalMessages shows (e.g. older than the page loaded). */
  readonly storedOnly: ChatMessage[] = [];
  /** Every findMessage call, as asked. */
  readonly lookups: ChatMessageRef[] = [];

  async findMessage(sessionId: string, ref: ChatMessageRef): Promise<ChatMessage | undefined> {
    this.lookups.push(ref);
    const candidates = [...(this.localMessages.get(sessionId) ?? []), ...this.storedOnly.filter((m) => m.sessionId === sessionId)];
    return candidates.find((m) => (ref.idClient && m.idClient === ref.idClient) || (ref.idServer && m.idServer === ref.idServer));
  }

  async resend(message: ChatMessage): Promise<ChatMessage> {
    this.sentTexts.push(message.text);
    return this.settle({ ...message, status: 'sending' });
  }

  async markRead(sessionId: string): Promise<void> {
    this.markedRead.push(sessionId);
    const session = this.sessions.get(sessionId);
    if (session && session.unread > 0) {
      const updated = { ...session, unread: 0 };
      this.sessions.set(sessionId, updated);
      this.emit('sessions', [updated]);
    }
  }

  /** Stick-top changes asked for: [sessionId, top]. When set, setSessionTop rejects with it. */
  readonly topChanges: [string, boolean][] = [];
  topError?: Error;

  async setSessionTop(sessionId: string, top: boolean): Promise<void> {
    this.topChanges.push([sessionId, top]);
    if (this.topError) throw this.topError;
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const updated: ChatSession = { ...session };
    if (top) updated.isTop = true;
    else delete updated.isTop;
    this.sessions.set(sessionId, updated);
    this.emit('sessions', [updated]);
  }

  /** Customers the server knows (findCustomer), and the recent ones (listRecentCustomers). */
  readonly customers = new Map<string, CustomerSummary>();
  recentCustomers: CustomerSummary[] = [];

  async listRecentCustomers(limit: number): Promise<CustomerSummary[]> {
    return this.recentCustomers.slice(0, limit);
  }

  async findCustomer(account: string): Promise<CustomerSummary | undefined> {
    return this.customers.get(account);
  }

  /** Profiles for the profile card (getCustomerProfile). */
  readonly profiles = new Map<string, CustomerProfile>();

  async getCustomerProfile(account: string): Promise<CustomerProfile | undefined> {
    return this.profiles.get(account) ?? this.customers.get(account);
  }

  /** A customer's message arrives: stored, session bumped (unread+1), events emitted. */
  receive(from: string, text: string, fromNick?: string): ChatMessage {
    const sessionId = `p2p-${from}`;
    const message: ChatMessage = {
      idClient: `in-${this.nextId++}`,
      idServer: `srv-${this.nextId}`,
      sessionId,
      from,
      to: this.account,
      fromNick,
      type: 'text',
      text,
      time: this.tick(),
      flow: 'in',
      status: 'success',
    };
    this.localMessages.set(sessionId, [...(this.localMessages.get(sessionId) ?? []), message]);
    const previous = this.sessions.get(sessionId);
    const session: ChatSession = {
      id: sessionId,
      peerAccount: from,
      peerNick: fromNick ?? previous?.peerNick,
      lastMessage: message,
      unread: (previous?.unread ?? 0) + 1,
      updateTime: message.time,
    };
    this.sessions.set(sessionId, session);
    this.emit('message', message);
    this.emit('sessions', [session]);
    return message;
  }

  private async settle(message: ChatMessage): Promise<ChatMessage> {
    await Promise.resolve();
    const settled: ChatMessage = this.failSends
      ? { ...message, status: 'fail' }
      : { ...message, status: 'success', idServer: `srv-${message.idClient}` };
    this.emit('message', settled);
    return settled;
  }

  private tick(): number {
    this.clock += 1000;
    return this.clock;
  }
}

export function sampleSession(overrides: Partial<ChatSession> & { peerAccount: string }): ChatSession {
  return {
    id: `p2p-${overrides.peerAccount}`,
    unread: 0,
    updateTime: 1_700_000_000_000,
    ...overrides,
  };
}

export function sampleMessage(overrides: Partial<ChatMessage> & { idClient: string; sessionId: string }): ChatMessage {
  return {
    from: accountOfSessionId(overrides.sessionId),
    to: 's_1001',
    type: 'text',
    text: 'hello',
    time: 1_700_000_000_000,
    flow: 'in',
    status: 'success',
    ...overrides,
  };
}

/**
 * A call record (g2) of the merchant s_1001 with c_demo1, as the frame gets it: out = the merchant called, in = the
 * customer called. `attach` is the record's JSON (absent: an unreadable record).
 */
export function sampleCallRecord(idClient: string, flow: MessageFlow, attach: string | undefined, time: number): ChatMessage {
  return sampleMessage({
    idClient,
    idServer: `srv-${idClient}`,
    sessionId: 'p2p-c_demo1',
    type: 'g2',
    text: '',
    flow,
    from: flow === 'out' ? 's_1001' : 'c_demo1',
    to: flow === 'out' ? 'c_demo1' : 's_1001',
    ...(attach !== undefined ? { attach } : {}),
    time,
  });
}
