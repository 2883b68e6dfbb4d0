import { ImError, MemoryStore, SceneCode } from '@merchant/im-core';
import type { ChatClient, ChatMessage, ConnectionState } from './chat-client';
import { createFrameChatClient } from './create-frame-chat-client';
import { kickReasonKey } from './im-client-adapter';
import { DEFAULT_RUNTIME_CONFIG } from '../config/runtime-config';
import { createFakeImServer, kick, MERCHANT, wireTextMessage, type FakeImServer } from '../test/fake-im-server';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function connectedClient(server: FakeImServer = createFakeImServer(), options: { outbox?: boolean } = {}) {
  const store = new MemoryStore();
  const client = await createFrameChatClient({
    config: DEFAULT_RUNTIME_CONFIG,
    params: { account: MERCHANT, token: 'token' },
    store,
    connection: server.connection,
    ...options,
  });
  const states: ConnectionState[] = [];
  const messages: ChatMessage[] = [];
  client.on('state', (state) => states.push(state));
  client.on('message', (message) => messages.push(message));
  return { client, server, store, states, messages };
}

async function sendAndSettle(client: ChatClient, text: string): Promise<ChatMessage> {
  const settled = await client.sendText('p2p-c_demo1', text);
  await flush();
  return settled;
}

describe('ImChatClient over im-core', () => {
  it('reports connecting then connected; server history asked for before the sync waits for it', async () => {
    const server = createFakeImServer();
    server.offline.push(wireTextMessage('off-1', 500, 'c_demo1', 'Are you open today?'));
    server.history.push(wireTextMessage('old-1', 100, 'c_demo1', 'Hello'), wireTextMessage('off-1', 500, 'c_demo1', 'Are you open today?'));
    const { client, states } = await connectedClient(server);
    const history = client.fetchHistory('p2p-c_demo1', { limit: 100 });
    await client.connect();
    expect(states.map((state) => state.phase)).toEqual(['connecting', 'connecting', 'connecting', 'connected']);
    await expect(history).resolves.toEqual({ messages: [expect.objectContaining({ text: 'Hello' }), expect.objectContaining({ text: 'Are you open today?' })], hasMore: false });
    expect(server.connection.requests.map((request) => request.name).filter((name) => name !== 'getUsers' && name !== 'getNosCdnHost' && name !== 'getClientAntispam')).toEqual(['sync', 'getHistoryMsgs']);
    // Merged into the store: a reload shows both before connecting.
    expect((await client.listLocalMessages('p2p-c_demo1', 10)).map((message) => message.idClient)).toEqual(['old-1', 'off-1']);
    const [session] = await client.listLocalSessions();
    expect(session).toMatchObject({ id: 'p2p-c_demo1', peerAccount: 'c_demo1', unread: 2 });
  });

  it('pages server history with endTime and says when older messages remain', async () => {
    const server = createFakeImServer();
    for (let i = 1; i <= 5; i++) server.history.push(wireTextMessage(`h${i}`, i * 1000));
    const { client } = await connectedClient(server);
    await client.connect();
    const newest = await client.fetchHistory('p2p-c_demo1', { limit: 3 });
    expect(newest.messages.map((message) => message.idClient)).toEqual(['h3', 'h4', 'h5']);
    expect(newest.hasMore).toBe(true);
    const older = await client.fetchHistory('p2p-c_demo1', { limit: 3, endTime: 3000 });
    expect(older.messages.map((message) => message.idClient)).toEqual(['h1', 'h2', 'h3']);
    expect(server.connection.requests.at(-1)?.body).toMatchObject({ scene: 0, to: 'c_demo1', endTime: 3000, limit: 3 });
    expect((await client.listLocalMessages('p2p-c_demo1', 10)).map((message) => message.idClient)).toEqual(['h1', 'h2', 'h3', 'h4', 'h5']);
  });

  it('announces each finished sync, so sessions it brought can be shown', async () => {
    const { client } = await connectedClient();
    let syncs = 0;
    client.on('synced', () => syncs++);
    await client.connect();
    expect(syncs).toBe(1);
  });

  it('gives up waiting for server history when the connection fails', async () => {
    const server = createFakeImServer();
    server.connection.connect = async () => {
      throw new Error('lbs unreachable');
    };
    const { client } = await connectedClient(server);
    const history = client.fetchHistory('p2p-c_demo1', { limit: 100 });
    await expect(client.connect()).rejects.toThrow('lbs unreachable');
    await expect(history).rejects.toThrow('lbs unreachable');
  });

  it('resolves a failed send with the stored fail message, and resends it under the same idClient', async () => {
    // Without the outbox (NIM behaviour) an unanswered send ends as fail at once.
    const { client, server, messages } = await connectedClient(createFakeImServer(), { outbox: false });
    await client.connect();
    server.failSends = true;
    const failed = await sendAndSettle(client, 'see you tomorrow');
    expect(failed).toMatchObject({ status: 'fail', flow: 'out', text: 'see you tomorrow' });
    expect(messages.map((message) => [message.idClient, message.status])).toEqual([
      [failed.idClient, 'sending'],
      [failed.idClient, 'fail'],
    ]);

    server.failSends = false;
    const resent = await client.resend(failed);
    expect(resent).toMatchObject({ idClient: failed.idClient, status: 'success' });
    expect((await client.listLocalMessages('p2p-c_demo1', 10)).map((m) => m.status)).toEqual(['success']);
  });

  it('passes on errors of sends that were refused before anything was stored', async () => {
    const { client, store } = await connectedClient();
    await client.connect();
    await expect(client.sendText('p2p-', 'hello')).rejects.toThrow();
    expect(await store.getSessions({ limit: 10 })).toEqual([]);
  });

  it('marks a session read locally and on the server', async () => {
    const server = createFakeImServer();
    server.offline.push(wireTextMessage('off-1', 500));
    const { client } = await connectedClient(server);
    const sessionEvents: number[] = [];
    client.on('sessions', (sessions) => sessionEvents.push(...sessions.map((session) => session.unread)));
    await client.connect();
    await client.markRead('p2p-c_demo1');
    await flush();
    expect((await client.listLocalSessions())[0].unread).toBe(0);
    expect(sessionEvents.at(-1)).toBe(0);
    expect(server.connection.requests.map((request) => request.name)).toContain('markSessionAck');
  });

  it('shows reconnecting after a drop and connected after the next login', async () => {
    const { client, server, states } = await connectedClient();
    await client.connect();
    states.length = 0;
    server.connection.setState('disconnected');
    server.connection.setState('connecting');
    server.connection.setState('connected');
    server.connection.setState('loggedIn');
    expect(states.map((state) => state.phase)).toEqual(['reconnecting', 'reconnecting', 'reconnecting', 'connected']);
  });

  it('shows a kick with its reason and stays there; a silent kick only reconnects', async () => {
    const { client, server, states } = await connectedClient();
    await client.connect();
    states.length = 0;
    kick(server, 4);
    expect(states.at(-1)).toEqual({ phase: 'reconnecting' });

    kick(server, 1);
    server.connection.setState('disconnected');
    expect(states.at(-1)).toEqual({ phase: 'kicked', reason: 'samePlatform' });
  });

  it('shows could-not-reconnect when reconnecting gives up, stays there, and connects again on connect()', async () => {
    const { client, server, states } = await connectedClient();
    await client.connect();
    states.length = 0;
    server.connection.setState('disconnected');
    server.connection.setState('connecting');
    server.connection.setState('disconnected');
    server.connection.fire('allAttemptsFailed', new ImError('allAttemptsFailed', 'All attempts failed'));
    server.connection.setState('disconnected');
    expect(states.map((state) => state.phase)).toEqual(['reconnecting', 'reconnecting', 'reconnecting', 'reconnectFailed']);

    await client.connect();
    expect(states.at(-1)).toEqual({ phase: 'connected' });
    expect(server.connection.requests.filter((request) => request.name === 'sync')).toHaveLength(2);
  });

  it('maps kick reason codes to i18n keys', () => {
    expect([1, 2, 3, 4, 99].map(kickReasonKey)).toEqual(['samePlatform', 'serverKick', 'otherPlatform', 'silentlyKick', 'unknown']);
  });

  it('logs out on disconnect and stops forwarding events', async () => {
    const { client, server, states } = await connectedClient();
    await client.connect();
    await client.disconnect();
    expect(states.at(-1)).toEqual({ phase: 'disconnected' });
    const count = states.length;
    server.connection.setState('connecting');
    expect(states).toHaveLength(count);
  });

  it('sticks a session to the top through im-core (addStickTopSession / deleteStickTopSession) and reports the change as a sessions event', async () => {
    const server = createFakeImServer();
    server.offline.push(wireTextMessage('off-1', 500, 'c_demo1'));
    const { client } = await connectedClient(server);
    const tops: (boolean | undefined)[] = [];
    client.on('sessions', (sessions) => sessions.filter((s) => s.id === 'p2p-c_demo1').forEach((s) => tops.push(s.isTop)));
    await client.connect();
    await flush();
    tops.length = 0;

    await client.setSessionTop('p2p-c_demo1', true);
    await flush();
    expect(server.connection.requests.filter((r) => r.name === 'addStickTopSession').map((r) => r.body)).toEqual([{ session: { id: 'p2p-c_demo1', topCustom: '' } }]);
    expect((await client.listLocalSessions())[0]).toMatchObject({ id: 'p2p-c_demo1', isTop: true });

    await client.setSessionTop('p2p-c_demo1', false);
    await flush();
    expect(server.connection.requests.some((r) => r.name === 'deleteStickTopSession')).toBe(true);
    expect((await client.listLocalSessions())[0].isTop).toBeUndefined();
    expect(tops).toEqual([true, undefined]);

    await expect(client.setSessionTop('p2p-nobody', true)).rejects.toThrow();
  });
  it('sends to a team session as a team message, and names an incoming team message by the nickInTeam the store holds', async () => {
    const { client, server, store, messages } = await connectedClient();
    await client.connect();
    await store.putTeamMembers([{ id: 't1-c_demo1', teamId: 't1', account: 'c_demo1', type: 'normal', nickInTeam: 'Alice in VIP', joinTime: 1, updateTime: 1, valid: true }]);
    const sent = await client.sendText('team-t1', 'hello team');
    expect(sent.status).toBe('success');
    const request = server.connection.requests.find((r) => r.name === 'sendTeamMsg')?.body as { msg?: { scene?: number; to?: string } };
    expect(request.msg).toMatchObject({ scene: SceneCode.team, to: 't1' });
    server.connection.push('teamMsg', { msg: { ...wireTextMessage('team-in-1', Date.now(), 'c_demo1', 'hi all'), scene: SceneCode.team, to: 't1', fromNick: 'alice-wire' } });
    for (let i = 0; i < 20 && !messages.some((m) => m.idClient === 'team-in-1'); i++) await flush();
    const incoming = messages.find((m) => m.idClient === 'team-in-1');
    expect(incoming).toMatchObject({ sessionId: 'team-t1', fromNick: 'Alice in VIP', text: 'hi all', flow: 'in' });
  });
});

