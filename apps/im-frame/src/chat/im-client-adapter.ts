// Maps the im-core client onto the frame's ChatClient: connection phases to what a merchant sees,
// kick reasons to i18n keys, failed sends to 'fail' messages, and local reads to the Store.
import {
  KickReason,
  type ImClient,
  type ConnectionState as ImConnectionPhase,
  type FileUploader,
  type ImClientApi,
  type ImMessage,
  type ImSession,
  type ImUser,
  type Store,
} from '@merchant/im-core';
import {
  sendTargetOf,
  type ChatClient,
  type ChatClientEventName,
  type ChatClientEvents,
  type ChatMessage,
  type ChatMessageRef,
  type ChatSession,
  type CustomerProfile,
  type CustomerSummary,
  type DiagnosticLogPort,
  type HistoryPage,
  type SendFileOptions,
  type Unsubscribe,
  type UploadMemory,
} from './chat-client';
import { storeUploadMemory } from './upload-memory';
import { storeDraftStorage, type DraftStorage } from '../sessions/draft-book';
import type { DevicesPort } from '../devices/devices-port';
import type { PresencePort } from '../presence/presence-port';
import type { BroadcastsPort } from '../presence/broadcasts-port';
import type { MediaFacts, MediaProbe } from './media-probe';
import { ChatEventHub } from './chat-event-hub';
import type { ContactsPort } from '../contacts/contacts-port';
import type { TeamsPort } from '../teams/teams-port';
import type { CallsPort } from '../calls/calls-port';
import type { MessageExtrasPort } from '../conversation/message-actions/message-extras-port';
import type { SearchPort } from '../search/search-port';
import { readLocalMessages, readLocalSessions, readRecentCustomers, toChatMessage, toChatSessions, toCustomerProfile, withTeamSenders } from './im-mapping';

/** Profiles of accounts from the server (im-core getUsers); unknown accounts are left out. */
export type UserLookup = (accounts: readonly string[]) => Promise<ImUser[]>;

/** im-client-spec §5: a user lookup asks for at most 150 accounts. */
export const MAX_USER_LOOKUP = 150;

/**
 * The parts of im-core's client the frame uses (ImClient, the multi-tab client, or a test double).
 * Replies need msgExtend (both im-core clients have it; a test double may leave it out).
 */
export type ImClientPort = Omit<ImClientApi, 'msgExtend'> & { readonly msgExtend?: ReplySending };

/** im-core's msgExtend, as far as replies go. */
export type ReplySending = Pick<ImClient['msgExtend'], 'replyText'>;

/** How many stored messages of the replied message's millisecond are searched for its idServer. */
const SAME_TIME_LOOKUP = 20;

/**
 * Issues message ids for the client (its `createIdClient` option) and remembers the last one, so
 * the frame knows the idClient of a send even when the send then rejects.
 */
export class IdClientIssuer {
  private lastIssued: string | undefined;

  readonly create = (): string => {
    const cryptoApi = globalThis.crypto;
    this.lastIssued = cryptoApi?.randomUUID
      ? cryptoApi.randomUUID().replace(/-/g, '')
      : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
    return this.lastIssued;
  };

  /** Returns the id issued since the last call, once. */
  take(): string | undefined {
    const issued = this.lastIssued;
    this.lastIssued = undefined;
    return issued;
  }
}

const KICK_REASON_KEYS = new Map<number, string>(Object.entries(KickReason).map(([key, code]) => [code, key]));

/** Kick reason code → i18n key under `kickReason.` (im-client-spec §8), 'unknown' otherwise. */
export const kickReasonKey = (reason: number): string => KICK_REASON_KEYS.get(reason) ?? 'unknown';

export class ImChatClient implements ChatClient {
  private readonly events = new ChatEventHub();
  private readonly unsubscribes: Array<() => void> = [];
  private hasLoggedIn = false;
  private kicked = false;
  private loggingOut = false;
  /** Reconnecting ran out of attempts; the phase stays 'reconnectFailed' until connect(). */
  private gaveUp = false;
  private hasSynced = false;
  /** Callers of fetchHistory waiting for the first sync. */
  private readonly syncWaiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  /** Session events are mapped one after another, so a later one never lands first. */
  private sessionsChain: Promise<void> = Promise.resolve();

