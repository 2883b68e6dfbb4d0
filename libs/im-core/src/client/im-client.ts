import type { ConnectionState } from '../connection/connection-state';
import type { ImPush, KickedEvent } from '../connection/im-connection';
import type { LoginPortsChange } from '../connection/login-ports';
import type { LoginPortRecordValue } from '../protocol/records';
import { TypedEmitter } from '../connection/typed-emitter';
import { ImError, ImErrorName } from '../errors';
import type { MessageRecordValue } from '../protocol/records';
import { MESSAGE_PUSHES, MessagesService } from '../services/messages/messages-service';
import { Outbox, OUTBOX_MAX_WAIT_MS } from '../services/outbox';
import type { ServiceContext, ServiceEvents } from '../services/service-context';
import type { NotificationCounter } from '../model/session-state';
import type { MessageIgnoreCallback } from '../model/message-ignore';
import { SessionsService } from '../services/sessions/sessions-service';
import { FriendsService } from '../services/friends/friends-service';
import { RelationsService } from '../services/relations/relations-service';
import { SystemMessagesService } from '../services/system-messages/system-messages-service';
import { UsersService } from '../services/users/users-service';
import { TeamsService } from '../services/teams/teams-service';
import { SuperTeamsService } from '../services/super-teams/super-teams-service';
import { DocumentsService } from '../services/documents/documents-service';
import { SignallingService, type ImSignalEvent, type SignallingEvents } from '../services/signalling/signalling-service';
import { MsgExtendService } from '../services/msg-extend/msg-extend-service';
import { EventsService, type EventsEvents, type ImEvent } from '../services/events/events-service';
import { MessageTypeCode } from '../protocol/constants';
import { validateSyncTeamMembers } from '../validation/team-rules';
import { HistoryService, type HistoryEvents } from '../services/history/history-service';
import type { ImBroadcastMsg, RollbackOptions } from '../model/history-rules';
import type { ImRelationState } from '../model/relation-rules';
import type { ImFriend, ImMessage, ImMsgPin, ImQuickComment, ImSession, ImSysMsg, ImTeam, ImTeamMember, ImTeamMsgReceipt, ImUser } from '../store/entities';
import type { Store } from '../store/store';
import { SyncEngine, type SyncSummary } from '../sync/sync-engine';
import type { SyncNotification } from '../sync/sync-notification';
import type { ImConnectionPort } from './connection-port';
import { notReadyStore, openStore, type ImLogger, type StoreSource } from './store-opening';
import { limitStoreTasks } from './store-task-limit';
import { ChatroomEntry, type ChatroomEntryOptions } from './chatroom-entry';
import { ClientBackground, withDisconnectTimeout } from './client-background';
import type { ReporterPort } from '../background/reporter';
import type { Telemetry } from '../background/telemetry';
import { ClientAntispam } from '../background/antispam';
import { isAntispamProblem } from '../validation/antispam-rules';
import { resolveSyncOptions, SYNC_OPTION_NAMES, type SyncOptions } from '../sync/sync-options';

