import { ImConnection, type ImConnectionOptions } from '../connection/im-connection';
import type { NotificationCounter } from '../model/session-state';
import type { MessageIgnoreCallback } from '../model/message-ignore';
import type { ImConnectionPort } from './connection-port';
import { ImClient } from './im-client';
import type { ImLogger, StoreSource } from './store-opening';
import { createClientReporter, createClientTelemetry, type ImReporterSettings, type ImTelemetrySettings } from './client-background';
import type { ReporterPort } from '../background/reporter';
import type { SyncOptions } from '../sync/sync-options';

/** The §5 sync options (SyncOptions: twelve booleans, their defaults in SYNC_OPTION_DEFAULTS) sit beside the connection's. */
export interface ImClientOptions extends ImConnectionOptions, SyncOptions {
  /**
   * A Store, or a factory opened after login (e.g. `() => IndexedDbStore.open(...)`). Default:
   * MemoryStore. A factory that fails is logged as NO_DB and replaced by a MemoryStore (§8).
   */
  store?: StoreSource;
  logger?: ImLogger;
  countNotification?: NotificationCounter;
  /** §5 ignore callback: true = the message from the server is not stored, not raised, not counted (see ImClientCoreOptions). */
  shouldIgnoreMsg?: MessageIgnoreCallback;
  /** §5 notification-ignore callback, asked for notification messages only. */
  shouldIgnoreNotification?: MessageIgnoreCallback;
  createIdClient?: () => string;
  /** Another connection (tests: FakeConnection); the connection options are then unused. */
  connection?: ImConnectionPort;
  /** The persistent outbox, default true (docs/im-outbox.md); false = NIM behaviour. */
  outbox?: boolean;
  /** Outbox time limit in ms; default 1 h (OUTBOX_MAX_WAIT_MS). */
  outboxMaxWaitMs?: number;
  /** §5: clearing server history sets the session's unread to what is left (default true). */
  rollbackClearMsgsUnread?: boolean;
  /** §5: deleting a message for self takes it off the unread count (default false). */
  rollbackDelMsgUnread?: boolean;
  /**
   * The reporter (§4 Reporter; docs/im-background.md): the statistics dispatcher and report URLs, or a
   * reporter of the app's own. Without it nothing is reported.
   */
  reporter?: ImReporterSettings | ReporterPort;
  /** The client anti-spam filter (§5, getClientAntispam after each login) for this connection's app key; default false. */
  clientAntispam?: boolean;
  /**
   * Failed-location reports and the message-delay beacon (issue 30 §4; docs/im-background.md "Telemetry
   * and probes"). The network probes are the connection option `networkTypeProbe`.
   */
  telemetry?: ImTelemetrySettings;
}

/**
 * Creates the IM client of docs/decisions/0001: `connect()`, `logout()`, `destroy()`, events
 * msg / msgUpdate / sessions / state / syncData / syncDone / error / kicked, and the services
 * `messages.sendText/list/resend/deleteLocal` and `sessions.list/markRead/delete`.
 */
export function createImClient(options: ImClientOptions): ImClient {
  const {
    store, logger, countNotification, shouldIgnoreMsg, shouldIgnoreNotification, createIdClient, connection, outbox, outboxMaxWaitMs, rollbackClearMsgsUnread,
    rollbackDelMsgUnread, reporter, clientAntispam, telemetry,
    syncRelations, syncFriends, syncFriendUsers, syncTeams, syncSuperTeams, syncRoamingMsgs, syncSuperTeamRoamingMsgs, syncMsgReceipts,
    syncExtraTeamInfo, syncFilter, syncTeamMembers, syncSuperTeamMembers, ...connectionOptions
  } = options;
  // §5 Sync options, checked (booleans) and defaulted by ImClient.
  const syncOptions: SyncOptions = {
    syncRelations, syncFriends, syncFriendUsers, syncTeams, syncSuperTeams, syncRoamingMsgs, syncSuperTeamRoamingMsgs, syncMsgReceipts,
    syncExtraTeamInfo, syncFilter, syncTeamMembers, syncSuperTeamMembers,
  };
  return new ImClient({
    account: options.account,
    connection: connection ?? new ImConnection(connectionOptions),
    store,
    logger,
    countNotification,
    shouldIgnoreMsg,
    shouldIgnoreNotification,
    createIdClient,
    now: options.now,
    outbox,
    outboxMaxWaitMs,
    rollbackClearMsgsUnread,
    rollbackDelMsgUnread,
    ...syncOptions,
    reporter: reporter && ('report' in reporter ? reporter : createClientReporter(reporter, options)),
    antispamAppKey: clientAntispam ? options.appKey : undefined,
    telemetry: telemetry && createClientTelemetry(telemetry, options),
    // A chat room opens its own socket like the IM connection does and logs in with the same token.
    chatroom: {
      WebSocketImpl: options.WebSocketImpl, fetch: options.fetch, transports: options.transports, timing: options.timing, timers: options.timers, now: options.now,
      token: options.token, getToken: options.getToken,
      // A lost chat-room socket logs in again with the IM connection's reconnect settings (§9).
      reconnectionAttempts: options.needReconnect === false ? 0 : options.reconnectionAttempts, random: options.random,
    },
  });
}
