import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import type { WebSocketServer } from 'ws';
import { resolveConfig, type ImServerConfig } from './config';
import { openImStore, type ImStore } from './db/database';
import { createMessageClock, MessageService } from './domain/msg/message-service';
import { SessionService } from './domain/session/session-service';
import { FriendService } from './domain/friend/friend-service';
import { RelationService } from './domain/relation/relation-service';
import { SysMsgService } from './domain/system-msg/sys-msg-service';
import { SyncService } from './domain/sync/sync-service';
import { UserService } from './domain/user/user-service';
import { HistoryService } from './domain/history/history-service';
import { RecallService } from './domain/history/recall-service';
import { SessionSyncService } from './domain/history/session-sync';
import { BroadcastService, type BroadcastMsg } from './domain/broadcast/broadcast-service';
import { TeamService } from './domain/team/team-service';
import { TeamMessageService } from './domain/team/team-msg-service';
import { SuperTeamService, type CreateSuperTeamInput } from './domain/super-team/super-team-service';
import type { SuperTeamChange } from './domain/super-team/super-team-change';
import { MsgExtendService } from './domain/extend/msg-extend-service';
import { EventService } from './domain/extend/event-service';
import { SignalService } from './domain/signal/signal-service';
import { PushService, type QueuedPush } from './domain/push/push-service';
import { ChatroomService, type CreateChatroomInput } from './domain/chatroom/chatroom-service';
import { ChatroomQueue } from './domain/chatroom/chatroom-queue';
import type { ChatroomRow } from './domain/chatroom/chatroom-tables';
import { ImGateway } from './gateway/gateway';
import { registerLongPollingTransport } from './gateway/long-polling-transport';
import { attachWebSocketTransport, WEBSOCKET_PATH } from './gateway/websocket-transport';
import { lbsUrlOfWsLink, registerLbsRoute } from './lbs/lbs-route';
import { LocalRouter } from './routing/local-router';
import { RedisRouter } from './routing/redis-router';
import type { Router } from './routing/router';
import { LocalFolderObjectStore } from './upload/object-store';
import { registerUploadRoutes } from './upload/upload-routes';
import { registerChatroomRoutes } from './gateway/chatroom-routes';
import { refuseNulTextOverHttp } from './gateway/nul-text';
import { S3ObjectStore } from './upload/s3-object-store';
import { UploadService } from './upload/upload-service';
import { startUploadSweeper } from './upload/upload-sweeper';
import { startExpirySweeper } from './domain/extend/expiry-sweeper';
import { DocumentService } from './upload/documents/document-service';
import { seedImDemo } from './demo/demo-seed';
import { registerReporterRoutes } from './stats/reporter-routes';
import { registerTelemetryRoutes, STATS_LBS_FAILURE_PATH, STATS_MSG_DELAY_PATH } from './stats/telemetry-routes';
import { DEFAULT_LBS_FAILURE_THROTTLE_MS, startTelemetrySweep, TelemetryService } from './domain/stats/telemetry';
import { ReporterEventService, startReporterSweep, type ReportKindName, type StoredReporterEvent } from './domain/stats/reporter-events';
import { AntispamService } from './domain/antispam/antispam-service';
import { SdkLogService } from './upload/sdk-logs/sdk-log-service';
import { registerOperatorRoutes } from './operator/operator-routes';
import { kickByOperator } from './gateway/port-handlers';

export type { ImServerConfig } from './config';

export interface ImServer {
  app: FastifyInstance;
  /** Opens the database (running migrations), connects routing and starts listening. */
  listen(): Promise<{ url: string }>;
  close(): Promise<void>;
  /**
   * Stores a broadcast message for every account and pushes it (broadcastMsg) to every logged-in
   * port on every node; accounts offline or created later get it by sync (docs/protocol.md).
   */
  broadcast(body: string, from?: string): Promise<BroadcastMsg>;
  /**
   * Creates a chat room whose owner is `creator` (the spec shows no create command: rooms are made
   * by the operator or a back end through this, docs/im-chatroom.md "Creating rooms"). 417 if the id exists.
   */
  createChatroom(input: CreateChatroomInput): Promise<ChatroomRow>;
  /**
   * Creates a super team owned by `input.owner` with `input.members` in it (the spec shows no create
   * command: the operator's back end makes them through this, docs/im-super-teams.md).
   */
  createSuperTeam(input: CreateSuperTeamInput): Promise<SuperTeamChange>;
  /** The reporter's stored events, newest first (the operator's view; docs/im-background.md "Reporter"). */
  reporterEvents(filter?: { account?: string; kind?: ReportKindName; limit?: number }): Promise<StoredReporterEvent[]>;
  /**
   * The offline-push outbox of `account` (docs/protocol.md "Push settings"): what a vendor relay would
   * send, oldest first; unsent rows unless `all`. The relay itself reads and marks im_push_outbox.
   */
  pushOutbox(account: string, options?: { all?: boolean }): Promise<QueuedPush[]>;
}

