import { CLIENT_TYPE_WEB, MemoryStore, type ImClient, type ImMessage } from '@merchant/im-core';
import { ChildImServer, freePort } from './support/child-server';
import { FAST_TIMING, imCoreClient, waitFor } from './support/im-core-clients';
import { RawImClient, tokenFor } from './support/raw-client';
import { RedisProcess } from './support/redis-process';
import { account, makeDataDir } from './support/test-server';

/**
 * Issue 34 §1 "The same with Redis restarted mid-traffic": two im-server nodes as real processes on one
 * PostgreSQL and on a redis-server of this test's own, which is SIGKILLed during p2p traffic between the
 * nodes and started again, empty, on the same port. No node is restarted. Routing comes back by itself
 * (routing/redis-router.ts restore(): subscribe again, announce the ports again, then the gateway has its
 * IM links log in again and sync), and the outbox and sync alone (no resend by the app) deliver every
 * message once, in order. Needs DATABASE_URL and the `redis-server` binary; jest.int.config.cjs leaves
 * it out without DATABASE_URL. IM_TEST_PORT_BASE=<n> puts Redis and the nodes on n, n+1, n+2.
 */
const { DATABASE_URL, IM_TEST_PORT_BASE } = process.env;
const PAIRS = 3;
const PER_SENDER = 30;
const TOTAL = PAIRS * 2 * PER_SENDER;
/** Reconnect soon and forever: routing returns within about a second of Redis (RECONNECT_MAX_DELAY_MS). */
const RECONNECT = { reconnectionAttempts: Infinity, timing: { ...FAST_TIMING, reconnectBaseDelayMs: 50, reconnectMaxDelayMs: 500 } };