describe('ImChatClient replies (msgExtend "threads and replies")', () => {
  /** A customer's message as im-server stores it: its idServer is the server's number. */
  const storedAt = (idClient: string, idServer: string, time: number, text: string) => ({ ...wireTextMessage(idClient, time, 'c_demo1', text), idServer });

  it('sends a reply through im-core msgExtend.replyText with the replied message as stored, and maps the reply fields back', async () => {
    const server = createFakeImServer();
    server.offline.push(storedAt('q-1', '1001', 500, 'Is the oak table in stock?'));
    const { client, store } = await connectedClient(server);
    await client.connect();
    await flush();
    const [question] = await client.listLocalMessages('p2p-c_demo1', 10);
    expect(client.replyText).toBeDefined();

    const reply = await client.replyText!(question, 'Yes, 3 left.');

    const sent = server.connection.requests.find((r) => r.name === 'sendMsg')?.body as { msg?: Record<string, unknown> };
    expect(sent.msg).toMatchObject({ text: 'Yes, 3 left.', to: 'c_demo1', replyMsgIdServer: '1001', replyMsgIdClient: 'q-1', replyMsgFromAccount: 'c_demo1', threadMsgIdServer: '1001' });
    expect(reply).toMatchObject({ status: 'success', flow: 'out', text: 'Yes, 3 left.', replyTo: { from: 'c_demo1', idServer: '1001', idClient: 'q-1', time: 500 }, thread: { idServer: '1001' } });
    expect((await store.getMessage(reply.idClient))?.replyMsgIdServer).toBe('1001');
  });

  it('calls replyText on the im-core client it was given, with the stored message and the text', async () => {
    const server = createFakeImServer();
    server.offline.push(storedAt('q-2', '1002', 700, 'Delivery on Friday?'));
    const { client, store } = await connectedClient(server);
    await client.connect();
    await flush();
    const stored = await store.getMessage('q-2');
    const imClient = (client as unknown as { client: { msgExtend: { replyText: (...args: unknown[]) => Promise<unknown> } } }).client;
    const replyText = jest.spyOn(imClient.msgExtend, 'replyText');
    const [question] = await client.listLocalMessages('p2p-c_demo1', 10);
    await client.replyText!(question, 'Friday works');
    expect(replyText).toHaveBeenCalledTimes(1);
    expect(replyText).toHaveBeenCalledWith(stored, { text: 'Friday works' });
  });

  it('resolves a reply the server did not take with the stored fail message, which keeps its reply fields', async () => {
    const server = createFakeImServer();
    server.offline.push(storedAt('q-3', '1003', 900, 'hello'));
    const { client } = await connectedClient(server, { outbox: false });
    await client.connect();
    await flush();
    const [question] = await client.listLocalMessages('p2p-c_demo1', 10);
    server.failSends = true;
    const failed = await client.replyText!(question, 'see you');
    expect(failed).toMatchObject({ status: 'fail', replyTo: { idServer: '1003' } });
  });

  it('finds a replied message in the local store by idClient, else by idServer at its time, only in the same session', async () => {
    const server = createFakeImServer();
    server.offline.push(storedAt('q-4', '1004', 1100, 'first'), storedAt('q-5', '1005', 1100, 'second'));
    const { client } = await connectedClient(server);
    await client.connect();
    await flush();
    await expect(client.findMessage!('p2p-c_demo1', { from: 'c_demo1', idClient: 'q-4' })).resolves.toMatchObject({ idClient: 'q-4', text: 'first' });
    await expect(client.findMessage!('p2p-c_demo1', { from: 'c_demo1', idServer: '1005', time: 1100 })).resolves.toMatchObject({ idClient: 'q-5', text: 'second' });
    await expect(client.findMessage!('p2p-c_demo2', { from: 'c_demo1', idClient: 'q-4' })).resolves.toBeUndefined();
    await expect(client.findMessage!('p2p-c_demo1', { from: 'c_demo1', idClient: 'gone', idServer: 'srv-gone', time: 5 })).resolves.toBeUndefined();
  });
});