  /** Peers already asked for, so an unknown account is looked up once per frame. */
  private readonly lookedUpPeers = new Set<string>();
  /** Unfinished uploads, in the same store as im-core's part map; only where files can be sent. */
  readonly uploadMemory?: UploadMemory;
  /** Replies (msgExtend.replyText); only where the im-core client has msgExtend. */
  readonly replyText?: (replied: ChatMessage, text: string) => Promise<ChatMessage>;
  /** Drafts per conversation, in the same store (sessions/draft-book.ts). */
  readonly draftStorage: DraftStorage;
  /** Other devices, online status and broadcasts (issue 32 §7, §8): set by createFrameChatClient. */
  devices?: DevicesPort;
  presence?: PresencePort;
  broadcasts?: BroadcastsPort;
  /** Message search (search/, issue 32 §6): set by createFrameChatClient. */
  search?: SearchPort;

  constructor(
    private readonly client: ImClientPort,
    private readonly store: Store,
    private readonly idClients: IdClientIssuer,
    /** The server's user profiles (getUsers); without it, unknown peers stay unnamed until a sync. */
    private readonly lookupUsers?: UserLookup,
    /** System messages and blocklist/mutelist (contacts/contacts-port.ts). */
    readonly contacts?: ContactsPort,
    /** Uploads and the media probe for file messages (issue 13); without them sendFile refuses. */
    private readonly files?: FileSending,
    /** Team info and actions (teams/teams-port.ts). */
    readonly teams?: TeamsPort,
    /** Call invitations, answered and placed (calls/calls-port.ts). */
    readonly calls?: CallsPort,
    /** The local debug log's upload for support (diagnostics/, docs/im-background.md). */
    readonly diagnostics?: DiagnosticLogPort,
    /** im-core's `client.fileUrl`: file URLs through the CDN getNosCdnHost named (docs/im-background.md "CDN host"). */
    private readonly fileUrl: (url: string) => string = (url) => url,
    /** Pins, quick comments, collects, threads, delete for me, clear history and receipts (conversation/message-actions/). */
    readonly extras?: MessageExtrasPort,
  ) {
    if (files) this.uploadMemory = storeUploadMemory(store);
    this.draftStorage = storeDraftStorage(store);
    const msgExtend = client.msgExtend;
    if (msgExtend) this.replyText = (replied, text) => this.sendReply(msgExtend, replied, text);
    this.unsubscribes.push(
      client.on('state', (phase) => this.onPhase(phase)),
      client.on('kicked', (info) => this.onKicked(info.reason)),
      client.on('allAttemptsFailed', () => this.onGaveUp()),
      client.on('msg', (message) => this.queueMessage(message)),
      client.on('msgUpdate', (message) => this.queueMessage(message)),
      client.on('sessions', (sessions) => this.queueSessions(sessions)),
      client.on('syncDone', () => this.onSynced()),
      // A team read after its first message (a notification, sync) names its session now.
      client.on('teams', () => this.renameTeamSessions()),
    );
  }

  /** A message's file URL as the frame loads it: through the CDN when there is one. */
  private readonly withFileUrl = (message: ChatMessage): ChatMessage => (message.file?.url ? { ...message, file: { ...message.file, url: this.fileUrl(message.file.url) } } : message);
  private readonly toChat = (message: ImMessage): ChatMessage => this.withFileUrl(toChatMessage(message));

  on<E extends ChatClientEventName>(event: E, listener: (value: ChatClientEvents[E]) => void): Unsubscribe {
    return this.events.on(event, listener);
  }

  listLocalSessions(): Promise<ChatSession[]> {
    return readLocalSessions(this.store);
  }

  async listLocalMessages(sessionId: string, limit: number): Promise<ChatMessage[]> {
    return (await readLocalMessages(this.store, sessionId, limit)).map(this.withFileUrl);
  }

  /** The server's history call needs a logged-in connection: before the first sync it waits. */
  async fetchHistory(sessionId: string, page: { limit: number; endTime?: number }): Promise<HistoryPage> {
    if (!this.hasSynced) await new Promise<void>((resolve, reject) => this.syncWaiters.push({ resolve, reject }));
    const result = await this.client.messages.fetchHistory({ sessionId, limit: page.limit, endTime: page.endTime });
    return { messages: await withTeamSenders(result.messages.map(this.toChat), this.store), hasMore: result.hasMore };
  }