describe('Redis restarted mid-traffic between two im-server nodes (PostgreSQL + redis-server)', () => {
  const dataA = makeDataDir();
  const dataB = makeDataDir();
  let redis: RedisProcess;
  let nodeA: ChildImServer;
  let nodeB: ChildImServer;
  const clients: ImClient[] = [];

  beforeAll(async () => {
    if (!DATABASE_URL) throw new Error('redis-restart.int.spec.ts needs DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
    const base = IM_TEST_PORT_BASE ? Number(IM_TEST_PORT_BASE) : undefined;
    const port = async (n: number) => (base !== undefined ? base + n : freePort());
    redis = new RedisProcess(await port(0));
    await redis.start();
    nodeA = new ChildImServer(await port(1), { REDIS_URL: redis.url, DATA_DIR: dataA.dataDir });
    nodeB = new ChildImServer(await port(2), { REDIS_URL: redis.url, DATA_DIR: dataB.dataDir });
    await Promise.all([nodeA.start(), nodeB.start()]);
  });
  afterAll(async () => {
    for (const client of clients.splice(0)) await client.destroy();
    await nodeA?.stop();
    await nodeB?.stop();
    await redis?.kill();
    dataA.remove();
    dataB.remove();
  });

  it('SIGKILL Redis during p2p traffic, start it again empty: routing returns by itself, every message arrives once and in order, unread equals the server', async () => {
    // Pair i: a_i on node A and b_i on node B, each sending PER_SENDER texts to the other.
    const namesA = Array.from({ length: PAIRS }, (_, i) => account(`rr_a${i}`));
    const namesB = Array.from({ length: PAIRS }, (_, i) => account(`rr_b${i}`));
    const onA = namesA.map((name) => imCoreClient(nodeA.url, name, RECONNECT));
    const onB = namesB.map((name) => imCoreClient(nodeB.url, name, RECONNECT));
    const everyone = [...onA, ...onB];
    const everyName = [...namesA, ...namesB];
    clients.push(...everyone);
    const deliveries = new Map<string, number>(); // receiver|idClient → how many times the receiver was told
    let viaSync = 0; // deliveries that came by the sync after a login, not by a push
    const live = new Map<string, ImMessage[]>(); // receiver → messages pushed to it (not synced)
    const count = (receiver: string, m: ImMessage) => deliveries.set(`${receiver}|${m.idClient}`, (deliveries.get(`${receiver}|${m.idClient}`) ?? 0) + 1);
    everyone.forEach((client, i) => {
      const me = everyName[i];
      live.set(me, []);
      client.on('msg', (m) => {
        count(me, m);
        live.get(me)?.push(m);
      });
      client.on('syncData', (n) => {
        if (n.kind === 'roamingMsgs' || n.kind === 'offlineMsgs') {
          for (const m of n.messages) count(me, m);
          viaSync += n.messages.length;
        }
      });
    });
    await Promise.all(everyone.map((client) => client.connect()));

    // Three phases per sender, each message sent once the one before is accepted (no fixed pacing):
    // before the kill (Redis is killed when a sixth of all are accepted, so some are in flight), while
    // Redis is gone (it starts again when half of all are accepted), and while routing is being restored.
    let accepted = 0;
    const failures: string[] = [];
    let redisKilled!: () => void;
    let redisBack!: () => void;
    const killed = new Promise<void>((resolve) => (redisKilled = resolve));
    const back = new Promise<void>((resolve) => (redisBack = resolve));
    const sent: ImMessage[] = [];
    const send = async (sender: ImClient, to: string, tag: string) => {
      for (let i = 0; i < PER_SENDER; i++) {
        if (i === PER_SENDER / 3) await killed;
        if (i === (2 * PER_SENDER) / 3) await back;
        try {
          sent.push(await sender.messages.sendText({ scene: 'p2p', to, text: `${tag}:${i}` }));
          accepted++;
        } catch (error) {
          failures.push(`${tag}:${i} ${String(error)}`);
        }
      }
    };
    const sending = Promise.all([...onA.map((c, i) => send(c, namesB[i], `a${i}`)), ...onB.map((c, i) => send(c, namesA[i], `b${i}`))]);

    await waitFor(() => accepted >= TOTAL / 6, 30_000, 'a sixth of the messages accepted');
    await redis.kill();
    const acceptedAtKill = accepted;
    redisKilled();
    // Sends go on while Redis is gone (before the fix a publish waiting for Redis held up its connection).
    await waitFor(() => accepted >= TOTAL / 2, 30_000, 'half of the messages accepted');
    const acceptedWhileGone = accepted - acceptedAtKill;
    await redis.start();
    redisBack();
    await sending;
    expect(failures).toEqual([]);
    expect(acceptedWhileGone).toBeGreaterThanOrEqual(TOTAL / 6);

    // Every message reached its receiver, each once (pushes before and after, sync for the gap).
    await waitFor(() => deliveries.size === TOTAL, 30_000, 'every message at its receiver').catch(() => undefined);
    expect(sent.filter((m) => !deliveries.has(`${m.to}|${m.idClient}`)).map((m) => `${m.to} ${m.idClient} ${m.text}`)).toEqual([]);
    expect(deliveries.size).toBe(TOTAL);
    expect(sent.every((m) => m.status === 'success')).toBe(true);
    expect([...deliveries.entries()].filter(([, times]) => times !== 1)).toEqual([]);
    // The pushes across nodes during the outage were lost; the sync after the re-login brought them.
    expect(viaSync).toBeGreaterThan(0);

    // Routing between the nodes is back without a node restart: a new message in each direction is
    // pushed to its receiver on the other node (a push, not a sync).
    const probes = [
      { sender: onA[0], from: namesA[0], to: namesB[0] },
      { sender: onB[0], from: namesB[0], to: namesA[0] },
    ];
    for (const { sender, to } of probes) {
      const probe = await sender.messages.sendText({ scene: 'p2p', to, text: 'after the restart' });
      await waitFor(() => live.get(to)?.some((m) => m.idClient === probe.idClient) === true, 10_000, `the probe pushed to ${to} on the other node`);
    }

    // The port directory is whole again in the empty Redis: another device of b0 logging in on node A
    // is told of b0's web port on node B (listPorts needs the port and node B's liveness key).
    const otherDevice = await RawImClient.open(nodeA.wsUrl);
    try {
      const answer = await otherDevice.login(namesB[0], tokenFor(namesB[0]), { clientType: 2, deviceId: 'rr-phone' });
      expect(answer.code).toBe(200);
      expect((answer.body.loginPorts ?? []).map((p) => p.type)).toEqual([CLIENT_TYPE_WEB]);
    } finally {
      otherDevice.close();
    }

    // Per-session order: each receiver's store holds the sender's texts in the order sent, by server id.
    const receivers: [ImClient, string, string, string][] = [
      ...onA.map((c, i): [ImClient, string, string, string] => [c, namesA[i], namesB[i], `b${i}`]),
      ...onB.map((c, i): [ImClient, string, string, string] => [c, namesB[i], namesA[i], `a${i}`]),
    ];
    for (const [client, , peer, tag] of receivers) {
      const stored = await (client.localStore as MemoryStore).getSessionMessages({ sessionId: `p2p-${peer}`, limit: 1000, order: 'asc' });
      const received = stored.filter((m) => m.from === peer && m.text !== 'after the restart');
      expect(received.map((m) => m.text)).toEqual(Array.from({ length: PER_SENDER }, (_, i) => `${tag}:${i}`));
      const ids = received.map((m) => Number(m.idServer));
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
    }

    // The server holds each message once, and every client's unread equals the server's.
    for (const [client, me, peer] of receivers) {
      const inspector = await RawImClient.loggedIn(nodeB.wsUrl, me, { clientType: 1 });
      try {
        const history = (await inspector.request('getHistoryMsgs', { scene: 0, to: peer, limit: 100 })).body.msgs ?? [];
        const probesHere = probes.filter((p) => (p.from === me && p.to === peer) || (p.from === peer && p.to === me)).length;
        expect(history).toHaveLength(2 * PER_SENDER + probesHere);
        expect(new Set(history.map((m) => m.idClient)).size).toBe(history.length);
        const serverSessions = (await inspector.request('getServerSessions', { limit: 100 })).body.sessions ?? [];
        const serverUnread = serverSessions.find((s) => s.id === `p2p-${peer}`)?.unread;
        const localUnread = (await client.sessions.list({ limit: 100 })).find((s) => s.id === `p2p-${peer}`)?.unread;
        expect(localUnread).toBe(PER_SENDER + probes.filter((p) => p.from === peer && p.to === me).length);
        expect(serverUnread).toBe(localUnread);
      } finally {
        inspector.close();
      }
    }
  }, 90_000);
});
