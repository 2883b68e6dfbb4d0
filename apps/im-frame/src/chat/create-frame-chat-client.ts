// Builds the frame's ChatClient: the local store opened first (so cached chats show before the
// socket connects), then im-core's client on that same store and on a connection the frame keeps,
// so it can also look up customer profiles (getUsers).
import {
  CdnHost,
  createContactsServices,
  createImClient,
  createNetworkTypeProbe,
  ImError,
  createLogUploadPort,
  LocalLog,
  MemoryLocalLogStore,
  type LocalLogStore,
  type ImClientApi,
  createUploadPorts,
  FileUploader,
  fromWireUser,
  ImConnection,
  MultiTabImClient,
  type BroadcastChannelLike,
  type ContactsServicesOptions,
  type ImClient,
  type ImConnectionPort,
  type ImUser,
  type LockManagerLike,
  type Store,
} from '@merchant/im-core';
import { databaseNameFor, IndexedDbLogStore, logDatabaseNameFor } from '@merchant/im-db';
import type { FrameParams } from '../config/frame-params';
import type { FrameRuntimeConfig } from '../config/runtime-config';
import type { ChatClient, DiagnosticLogPort } from './chat-client';
import { IdClientIssuer, ImChatClient, type FileSending, type UserLookup } from './im-client-adapter';
import { browserMediaProbe } from './media-probe';
import { openChatStore } from './open-chat-store';
import { ImContactsPort, type ContactsEventSource } from '../contacts/contacts-port';
import { ImTeamsPort } from '../teams/teams-port';
import { ImCallsPort } from '../calls/calls-port';
import { ImMessageExtrasPort } from '../conversation/message-actions/message-extras-port';
import { ImSearchPort } from '../search/search-port';
import { frameBackgroundSettings } from './background-settings';
import { ImDevicesPort } from '../devices/devices-port';
import { ImPresencePort } from '../presence/presence-port';
import { StoreBroadcastsPort } from '../presence/broadcasts-port';

export interface FrameChatClientOptions {
  config: FrameRuntimeConfig;
  /** Without a token, im-core asks `getToken` before the first login. */
  params: Pick<FrameParams, 'account' | 'token'>;
  /** Defaults to IndexedDB with a memory fallback. */
  store?: Store;
  /** Tests only: a scripted connection instead of the real socket (used by this tab when it leads). */
  connection?: ImConnectionPort;
  /**
   * im-core's `getToken` option: a fresh IM token before the first login when there is none, and
   * when the server refused the one in use (expired). The frame's comes from the console's bridge.
   */
  getToken?: () => Promise<string>;
  /**
   * im-core's persistent outbox (default on: a send waits for the connection instead of failing).
   * `false` = NIM behaviour, where a send without an answer ends as fail at once (tests of 'fail').
   */
  outbox?: boolean;
  /**
   * One socket per browser profile (docs/im-multitab.md): defaults to navigator.locks and
   * BroadcastChannel where both exist; null = this tab connects on its own.
   */
  tabs?: TabEnvironment | null;
}

export interface TabEnvironment {
  locks: LockManagerLike;
  createChannel: (name: string) => BroadcastChannelLike;
}

/** navigator.locks and BroadcastChannel, when this browser has both. */
export function browserTabEnvironment(): TabEnvironment | undefined {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  const Channel = (globalThis as { BroadcastChannel?: new (name: string) => BroadcastChannelLike }).BroadcastChannel;
  if (!locks || typeof Channel !== 'function') return undefined;
  return { locks, createChannel: (name) => new Channel(name) };
}

/** getUsers over the connection; accounts the server does not know are simply absent. */
export function userLookupOver(connection: Pick<ImConnectionPort, 'request'>): UserLookup {
  return async (accounts) => {
    const answer = await connection.request('getUsers', { accounts: [...accounts] });
    return (answer.users ?? []).map(fromWireUser).filter((user): user is ImUser => user !== undefined);
  };
}

