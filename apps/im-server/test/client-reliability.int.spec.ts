import v8 from 'node:v8';
import vm from 'node:vm';
import WebSocket from 'ws';
import {
  createImClient, ImConnection, MemoryStore, type ConnectionTiming, type DisconnectedEvent, type ImClient, type ImConnectionOptions, type ImError, type NetworkEventSource, type WebSocketConstructor,
} from '@merchant/im-core';
import { encodePush, FaultProxy, recordSocketHandlers } from '@merchant/im-core/testing';
import { sleep, waitFor } from './support/im-core-clients';
import { TEST_APP_KEY, tokenFor } from './support/raw-client';
import { account, makeDataDir, startServer, usingPostgres, type StartedServer } from './support/test-server';

/**
 * Issue 4 reliability bullets against the REAL im-server on loopback: im-core's ImConnection and
 * createImClient talk to createImServer through the in-process FaultProxy from
 * @merchant/im-core/server. The server hands out the proxy as its public link (publicWsUrl), so
 * /lbs goes straight to the server and every WebSocket frame crosses the proxy.
 */

/** Short, injected intervals (the spec values are the defaults). */
const TIMING: Partial<ConnectionTiming> = {
  connectTimeoutMs: 2000,
  commandTimeoutMs: 2000,
  // Generous for loopback: a loaded machine must not miss a heartbeat outside the black-hole test.
  heartbeatTimeoutMs: 150,
  heartbeatIntervalMs: 600,
  reconnectBaseDelayMs: 100,
  reconnectMaxDelayMs: 800,
  lbsBackupRetryMs: 50,
  lbsTimeoutMs: 2000,
  wakeCheckIntervalMs: 5000,
  longPollRetryDelayMs: 50,
};
const MAX = TIMING.reconnectMaxDelayMs as number;
const INTERVAL = TIMING.heartbeatIntervalMs as number;

function nextEvent<T>(subscribe: (listener: (value: T) => void) => () => void, timeoutMs = 5000, what = 'event'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no ${what} within ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = subscribe((value) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(value);
    });
  });
}

/** `global.gc` when node runs with --expose-gc; otherwise the flag is switched on at run time. */
function obtainGc(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** Lowest of several collected samples: tolerant of garbage that happens to be alive at one instant. */
async function settledHeap(gc: () => void): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 3; i++) {
    // fixed wait: samples a little apart, so garbage alive at one instant does not count
    await sleep(20);
    gc();
    samples.push(process.memoryUsage().heapUsed);
  }
  return Math.min(...samples);
}