export interface ImClientEvents {
  state: (state: ConnectionState) => void;
  /** A new message from someone else or from this account on another device. */
  msg: (message: ImMessage) => void;
  /** An own message changed status (sending → success | fail), or went fail at sync start. */
  msgUpdate: (message: ImMessage) => void;
  /** Sessions that changed. */
  sessions: (sessions: ImSession[]) => void;
  /** My profile changed (updateMyInfo here or on another device). */
  myInfo: (user: ImUser) => void;
  /** Profiles fetched from the server. */
  users: (users: ImUser[]) => void;
  /** The friend list after a live change (the sync's own result comes as syncData `friends`). */
  friends: (change: { friends: ImFriend[]; removed: string[] }) => void;
  /** Blocklist and mutelist after a live change, one record per account with boolean flags. */
  relations: (relations: ImRelationState[]) => void;
  /** A new system message (friend request, custom system message). */
  sysMsg: (sysMsg: ImSysMsg) => void;
  /** A known system message changed: state (passed, rejected, error) or read. */
  updateSysMsg: (sysMsg: ImSysMsg) => void;
  /** Unread system messages per type (§3), after any change. */
  sysMsgUnread: (unreadByType: Record<string, number>) => void;
  /** Teams that changed live (a call here, a team notification); sync reports its own as syncData `teams`. */
  teams: (teams: ImTeam[]) => void;
  /** Super teams that changed live (a call here, a super team notification); sync reports its own as syncData `superTeams`. */
  superTeams: (teams: ImTeam[]) => void;
  /** Member rows of one team that changed live (invalid ones included); sync reports as syncData `teamMembers`. */
  teamMembers: (change: { teamId: string; members: ImTeamMember[] }) => void;
  /** New read/unread counts of my team messages (someone read them; teamMsgReceipt push). */
  teamMsgReceipts: (receipts: ImTeamMsgReceipt[]) => void;
  /** A quick comment added or removed on a message of one of my sessions, by someone else or my other device. */
  quickComment: (change: { idServer: string; sessionId: string; comment: ImQuickComment; deleted: boolean }) => void;
  /** A pin of one of my sessions added, changed or removed elsewhere. */
  msgPin: (change: { pin: ImMsgPin; deleted: boolean }) => void;
  /** The multi-port push setting (§3) changed: updatePushConfig here, another port's (syncPushConfig), or a sync. */
  pushConfig: (config: { shouldPushNotificationWhenPCOnline: boolean }) => void;
  /** Call signalling: an invitation (live or waiting since offline), accept, reject, cancel, join, leave, close, control (docs/im-signalling.md). */
  signalling: (event: ImSignalEvent) => void;
  /** An event of an account I subscribe to, or mine from another device (published with sync); one per event of an eventPush (docs/im-extend.md "Events"). */
  event: (event: ImEvent) => void;
  /** Messages deleted for self here or on another device of the account (live; sync reports them as syncData). */
  msgsDeletedSelf: (idClients: string[]) => void;
  /** A session's server history was cleared here or on another device (live). */
  sessionHistoryCleared: (session: ImSession) => void;
  /** Broadcast messages (§3), each reported once, live or by sync. */
  broadcastMsgs: (broadcastMsgs: ImBroadcastMsg[]) => void;
  /** Sync results, one per kind, in §4 order, before syncDone. */
  syncData: (notification: SyncNotification) => void;
  syncDone: (summary: SyncSummary) => void;
  /** SYNC_DATA_ERROR and message-handling errors (§8 custom errors); the client carries on. */
  error: (error: ImError) => void;
  /**
   * Kicked by the server or another port (§4), with the reason code and its §8 text. The
   * connection does not raise it for silentlyKick (a quiet reconnect); after it, no reconnect.
   */
  kicked: (event: KickedEvent) => void;
  /**
   * Multi-port login (§7 auth "multi-port login"): another port of this account logged in or out.
   * `ports` are the ones the server named, `loginPorts` every other port online after the change
   * (also readable as `client.loginPorts`).
   */
  multiPortLogin: (change: LoginPortsChange) => void;
  /**
   * Reconnecting ran out of attempts (§4 "notifies with code allAttemptsFailed"): the client stays
   * disconnected until `connect()` is called again.
   */
  allAttemptsFailed: (error: ImError) => void;
}