interface Running {
  store: ImStore;
  router: Router;
  gateway: ImGateway;
  wss: WebSocketServer;
  broadcasts: BroadcastService;
  chatrooms: ChatroomService;
  superTeams: SuperTeamService;
  uploads: UploadService;
  documents: DocumentService;
  reporterEvents: ReporterEventService;
  telemetry: TelemetryService;
  stopSweeper: () => Promise<void>;
  antispam: AntispamService;
  sdkLogs: SdkLogService;
  push: PushService;
}

/**
 * The IM server: GET /lbs, WebSocket at /ws, long-polling at /lp, GET /healthz
 * (docs/decisions/0001-workspace-contracts.md).
 */
export function createImServer(input: ImServerConfig = {}): ImServer {
  const config = resolveConfig(input);
  const nodeId = config.nodeId ?? randomUUID();
  // On close every socket is destroyed once clients had their close frames (a keep-alive socket
  // left by a client must not hold a restart on the same port).
  const app = Fastify({ logger: config.logger, bodyLimit: 1024 * 1024, forceCloseConnections: true });
  let running: Running | undefined;
  let listeningUrl = '';
  const lbsFailureThrottleMs = config.telemetry.lbsFailureThrottleMs ?? DEFAULT_LBS_FAILURE_THROTTLE_MS;

  const gatewayOrUnavailable = () => {
    if (!running) throw Object.assign(new Error('im-server is starting'), { statusCode: 503 });
    return running.gateway;
  };

  // The chat frame calls /lbs and /lp from its own origin. No cookies are involved (the IM token
  // travels inside frames), so any origin may call them.
  void app.register(cors, { origin: '*', methods: ['GET', 'POST'] });
  // U+0000 in a query, a path or a JSON body: refused before any route (issue 34 §4), as the gateway does for commands.
  refuseNulTextOverHttp(app);

  app.get('/healthz', async () => {
    const memory = process.memoryUsage();
    return {
      status: running ? 'ok' : 'starting',
      nodeId,
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      database: running?.store.kind ?? null,
      routing: config.redisUrl ? 'redis' : 'local',
      ...(running ? running.gateway.stats() : { connections: 0, loggedIn: 0, accounts: 0 }),
    };
  });

  registerLbsRoute(
    app,
    {
      publicWsUrl: () => config.publicWsUrl ?? listeningUrl.replace(/^http/, 'ws') + WEBSOCKET_PATH,
      backupLinks: () => (config.lbsBackupUrls.length > 0 ? config.lbsBackupUrls : [`${listeningUrl}/lbs`]),
      ownLbsUrls: () => [`${listeningUrl}/lbs`, ...(config.publicWsUrl ? [lbsUrlOfWsLink(config.publicWsUrl, WEBSOCKET_PATH)] : [])],
      uploadEdges: () => [`${listeningUrl}/nos`],
      // common.report (docs/im-background.md "Telemetry and probes").
      telemetry: () => ({
        msgStatEnable: config.telemetry.msgStatEnable === true,
        report: { lbsFailureUrl: `${listeningUrl}${STATS_LBS_FAILURE_PATH}`, msgDelayUrl: `${listeningUrl}${STATS_MSG_DELAY_PATH}`, throttleMs: lbsFailureThrottleMs },
      }),
    },
    config.appKey,
  );
  // The reporter's statistics dispatcher and report endpoint (stats/reporter-routes.ts, docs/im-background.md).
  registerReporterRoutes(
    app,
    () => {
      if (!running) throw Object.assign(new Error('im-server is starting'), { statusCode: 503 });
      return running.reporterEvents;
    },
    { appKey: config.appKey, dispatch: () => config.reporter },
  );
  // Failed-location reports, message-delay beacons and the network probes (stats/telemetry-routes.ts).
  registerTelemetryRoutes(
    app,
    () => {
      if (!running) throw Object.assign(new Error('im-server is starting'), { statusCode: 503 });
      return running.telemetry;
    },
    { appKey: config.appKey },
  );
  const closeLongPolling = registerLongPollingTransport(app, gatewayOrUnavailable, config.longPollWaitMs);
  // Chat files (issue 13): a folder beside the database by default (docs/im-upload.md "Server").
  const objectStore = config.s3 ? new S3ObjectStore(config.s3) : new LocalFolderObjectStore(config.objectDir);
  registerUploadRoutes(
    app,
    () => {
      if (!running) throw Object.assign(new Error('im-server is starting'), { statusCode: 503 });
      return running.uploads;
    },
    () => objectStore,
    () => [`${listeningUrl}/nos`],
  );

  // Chat rooms are created over HTTP by an account with an IM token (docs/im-chatroom.md "Creating rooms").
  registerChatroomRoutes(
    app,
    () => {
      if (!running) throw Object.assign(new Error('im-server is starting'), { statusCode: 503 });
      return running.chatrooms;
    },
    { appKey: config.appKey, tokenSecret: config.tokenSecret, now: config.now ?? Date.now },
  );

  // The operator's lexicon and debug-log endpoints (operator/operator-routes.ts, docs/im-background.md).
  registerOperatorRoutes(
    app,
    () => {
      if (!running) throw Object.assign(new Error('im-server is starting'), { statusCode: 503 });
      const router = running.router;
      return { antispam: running.antispam, sdkLogs: running.sdkLogs, telemetry: running.telemetry, kickPorts: (account: string, connectionId?: string) => kickByOperator(router, account, connectionId) };
    },
    { operatorKey: config.operatorKey, production: config.production, appKey: config.appKey, now: config.now },
  );

  async function start(): Promise<Running> {
    // A misconfigured S3 store fails the start with its reason, not the first upload.
    if (objectStore instanceof S3ObjectStore) await objectStore.check();
    const store = await openImStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    let router: Router;
    try {
      router = config.redisUrl ? await RedisRouter.connect(config.redisUrl, nodeId) : new LocalRouter(nodeId);
    } catch (error) {
      await store.close();
      throw error;
    }
    const users = new UserService(store.db);
    // The anti-spam lexicon and the server's filter on every text (docs/im-background.md "Anti-spam filter").
    const antispam = new AntispamService(store.db, config.appKey, config.now ?? Date.now, config.antispamCacheMs);
    const messages = new MessageService(store.db, createMessageClock(config.now), { mode: config.writeMode, maxBatch: config.writeBatchMax, inFlight: config.writesInFlight }, antispam);
    const sessions = new SessionService(store.db);
    const sync = new SyncService(store.db, users, sessions, messages, config.syncPageSize);
    const friends = new FriendService(store.db);
    const relations = new RelationService(store.db);
    const sysMsgs = new SysMsgService(store.db);
    const history = new HistoryService(store.db, config.now);
    const recall = new RecallService(store.db, config.recallWindowMs, config.now);
    const sessionSync = new SessionSyncService(store.db);
    const broadcasts = new BroadcastService(store.db, config.now);
    const teams = new TeamService(store.db, config.now);
    const superTeams = new SuperTeamService(store.db, config.now, createMessageClock(config.now));
    const teamMessages = new TeamMessageService(store.db, createMessageClock(config.now), {
      afterPush: config.teamFanoutAfterPush,
      onError: (err, teamId) => app.log.error({ err, teamId }, 'team fan-out failed; it stays queued'),
    }, antispam);
    const documents = new DocumentService(store.db, objectStore, config.now ?? Date.now, () => `${listeningUrl}/nos`, app.log);
    const uploads = new UploadService(store.db, objectStore, config.tokenSecret, config.now, () => `${listeningUrl}/nos`, documents);
    const sdkLogs = new SdkLogService(store.db, objectStore, config.appKey, config.now ?? Date.now);
    const msgExtend = new MsgExtendService(store.db, config.now);
    const events = new EventService(store.db, config.now);
    const signalling = new SignalService(store.db, config.now);
    const push = new PushService(store.db, config.now);
    // A chat-room connection opens the same WebSocket endpoint as the IM connection (docs/im-chatroom.md).
    const chatrooms = new ChatroomService(store.db, config.now, () => [config.publicWsUrl ?? listeningUrl.replace(/^http/, 'ws') + WEBSOCKET_PATH]);
    const chatroomQueue = new ChatroomQueue(chatrooms);
    // getNosCdnHost (§7, §9; docs/im-background.md "CDN host"): the CDN in front of /nos, when one is configured.
    const cdnHost = () => {
      const cdn = typeof config.cdn === 'function' ? config.cdn() : config.cdn;
      return { cdnDomain: cdn.domain, objectNamePrefix: cdn.domain ? `${listeningUrl}/nos/` : '', expire: cdn.domain ? cdn.expire : 0 };
    };
    const gateway = new ImGateway(
      { cdnHost, grayscaleConfig: () => config.grayscaleConfig, users, messages, sessions, sync, friends, relations, sysMsgs, history, recall, sessionSync, broadcasts, teams, teamMessages, superTeams, uploads, documents, msgExtend, events, signalling, chatrooms, chatroomQueue, antispam, sdkLogs, push },
      router,
      {
        appKey: config.appKey,
        tokenSecret: config.tokenSecret,
        idleTimeoutMs: config.idleTimeoutMs,
        loginTimeoutMs: config.loginTimeoutMs,
        rateRules: config.rateRules,
        maxMalformedFrames: config.maxMalformedFrames,
        maxBufferedBytes: config.maxBufferedBytes,
      },
      app.log,
    );
    const wss = attachWebSocketTransport(app.server, gateway, () => running !== undefined);
    const stopUploadSweeper = startUploadSweeper(uploads, config.uploadSweepIntervalMs, app.log);
    // Reporter events past their retention (domain/stats/reporter-events.ts).
    const reporterEvents = new ReporterEventService(store.db, config.now ?? Date.now);
    const stopReporterSweep = startReporterSweep(reporterEvents, config.reporterRetentionMs, config.reporterSweepIntervalMs, app.log);
    // Failed-location reports and beacons, kept as long as reporter events (domain/stats/telemetry.ts).
    const telemetry = new TelemetryService(store.db, config.appKey, config.now ?? Date.now, () => lbsFailureThrottleMs);
    const stopTelemetrySweep = startTelemetrySweep(telemetry, config.reporterRetentionMs, config.reporterSweepIntervalMs, app.log);
    // Team fan-outs a crash or a stopped node left queued (docs/im-server-writes.md "Team messages").
    teamMessages.fanout.start(config.teamFanoutSweepMs);
    // Expired events, subscriptions and signalling channels (domain/extend/expiry-sweeper.ts).
    const stopExpirySweeper = startExpirySweeper(store.db, config.now ?? Date.now, config.expirySweepIntervalMs, app.log);
    const stopSweeper = async () => {
      await stopUploadSweeper();
      await stopExpirySweeper();
      await stopReporterSweep();
      await stopTelemetrySweep();
      await teamMessages.fanout.stop();
    };
    // Documents left converting by a stop or a crash are converted now (docs/im-upload.md "Documents").
    if (config.convertDocuments) documents.start();
    if (config.demoSeed && (await seedImDemo({ db: store.db, users, teams, teamMessages }))) app.log.info('im-server: demo team seeded');
    return { store, router, gateway, wss, broadcasts, chatrooms, superTeams, uploads, documents, reporterEvents, telemetry, stopSweeper, antispam, sdkLogs, push };
  }

  return {
    app,
    async listen() {
      running = await start();
      try {
        await app.listen({ host: config.host, port: config.port });
      } catch (error) {
        await shutdown(running);
        running = undefined;
        throw error;
      }
      const address = app.server.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      listeningUrl = `http://${host}:${address.port}`;
      return { url: listeningUrl };
    },
    async broadcast(body, from = '') {
      const current = running;
      if (!current) throw new Error('im-server is not running');
      const broadcastMsg = await current.broadcasts.create(body, from);
      await current.router.publishToAll({ kind: 'push', command: 'broadcastMsg', body: { broadcastMsg: { ...broadcastMsg } } });
      return broadcastMsg;
    },
    async createChatroom(input) {
      if (!running) throw new Error('im-server is not running');
      return running.chatrooms.create(input);
    },
    async createSuperTeam(input) {
      if (!running) throw new Error('im-server is not running');
      return running.superTeams.create(input);
    },
    async pushOutbox(account, options) {
      if (!running) throw new Error('im-server is not running');
      return running.push.outbox(account, options);
    },
    async reporterEvents(filter) {
      if (!running) throw new Error('im-server is not running');
      return running.reporterEvents.list(config.appKey, filter);
    },
    async close() {
      const current = running;
      running = undefined;
      closeLongPolling();
      if (current) {
        current.gateway.closeAll();
        await waitUntil(() => current.wss.clients.size === 0, CLOSE_HANDSHAKE_WAIT_MS);
      }
      await app.close();
      if (objectStore instanceof S3ObjectStore) objectStore.close();
      if (current) await shutdown(current);
    },
  };
}

/** How long close() lets WebSocket clients answer their close frames before cutting them. */
const CLOSE_HANDSHAKE_WAIT_MS = 1000;

async function waitUntil(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

async function shutdown(current: Running): Promise<void> {
  current.gateway.closeAll();
  // ws 8 keeps tracking open clients and only calls back from wss.close() once they are gone.
  for (const client of current.wss.clients) client.terminate();
  await new Promise<void>((resolve) => current.wss.close(() => resolve()));
  await current.stopSweeper();
  await current.documents.stop();
  await current.router.close();
  await current.store.close();
}