  async connect(): Promise<void> {
    this.kicked = false;
    this.gaveUp = false;
    this.loggingOut = false;
    this.emit('state', { phase: 'connecting' });
    try {
      await this.client.connect();
    } catch (error) {
      // Whoever waits for the server's history gets the local copy only.
      this.syncWaiters.splice(0).forEach((waiter) => waiter.reject(error));
      throw error;
    }
  }

  async disconnect(): Promise<void> {
    this.loggingOut = true;
    this.unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe());
    try {
      await this.client.logout();
    } finally {
      await this.client.destroy();
      this.emit('state', { phase: 'disconnected' });
    }
  }

  /**
   * A team text asks for read receipts (needMsgReceipt), so the members' receipts give it its "N read · M unread"
   * counts (conversation/receipts); a p2p text needs none (the customer's receipt time marks it Read).
   */
  async sendText(sessionId: string, text: string): Promise<ChatMessage> {
    const target = sendTargetOf(sessionId);
    return this.send(() => this.client.messages.sendText({ ...target, text, ...(target.scene === 'team' ? { needMsgReceipt: true } : {}) }));
  }

  async sendCustom(sessionId: string, attach: string): Promise<ChatMessage> {
    return this.send(() => this.client.messages.sendCustom({ ...sendTargetOf(sessionId), content: attach }));
  }

  /**
   * Starts a send of im-core's (text, custom, file, forward, reply) and answers the message it settles as. im-core
   * issues the new message's idClient synchronously, before its first await, so the id taken right after
   * the call is that message's: a refused send is answered as its stored 'fail' copy (storedFailure).
   */
  private async send(start: () => Promise<ImMessage>): Promise<ChatMessage> {
    this.idClients.take();
    const sending = start();
    const idClient = this.idClients.take();
    try {
      return this.toChat(await sending);
    } catch (error) {
      return this.storedFailure(error, idClient);
    }
  }

  async sendFile(sessionId: string, file: File, options: SendFileOptions = {}): Promise<ChatMessage> {
    if (!this.files) throw new Error('sending files is not available here');
    const facts = await this.files.probe(file);
    const uploaded = await this.files.uploader.upload({ type: facts.kind, file, onProgress: (progress) => options.onProgress?.(progress.percentage), signal: options.signal });
    const input = {
      ...sendTargetOf(sessionId),
      file: { url: uploaded.url, name: uploaded.name, ext: uploaded.ext, size: uploaded.size, ...(uploaded.md5 ? { md5: uploaded.md5 } : {}), ...pickFacts(facts) },
    };
    const messages = this.client.messages;
    return this.send(() =>
      facts.kind === 'image' ? messages.sendImage(input) : facts.kind === 'audio' ? messages.sendAudio(input) : facts.kind === 'video' ? messages.sendVideo(input) : messages.sendFile(input),
    );
  }

  async recall(message: ChatMessage): Promise<ChatMessage> {
    return toChatMessage(await this.client.messages.recall(message.idClient));
  }

  async forward(message: ChatMessage, toSessionId: string): Promise<ChatMessage> {
    return this.send(() => this.client.messages.forward(message.idClient, sendTargetOf(toSessionId)));
  }

  /**
   * The replied message as im-core stored it (with its own thread fields, which decide the reply's
   * thread), else as the frame knows it.
   */
  private async sendReply(msgExtend: ReplySending, replied: ChatMessage, text: string): Promise<ChatMessage> {
    const stored = await this.store.getMessage(replied.idClient);
    const target = stored?.idServer ? stored : toRepliedImMessage(replied);
    return this.send(() => msgExtend.replyText(target, { text }));
  }

  async findMessage(sessionId: string, ref: ChatMessageRef): Promise<ChatMessage | undefined> {
    const matches = (message: ImMessage | undefined): message is ImMessage =>
      message !== undefined && message.sessionId === sessionId && (!ref.idServer || !message.idServer || message.idServer === ref.idServer);
    const byIdClient = ref.idClient ? await this.store.getMessage(ref.idClient) : undefined;
    let found = matches(byIdClient) ? byIdClient : undefined;
    // The store keys messages by idClient; by idServer it is found among those of the same millisecond.
    if (!found && ref.idServer && ref.time !== undefined) {
      const sameTime = await this.store.getSessionMessages({ sessionId, limit: SAME_TIME_LOOKUP, order: 'asc', afterTime: ref.time - 1, beforeTime: ref.time + 1 });
      found = sameTime.find((message) => message.idServer === ref.idServer);
    }
    if (!found) return undefined;
    const [named] = await withTeamSenders([this.toChat(found)], this.store);
    return named;
  }

  async resend(message: ChatMessage): Promise<ChatMessage> {
    try {
      return this.toChat(await this.client.messages.resend(message.idClient));
    } catch (error) {
      return this.storedFailure(error, message.idClient);
    }
  }

  async listRecentCustomers(limit: number): Promise<CustomerSummary[]> {
    return readRecentCustomers(this.store, limit);
  }

  async findCustomer(account: string): Promise<CustomerSummary | undefined> {
    const [local] = await this.store.getUsers([account]);
    if (local) return { account, nick: local.nick, avatar: local.avatar };
    if (!this.lookupUsers) return undefined;
    const [remote] = await this.lookupUsers([account]);
    if (!remote) return undefined;
    await this.store.putUsers([remote]);
    return { account, nick: remote.nick, avatar: remote.avatar };
  }

  async getCustomerProfile(account: string): Promise<CustomerProfile | undefined> {
    let user: ImUser | undefined;
    try {
      [user] = this.lookupUsers ? await this.lookupUsers([account]) : [];
      if (user) await this.store.putUsers([user]);
    } catch {
      // Offline: the stored copy is the best there is.
    }
    user ??= (await this.store.getUsers([account]))[0];
    return user ? toCustomerProfile(user) : undefined;
  }

  async markRead(sessionId: string): Promise<void> {
    await this.client.sessions.markRead(sessionId);
  }

  async setSessionTop(sessionId: string, top: boolean): Promise<void> {
    // im-core stores the change and raises `sessions` (mapped by queueSessions like any other).
    if (top) await this.client.sessions.stickTop(sessionId);
    else await this.client.sessions.unstickTop(sessionId);
  }

  async setSessionTopNote(sessionId: string, note: string): Promise<void> {
    await this.client.sessions.updateStickTop(sessionId, note);
  }

  async deleteSession(sessionId: string): Promise<void> {
    // im-core stores the deletion and raises `sessions` with it deleted: queueSessions turns that into sessionsRemoved.
    await this.client.sessions.deleteSessions([sessionId]);
  }

  /**
   * im-core stores a failed send as 'fail' and then rejects; the frame wants that stored message
   * so it can offer a retry. Errors before anything was stored (validation) are passed on.
   */
  private async storedFailure(error: unknown, idClient: string | undefined): Promise<ChatMessage> {
    const stored = idClient ? await this.store.getMessage(idClient) : undefined;
    if (!stored) throw error instanceof Error ? error : new Error(String(error));
    return this.toChat(stored);
  }

  private onSynced(): void {
    this.hasSynced = true;
    this.syncWaiters.splice(0).forEach((waiter) => waiter.resolve());
    this.emit('synced', undefined);
  }

  private onPhase(phase: ImConnectionPhase): void {
    if (phase === 'loggedIn') {
      this.hasLoggedIn = true;
      this.kicked = false;
      this.gaveUp = false;
      this.emit('state', { phase: 'connected' });
      return;
    }
    // Stays on the kick or give-up message: no reconnect follows (§4) until connect() is called.
    if (this.kicked || this.gaveUp) return;
    if (phase === 'disconnected' && this.loggingOut) this.emit('state', { phase: 'disconnected' });
    else this.emit('state', { phase: this.hasLoggedIn ? 'reconnecting' : 'connecting' });
  }

  private onKicked(reason: number): void {
    // §4: a silent kick is a quiet disconnect and reconnect; the others end the session.
    if (reason === KickReason.silentlyKick) {
      this.emit('state', { phase: 'reconnecting' });
      return;
    }
    this.kicked = true;
    this.emit('state', { phase: 'kicked', reason: kickReasonKey(reason) });
  }

  private onGaveUp(): void {
    if (this.kicked || this.loggingOut) return;
    this.gaveUp = true;
    this.emit('state', { phase: 'reconnectFailed' });
  }

  private renameTeamSessions(): void {
    this.sessionsChain = this.sessionsChain
      .then(() => readLocalSessions(this.store))
      .then((sessions) => {
        const teams = sessions.filter((session) => session.scene === 'team');
        if (teams.length > 0) this.emit('sessions', teams);
      })
      .catch((error: unknown) => console.error('could not name team sessions', error));
  }

  /** Team messages wait for their sender's team nick; later messages queue behind them, so the order holds. */
  private messagesChain: Promise<void> | undefined;

  private queueMessage(message: ImMessage): void {
    const mapped = this.toChat(message);
    if (!this.messagesChain && message.scene !== 'team') {
      this.emit('message', mapped);
      return;
    }
    const chain: Promise<void> = (this.messagesChain ?? Promise.resolve())
      .then(() => withTeamSenders([mapped], this.store))
      .then(([named]) => this.emit('message', named))
      .catch((error: unknown) => console.error('could not show a message', error))
      .finally(() => {
        if (this.messagesChain === chain) this.messagesChain = undefined;
      });
    this.messagesChain = chain;
  }

  private queueSessions(sessions: ImSession[]): void {
    this.sessionsChain = this.sessionsChain
      .then(() => toChatSessions(sessions, this.store))
      .then((mapped) => {
        const removed = sessions.filter((session) => session.isDeleted).map((session) => session.id);
        if (removed.length > 0) this.emit('sessionsRemoved', removed);
        this.emit('sessions', mapped);
        void this.lookUpUnknownPeers(sessions);
      })
      .catch((error: unknown) => console.error('could not show updated sessions', error));
  }

  /**
   * A customer who wrote for the first time since the last sync has no user record: their name
   * came only with their message. Their profile (nick, avatar) is fetched and stored, so the
   * session keeps its name after the merchant replies, and after a reload.
   */
  private async lookUpUnknownPeers(sessions: readonly ImSession[]): Promise<void> {
    if (!this.lookupUsers) return;
    const accounts = [...new Set(sessions.filter((s) => !s.isDeleted && s.scene === 'p2p').map((s) => s.to))].filter((a) => !this.lookedUpPeers.has(a));
    if (accounts.length === 0) return;
    accounts.forEach((account) => this.lookedUpPeers.add(account));
    try {
      const known = new Set((await this.store.getUsers(accounts)).map((user) => user.account));
      const unknown = accounts.filter((account) => !known.has(account)).slice(0, MAX_USER_LOOKUP);
      if (unknown.length === 0) return;
      const users = await this.lookupUsers(unknown);
      if (users.length === 0) return;
      await this.store.putUsers(users);
      const found = new Set(users.map((user) => user.account));
      this.queueSessions(sessions.filter((session) => found.has(session.to)));
    } catch (error) {
      // Names are a nicety: the next lookup (another session event) or sync tries again.
      accounts.forEach((account) => this.lookedUpPeers.delete(account));
      console.warn('could not look up customer profiles', error);
    }
  }

  private emit<E extends ChatClientEventName>(event: E, value: ChatClientEvents[E]): void {
    this.events.emit(event, value);
  }
}