export interface ImClientCoreOptions extends RollbackOptions, SyncOptions {
  account: string;
  connection: ImConnectionPort;
  /** How chat-room sockets open and the IM token they log in with (docs/im-chatroom.md). */
  chatroom?: ChatroomEntryOptions;
  /** A Store, or a factory opened after login; a failing factory falls back to memory (§8 NO_DB). */
  store?: StoreSource;
  logger?: ImLogger;
  /** The app's say on whether an incoming notification counts as unread (§4 Session). */
  countNotification?: NotificationCounter;
  /**
   * §5: the app's ignore callback (NIM shouldIgnoreMsg), asked for every message from the server
   * (live, sync, history pages). true = ignored: not stored, no `msg`, its session untouched.
   * The client's own sends are not asked. A callback that throws keeps the message.
   */
  shouldIgnoreMsg?: MessageIgnoreCallback;
  /** §5: the notification-ignore callback (NIM shouldIgnoreNotification), asked for notification messages only; true = ignored as above. */
  shouldIgnoreNotification?: MessageIgnoreCallback;
  now?: () => number;
  createIdClient?: () => string;
  /**
   * The persistent outbox (default true, docs/im-outbox.md). false is the NIM behaviour: a send
   * that cannot go out fails at once, and every message still sending at sync start becomes fail.
   */
  outbox?: boolean;
  /** How long an outbox entry may wait before it ends as fail; default OUTBOX_MAX_WAIT_MS (1 h). */
  outboxMaxWaitMs?: number;
  /**
   * The reporter (§4 Reporter; docs/im-background.md): told of connection events, §8's 408/415/500,
   * the custom errors and upload failures. Without it nothing is reported.
   */
  reporter?: ReporterPort;
  /**
   * §5 Sync options come from SyncOptions (defaults in SYNC_OPTION_DEFAULTS; a value that is not a
   * boolean is a Param_Error). syncTeamMembers turned on later with setSyncOptions while teams are
   * stored throws 'sync team members api deprecated!'.
   */
  /**
   * The client anti-spam filter (§5; docs/im-background.md "Anti-spam filter"): with this app key the
   * client asks getClientAntispam after every login and checks outgoing text with the lexicon.
   */
  antispamAppKey?: string;
  /** Failed-location reports and the message-delay beacon (issue 30 §4; docs/im-background.md "Telemetry and probes"). */
  telemetry?: Telemetry;
}

/** The sync options an app may change after the client is made (§5 Sync options). */
export interface ImSyncOptionsUpdate {
  syncTeamMembers?: boolean;
}

const HISTORY_PUSHES = new Set<string>(['msgsDeletedSelf', 'sessionHistoryCleared', 'stickTopSessionUpdated', 'msgReceiptSent', 'broadcastMsg']);
const LIVE_PUSHES = new Set<string>([
  ...MESSAGE_PUSHES, ...HISTORY_PUSHES, 'sessionAck', 'msgReceipt', 'msgDeleted', 'sysMsg', 'friendUpdated', 'relationsUpdated', 'myInfoUpdated', 'teamMembersUpdated', 'teamMsgReceipt', 'superTeamSysMsg',
  'quickCommentUpdated', 'msgPinUpdated', 'signalingNotify', 'eventPush',
]);