export async function createFrameChatClient(options: FrameChatClientOptions): Promise<ChatClient> {
  const { config, params } = options;
  const store = options.store ?? (await openChatStore(config.imAppKey, params.account));
  const idClients = new IdClientIssuer();
  // The reporter, the telemetry and the probes (docs/im-background.md) run against the real server only:
  // a test's scripted connection has no server to report to.
  const reporting = options.connection === undefined ? frameBackgroundSettings(config.imLbsUrl, { ipv4Url: config.imProbeIpv4Url, ipv6Url: config.imProbeIpv6Url }) : undefined;
  const connectionOptions = {
    lbsUrl: config.imLbsUrl,
    appKey: config.imAppKey,
    account: params.account,
    token: params.token,
    getToken: options.getToken,
    ...(reporting ? { networkTypeProbe: createNetworkTypeProbe(reporting.probes) } : {}),
  };
  const outbox = options.outbox === false ? { outbox: false } : {};
  // The local debug log (docs/im-background.md): im-core's log lines go there as well as to the console,
  // and the anti-spam filter checks outgoing text with the server's lexicon.
  const localLog = new LocalLog({ store: await openLogStore(config.imAppKey, params.account, options.store !== undefined), describe: () => `account ${params.account} app ${config.imAppKey} ${globalThis.navigator?.userAgent ?? ''}` });
  const background = { logger: teeLogger(localLog), clientAntispam: true, ...(reporting ? { reporter: reporting.reporter, telemetry: reporting.telemetry } : {}) };
  // The client that reports upload failures and turns file URLs into CDN ones (this tab's, or the leader's).
  let reportingClient: Pick<ImClient, 'fileUrl' | 'reportUploadFailure'> | undefined;
  // A follower tab holds no client of its own: it asks the leader's socket for the CDN host (below).
  let followerCdn: CdnHost | undefined;
  const fileUrl = (url: string) => reportingClient?.fileUrl(url) ?? followerCdn?.fileUrl(url) ?? url;
  const onUploadFailure = (error: ImError) => reportingClient?.reportUploadFailure(error);
  const tabs = options.tabs === undefined ? browserTabEnvironment() : options.tabs;
  // Tabs share one socket only when they share the data: a memory store is this tab's alone.
  if (tabs && store.kind === 'indexeddb') {
    const client = new MultiTabImClient({
      name: databaseNameFor(config.imAppKey, params.account),
      ...tabs,
      createIdClient: idClients.create,
      // Only the leader tab builds a socket; the others' calls and events go through it.
      createLeader: (createIdClient) => {
        const connection = options.connection ?? new ImConnection(connectionOptions);
        const leader = createImClient({ ...connectionOptions, ...outbox, ...background, store, createIdClient, connection });
        reportingClient = leader;
        return { client: leader, request: (name, body) => connection.request(name, body) };
      },
    });
    // §4 "after login: fetch the CDN host": a follower asks once the leader has synced (told on joining, and after each
    // sync), through the leader's socket, and refreshes it at 800 × its expiry as the leader does.
    followerCdn = new CdnHost({ fetchHost: () => client.request('getNosCdnHost', {}) as Promise<{ cdnDomain?: string; objectNamePrefix?: string; expire?: number }> });
    client.on('syncDone', () => {
      if (!reportingClient) void followerCdn?.refresh();
    });
    const files = fileSendingFor(config, params.account, store, client.request, onUploadFailure);
    const ports = contactsPortsFor(params.account, store, client.request, client);
    const calls = new ImCallsPort(params.account, client.request, client);
    logClientEvents(client, localLog);
    const diagnostics = diagnosticLogFor(localLog, files, client.request);
    const extras = new ImMessageExtrasPort(params.account, client.request, client);
    const chat = new ImChatClient(client, store, idClients, userLookupOver({ request: client.request }), ports.contacts, files, ports.teams, calls, diagnostics, fileUrl, extras);
    chat.search = new ImSearchPort(params.account, client.request);
    return withAccountPorts(chat, store, client, () => client.getLoginPorts(), (ids) => client.kick(ids), client.request);
  }
  const connection = options.connection ?? new ImConnection(connectionOptions);
  const client = createImClient({ ...connectionOptions, ...outbox, ...background, store, createIdClient: idClients.create, connection });
  reportingClient = client;
  const request: ContactsServicesOptions['request'] = (name, body) => connection.request(name, body);
  const ports = contactsPortsFor(params.account, store, request, client);
  const calls = new ImCallsPort(params.account, request, client);
  const files = fileSendingFor(config, params.account, store, request, onUploadFailure);
  logClientEvents(client, localLog);
  const extras = new ImMessageExtrasPort(params.account, request, client);
  const chat = new ImChatClient(client, store, idClients, userLookupOver(connection), ports.contacts, files, ports.teams, calls, diagnosticLogFor(localLog, files, request), fileUrl, extras);
  chat.search = new ImSearchPort(params.account, request);
  return withAccountPorts(chat, store, client, async () => client.loginPorts, (ids) => client.kick(ids), request);
}