/** What sendFile needs: im-core's uploader (resumable, with edge failover) and the browser's media probe. */
export interface FileSending {
  uploader: Pick<FileUploader, 'upload'>;
  probe: MediaProbe;
}

/** A message the store does not hold, as im-core's replyText needs it (identity, scene, thread). */
function toRepliedImMessage(message: ChatMessage): ImMessage {
  const thread = message.thread;
  return {
    idClient: message.idClient,
    idServer: message.idServer,
    sessionId: message.sessionId,
    scene: sendTargetOf(message.sessionId).scene,
    from: message.from,
    to: message.to,
    time: message.time,
    type: message.type as ImMessage['type'],
    text: message.text,
    flow: message.flow,
    status: message.status,
    ...(thread
      ? { threadMsgFromAccount: thread.from, threadMsgToAccount: thread.to, threadMsgTime: thread.time, threadMsgIdServer: thread.idServer, threadMsgIdClient: thread.idClient }
      : {}),
  };
}

function pickFacts(facts: MediaFacts): { w?: number; h?: number; dur?: number } {
  return { ...(facts.w !== undefined ? { w: facts.w } : {}), ...(facts.h !== undefined ? { h: facts.h } : {}), ...(facts.dur !== undefined ? { dur: facts.dur } : {}) };
}
