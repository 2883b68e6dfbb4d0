import { MemoryStore } from '@merchant/im-core';
import { imCoreClient } from './support/im-core-clients';
import { DEFAULT_RATE_RULES } from '../src/gateway/frequency-limiter';
import { RawImClient } from './support/raw-client';
import { account, makeDataDir, startServer, usingPostgres, type StartedServer } from './support/test-server';

/**
 * The sync cursor is a per-account sequence number allocated in the transaction of the data
 * (docs/im-sync.md), so neither a late commit nor a node with a slow clock hides a message from
 * the next sync. Before, the cursor was the server's time minus 2 s and both cases lost messages.
 */
describe(`sync cursor against the real im-server (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const data = makeDataDir();
  let started: StartedServer;
  afterAll(async () => {
    await started?.server.close();
    data.remove();
  });

  /** One sync of a client that shares `store` with the earlier ones (a page reload), then it leaves. */
  const syncOnce = async (url: string, name: string, store: MemoryStore) => {
    const client = imCoreClient(url, name, { store });
    await client.connect();
    await client.destroy();
  };
  const storedTexts = async (store: MemoryStore, sessionId: string) =>
    (await store.getSessionMessages({ sessionId, limit: 1000, order: 'asc' })).map((m) => m.text);

  it('a message stamped by a node whose clock is an hour behind still reaches the next sync', async () => {
    const receiver = account('skew_r');
    const sender = account('skew_s');
    const store = new MemoryStore();
    started = await startServer({ dataDir: data.dataDir });
    const port = Number(new URL(started.url).port);
    const rawSender = await RawImClient.loggedIn(started.wsUrl, sender);
    await rawSender.request('sendMsg', { msg: { idClient: 'skew-1', scene: 0, to: receiver, type: 0, text: 'on time' } });
    rawSender.close();
    await syncOnce(started.url, receiver, store);
    expect(await storedTexts(store, `p2p-${sender}`)).toEqual(['on time']);

    // The same data served by a node whose clock is an hour behind.
    await started.server.close();
    started = await startServer({ dataDir: data.dataDir, port, now: () => Date.now() - 3_600_000 });
    const slowSender = await RawImClient.loggedIn(started.wsUrl, sender);
    const late = await slowSender.request('sendMsg', { msg: { idClient: 'skew-2', scene: 0, to: receiver, type: 0, text: 'from the slow clock' } });
    slowSender.close();
    expect(late.body.msg?.time).toBeLessThan(Date.now() - 3_000_000);

    await syncOnce(started.url, receiver, store);
    expect((await storedTexts(store, `p2p-${sender}`)).sort()).toEqual(['from the slow clock', 'on time']);
  });

  it('pages a first sync of 150 messages in one conversation and 121 sessions: everything arrives, each message once', async () => {
    await started?.server.close();
    started = await startServer({ dataDir: data.dataDir, syncPageSize: 64, rateRules: { ...DEFAULT_RATE_RULES, sendMsg: { limit: 1000, windowMs: 10_000 } } });
    const me = account('pages_me');
    const chatty = account('pages_chatty');
    const fromChatty = await RawImClient.loggedIn(started.wsUrl, chatty);
    for (let i = 0; i < 150; i++) {
      const answer = await fromChatty.request('sendMsg', { msg: { idClient: `pg-${i}`, scene: 0, to: me, type: 0, text: `m${i}` } });
      expect(answer.code).toBe(200);
    }
    fromChatty.close();
    // My other device starts 120 more conversations.
    const myOtherDevice = await RawImClient.loggedIn(started.wsUrl, me, { clientType: 1 });
    for (let i = 0; i < 120; i++) {
      await myOtherDevice.request('sendMsg', { msg: { idClient: `hello-${i}`, scene: 0, to: account(`pages_peer${i}`), type: 0, text: 'hello' } });
    }
    myOtherDevice.close();

    const store = new MemoryStore();
    const client = imCoreClient(started.url, me, { store });
    const synced = new Promise<{ timetag: number }>((resolve) => client.on('syncDone', resolve));
    await client.connect();
    await synced;
    await client.destroy();
    expect(await storedTexts(store, `p2p-${chatty}`)).toEqual(Array.from({ length: 150 }, (_, i) => `m${i}`));
    const sessions = await store.getSessions({ limit: 1000 });
    expect(sessions).toHaveLength(121);
    expect(sessions.find((s) => s.id === `p2p-${chatty}`)).toMatchObject({ unread: 150 });
  });
});
