// Owns the chat state of the frame: loads the local cache first, then connects, follows client
// events, and tells the outside world (the parent bridge) about new messages and unread totals.
import { MAX_TEXT_LENGTH } from '@merchant/im-core/validation';
import { deskCardAttach, type DeskCard } from '@merchant/api-contracts';
import {
  sendTargetOf,
  sessionIdForAccount,
  type ChatClient,
  type ChatMessage,
  type ChatMessageRef,
  type ChatSession,
  type CustomerProfile,
  type CustomerSummary,
  type DiagnosticLogPort,
  type RememberedUpload,
  type Unsubscribe,
} from './chat-client';
import { isSameFile } from './upload-memory';
import {
  initialChatState,
  totalUnread,
  withMessages,
  withSessionPreview,
  withUnreadCleared,
  withSessionTop,
  withReplyTarget,
  withoutMessages,
  isReplyable,
  isRecallable,
  mergeSessions,
  withSessionsRemoved,
  withSessionTopNote,
  type ChatState,
  type ChatUpload,
  type EarlierStatus,
} from './chat-state';
import type { ContactsPort } from '../contacts/contacts-port';
import type { TeamsPort } from '../teams/teams-port';
import type { CallsPort } from '../calls/calls-port';
import { DraftBook } from '../sessions/draft-book';
import { sessionMuteTarget } from '../sessions/session-mute';
import type { MessageExtrasPort, MessageExtrasChange, MessageExtrasSource } from '../conversation/message-actions/message-extras-port';
import type { SearchPort, SearchSource } from '../search/search-port';

/** im-client-spec §9: message queries default to, and page at most, 100. */
export const MESSAGE_PAGE_SIZE = 100;

/** How many history pages a jump to a search result reads back at most before giving up (our choice: 2000 messages). */
export const JUMP_MAX_PAGES = 20;

/** How many recent customers the "new conversation" dialog offers (our choice, docs/im-frame.md). */
export const RECENT_CUSTOMERS_LIMIT = 20;

export interface ChatControllerHooks {
  /** Each incoming message, once per idClient. */
  onIncomingMessage?(message: ChatMessage): void;
  /** The unread total whenever it may have changed. */
  onUnreadTotal?(total: number): void;
  /**
   * Whether the merchant can see the frame now (console visibility message and the tab's own
   * visibility); a hidden frame does not mark messages read.
   */
  isVisible?(): boolean;
}

export type SendRefusal = 'empty' | 'tooLong' | 'noSession';
export type SendResult = { ok: true; delivery: Promise<ChatMessage | undefined> } | { ok: false; reason: SendRefusal };

export class ChatController {
  private state: ChatState = initialChatState;
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribers: Unsubscribe[] = [];
  private readonly announcedIncoming = new Set<string>();
  private started = false;
  private uploadCounter = 0;
  private readonly uploadAborts = new Map<string, AbortController>();
  /** Writes of the unfinished-upload list, one after another, starting once the saved one was read. */
  private uploadMemoryChain: Promise<void> = Promise.resolve();
  private uploadMemorySaved = '[]';
  /** The unread total last reported; undefined until the local cache was read. */
  private unreadReported: number | undefined;
  /**
   * Settles once start() has read the cached sessions and the first connection attempt has ended (logged in,
   * or failed): a conversation opened from the console before that (issue 35 §3, "contact buyer" right after a
   * reload) waits for it, so it is named from the server's profile and merges with the real session list
   * instead of standing in for it.
   */
  private readonly ready: Promise<void>;
  private markReady: () => void = () => undefined;
  /** What the merchant typed and did not send, per conversation, across reloads (issue 32 §9). */
  readonly drafts: DraftBook;

  constructor(
    private readonly client: ChatClient & MessageExtrasSource & SearchSource,
    private readonly hooks: ChatControllerHooks = {},
  ) {
    this.ready = new Promise((resolve) => {
      this.markReady = resolve;
    });
    this.drafts = new DraftBook(client.draftStorage);
  }

  /** See `ready`: what a conversation opened from outside the frame waits for. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  getState = (): ChatState => this.state;

  /** System messages and blocklist/mutelist of the client, when it has them (contacts/). */
  get contacts(): ContactsPort | undefined {
    return this.client.contacts;
  }

