// One socket per browser profile (issue 10 §7, docs/im-multitab.md). Every tab of an account runs a
// MultiTabImClient. The tab holding the Web Lock `<name>` is the leader: it alone builds the real
// ImClient (socket, sync, outbox). The others are followers: their calls go to the leader over
// BroadcastChannel and the leader's events come back to every tab. When the leader's tab closes
// the browser releases its lock, a waiting follower takes it, connects and syncs from the shared
// IndexedDB (timetags = the cursor, outbox entries = the sends still owed), so nothing is lost;
// the outbox and the store deduplicate by idClient, so nothing is doubled.
import type { ConnectionState } from '../connection/connection-state';
import type { RequestName } from '../connection/im-connection';
import { TypedEmitter } from '../connection/typed-emitter';
import { ImError, ImErrorName } from '../errors';
import type { ImClient, ImClientEvents } from '../client/im-client';
import type { RequestBodyOf, ResponseBodyOf } from '../protocol/command-definition';
import type { CommandTable } from '../protocol/commands';
import type { FetchHistoryQuery, HistoryPage, MessagesService } from '../services/messages/messages-service';
import type { MsgExtendService, ReplyTextInput } from '../services/msg-extend/msg-extend-service';
import type { SessionsService } from '../services/sessions/sessions-service';
import type { ImMessage, ImSession } from '../store/entities';
import type { LoginPortRecordValue } from '../protocol/records';
import type { SendTextInput } from '../validation/message-rules';
import type { ForwardInput, SendCustomInput, SendFileInput } from '../model/outgoing-messages';
import type { SyncSummary } from '../sync/sync-engine';
import {
  FORWARDED_EVENTS,
  TAB_CALLS,
  fromWireArgs,
  fromWireError,
  isTabMessage,
  toWireArgs,
  toWireError,
  type BroadcastChannelLike,
  type LockManagerLike,
  type TabCall,
  type TabMessage,
} from './tab-protocol';

/** What apps use of a client; ImClient and MultiTabImClient both provide it. */
export interface ImClientApi {
  on<E extends keyof ImClientEvents>(event: E, listener: ImClientEvents[E]): () => void;
  connect(): Promise<void>;
  logout(): Promise<void>;
  destroy(): Promise<void>;
  readonly messages: Pick<MessagesService, 'sendText' | 'sendCustom' | 'sendImage' | 'sendAudio' | 'sendVideo' | 'sendFile' | 'resend' | 'forward' | 'fetchHistory' | 'list' | 'deleteLocal' | 'recall'>;
  /** Replies (docs/im-extend.md "Threads and replies"): sent by the leader under the id the calling tab chose. */
  readonly msgExtend: Pick<MsgExtendService, 'replyText'>;
  readonly sessions: Pick<SessionsService, 'list' | 'totalUnread' | 'markRead' | 'delete' | 'deleteSessions' | 'stickTop' | 'updateStickTop' | 'unstickTop'>;
}

/** A raw command through the leader's connection (e.g. getUsers for profiles). */
export type TabRequester = <N extends RequestName>(name: N, body: RequestBodyOf<CommandTable[N]>) => Promise<ResponseBodyOf<CommandTable[N]>>;

/** What the leader tab builds: the real client and the connection it runs on. */
export interface LeaderParts {
  client: ImClient;
  request: TabRequester;
}

export interface MultiTabImClientOptions {
  /** One leader per name: use one per app key and account (e.g. the database name). */
  name: string;
  /** navigator.locks in browsers. */
  locks: LockManagerLike;
  /** `(name) => new BroadcastChannel(name)` in browsers. */
  createChannel: (name: string) => BroadcastChannelLike;
  /**
   * Builds the real client when this tab becomes leader. It must pass `createIdClient` on to the
   * client: a follower's send keeps the idClient the follower chose, so a send retried after a
   * handover is the same message.
   */
  createLeader: (createIdClient: () => string) => LeaderParts;
  /** Issues message ids (default: random); called on the tab where sendText is called. */
  createIdClient?: () => string;
  /** For tests and logs; default random. */
  tabId?: string;
}