type AccountEvents = ConstructorParameters<typeof ImDevicesPort>[0] & ConstructorParameters<typeof ImPresencePort>[0] & ConstructorParameters<typeof StoreBroadcastsPort>[1];

/** Other devices, customers' online status and broadcasts (issue 32 §7, §8), over the client's events and `request`. */
function withAccountPorts(
  chat: ImChatClient,
  store: Store,
  events: AccountEvents,
  readPorts: ConstructorParameters<typeof ImDevicesPort>[1],
  kick: ConstructorParameters<typeof ImDevicesPort>[2],
  request: ContactsServicesOptions['request'],
): ImChatClient {
  chat.devices = new ImDevicesPort(events, readPorts, kick);
  chat.presence = new ImPresencePort(events, (body) => request('subscribeEvent', body));
  chat.broadcasts = new StoreBroadcastsPort(store, events);
  return chat;
}

/** The log's IndexedDB store beside the chat database; memory when there is none (or the chat store is a test's). */
async function openLogStore(appKey: string, account: string, memoryOnly: boolean): Promise<LocalLogStore> {
  if (memoryOnly || !(globalThis as { indexedDB?: unknown }).indexedDB) return new MemoryLocalLogStore();
  try {
    return await IndexedDbLogStore.open({ name: logDatabaseNameFor(appKey, account) });
  } catch {
    return new MemoryLocalLogStore();
  }
}

/** im-core's logger: each line to the local debug log (redacted there) and to the console as before. */
function teeLogger(localLog: LocalLog) {
  const log = localLog.logger();
  return {
    info: (message: string, detail?: unknown) => (log.info(message, detail), console.info(message, detail ?? '')),
    warn: (message: string, detail?: unknown) => (log.warn(message, detail), console.warn(message, detail ?? '')),
    error: (message: string, detail?: unknown) => (log.error(message, detail), console.error(message, detail ?? '')),
  };
}

/** What support needs to see in the debug log: connection states, kicks, sync ends and errors (no message content). */
function logClientEvents(client: Pick<ImClientApi, 'on'>, localLog: LocalLog): void {
  client.on('state', (state) => localLog.write('info', `connection ${state}`));
  client.on('kicked', (info) => localLog.write('warn', 'kicked', { reason: info.reason }));
  client.on('syncDone', () => localLog.write('info', 'sync done'));
  client.on('error', (error) => localLog.write('error', 'client error', error));
}

/** "Send diagnostic log": the log uploaded like a file, then named with uploadSdkLogUrl over `request`. */
function diagnosticLogFor(localLog: LocalLog, files: FileSending, request: ContactsServicesOptions['request']): DiagnosticLogPort {
  const port = createLogUploadPort({ uploader: files.uploader, request });
  return { send: async (onProgress) => void (await localLog.upload(port, onProgress)) };
}

/** Uploads go over HTTP from this tab (the bytes never cross tabs); the token comes over `request` (docs/im-upload.md). */
function fileSendingFor(config: FrameRuntimeConfig, account: string, store: Store, request: ContactsServicesOptions['request'], onFailure: (error: ImError) => void): FileSending {
  const ports = createUploadPorts({ request, lbsUrl: config.imLbsUrl, account, appKey: config.imAppKey, store });
  // An upload that ends Upload_Failed goes to the reporter (§4 Reporter; docs/im-background.md).
  return { uploader: new FileUploader({ ...ports, onFailure }), probe: browserMediaProbe };
}

/** im-core's contacts and teams services on the frame's store, their requests over `request` (the leader tab's socket in multi-tab). */
function contactsPortsFor(account: string, store: Store, request: ContactsServicesOptions['request'], source: ContactsEventSource): { contacts: ImContactsPort; teams: ImTeamsPort } {
  let port: ImContactsPort | undefined = undefined;
  const services = createContactsServices({ account, store, request, onEvent: () => port?.changed() });
  port = new ImContactsPort(services, source);
  return { contacts: port, teams: new ImTeamsPort(account, services) };
}