describe(`im-core client reliability through a fault proxy against the real im-server (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const data = makeDataDir();
  let started: StartedServer;
  let proxy: FaultProxy;
  const connections: ImConnection[] = [];
  const clients: ImClient[] = [];

  const startBehindProxy = (port = 0) => startServer({ dataDir: data.dataDir, port, publicWsUrl: proxy.url });

  const connectionOptions = (name: string, extra: Partial<ImConnectionOptions> = {}): ImConnectionOptions => ({
    lbsUrl: `${started.url}/lbs`,
    appKey: TEST_APP_KEY,
    account: name,
    token: tokenFor(name),
    WebSocketImpl: WebSocket as unknown as WebSocketConstructor,
    transports: ['websocket'], // long-polling would go around the proxy
    networkEvents: null,
    timing: TIMING,
    ...extra,
  });
  const connect = (name: string, extra: Partial<ImConnectionOptions> = {}) => {
    const connection = new ImConnection(connectionOptions(name, extra));
    connections.push(connection);
    return connection;
  };
  const healthz = async () => (await (await fetch(`${started.url}/healthz`)).json()) as { connections: number; loggedIn: number };

  beforeAll(async () => {
    // The upstream is read per connection, so it follows the server across the restart below.
    proxy = await new FaultProxy(() => started.wsUrl).listen();
    started = await startBehindProxy();
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.destroy();
    for (const connection of connections.splice(0)) connection.destroy();
    proxy.refusing = false;
    proxy.blackHole(false);
    proxy.delayMs = 0;
    proxy.duplicate = false;
  });
  afterAll(async () => {
    await proxy?.close();
    await started?.server.close();
    data.remove();
  });

  it('keeps reconnecting while the link is refused, then logs in again by itself (the delays are unit-tested in connection-parts.spec.ts)', async () => {
    const connection = connect(account('backoff'), { reconnectionAttempts: 10 });
    const first = await connection.connect();
    let attempts = 0;
    connection.on('state', (state) => {
      if (state === 'connecting') attempts++;
    });
    proxy.refusing = true;
    proxy.cutAll();
    await waitFor(() => attempts >= 5, 10_000, 'five reconnect attempts');
    proxy.refusing = false;
    const again = await nextEvent<{ connectionId: string }>((listener) => connection.on('loggedIn', listener), 5000, 'login after the refusals');
    expect(again.connectionId).not.toBe(first.connectionId); // a new login on the real server
    await expect(connection.request('getServerTime', {})).resolves.toHaveProperty('time');
  });

  it('detects a black-holed socket after two missed heartbeats and reconnects', async () => {
    const connection = connect(account('hole'));
    const first = await connection.connect();
    const errors: string[] = [];
    connection.on('error', (error) => errors.push(error.errorName));
    proxy.blackHole(true);
    const event = await nextEvent<DisconnectedEvent>((listener) => connection.on('disconnected', listener), 4 * INTERVAL, 'disconnect');
    expect(event).toMatchObject({ error: { errorName: 'Error_Timeout' }, willReconnect: true });
    expect(errors).toEqual(['HEARTBEAT_ERROR', 'HEARTBEAT_ERROR']); // the timeout gave one more heartbeat
    proxy.blackHole(false);
    const again = await nextEvent<{ connectionId: string }>((listener) => connection.on('loggedIn', listener), 5000, 'login after the black hole');
    expect(again.connectionId).not.toBe(first.connectionId);
    await expect(connection.request('getServerTime', {})).resolves.toHaveProperty('time');
  });

  it("ignores a stale socket's late events (kick, close) after a reconnect, with delayed frames during login", async () => {
    const { WebSocketImpl: RecordingWebSocket, handlers } = recordSocketHandlers(WebSocket);
    proxy.delayMs = 30;
    const connection = connect(account('stale'), { WebSocketImpl: RecordingWebSocket as unknown as WebSocketConstructor });
    await connection.connect();
    proxy.delayMs = 0;
    proxy.cutAll();
    await nextEvent((listener) => connection.on('loggedIn', listener), 5000, 'login after the cut');
    expect(handlers).toHaveLength(2);
    expect(handlers[0].onmessage).toEqual(expect.any(Function));
    const kicked = jest.fn();
    const disconnected = jest.fn();
    connection.on('kicked', kicked);
    connection.on('disconnected', disconnected);
    // The first (stale) socket's handlers fire late: a kick and a close.
    const kick = encodePush('kicked', { reason: 2 });
    handlers[0].onmessage?.({ data: kick.buffer.slice(kick.byteOffset, kick.byteOffset + kick.byteLength) });
    handlers[0].onclose?.({ code: 1006 });
    // The same kick on the live socket is obeyed (so the replay above was a real kick frame).
    const liveKicked = nextEvent<{ reason: number }>((listener) => connection.on('kicked', listener), 1000, 'kick on the live socket');
    await expect(connection.request('getServerTime', {})).resolves.toHaveProperty('time');
    expect(kicked).not.toHaveBeenCalled();
    expect(disconnected).not.toHaveBeenCalled();
    expect(connection.state).toBe('loggedIn');
    handlers[1].onmessage?.({ data: kick.buffer.slice(kick.byteOffset, kick.byteOffset + kick.byteLength) });
    expect(await liveKicked).toMatchObject({ reason: 2 });
  });

  it('drops and cuts frames: a lost answer times out and reconnects, a cut frame is skipped', async () => {
    const connection = connect(account('frames'), { timing: { ...TIMING, commandTimeoutMs: 300, heartbeatIntervalMs: 10_000 } });
    const first = await connection.connect();
    proxy.dropNext('toClient');
    await expect(connection.request('getServerTime', {})).rejects.toMatchObject({ errorName: 'Error_Timeout', code: 408 });
    const again = await nextEvent<{ connectionId: string }>((listener) => connection.on('loggedIn', listener), 5000, 'login after the timeout');
    expect(again.connectionId).not.toBe(first.connectionId);
    const errors: ImError[] = [];
    connection.on('error', (error) => errors.push(error));
    proxy.truncateNext('toClient');
    await expect(connection.request('sendMsg', { msg: { idClient: `cut-${Date.now()}`, scene: 0, to: account('frames_peer'), type: 0, text: 'a'.repeat(200) } })).rejects.toMatchObject({ errorName: 'Error_Timeout' });
    expect(errors.map((e) => e.errorName)).toContain('Protocol_Error');
  });

  it('stops with allAttemptsFailed after the configured attempts, and tries nothing more', async () => {
    const connection = connect(account('giveup'), { reconnectionAttempts: 3 });
    await connection.connect();
    proxy.refusing = true;
    const before = proxy.connections;
    const failed = nextEvent<ImError>((listener) => connection.on('allAttemptsFailed', listener), 10_000, 'allAttemptsFailed');
    proxy.cutAll();
    expect(await failed).toMatchObject({ errorName: 'allAttemptsFailed', message: 'All attempts failed' });
    expect(proxy.connections - before).toBe(3);
    // fixed wait: no attempt may follow giving up; the window is longer than any back-off
    await sleep(2 * MAX);
    expect(proxy.connections - before).toBe(3);
    expect(connection.state).toBe('disconnected');
  });

  it('1,000 connect/login/disconnect cycles: heap grows < 10 MB and no listener is left behind', async () => {
    const gc = obtainGc();
    const networkListeners = new Set<() => void>();
    const networkEvents: NetworkEventSource = {
      addEventListener: (_type, listener) => void networkListeners.add(listener),
      removeEventListener: (_type, listener) => void networkListeners.delete(listener),
    };
    let socketsOpened = 0;
    const cycleSockets: WebSocket[] = [];
    class TrackedWebSocket extends WebSocket {
      constructor(url: string) {
        super(url);
        socketsOpened++;
        cycleSockets.push(this);
      }
    }
    const leftovers: string[] = [];
    const noop = () => undefined;
    const cycle = async (i: number) => {
      const connection = new ImConnection(connectionOptions(account(`cycle${i % 10}`), { networkEvents, WebSocketImpl: TrackedWebSocket as unknown as WebSocketConstructor }));
      // Every 10th cycle goes through the full client (login + sync); the others through the connection.
      const client = i % 10 === 0 ? createImClient({ ...connectionOptions(account(`cycle${i % 10}`)), connection, store: new MemoryStore() }) : undefined;
      const offState = connection.on('state', noop);
      const offPush = connection.on('push', noop);
      if (client) await client.connect();
      else await connection.connect();
      if (i % 2 === 0) await connection.logout(); // explicit logout; odd cycles just disconnect
      offState();
      offPush();
      if (client) await client.destroy();
      else connection.destroy();
      if (connection.listenerCount() !== 0) leftovers.push(`cycle ${i}: connection ${connection.listenerCount()}`);
      if (client && client.listenerCount() !== 0) leftovers.push(`cycle ${i}: client ${client.listenerCount()}`);
      for (const socket of cycleSockets.splice(0)) {
        const count = socket.listenerCount('open') + socket.listenerCount('message') + socket.listenerCount('close');
        if (count !== 0) leftovers.push(`cycle ${i}: socket ${count}`);
      }
    };
    const allClosed = async () => proxy.openLinks === 0 && (await healthz()).connections === 0;

    for (let i = 0; i < 50; i++) await cycle(i); // warm-up: code paths compiled, pools filled
    await waitFor(allClosed, 10_000, 'links closed after the warm-up');
    const before = await settledHeap(gc);
    const openedBefore = socketsOpened;
    for (let i = 0; i < 1000; i++) await cycle(i);
    await waitFor(allClosed, 10_000, 'links closed after 1,000 cycles');
    const growth = (await settledHeap(gc)) - before;

    expect(socketsOpened - openedBefore).toBe(1000); // one socket per cycle: none retried, none skipped
    expect(leftovers).toEqual([]);
    expect(networkListeners.size).toBe(0);
    expect(growth).toBeLessThan(10 * 1024 * 1024);
  });
});