type Role = 'follower' | 'leader' | 'destroyed';

interface PendingCall {
  method: TabCall;
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const randomId = () => {
  const cryptoApi = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return cryptoApi?.randomUUID ? cryptoApi.randomUUID().replace(/-/g, '') : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
};

/** How many answered calls the leader remembers, to answer a repeated call without running it twice. */
const REMEMBERED_CALLS = 500;
/** A tab that failed to build its leader client queues for the lock again after this pause. */
const LEAD_RETRY_MS = 1000;

export class MultiTabImClient extends TypedEmitter<ImClientEvents> implements ImClientApi {
  readonly tabId: string;
  readonly messages: ImClientApi['messages'];
  readonly sessions: ImClientApi['sessions'];
  readonly msgExtend: ImClientApi['msgExtend'];
  /** A raw command through the leader's connection, from any tab. */
  readonly request: TabRequester;
  private role: Role = 'follower';
  private leaderId: string | undefined;
  private leader: LeaderParts | undefined;
  private readonly channel: BroadcastChannelLike;
  private readonly abort = new AbortController();
  private releaseLock: (() => void) | undefined;
  private nextCallId = 0;
  private readonly pending = new Map<number, PendingCall>();
  /** Leader: calls by `<tab>:<id>`, so a call repeated after a handover or a re-post runs once. */
  private readonly answered = new Map<string, Promise<unknown>>();
  /** Leader: sends in flight by idClient (a local send and a follower's repeated one are the same). */
  private readonly sendsInFlight = new Map<string, Promise<ImMessage>>();
  private connecting: Promise<void> | undefined;
  /** Leader: its client connected once; later drops are the connection's own reconnects. */
  private hasConnected = false;
  /** connect() was called here and not undone by logout(): a tab that becomes leader connects. */
  private wantsConnection = false;
  private pinnedIdClient: string | undefined;
  private lastState: ConnectionState | undefined;
  private lastSyncDone: SyncSummary | undefined;
  private readonly issueIdClient: () => string;

