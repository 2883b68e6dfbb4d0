import WebSocket from 'ws';
import { createImClient, type ImClient, type ImSession, type WebSocketConstructor } from '@merchant/im-core';
import { RawImClient, tokenFor, TEST_APP_KEY } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

/** p2p read receipts (im-client-spec §5): im-core client → real im-server (persisted) → the sender's client. */
describe('p2p message receipts', () => {
  let started: StartedServer;
  const clients: ImClient[] = [];
  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(async () => {
    for (const c of clients) await c.destroy();
    await started.server.close();
  });

  const client = (name: string) => {
    const created = createImClient({
      lbsUrl: `${started.url}/lbs`,
      appKey: TEST_APP_KEY,
      account: name,
      token: tokenFor(name),
      WebSocketImpl: WebSocket as unknown as WebSocketConstructor,
      networkEvents: null,
    });
    clients.push(created);
    return created;
  };

  it('the reader sends a receipt; the sender is pushed it and sees its message remotely read', async () => {
    const senderName = account('c_rcpt');
    const readerName = account('s_rcpt');
    const sender = client(senderName);
    const reader = client(readerName);
    await sender.connect();
    await reader.connect();
    const arrived = new Promise<void>((resolve) => reader.on('msg', () => resolve()));
    const sent = await sender.messages.sendText({ scene: 'p2p', to: readerName, text: 'did you read this?' });
    await arrived;
    expect(await sender.sessions.isMsgRemoteRead(sent)).toBe(false);

    const receipted = new Promise<ImSession>((resolve) =>
      sender.on('sessions', (sessions) => {
        const s = sessions.find((x) => x.id === `p2p-${readerName}` && (x.msgReceiptTime ?? 0) > 0);
        if (s) resolve(s);
      }),
    );
    const [incoming] = await reader.messages.list({ sessionId: `p2p-${senderName}`, limit: 1 });
    const after = await reader.sessions.sendMsgReceipt(incoming);
    expect(after.msgReceiptSendTime).toBe(incoming.time);
    expect((await receipted).msgReceiptTime).toBe(sent.time);
    expect(await sender.sessions.isMsgRemoteRead(sent)).toBe(true);
    // Sending it again is refused by the client (§5: only newer than the last receipt sent).
    await expect(reader.sessions.sendMsgReceipt(incoming)).rejects.toMatchObject({ errorName: 'Param_Error' });
  });

  it('refuses receipts for unknown, foreign or non-p2p messages and changes nothing', async () => {
    const a = account('c_rcpt_a');
    const b = account('s_rcpt_b');
    const rawA = await RawImClient.loggedIn(started.wsUrl, a);
    const rawB = await RawImClient.loggedIn(started.wsUrl, b);
    const third = await RawImClient.loggedIn(started.wsUrl, account('c_rcpt_c'));
    await rawA.request('sendMsg', { msg: { idClient: 'rcpt-1', scene: 0, to: b, type: 0, text: 'hello' } });
    const unknown = await rawB.request('sendMsgReceipt', { msg: { idClient: 'nope', scene: 0, from: a, to: b } });
    expect(unknown.code).toBe(404);
    const foreign = await third.request('sendMsgReceipt', { msg: { idClient: 'rcpt-1', scene: 0, from: a, to: b } });
    expect(foreign.code).toBe(404);
    const team = await rawB.request('sendMsgReceipt', { msg: { idClient: 'rcpt-1', scene: 1, from: a, to: b } });
    expect(team.code).toBe(414);
    const ok = await rawB.request('sendMsgReceipt', { msg: { idClient: 'rcpt-1', scene: 0, from: a, to: b } });
    expect(ok.code).toBe(200);
    expect(ok.body.msgReceiptTime).toBeGreaterThan(0);
    for (const raw of [rawA, rawB, third]) raw.close();
  });
});