  /** Team info and actions of the client, when it has them (teams/). */
  get teams(): TeamsPort | undefined {
    return this.client.teams;
  }

  /** Call invitations of the client, answered and placed, when it has them (calls/). */
  get calls(): CallsPort | undefined {
    return this.client.calls;
  }

  /** Pins, quick comments, collects, threads and receipts of the client, when it has them (conversation/message-actions/). */
  get extras(): MessageExtrasPort | undefined {
    return this.client.extras;
  }

  /** Message search of the client, when it has it (search/). */
  get search(): SearchPort | undefined {
    return this.client.search;
  }

    /** The account's other logged-in devices, when the client has them (devices/). */
  get devices() {
    return this.client.devices;
  }

  /** Customers' online status and broadcasts, when the client has them (presence/). */
  get presence() {
    return this.client.presence;
  }

  get broadcasts() {
    return this.client.broadcasts;
  }

  /** The local debug log's upload for support, when the client has it (diagnostics/). */
  get diagnostics(): DiagnosticLogPort | undefined {
    return this.client.diagnostics;
  }

  subscribe = (listener: () => void): Unsubscribe => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Shows the cached sessions, then connects; safe to call once. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.unsubscribers.push(
      this.client.on('state', (connection) => this.update({ ...this.state, connection })),
      this.client.on('sessions', (sessions) => this.applySessions(sessions)),
      this.client.on('message', (message) => this.applyMessage(message)),
      this.client.on('synced', () => {
        if (!this.state.synced) this.update({ ...this.state, synced: true });
        void this.reloadAfterSync();
      }),
      this.client.on('sessionsRemoved', (sessionIds) => this.update(withSessionsRemoved(this.state, sessionIds))),
    );
    void this.drafts.load();
    const contacts = this.client.contacts;
    if (contacts?.listMuted) {
      this.unsubscribers.push(contacts.onChange(() => void this.readMuted()));
      void this.readMuted();
    }
    if (this.client.extras) this.unsubscribers.push(this.client.extras.onChange((change) => this.applyExtrasChange(change)));
    this.update({ ...this.state, connection: { phase: 'connecting' } });
    try {
      this.applySessions(await this.client.listLocalSessions());
    } catch {
      // An unreadable cache only costs the offline view; the server sync refills it.
    }
    this.uploadMemoryChain = this.restoreUploads();
    // The first total goes out once the cache is read, so the console never flashes a 0.
    this.unreadReported = totalUnread(this.state.sessions);
    this.hooks.onUnreadTotal?.(this.unreadReported);
    await this.connect();
    this.markReady();
  }

  /** The retry action of a failed connection or of 'could not reconnect'. */
  async retryConnect(): Promise<void> {
    if (!this.started) return;
    const phase = this.state.connection.phase;
    if (phase !== 'failed' && phase !== 'reconnectFailed') return;
    await this.connect();
    // History that could not load while offline is asked for again.
    const active = this.state.activeSessionId;
    if (active && this.state.historyBySession[active] === 'failed') await this.loadNewestHistory(active);
  }

  private async connect(): Promise<void> {
    try {
      await this.client.connect();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const phase = this.state.connection.phase;
      if (phase !== 'kicked' && phase !== 'reconnectFailed') this.update({ ...this.state, connection: { phase: 'failed', reason } });
    }
  }

  async stop(): Promise<void> {
    for (const unsubscribe of this.unsubscribers.splice(0)) unsubscribe();
    this.started = false;
    await this.client.disconnect();
  }

  /** Opens a session: local history at once, then the server's, and marks it read. */
  async openSession(sessionId: string): Promise<void> {
    const unread = this.state.sessions.find((session) => session.id === sessionId)?.unread ?? 0;
    this.update({
      ...this.state,
      // Kept for "N new messages" (issue 32 §9) before marking read clears the count.
      unreadOnOpen: unread > 0 ? { sessionId, count: unread } : undefined,
      activeSessionId: sessionId,
      historyBySession: { ...this.state.historyBySession, [sessionId]: 'loading' },
    });
    try {
      this.update(withMessages(this.state, sessionId, await this.client.listLocalMessages(sessionId, MESSAGE_PAGE_SIZE)));
    } catch {
      // Fall through to the server copy.
    }
    if (this.isVisible()) void this.markRead(sessionId);
    await this.loadNewestHistory(sessionId);
    // The server's page may hold newer messages than the cache did: they are read now too.
    if (this.isVisible() && this.state.activeSessionId === sessionId) void this.sendReceipts(sessionId);
  }

  /**
   * Starts (or reopens) a conversation with a customer: the session shows in the list at once,
   * named, and is opened; it reaches the server with the first message.
   */
  async startChat(customer: CustomerSummary): Promise<void> {
    const sessionId = sessionIdForAccount(customer.account);
    if (!this.state.sessions.some((session) => session.id === sessionId)) {
      const started: ChatSession = {
        id: sessionId,
        peerAccount: customer.account,
        peerNick: customer.nick,
        peerAvatar: customer.avatar,
        unread: 0,
        updateTime: Date.now(),
      };
      this.update({ ...this.state, sessions: mergeSessions(this.state.sessions, [started]) });
    }
    await this.openSession(sessionId);
  }

  /** Recent customers to start a conversation with (see ChatClient.listRecentCustomers). */
  listRecentCustomers(limit = RECENT_CUSTOMERS_LIMIT): Promise<CustomerSummary[]> {
    return this.client.listRecentCustomers(limit);
  }

  findCustomer(account: string): Promise<CustomerSummary | undefined> {
    return this.client.findCustomer(account.trim());
  }

  getCustomerProfile(account: string): Promise<CustomerProfile | undefined> {
    return this.client.getCustomerProfile(account);
  }

  /** "Load earlier messages": the server page before the oldest message shown. */
  async loadEarlier(): Promise<void> {
    const sessionId = this.state.activeSessionId;
    if (!sessionId || this.state.earlierBySession[sessionId] === 'loading') return;
    const oldest = this.state.messagesBySession[sessionId]?.[0];
    this.update(this.setEarlier(this.state, sessionId, 'loading'));
    try {
      // The oldest shown message comes back once (endTime is inclusive) and is deduplicated.
      const page = await this.client.fetchHistory(sessionId, { limit: MESSAGE_PAGE_SIZE, endTime: oldest?.time });
      const next = withMessages(this.state, sessionId, page.messages);
      this.update(this.setEarlier(this.setHasMore(next, sessionId, page.hasMore), sessionId, undefined));
    } catch {
      this.update(this.setEarlier(this.state, sessionId, 'failed'));
    }
  }

  /**
   * Loads a message found by search (issue 32 §6) into its conversation: opens the conversation, reads older
   * history pages until the message is loaded (at most JUMP_MAX_PAGES; the list stays one unbroken stretch up
   * to the newest, so "load earlier" and new messages keep working), plus the page before it when it is the
   * oldest loaded, for context. Resolves with the loaded message, or undefined when it could not be loaded
   * (deleted since, history unreachable, or too far back). `requestJump` then shows it.
   */
  async loadAround(target: Pick<ChatMessage, 'sessionId' | 'idClient' | 'idServer' | 'time'>): Promise<ChatMessage | undefined> {
    const { sessionId } = target;
    if (this.state.activeSessionId !== sessionId || this.state.historyBySession[sessionId] !== 'loaded') await this.openSession(sessionId);
    const find = () => (this.state.messagesBySession[sessionId] ?? []).find((m) => m.idClient === target.idClient || (target.idServer !== undefined && m.idServer === target.idServer));
    for (let page = 0; !find() && page < JUMP_MAX_PAGES; page++) {
      const oldest = this.state.messagesBySession[sessionId]?.[0];
      // Loaded past its time, or nothing older on the server: it is gone (deleted or recalled since).
      if (oldest && (oldest.time < target.time || this.state.hasMoreBySession[sessionId] === false)) break;
      if (!(await this.readOlderPage(sessionId, oldest?.time))) break;
    }
    const found = find();
    if (!found || this.state.activeSessionId !== sessionId) return undefined;
    if (this.state.messagesBySession[sessionId]?.[0]?.idClient === found.idClient && this.state.hasMoreBySession[sessionId]) await this.readOlderPage(sessionId, found.time);
    return found;
  }

  /** Asks the open conversation's list to scroll to a loaded message, highlight it and focus it. */
  requestJump(message: Pick<ChatMessage, 'sessionId' | 'idClient'>): void {
    const seq = (this.state.jumpRequest?.seq ?? 0) + 1;
    this.update({ ...this.state, jumpRequest: { sessionId: message.sessionId, idClient: message.idClient, seq } });
  }

  /** One server page ending at `endTime` merged into the session; false when it failed or brought nothing new. */
  private async readOlderPage(sessionId: string, endTime: number | undefined): Promise<boolean> {
    try {
      const before = this.state.messagesBySession[sessionId]?.length ?? 0;
      const page = await this.client.fetchHistory(sessionId, { limit: MESSAGE_PAGE_SIZE, ...(endTime !== undefined ? { endTime } : {}) });
      this.update(this.setHasMore(withMessages(this.state, sessionId, page.messages), sessionId, page.hasMore));
      return (this.state.messagesBySession[sessionId]?.length ?? 0) > before;
    } catch {
      return false;
    }
  }

  private async loadNewestHistory(sessionId: string): Promise<void> {
    if (this.state.historyBySession[sessionId] !== 'loading') {
      this.update({ ...this.state, historyBySession: { ...this.state.historyBySession, [sessionId]: 'loading' } });
    }
    try {
      const page = await this.client.fetchHistory(sessionId, { limit: MESSAGE_PAGE_SIZE });
      const next = this.setHasMore(withMessages(this.state, sessionId, page.messages), sessionId, page.hasMore);
      this.update(this.setHistory(next, sessionId, 'loaded'));
    } catch {
      this.update(this.setHistory(this.state, sessionId, 'failed'));
    }
  }

  /** Whether the client can send replies (im-core msgExtend). */
  get canReply(): boolean {
    return typeof this.client.replyText === 'function';
  }

  /** Whether "Reply" is offered on this message: the client has replies and the message can be answered. */
  canReplyTo(message: ChatMessage): boolean {
    return this.canReply && isReplyable(message);
  }

  /**
   * Puts the composer of the message's conversation into reply mode: the next text sent answers
   * `message`. Refused (false) for a message that cannot be answered.
   */
  startReply(message: ChatMessage): boolean {
    if (!this.canReplyTo(message)) return false;
    this.update(withReplyTarget(this.state, message.sessionId, message));
    return true;
  }

  /** Leaves reply mode in the open conversation (or the given one). */
  cancelReply(sessionId = this.state.activeSessionId): void {
    if (sessionId) this.update(withReplyTarget(this.state, sessionId, undefined));
  }

  /**
   * A message of the open conversation that a reply names: from the local store when the client
   * has one; undefined when it is not there. Never rejects.
   */
  async findMessage(sessionId: string, ref: ChatMessageRef): Promise<ChatMessage | undefined> {
    try {
      return await this.client.findMessage?.(sessionId, ref);
    } catch {
      return undefined;
    }
  }

  /**
   * Validates and starts a send; in reply mode the text answers the message replied to, and the
   * composer leaves reply mode. The returned delivery settles when the client has the final
   * status; the message itself shows up earlier through the client's 'message' events.
   */
  sendText(text: string): SendResult {
    const sessionId = this.state.activeSessionId;
    if (!sessionId) return { ok: false, reason: 'noSession' };
    // Whitespace-only messages are refused before they reach the client.
    if (text.trim() === '') return { ok: false, reason: 'empty' };
    // im-client-spec §5 text limit, checked here so the merchant keeps the draft.
    if (text.length > MAX_TEXT_LENGTH) return { ok: false, reason: 'tooLong' };
    const replied = this.state.replyingBySession[sessionId];
    const replyText = this.client.replyText?.bind(this.client);
    if (replied) this.update(withReplyTarget(this.state, sessionId, undefined));
    const sending = replied && replyText ? replyText(replied, text) : this.client.sendText(sessionId, text);
    return { ok: true, delivery: this.settleSend(sending) };
  }

  /** A send's outcome: its message shown in its final state, or the reason it was refused before it was stored. */
  private settleSend(sending: Promise<ChatMessage>): Promise<ChatMessage | undefined> {
    return sending.then(
      (message) => {
        this.applyMessage(message);
        if (this.state.sendError) this.update({ ...this.state, sendError: undefined });
        return message;
      },
      (error: unknown) => {
        // Only errors before anything was stored land here; stored failures come back as 'fail'.
        this.update({ ...this.state, sendError: error instanceof Error ? error.message : String(error) });
        return undefined;
      },
    );
  }

  /** Whether support desk cards can be sent here (a client that sends custom messages). */
  get canSendCards(): boolean {
    return typeof this.client.sendCustom === 'function';
  }

  /**
   * Sends a support desk card (an order or a goods item, issue 32) into a conversation as a custom message whose
   * attach carries the card and what any client shows of it. Settles like sendText's delivery; never rejects.
   */
  sendCard(sessionId: string, card: DeskCard, shown: { title: string; text: string }): Promise<ChatMessage | undefined> {
    const sendCustom = this.client.sendCustom?.bind(this.client);
    if (!sendCustom) return Promise.resolve(undefined);
    let attach: string;
    try {
      attach = deskCardAttach(card, shown);
    } catch (error) {
      this.update({ ...this.state, sendError: error instanceof Error ? error.message : String(error) });
      return Promise.resolve(undefined);
    }
    return this.settleSend(sendCustom(sessionId, attach));
  }

  /**
   * Uploads each file and sends it to the open conversation (issue 13). Each shows in `uploads` with
   * its progress until its message is sent; a refused or failed upload stays there with the reason
   * until dismissed. Settles when every file has settled; never rejects.
   */
  async sendFiles(files: readonly File[]): Promise<void> {
    const sessionId = this.state.activeSessionId;
    if (!sessionId) return;
    await Promise.all(files.map((file) => this.sendOneFile(sessionId, file)));
  }

  private async sendOneFile(sessionId: string, file: File): Promise<void> {
    const id = `upload-${++this.uploadCounter}`;
    const abort = new AbortController();
    this.uploadAborts.set(id, abort);
    const row: ChatUpload = { id, sessionId, name: file.name, percentage: 0, status: 'uploading', size: file.size, lastModified: file.lastModified, type: file.type };
    // The same file picked again continues its interrupted upload, whose row it replaces; any other file leaves it.
    const others = this.state.uploads.filter((upload) => !(upload.status === 'interrupted' && upload.sessionId === sessionId && isSameFile(rememberedOf(upload), file)));
    this.update({ ...this.state, uploads: [...others, row] });
    this.rememberUploads();
    const change = (patch: Partial<ChatUpload> | null) => {
      this.update({
        ...this.state,
        uploads: patch === null ? this.state.uploads.filter((upload) => upload.id !== id) : this.state.uploads.map((upload) => (upload.id === id ? { ...upload, ...patch } : upload)),
      });
      this.rememberUploads();
    };
    try {
      const message = await this.client.sendFile(sessionId, file, {
        signal: abort.signal,
        onProgress: (percentage) => change({ percentage }),
      });
      change(null);
      this.applyMessage(message);
    } catch (error) {
      const name = (error as { errorName?: string } | undefined)?.errorName;
      // A cancel is the merchant's own doing: the row just goes.
      if (name === 'Operation_Canceled' || abort.signal.aborted) change(null);
      else change({ status: 'failed', error: { name, message: error instanceof Error ? error.message : String(error) } });
    } finally {
      this.uploadAborts.delete(id);
    }
  }

  /** Stops an upload in flight; it leaves the list. */
  cancelUpload(id: string): void {
    this.uploadAborts.get(id)?.abort();
  }

  /** Takes a failed or interrupted upload off the list (an interrupted one is forgotten). */
  dismissUpload(id: string): void {
    this.update({ ...this.state, uploads: this.state.uploads.filter((upload) => upload.id !== id || upload.status === 'uploading') });
    this.rememberUploads();
  }

  /** Settles once the unfinished-upload list written last is stored (tests, and a clean stop). */
  uploadsRemembered(): Promise<void> {
    return this.uploadMemoryChain;
  }

  /** Uploads left unfinished by the last page: each becomes an interrupted row of its conversation. */
  private async restoreUploads(): Promise<void> {
    const memory = this.client.uploadMemory;
    if (!memory) return;
    let remembered: RememberedUpload[];
    try {
      remembered = await memory.load();
    } catch {
      // Unreadable: nothing to offer; the part map still resumes a file picked again.
      return;
    }
    if (remembered.length === 0) return;
    this.uploadMemorySaved = JSON.stringify(remembered);
    const rows: ChatUpload[] = remembered.map((upload) => ({ ...upload, id: `upload-${++this.uploadCounter}`, status: 'interrupted' }));
    this.update({ ...this.state, uploads: [...rows, ...this.state.uploads] });
  }

  /** Stores the uploads not yet finished (in flight or interrupted), when that list changed. */
  private rememberUploads(): void {
    const memory = this.client.uploadMemory;
    if (!memory) return;
    this.uploadMemoryChain = this.uploadMemoryChain.then(async () => {
      const list = this.state.uploads.filter((upload) => upload.status !== 'failed').map(rememberedOf);
      const serialized = JSON.stringify(list);
      if (serialized === this.uploadMemorySaved) return;
      try {
        await memory.save(list);
        this.uploadMemorySaved = serialized;
      } catch {
        // Only the notice after a reload is lost; the upload itself goes on.
      }
    });
  }

  /** Whether "Recall" is offered on this message: mine, sent, not recalled, within the window (the server decides in the end). */
  canRecall(message: ChatMessage, now: number): boolean {
    return typeof this.client.recall === 'function' && isRecallable(message, now);
  }

  /**
   * Recalls one of my messages; resolves with the placeholder, or with the refusal's code (508 past
   * the window) and leaves the message as it was. Never rejects.
   */
  async recall(message: ChatMessage): Promise<{ recalled: ChatMessage } | { refusedCode: number | undefined; reason: string }> {
    try {
      if (!this.client.recall) throw new Error('recall is not available');
      const recalled = await this.client.recall(message);
      this.applyMessage(recalled, { allowStatusRegression: true });
      return { recalled };
    } catch (error) {
      const code = typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : undefined;
      return { refusedCode: code, reason: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * Deletes a message for the merchant only (issue 32 §4): on the server (the customer keeps it) and here. Never
   * rejects; resolves with the refusal when the server or the client said no, and the message stays.
   */
  async deleteForMe(message: ChatMessage): Promise<{ ok: true } | { ok: false; error: unknown }> {
    try {
      if (!this.client.extras) throw new Error('deleting messages is not available');
      await this.client.extras.deleteForMe(message);
    } catch (error) {
      return { ok: false, error };
    }
    this.update(withoutMessages(this.state, message.sessionId, [message.idClient]));
    return { ok: true };
  }

  /** Clears a p2p conversation's history for the merchant (server and here); never rejects, like deleteForMe. */
  async clearHistory(sessionId: string): Promise<{ ok: true } | { ok: false; error: unknown }> {
    try {
      if (!this.client.extras) throw new Error('clearing history is not available');
      await this.client.extras.clearHistory(sessionId);
    } catch (error) {
      return { ok: false, error };
    }
    this.update({ ...withoutMessages(this.state, sessionId), hasMoreBySession: { ...this.state.hasMoreBySession, [sessionId]: false } });
    return { ok: true };
  }

  /** Deleted or cleared on the merchant's other device: the open lists follow. */
  private applyExtrasChange(change: MessageExtrasChange): void {
    if (change.type === 'deleted') {
      let next = this.state;
      for (const sessionId of Object.keys(next.messagesBySession)) next = withoutMessages(next, sessionId, change.idClients);
      this.update(next);
    } else if (change.type === 'cleared') {
      this.update(withoutMessages(this.state, change.sessionId));
    }
  }

  /** Forwards a message to another session; settles with the copy's final state, undefined when refused. Never rejects. */
  async forward(message: ChatMessage, toSessionId: string): Promise<ChatMessage | undefined> {
    try {
      const copy = await this.client.forward(message, toSessionId);
      this.applyMessage(copy);
      return copy;
    } catch (error) {
      // Refused before anything was stored (e.g. a type clients may not send): show why.
      this.update({ ...this.state, sendError: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  }

  /** Resends a failed message; settles with its new state and never rejects. */
  async resend(message: ChatMessage): Promise<ChatMessage> {
    // Show the retry as in progress straight away.
    this.applyMessage({ ...message, status: 'sending' }, { allowStatusRegression: true });
    let result: ChatMessage;
    try {
      result = await this.client.resend(message);
    } catch (error) {
      // Nothing was resent: the message stays failed and the reason is shown.
      result = { ...message, status: 'fail' };
      this.update({ ...this.state, sendError: error instanceof Error ? error.message : String(error) });
    }
    this.applyMessage(result, { allowStatusRegression: true });
    return result;
  }

  /**
   * A sync's sessions arrive as a 'sessions' event; its roaming and offline messages raise no
   * live event, so the open conversation is read again from the store.
   */
  private async reloadAfterSync(): Promise<void> {
    try {
      const active = this.state.activeSessionId;
      if (active) this.update(withMessages(this.state, active, await this.client.listLocalMessages(active, MESSAGE_PAGE_SIZE)));
    } catch {
      // The next sync or live event tries again.
    }
  }

  /**
   * Sticks a session to the top of the list or takes it off (persisted on the server, so the
   * merchant's other devices follow). The list moves once the client accepted; a refusal leaves
   * it as it was and is shown (state.topError). Never rejects; true when the change was made.
   */
  async setSessionTop(sessionId: string, top: boolean): Promise<boolean> {
    try {
      await this.client.setSessionTop(sessionId, top);
    } catch (error) {
      this.update({ ...this.state, topError: error instanceof Error ? error.message : String(error) });
      return false;
    }
    const next = withSessionTop(this.state, sessionId, top);
    this.update(next.topError ? { ...next, topError: undefined } : next);
    return true;
  }

  /**
   * Changes a stuck session's note (topCustom, issue 32 §9). Resolves undefined when the server kept it,
   * else the refusal's text; the note shown changes only once kept. Never rejects.
   */
  async setSessionTopNote(sessionId: string, note: string): Promise<string | undefined> {
    try {
      if (!this.client.setSessionTopNote) throw new Error('notes are not available');
      await this.client.setSessionTopNote(sessionId, note);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    this.update(withSessionTopNote(this.state, sessionId, note));
    return undefined;
  }

  /** Whether sessions can be deleted (on the server) here. */
  get canDeleteSession(): boolean {
    return typeof this.client.deleteSession === 'function';
  }

  /**
   * Deletes a session on the server (issue 32 §9): it leaves the list here and on the other devices, its
   * draft is dropped. Resolves undefined when done, else the refusal's text. Never rejects.
   */
  async deleteSession(sessionId: string): Promise<string | undefined> {
    try {
      if (!this.client.deleteSession) throw new Error('deleting is not available');
      await this.client.deleteSession(sessionId);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    this.update(withSessionsRemoved(this.state, [sessionId]));
    this.drafts.set(sessionId, '');
    return undefined;
  }

  /** Whether a conversation can be muted here: a customer's (the mutelist; a team's mute is the team's setting). */
  canMute(sessionId: string): boolean {
    return Boolean(this.client.contacts?.listMuted) && sessionMuteTarget(sessionId) !== undefined;
  }

  isMuted(sessionId: string): boolean {
    const account = sessionMuteTarget(sessionId);
    return account !== undefined && this.state.mutedAccounts?.has(account) === true;
  }

  /** Mutes or unmutes a customer's conversation (the mutelist, kept on the server). Resolves undefined when done, else why not. */
  async setSessionMuted(sessionId: string, muted: boolean): Promise<string | undefined> {
    const account = sessionMuteTarget(sessionId);
    const contacts = this.client.contacts;
    if (!account || !contacts) return 'muting is not available';
    try {
      const relation = await contacts.setInMutelist(account, muted);
      const next = new Set(this.state.mutedAccounts ?? []);
      if (relation.isMuted) next.add(account);
      else next.delete(account);
      this.update({ ...this.state, mutedAccounts: next });
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  private async readMuted(): Promise<void> {
    try {
      const muted = await this.client.contacts?.listMuted?.();
      if (muted) this.update({ ...this.state, mutedAccounts: new Set(muted) });
    } catch {
      // The next change or sync reads it again.
    }
  }

  /** Called when the frame becomes visible again, so what the merchant now sees counts as read. */
  markActiveSessionRead(): void {
    const active = this.state.activeSessionId;
    if (active) void this.markRead(active);
  }

  private async markRead(sessionId: string): Promise<void> {
    const session = this.state.sessions.find((candidate) => candidate.id === sessionId);
    if (session && session.unread > 0) this.update(withUnreadCleared(this.state, sessionId));
    try {
      await this.client.markRead(sessionId);
    } catch {
      // The next session sync restores the true count.
    }
    void this.sendReceipts(sessionId);
  }

  /** p2p messages whose receipt went out, by session (newest time told), so a receipt is not sent twice (§5). */
  private readonly receiptSent = new Map<string, number>();
  private readonly teamReceiptsSent = new Set<string>();

  /**
   * What the merchant now sees counts as read for the customer too (issue 32 §5): a p2p receipt up to the newest
   * incoming message, and team receipts for the messages that asked for them.
   */
  private async sendReceipts(sessionId: string): Promise<void> {
    const extras = this.client.extras;
    if (!extras) return;
    const incoming = (this.state.messagesBySession[sessionId] ?? []).filter((m) => m.flow === 'in' && m.status === 'success' && !m.recalled);
    try {
      if (sendTargetOf(sessionId).scene === 'p2p') {
        const newest = incoming.at(-1);
        if (!newest || (this.receiptSent.get(sessionId) ?? 0) >= newest.time) return;
        this.receiptSent.set(sessionId, newest.time);
        await extras.sendReadReceipt(newest);
      } else {
        const asked = incoming.filter((m) => m.needReceipt && !this.teamReceiptsSent.has(m.idClient));
        if (asked.length === 0) return;
        asked.forEach((m) => this.teamReceiptsSent.add(m.idClient));
        await extras.sendTeamReceipts(asked);
      }
    } catch {
      // A receipt is a courtesy: the next read tries again.
      this.receiptSent.delete(sessionId);
    }
  }

  private applySessions(sessions: ChatState['sessions']): void {
    this.update({ ...this.state, sessions: mergeSessions(this.state.sessions, sessions) });
    // The open conversation stays read while the merchant is looking at it.
    const active = this.state.sessions.find((session) => session.id === this.state.activeSessionId);
    if (active && active.unread > 0 && this.isVisible()) void this.markRead(active.id);
  }

  private isVisible(): boolean {
    return this.hooks.isVisible?.() ?? true;
  }

  private applyMessage(message: ChatMessage, options: { allowStatusRegression?: boolean } = {}): void {
    let next = options.allowStatusRegression
      ? this.replaceMessage(message)
      : withMessages(this.state, message.sessionId, [message]);
    next = withSessionPreview(next, message, sendTargetOf(message.sessionId).to);
    this.update(next);
    if (message.flow !== 'in' || this.announcedIncoming.has(message.idClient)) return;
    this.announcedIncoming.add(message.idClient);
    // A muted customer's message is not announced to the console (no "new message" notice).
    if (this.isMuted(message.sessionId)) return;
    // Read marking follows the session update the client sends next (see applySessions).
    this.hooks.onIncomingMessage?.(message);
  }

  private replaceMessage(message: ChatMessage): ChatState {
    const current = this.state.messagesBySession[message.sessionId] ?? [];
    const replaced = current.map((known) => (known.idClient === message.idClient ? message : known));
    return { ...this.state, messagesBySession: { ...this.state.messagesBySession, [message.sessionId]: replaced } };
  }

  private setHistory(state: ChatState, sessionId: string, status: 'loaded' | 'failed'): ChatState {
    return { ...state, historyBySession: { ...state.historyBySession, [sessionId]: status } };
  }

  /** The page fetched last decides whether "load earlier messages" is offered. */
  private setHasMore(state: ChatState, sessionId: string, hasMore: boolean): ChatState {
    return { ...state, hasMoreBySession: { ...state.hasMoreBySession, [sessionId]: hasMore } };
  }

  private setEarlier(state: ChatState, sessionId: string, status: EarlierStatus | undefined): ChatState {
    const earlierBySession = { ...state.earlierBySession };
    if (status) earlierBySession[sessionId] = status;
    else delete earlierBySession[sessionId];
    return { ...state, earlierBySession };
  }

  private update(next: ChatState): void {
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
    if (this.unreadReported === undefined) return;
    const total = totalUnread(next.sessions);
    if (total !== this.unreadReported) {
      this.unreadReported = total;
      this.hooks.onUnreadTotal?.(total);
    }
  }
}

function rememberedOf(upload: ChatUpload): RememberedUpload {
  return { sessionId: upload.sessionId, name: upload.name, size: upload.size ?? 0, lastModified: upload.lastModified ?? 0, type: upload.type ?? '', percentage: upload.percentage };
}