  constructor(private readonly options: MultiTabImClientOptions) {
    super();
    this.tabId = options.tabId ?? randomId();
    this.issueIdClient = options.createIdClient ?? randomId;
    this.channel = options.createChannel(`${options.name}#im-tabs`);
    this.channel.addEventListener('message', (event) => this.onTabMessage(event.data));
    this.queueForLock();
    this.post({ kind: 'hello', from: this.tabId });

    this.messages = {
      sendText: (input: SendTextInput) => {
        // The id is chosen here, synchronously, so callers that track "the id just issued" see it.
        const idClient = this.issueIdClient();
        return this.call('messages.sendText', [input, idClient]) as Promise<ImMessage>;
      },
      // A custom message (a support desk card): its id chosen here, like sendText's.
      sendCustom: (input: SendCustomInput) => this.call('messages.sendCustom', [input, this.issueIdClient()]) as Promise<ImMessage>,
      // Uploaded files (issue 13): the follower uploads the bytes itself, the leader sends the message.
      sendImage: (input: SendFileInput) => this.call('messages.sendImage', [input, this.issueIdClient()]) as Promise<ImMessage>,
      sendAudio: (input: SendFileInput) => this.call('messages.sendAudio', [input, this.issueIdClient()]) as Promise<ImMessage>,
      sendVideo: (input: SendFileInput) => this.call('messages.sendVideo', [input, this.issueIdClient()]) as Promise<ImMessage>,
      sendFile: (input: SendFileInput) => this.call('messages.sendFile', [input, this.issueIdClient()]) as Promise<ImMessage>,
      resend: (idClient: string) => this.call('messages.resend', [idClient]) as Promise<ImMessage>,
      forward: (idClient: string, target: ForwardInput) => {
        // Like sendText: the new message's id is chosen here, so a retry after a handover is the same message.
        const newIdClient = this.issueIdClient();
        return this.call('messages.forward', [idClient, target, newIdClient]) as Promise<ImMessage>;
      },
      fetchHistory: (query: FetchHistoryQuery) => this.call('messages.fetchHistory', [query]) as Promise<HistoryPage>,
      list: (query) => this.call('messages.list', [query]) as Promise<ImMessage[]>,
      deleteLocal: (idClient: string) => this.call('messages.deleteLocal', [idClient]) as Promise<void>,
      recall: (idClient: string, options?: { ps?: string }) => this.call('messages.recall', [idClient, options]) as Promise<ImMessage>,
    };
    this.msgExtend = {
      // Like sendText: the reply's id is chosen here, so a retry after a handover is the same message.
      replyText: (replied: ImMessage, input: ReplyTextInput) => this.call('msgExtend.replyText', [replied, input, this.issueIdClient()]) as Promise<ImMessage>,
    };
    this.sessions = {
      list: (query) => this.call('sessions.list', [query]) as Promise<ImSession[]>,
      totalUnread: () => this.call('sessions.totalUnread', []) as Promise<number>,
      markRead: (sessionId: string) => this.call('sessions.markRead', [sessionId]) as Promise<ImSession>,
      delete: (sessionId: string) => this.call('sessions.delete', [sessionId]) as Promise<void>,
      deleteSessions: (sessionIds: readonly string[]) => this.call('sessions.deleteSessions', [[...sessionIds]]) as Promise<void>,
      stickTop: (sessionId: string, topCustom?: string) => this.call('sessions.stickTop', [sessionId, topCustom]) as Promise<ImSession>,
      updateStickTop: (sessionId: string, topCustom: string) => this.call('sessions.updateStickTop', [sessionId, topCustom]) as Promise<ImSession>,
      unstickTop: (sessionId: string) => this.call('sessions.unstickTop', [sessionId]) as Promise<ImSession>,
    };
    this.request = ((name: RequestName, body: unknown) => this.call('request', [name, body])) as TabRequester;
  }

  /** The account's other logged-in ports as the leader's client knows them (ImClient.loginPorts), from any tab. */
  getLoginPorts(): Promise<LoginPortRecordValue[]> {
    return this.call('loginPorts', []) as Promise<LoginPortRecordValue[]>;
  }

  /** Kicks other ports of this account through the leader's client (ImClient.kick), from any tab. */
  kick(connectionIds: readonly string[]): Promise<string[]> {
    return this.call('kick', [[...connectionIds]]) as Promise<string[]>;
  }

  get isLeader(): boolean {
    return this.role === 'leader';
  }

  /** Resolves once the leader (maybe this tab) is logged in and synced. */
  async connect(): Promise<void> {
    this.wantsConnection = true;
    const state = await this.call('connect', []);
    // The app may have shown 'connecting' after the leader's last state event: tell it again.
    if (this.role === 'follower' && typeof state === 'string') this.emit('state', state as ConnectionState);
  }

  /**
   * This tab stops using the connection. The leader logs its socket out and hands the lead to
   * another tab, which connects if it wants to; a follower only stops listening. (A tab closing
   * must not log the other tabs out.)
   */
  async logout(): Promise<void> {
    this.wantsConnection = false;
    if (this.role === 'leader') await this.resign(true);
    else this.emit('state', 'disconnected');
  }

  async destroy(): Promise<void> {
    if (this.role === 'destroyed') return;
    const wasLeader = this.role === 'leader';
    this.role = 'destroyed';
    this.abort.abort();
    if (wasLeader) await this.stopLeading(false);
    for (const call of this.pending.values()) call.reject(new ImError(ImErrorName.Param_Error, 'the client was destroyed'));
    this.pending.clear();
    this.channel.close();
    this.removeAllListeners();
  }

  // ---- calls -------------------------------------------------------------------------------

