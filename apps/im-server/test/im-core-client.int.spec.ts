import WebSocket from 'ws';
import { createImClient, ImConnection, type FetchLike, type ImClient, type ImMessage, type WebSocketConstructor } from '@merchant/im-core';
import { RawImClient, tokenFor, TEST_APP_KEY } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

/** The real client library of libs/im-core against the real server: lbs → WebSocket → login → sync. */
describe('im-core client against im-server', () => {
  let started: StartedServer;
  const clients: ImClient[] = [];
  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(async () => {
    for (const c of clients) await c.destroy();
    await started.server.close();
  });

  const client = (name: string, nick: string) => {
    const created = createImClient({
      lbsUrl: `${started.url}/lbs`,
      appKey: TEST_APP_KEY,
      account: name,
      token: tokenFor(name, { nick }),
      WebSocketImpl: WebSocket as unknown as WebSocketConstructor,
      networkEvents: null,
    });
    clients.push(created);
    return created;
  };

  it('two clients chat: sendText is stored and delivered, offline messages arrive by sync with unread, markRead clears it', async () => {
    const merchantName = account('s_1001');
    const customerName = account('c_demo2');
    const customer = client(customerName, 'Bob Li');
    await customer.connect();
    // Sent while the merchant is offline: it must come with the merchant's first sync.
    const offline = await customer.messages.sendText({ scene: 'p2p', to: merchantName, text: 'hi, is the store open?' });
    expect(offline).toMatchObject({ status: 'success', from: customerName });
    expect(Number(offline.idServer)).toBeGreaterThan(0);

    const merchant = client(merchantName, 'Demo Flagship Store');
    await merchant.connect();
    const sessions = await merchant.sessions.list();
    expect(sessions.find((s) => s.id === `p2p-${customerName}`)).toMatchObject({ unread: 1 });
    const history = await merchant.messages.list({ sessionId: `p2p-${customerName}`, limit: 10 });
    expect(history.map((m) => m.text)).toContain('hi, is the store open?');

    const arrived = new Promise<ImMessage>((resolve) => customer.on('msg', (m) => resolve(m)));
    await merchant.messages.sendText({ scene: 'p2p', to: customerName, text: 'yes, until 9pm' });
    expect(await arrived).toMatchObject({ from: merchantName, text: 'yes, until 9pm', flow: 'in' });

    await merchant.sessions.markRead(`p2p-${customerName}`);
    const raw = await RawImClient.loggedIn(started.wsUrl, merchantName, { clientType: 1 });
    const serverSessions = await raw.request('getServerSessions', {});
    expect(serverSessions.body.sessions?.find((s) => s.id === `p2p-${customerName}`)).toMatchObject({ unread: 0 });
    raw.close();
  });

  it('ImConnection works over long-polling only, with the same frames', async () => {
    const name = account('c_lp');
    const connection = new ImConnection({
      lbsUrl: `${started.url}/lbs`,
      appKey: TEST_APP_KEY,
      account: name,
      token: tokenFor(name),
      transports: ['long-polling'],
      fetch: fetch as unknown as FetchLike,
      networkEvents: null,
    });
    const login = await connection.connect();
    expect(login.transport).toBe('long-polling');
    const pushed = new Promise<unknown>((resolve) => connection.on('push', (p) => p.name === 'msg' && resolve(p.body)));
    const sender = await RawImClient.loggedIn(started.wsUrl, account('s_lp'));
    await sender.request('sendMsg', { msg: { idClient: 'lp-core-1', scene: 0, to: name, type: 0, text: 'to a long-polling client' } });
    expect(await pushed).toMatchObject({ msg: { idClient: 'lp-core-1', text: 'to a long-polling client' } });
    expect((await connection.request('getServerTime', {})).time).toBeGreaterThan(0);
    sender.close();
    connection.destroy();
  });

  it('ImConnection reports a samePlatform kick when the account logs in again on the same platform', async () => {
    const name = account('c_kick');
    const connection = new ImConnection({
      lbsUrl: `${started.url}/lbs`,
      appKey: TEST_APP_KEY,
      account: name,
      token: tokenFor(name),
      WebSocketImpl: WebSocket as unknown as WebSocketConstructor,
      networkEvents: null,
    });
    const login = await connection.connect();
    expect(login.connectionId).toBeTruthy();
    const kicked = new Promise<{ reason: number }>((resolve) => connection.on('kicked', resolve));
    const newer = await RawImClient.loggedIn(started.wsUrl, name);
    expect((await kicked).reason).toBe(1);
    newer.close();
    connection.destroy();
  });
});