function defaultIdClient(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return crypto?.randomUUID ? crypto.randomUUID().replace(/-/g, '') : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The IM client above the connection: opens the store after login, syncs after every login,
 * routes pushes to the services in arrival order (queued while a sync runs, §4) and exposes
 * the services. Build it with createImClient.
 */
export class ImClient extends TypedEmitter<ImClientEvents> {
  readonly messages: MessagesService;
  readonly sessions: SessionsService;
  readonly users: UsersService;
  readonly friends: FriendsService;
  readonly relations: RelationsService;
  readonly systemMessages: SystemMessagesService;
  /** Normal and advanced teams (docs/im-teams.md). */
  readonly teams: TeamsService;
  /** Super teams, up to 10,000 members (docs/im-super-teams.md). */
  readonly superTeams: SuperTeamsService;
  /** Quick comments, collects and pins (docs/im-extend.md). */
  readonly msgExtend: MsgExtendService;
  /** Document conversion and my document list (docs/im-upload.md "Documents"). */
  readonly documents: DocumentsService;
  /** Call signalling channels and invitations, no media (docs/im-signalling.md). */
  readonly signalling: SignallingService;
  /** Events: publish, subscribe, unsubscribe and query (docs/im-extend.md "Events"). */
  readonly events: EventsService;
  /** Delete for self, clear server history, server search; other devices' history changes and broadcasts. */
  readonly history: HistoryService;
  /** Chat rooms: address lookup on this connection, each room on its own socket (docs/im-chatroom.md). */
  readonly chatrooms: ChatroomEntry;
  /** The CDN host and the reporter (docs/im-background.md). */
  private readonly background: ClientBackground;
  private readonly outbox: Outbox;
  private store: Store | undefined;
  /** Created once the store is open (first login). */
  private sync: SyncEngine | undefined;
  private readonly queuedDuringSync: ImPush[] = [];
  private pushChain: Promise<void> = Promise.resolve();
  private hasLoggedIn = false;
  private currentSync: Promise<void> | undefined;
  /** A login happened while a sync ran (it may have failed on the old socket): sync once more after it. */
  private resyncAfterCurrent = false;
  private readonly unsubscribes: (() => void)[] = [];
  private readonly logger: ImLogger;
  private syncTeamMembersOn: boolean;
  /** §5 sync options as resolved at construction (defaults applied, each checked to be a boolean). */
  private readonly syncOptions: Required<SyncOptions>;
  private otherPorts: LoginPortRecordValue[] = [];
  /** The client anti-spam filter (§5), when `antispamAppKey` is set. */
  readonly antispam: ClientAntispam | undefined;

  constructor(private readonly options: ImClientCoreOptions) {
    super();
    this.logger = options.logger ?? console;
    const context: ServiceContext = {
      account: options.account,
      connection: options.connection,
      store: () => this.store ?? notReadyStore(),
      now: options.now ?? Date.now,
      createIdClient: options.createIdClient ?? defaultIdClient,
      countNotification: options.countNotification,
      shouldIgnoreMsg: options.shouldIgnoreMsg,
      shouldIgnoreNotification: options.shouldIgnoreNotification,
      emit: <E extends keyof ServiceEvents>(event: E, payload: ServiceEvents[E]) => this.emitServiceEvent(event, payload),
      filterOutgoingText: (text) => {
        const verdict = this.antispam?.filter(text);
        return verdict && !isAntispamProblem(verdict) ? verdict : undefined;
      },
    };
    this.antispam = options.antispamAppKey
      ? new ClientAntispam({ appKey: options.antispamAppKey, fetchLexicon: (md5) => options.connection.request('getClientAntispam', { md5 }) })
      : undefined;
    this.outbox = new Outbox(context, {
      enabled: options.outbox !== false,
      maxWaitMs: options.outboxMaxWaitMs ?? OUTBOX_MAX_WAIT_MS,
      // Unref'd in Node: an outbox deadline (an hour by default) must not keep a process, or a test run, alive on its own.
      setTimer: (callback, ms) => {
        const timer = setTimeout(callback, ms);
        (timer as { unref?: () => void }).unref?.();
        return timer;
      },
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    });
    this.messages = new MessagesService(context, this.outbox);
    this.sessions = new SessionsService(context);
    this.users = new UsersService(context);
    this.relations = new RelationsService(context);
    this.systemMessages = new SystemMessagesService(context);
    this.friends = new FriendsService(context, this.systemMessages);
    this.teams = new TeamsService(context, this.systemMessages, this.messages, this.logger);
    this.superTeams = new SuperTeamsService(context, this.systemMessages, this.messages);
    this.msgExtend = new MsgExtendService(context, this.outbox);
    this.documents = new DocumentsService(context);
    this.signalling = new SignallingService(context, <E extends keyof SignallingEvents>(event: E, payload: SignallingEvents[E]) =>
      (this.emit as (name: E, value: SignallingEvents[E]) => void)(event, payload),
    );
    this.events = new EventsService(context, <E extends keyof EventsEvents>(event: E, payload: EventsEvents[E]) =>
      (this.emit as (name: E, value: EventsEvents[E]) => void)(event, payload),
    );
    this.syncOptions = resolveSyncOptions(Object.fromEntries(SYNC_OPTION_NAMES.map((name) => [name, options[name]])));
    this.syncTeamMembersOn = this.syncOptions.syncTeamMembers;
    const rollback: RollbackOptions = { rollbackClearMsgsUnread: options.rollbackClearMsgsUnread, rollbackDelMsgUnread: options.rollbackDelMsgUnread };
    this.history = new HistoryService(context, rollback, <E extends keyof HistoryEvents>(event: E, payload: HistoryEvents[E]) =>
      (this.emit as (name: E, value: HistoryEvents[E]) => void)(event, payload),
    );
    this.chatrooms = new ChatroomEntry(options.connection, options.account, options.chatroom ?? {}, context.createIdClient);
    const connection = options.connection;
    this.background = new ClientBackground(connection, options.reporter, this.logger, options.telemetry);
    this.on('msg', (message) => this.background.messageReceived(message));
    // §8: the connection's custom errors (408/415/500 answers, missed heartbeats, bad frames) reach the
    // app's `error` event; the reporter hears every error the client raises.
    this.on('error', (error) => this.background.reportError(error));
    this.unsubscribes.push(
      connection.on('error', (error) => this.emit('error', error)),
      connection.on('state', (state) => this.emit('state', state)),
      connection.on('loggedIn', (result) => {
        this.otherPorts = result.loginPorts;
        this.onLoggedIn();
      }),
      connection.on('loginPorts', (change) => {
        this.otherPorts = change.loginPorts;
        this.emit('multiPortLogin', change);
      }),
      connection.on('push', (push) => this.onPush(push)),
      connection.on('kicked', (info) => this.emit('kicked', info)),
      connection.on('allAttemptsFailed', (error) => this.emit('allAttemptsFailed', error)),
      connection.on('disconnected', (event) => {
        this.outbox.pause();
        this.sync?.abortRound(event.error ?? new ImError(ImErrorName.Error_Internet_Disconnected, 'disconnected'));
      }),
    );
  }

  /** A file URL as the app should load it: through the CDN when getNosCdnHost named one (§4, §9). */
  fileUrl(url: string): string {
    return this.background.cdnHost.fileUrl(url);
  }

  /** Tells the reporter of an upload that failed (an app's FileUploader `onFailure`). */
  reportUploadFailure(error: ImError): void {
    this.background.reportError(error);
  }

  /** The account's other logged-in ports (§4 "reports other logged-in ports"), kept through every multiPortLogin. */
  get loginPorts(): readonly LoginPortRecordValue[] {
    return this.otherPorts;
  }

  /**
   * Kicks other ports of this account by connection id (§7 auth "kick"); they are told reason
   * otherPlatform (3) and do not reconnect. Ids that are not another port of this account are
   * ignored. Resolves with the connection ids the server kicked.
   */
  async kick(connectionIds: readonly string[]): Promise<string[]> {
    if (!Array.isArray(connectionIds) || connectionIds.length === 0 || connectionIds.some((id) => typeof id !== 'string' || id === '')) {
      throw new ImError(ImErrorName.Param_Error, 'kick needs one or more connection ids', { code: 414 });
    }
    const answer = await this.options.connection.request('kick', { connectionIds: [...connectionIds] });
    return answer.connectionIds ?? [];
  }

  /** The store in use after the first login (IndexedDB, memory, or the fallback memory store). */
  get localStore(): Store | undefined {
    return this.store;
  }

  /**
   * Changes sync options after the client is made (§5 Sync options). Turning syncTeamMembers on
   * while teams are stored throws 'sync team members api deprecated!' (Param_Error) and changes nothing.
   */
  async setSyncOptions(update: ImSyncOptionsUpdate): Promise<void> {
    if (update.syncTeamMembers === undefined) return;
    if (typeof update.syncTeamMembers !== 'boolean') throw new ImError(ImErrorName.Param_Error, 'syncTeamMembers must be a boolean', { code: 414 });
    const storedTeams = this.store ? (await this.store.getTeams()).length : 0;
    validateSyncTeamMembers(update.syncTeamMembers && !this.syncTeamMembersOn, storedTeams);
    this.syncTeamMembersOn = update.syncTeamMembers;
  }

  /** Logs in, opens the store, then runs the first sync; resolves when syncDone was notified. */
  async connect(): Promise<void> {
    await this.options.connection.connect();
    await this.afterLogin();
  }

  /** Logs out; no reconnect follows (§4). The store stays open for reading until destroy. */
  async logout(): Promise<void> {
    const connection = this.options.connection;
    const steps = (async () => {
      // Acks still in their 500 ms window go out before the socket closes.
      await this.sessions.readAcks.flush();
      await connection.logout();
    })();
    // §9: the caller hears back within 10 s even when the acks or the server hang; the socket closes anyway.
    await withDisconnectTimeout(steps, () => void connection.logout().catch(() => undefined));
  }

  /** Ends the connection and closes the store; the client cannot be used again. */
  async destroy(): Promise<void> {
    this.unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe());
    this.background.stop();
    this.outbox.stop();
    this.sessions.readAcks.dispose();
    this.options.connection.destroy();
    await this.outbox.idle();
    await this.pushChain;
    await this.store?.close();
    this.removeAllListeners();
  }

  private emitServiceEvent<E extends keyof ServiceEvents>(event: E, payload: ServiceEvents[E]): void {
    // Every service event has a client event of the same name and payload.
    (this.emit as (name: E, value: ServiceEvents[E]) => void)(event, payload);
  }

  private onLoggedIn(): void {
    // A reconnect logs in again without connect(): sync what was missed (§4 start-up).
    if (!this.hasLoggedIn) return;
    if (this.currentSync) this.resyncAfterCurrent = true;
    else void this.afterLogin();
  }

  private async afterLogin(): Promise<void> {
    if (this.currentSync) return this.currentSync;
    // The anti-spam lexicon (§7 getClientAntispam) beside the sync; until it is there, text goes unfiltered (the server checks it anyway).
    if (this.antispam) {
      this.antispam.refresh().then(
        (lexicon) => {
          if (isAntispamProblem(lexicon) && lexicon.code !== 404) this.logger.warn(`anti-spam lexicon refused: ${lexicon.message}`);
        },
        (error: unknown) => this.logger.warn(`anti-spam lexicon not loaded: ${String(error)}`),
      );
    }
    this.currentSync = (async () => {
      const sync = this.sync ?? (this.sync = await this.createSyncEngine());
      this.hasLoggedIn = true;
      try {
        const summary = await sync.run();
        this.emit('syncDone', summary);
      } catch (error) {
        this.emit('error', error instanceof ImError ? error : new ImError(ImErrorName.SYNC_DATA_ERROR, String(error), { cause: error }));
      } finally {
        // After the sync (done or given up): what waits in the outbox goes out, in order (docs/im-outbox.md).
        this.outbox.resume();
        this.currentSync = undefined;
        this.drainQueue();
        if (this.resyncAfterCurrent) {
          this.resyncAfterCurrent = false;
          void this.afterLogin();
        }
      }
    })();
    return this.currentSync;
  }

  private async createSyncEngine(): Promise<SyncEngine> {
    // §9 database task concurrency 100: the client's calls into the store go through a gate.
    const store = limitStoreTasks(await openStore(this.options.store, this.logger)).store;
    this.store = store;
    return new SyncEngine({
      connection: this.options.connection,
      store,
      account: this.options.account,
      countNotification: this.options.countNotification,
      shouldIgnoreMsg: this.options.shouldIgnoreMsg,
      shouldIgnoreNotification: this.options.shouldIgnoreNotification,
      rollbackClearMsgsUnread: this.options.rollbackClearMsgsUnread,
      rollbackDelMsgUnread: this.options.rollbackDelMsgUnread,
      notify: (notification) => {
        this.emit('syncData', notification);
        if (notification.kind === 'broadcastMsgs') this.emit('broadcastMsgs', notification.broadcastMsgs);
        // The session list after the merge (contract 0001 `sessions`), so apps need not re-read it.
        if (notification.kind === 'sessions') this.emit('sessions', notification.sessions);
        if (notification.kind === 'pushConfig') this.emit('pushConfig', { shouldPushNotificationWhenPCOnline: notification.shouldPushNotificationWhenPCOnline });
        // donnop is stored by the merge itself, in the batch with the data and the cursor.
      },
      failSendingAtStart: () => this.outbox.failAtSyncStart(),
      syncOptions: this.syncOptions,
      syncTeamMembers: () => this.syncTeamMembersOn,
      teamMembersConnection: this.options.connection,
      superTeamMembersConnection: this.options.connection,
      onTeamMembersError: (error) => this.emit('error', error),
    });
  }

  private onPush(push: ImPush): void {
    // syncPushConfig is also a live push (another port's updatePushConfig): outside a sync round it
    // is handled here, like the other live pushes; inside one it is part of the round's data.
    if (push.name === 'syncPushConfig' && !this.sync?.inRound) {
      if (!this.sync || this.sync.isSyncing) this.queuedDuringSync.push(push);
      else this.enqueue(push);
      return;
    }
    if (this.sync?.handlePush(push)) return;
    if (!LIVE_PUSHES.has(push.name)) return;
    if (!this.sync || this.sync.isSyncing) {
      // §4: messages arriving during sync are queued and processed afterwards.
      this.queuedDuringSync.push(push);
      return;
    }
    this.enqueue(push);
  }

  private drainQueue(): void {
    for (const push of this.queuedDuringSync.splice(0)) this.enqueue(push);
  }

  /** One push at a time, in arrival order, so sessions see messages in order. */
  private enqueue(push: ImPush): void {
    this.pushChain = this.pushChain.then(() => this.handleLivePush(push)).catch((error: unknown) => {
      this.logger.error(`handling ${push.name} failed`, error);
      this.emit('error', error instanceof ImError ? error : new ImError(ImErrorName.Param_Error, `message handling failed: ${String(error)}`, { cause: error }));
    });
  }

  private async handleLivePush(push: ImPush): Promise<void> {
    if (push.name === 'sessionAck') {
      await this.sessions.receiveAck(push.body);
    } else if (push.name === 'msgReceipt') {
      await this.sessions.receiveReceipt(push.body);
    } else if (push.name === 'msgDeleted') {
      // A recall (issue 31): the stored copy becomes the placeholder, its session follows §4.
      if (this.store) await this.messages.receiveRecall(push.body.deleted);
    } else if (HISTORY_PUSHES.has(push.name)) {
      await this.handleHistoryPush(push);
    } else if (push.name === 'sysMsg' || push.name === 'superTeamSysMsg') {
      await this.systemMessages.receive(push.body.sysMsg);
    } else if (push.name === 'friendUpdated') {
      await this.friends.receiveUpdate(push.body);
    } else if (push.name === 'relationsUpdated') {
      await this.relations.receiveUpdate(push.body);
    } else if (push.name === 'myInfoUpdated') {
      await this.users.receiveMyInfo(push.body.user);
    } else if (push.name === 'syncPushConfig') {
      await this.users.receivePushConfig(push.body);
    } else if (push.name === 'teamMembersUpdated') {
      await this.teams.receiveMembersUpdated(push.body);
    } else if (push.name === 'teamMsgReceipt') {
      this.teams.receipts.receive(push.body);
    } else if (push.name === 'quickCommentUpdated') {
      this.msgExtend.receiveQuickComment(push.body);
    } else if (push.name === 'msgPinUpdated') {
      this.msgExtend.receiveMsgPin(push.body);
    } else if (push.name === 'signalingNotify') {
      this.signalling.receive(push.body);
    } else if (push.name === 'eventPush') {
      this.events.receive(push.body);
    } else if (MESSAGE_PUSHES.has(push.name)) {
      const record = (push.body as { msg?: MessageRecordValue }).msg;
      await this.messages.receive(push.name, record);
      // A team event (the server's notification message, §3): the team and its members are read again.
      if (push.name === 'teamMsg' && record?.type === MessageTypeCode.notification && record.to) await this.teams.refreshAfterNotification(record.to, record.attach);
      if (push.name === 'superTeamMsg' && record?.type === MessageTypeCode.notification && record.to) await this.superTeams.refreshAfterNotification(record.to);
    }
  }

  /** Pushes of history-service.ts: the account's other devices, and broadcasts. */
  private async handleHistoryPush(push: ImPush): Promise<void> {
    if (push.name === 'msgsDeletedSelf') await this.history.receiveDeletedSelf(push.body);
    else if (push.name === 'sessionHistoryCleared') await this.history.receiveHistoryCleared(push.body);
    else if (push.name === 'stickTopSessionUpdated') await this.history.receiveStickTop(push.body);
    else if (push.name === 'msgReceiptSent') await this.history.receiveReceiptSent(push.body);
    else if (push.name === 'broadcastMsg') await this.history.receiveBroadcast(push.body);
  }
}