  private call(method: TabCall, args: unknown[]): Promise<unknown> {
    if (this.role === 'destroyed') return Promise.reject(new ImError(ImErrorName.Param_Error, 'the client was destroyed'));
    if (this.role === 'leader') return this.run(this.tabId, ++this.nextCallId, method, args);
    const id = ++this.nextCallId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { method, args, resolve, reject });
      this.post({ kind: 'call', from: this.tabId, id, method, args });
    });
  }

  /** Leader: runs a call once per `<tab>:<id>`; a repeat gets the first run's outcome. */
  private run(from: string, id: number, method: TabCall, args: unknown[]): Promise<unknown> {
    const key = `${from}:${id}`;
    const known = this.answered.get(key);
    if (known) return known;
    const outcome = this.execute(method, args);
    this.answered.set(key, outcome);
    outcome.catch(() => undefined);
    if (this.answered.size > REMEMBERED_CALLS) this.answered.delete(this.answered.keys().next().value as string);
    return outcome;
  }

  private async execute(method: TabCall, args: unknown[]): Promise<unknown> {
    const leader = this.leader;
    if (!leader) throw new ImError(ImErrorName.Param_Error, 'not the leader tab');
    const { client } = leader;
    // The store opens at login: other calls wait for a connect in progress (a new leader's first).
    if (method !== 'connect' && this.connecting) await this.connecting.catch(() => undefined);
    const a = args as never[];
    switch (method) {
      case 'connect': return this.ensureConnected().then(() => this.lastState);
      case 'messages.sendText': return this.sendOnce(a[1], (leaderClient) => leaderClient.messages.sendText(a[0]));
      case 'messages.forward': return this.sendOnce(a[2], (leaderClient) => leaderClient.messages.forward(a[0], a[1]));
      case 'msgExtend.replyText': return this.sendOnce(a[2], (leaderClient) => leaderClient.msgExtend.replyText(a[0], a[1]));
      case 'messages.sendCustom': return this.sendOnce(a[1], (leaderClient) => leaderClient.messages.sendCustom(a[0]));
      case 'messages.sendImage': return this.sendOnce(a[1], (leaderClient) => leaderClient.messages.sendImage(a[0]));
      case 'messages.sendAudio': return this.sendOnce(a[1], (leaderClient) => leaderClient.messages.sendAudio(a[0]));
      case 'messages.sendVideo': return this.sendOnce(a[1], (leaderClient) => leaderClient.messages.sendVideo(a[0]));
      case 'messages.sendFile': return this.sendOnce(a[1], (leaderClient) => leaderClient.messages.sendFile(a[0]));
      case 'messages.resend': return this.resendOnce(a[0]);
      case 'messages.fetchHistory': return client.messages.fetchHistory(a[0]);
      case 'messages.list': return client.messages.list(a[0]);
      case 'messages.deleteLocal': return client.messages.deleteLocal(a[0]);
      case 'messages.recall': return client.messages.recall(a[0], a[1]);
      case 'sessions.list': return client.sessions.list(a[0]);
      case 'sessions.totalUnread': return client.sessions.totalUnread();
      case 'sessions.markRead': return client.sessions.markRead(a[0]);
      case 'sessions.delete': return client.sessions.delete(a[0]);
      case 'sessions.deleteSessions': return client.sessions.deleteSessions(a[0]);
      case 'loginPorts': return [...client.loginPorts];
      case 'kick': return client.kick(a[0]);
      case 'sessions.stickTop': return client.sessions.stickTop(a[0], a[1]);
      case 'sessions.updateStickTop': return client.sessions.updateStickTop(a[0], a[1]);
      case 'sessions.unstickTop': return client.sessions.unstickTop(a[0]);
      case 'request': return leader.request(a[0], a[1]);
    }
  }

  private ensureConnected(): Promise<void> {
    const client = this.leader?.client;
    if (!client) return Promise.reject(new ImError(ImErrorName.Param_Error, 'not the leader tab'));
    if (this.connecting) return this.connecting;
    // Connected before and not given up (kicked, out of attempts): the connection reconnects by itself.
    if (this.hasConnected && this.lastState !== 'disconnected') return Promise.resolve();
    const connecting = client.connect().then(() => {
      this.hasConnected = true;
    });
    this.connecting = connecting;
    const clear = () => {
      if (this.connecting === connecting) this.connecting = undefined;
    };
    connecting.then(clear, clear);
    return connecting;
  }

  /**
   * Sends (a text, a forward) under the idClient the calling tab chose, at most once: when the store
   * already holds it (the old leader stored it before closing), it waits for that message to settle
   * in the outbox instead of sending it again. `send` must take its idClient synchronously, before
   * its first await (sendText, forward and replyText do), while the id is pinned.
   */
  private sendOnce(idClient: string, send: (client: ImClient) => Promise<ImMessage>): Promise<ImMessage> {
    const inFlight = this.sendsInFlight.get(idClient);
    if (inFlight) return inFlight;
    const sending = (async () => {
      const client = this.leader!.client;
      const stored = await client.localStore?.getMessage(idClient);
      if (stored) return this.settled(client, stored);
      this.pinnedIdClient = idClient;
      try {
        return await (() => {
          const promise = send(client);
          this.pinnedIdClient = undefined;
          return promise;
        })();
      } finally {
        this.pinnedIdClient = undefined;
      }
    })().finally(() => this.sendsInFlight.delete(idClient));
    this.sendsInFlight.set(idClient, sending);
    return sending;
  }

  /** A resend asked again after a handover: only a message that is still fail is resent. */
  private async resendOnce(idClient: string): Promise<ImMessage> {
    const client = this.leader!.client;
    const stored = await client.localStore?.getMessage(idClient);
    if (stored && stored.status === 'sending' && stored.outbox) return this.settled(client, stored);
    return client.messages.resend(idClient);
  }

  /** The outcome of a stored outgoing message: now when it is settled, else when the outbox settles it. */
  private settled(client: ImClient, stored: ImMessage): Promise<ImMessage> {
    const outcome = (message: ImMessage): ImMessage | ImError | undefined => {
      if (message.sendError) return new ImError(ImErrorName.Server_Error, message.sendError.message, { code: message.sendError.code });
      if (message.status === 'success') return message;
      if (message.status === 'fail') return new ImError(ImErrorName.Error_Timeout, 'the message could not be sent');
      return undefined;
    };
    return new Promise<ImMessage>((resolve, reject) => {
      const finish = (result: ImMessage | ImError) => {
        unsubscribe();
        if (result instanceof ImError) reject(result);
        else resolve(result);
      };
      const unsubscribe = client.on('msgUpdate', (message) => {
        const result = message.idClient === stored.idClient ? outcome(message) : undefined;
        if (result) finish(result);
      });
      // Settled between the read and the subscription: read again.
      void client.localStore?.getMessage(stored.idClient).then((latest) => {
        const result = latest ? outcome(latest) : undefined;
        if (result) finish(result);
      });
    });
  }

  // ---- leadership --------------------------------------------------------------------------

  /** Waits for the lock, exclusive and held for as long as this tab leads (until it closes). */
  private queueForLock(): void {
    const held = new Promise<void>((resolve) => (this.releaseLock = resolve));
    this.options.locks
      .request(`${this.options.name}#im-leader`, { mode: 'exclusive', signal: this.abort.signal }, () => this.lead(held))
      .catch(() => undefined); // Aborted by destroy() while still waiting: never led.
  }

  /** Runs while this tab holds the lock; the browser releases it when the tab closes. */
  private async lead(held: Promise<void>): Promise<void> {
    if (this.role === 'destroyed') return;
    this.role = 'leader';
    this.leaderId = this.tabId;
    this.connecting = undefined;
    let parts: LeaderParts;
    try {
      parts = this.options.createLeader(() => this.pinnedIdClient ?? this.issueIdClient());
    } catch (error) {
      // Cannot build a client here: let another tab lead, and queue again later.
      this.role = 'follower';
      this.leaderId = undefined;
      setTimeout(() => {
        if (this.role !== 'destroyed') this.queueForLock();
      }, LEAD_RETRY_MS);
      throw error;
    }
    this.leader = parts;
    for (const name of FORWARDED_EVENTS) {
      parts.client.on(name, ((...args: unknown[]) => this.onLeaderEvent(name, args)) as never);
    }
    if (this.wantsConnection) this.ensureConnected().catch(() => undefined);
    this.post({ kind: 'leader', from: this.tabId });
    // This tab's own calls that were waiting for a leader now run here.
    const own = [...this.pending.entries()];
    this.pending.clear();
    for (const [id, call] of own) this.run(this.tabId, id, call.method, call.args).then(call.resolve, call.reject);
    await held;
  }

  private onLeaderEvent(name: (typeof FORWARDED_EVENTS)[number], args: unknown[]): void {
    if (name === 'state') this.lastState = args[0] as ConnectionState;
    if (name === 'syncDone') this.lastSyncDone = args[0] as SyncSummary;
    this.post({ kind: 'event', from: this.tabId, name, args: toWireArgs(args) });
    (this.emit as (event: string, ...rest: unknown[]) => void)(name, ...args);
  }

  /** Leader: gives the lead up (logout) so another tab may take it; rejoins the queue as a follower. */
  private async resign(logout: boolean): Promise<void> {
    await this.stopLeading(logout);
    this.role = 'follower';
    this.leaderId = undefined;
    this.queueForLock();
  }

  private async stopLeading(logout: boolean): Promise<void> {
    const parts = this.leader;
    this.leader = undefined;
    this.connecting = undefined;
    this.hasConnected = false;
    this.lastState = undefined;
    this.lastSyncDone = undefined;
    if (parts) {
      if (logout) await parts.client.logout().catch(() => undefined);
      await parts.client.destroy();
    }
    this.releaseLock?.();
  }

  // ---- channel -----------------------------------------------------------------------------

  private post(message: TabMessage): void {
    try {
      this.channel.postMessage(message);
    } catch {
      // Closed channel (destroy) or a value that cannot be cloned: the caller's promise says so.
    }
  }

  private onTabMessage(data: unknown): void {
    if (!isTabMessage(data) || data.from === this.tabId || this.role === 'destroyed') return;
    switch (data.kind) {
      case 'hello':
        if (this.role === 'leader') this.post({ kind: 'leader', from: this.tabId, state: this.lastState, syncDone: this.lastSyncDone });
        return;
      case 'leader':
        return this.onLeader(data);
      case 'call':
        if (this.role !== 'leader' || !(TAB_CALLS as readonly string[]).includes(data.method) || !Array.isArray(data.args)) return;
        this.run(data.from, data.id, data.method, data.args).then(
          (value) => this.post({ kind: 'result', from: this.tabId, to: data.from, id: data.id, ok: true, value }),
          (error: unknown) => this.post({ kind: 'result', from: this.tabId, to: data.from, id: data.id, ok: false, error: toWireError(error) }),
        );
        return;
      case 'result': {
        if (data.to !== this.tabId) return;
        const call = this.pending.get(data.id);
        if (!call) return;
        this.pending.delete(data.id);
        if (data.ok) call.resolve(data.value);
        else call.reject(fromWireError(data.error));
        return;
      }
      case 'event':
        if (this.role === 'leader' || !(FORWARDED_EVENTS as readonly string[]).includes(data.name)) return;
        (this.emit as (event: string, ...rest: unknown[]) => void)(data.name, ...fromWireArgs(data.args));
        return;
    }
  }

  /** A (new) leader: what this tab still waits for goes to it; it repeats nothing it already ran. */
  private onLeader(message: Extract<TabMessage, { kind: 'leader' }>): void {
    if (this.role === 'leader') return;
    const isNew = this.leaderId !== message.from;
    this.leaderId = message.from;
    if (message.state) this.emit('state', message.state as ConnectionState);
    if (message.syncDone) this.emit('syncDone', message.syncDone as SyncSummary);
    if (!isNew) return;
    for (const [id, call] of this.pending) this.post({ kind: 'call', from: this.tabId, id, method: call.method, args: call.args });
  }
}
