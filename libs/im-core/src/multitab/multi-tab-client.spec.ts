import { BroadcastChannel } from 'node:worker_threads';
import { ImClient } from '../client/im-client';
import { ImError } from '../errors';
import { MessageTypeCode, SceneCode } from '../protocol/constants';
import type { MessageRecordValue } from '../protocol/records';
import { MemoryStore } from '../store/memory-store';
import type { ImMessage } from '../store/entities';
import { FakeConnection } from '../testing/fake-connection';
import { InProcessLocks } from '../testing/in-process-locks';
import { MultiTabImClient } from './multi-tab-client';
import type { BroadcastChannelLike } from './tab-protocol';

const ME = 's_1001';
const silentLogger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
const wireMsg = (idClient: string, time: number): MessageRecordValue => ({
  idClient, idServer: `srv-${idClient}`, scene: SceneCode.p2p, from: 'c_demo1', to: ME, time, type: MessageTypeCode.text, text: `hello ${idClient}`,
});

/** Polls until the condition holds (BroadcastChannel delivers on later turns of the event loop). */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5)); // fixed wait: poll interval; 400 rounds bound the wait
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A socket to the fake server: destroying it (tab closed) fails the requests still in flight. */
class ServerSocket extends FakeConnection {
  closed = false;
  private readonly inFlight = new Set<(error: ImError) => void>();

  hang(): Promise<never> {
    return new Promise((_resolve, reject) => this.inFlight.add(reject));
  }

  override destroy(): void {
    this.closed = true;
    this.inFlight.forEach((reject) => reject(new ImError('Error_Internet_Disconnected', 'socket closed')));
    this.inFlight.clear();
    super.destroy();
  }
}

/**
 * im-server for one account, as far as these tests need it: messages to the merchant are kept
 * (offline ones come with the next sync, which sends everything: the client deduplicates by
 * idClient), live ones are pushed to the open socket; sends are kept once per idClient.
 */
class FakeServer {
  readonly sockets: ServerSocket[] = [];
  readonly inbox: MessageRecordValue[] = [];
  readonly sendAttempts: string[] = [];
  readonly kept = new Map<string, MessageRecordValue>();
  /** Answer sends (false: the request hangs until the socket closes). */
  answerSends = true;
  private clock = 1000;

  openSocket(): ServerSocket {
    const socket = new ServerSocket();
    socket.answer('sync', (_body, fake) => {
      setTimeout(() => {
        fake.push('offlineMsgs', { msgs: [...this.inbox] });
        fake.push('syncDone', { timetag: ++this.clock });
      }, 0);
      return {};
    });
    socket.answer('sendMsg', (body, fake) => {
      const idClient = body.msg?.idClient as string;
      this.sendAttempts.push(idClient);
      if (!this.answerSends) return (fake as ServerSocket).hang();
      if (!this.kept.has(idClient)) this.kept.set(idClient, { ...body.msg, idServer: `srv-${idClient}`, time: ++this.clock });
      return { msg: this.kept.get(idClient) };
    });
    socket.answer('getUsers', (body) => ({ users: (body.accounts ?? []).map((account) => ({ account, nick: `nick of ${account}` })) }));
    this.sockets.push(socket);
    return socket;
  }

  get openSockets(): ServerSocket[] {
    return this.sockets.filter((s) => !s.closed && s.state === 'loggedIn');
  }

  /** A customer writes: kept, and pushed live when a socket is open. */
  deliver(idClient: string): void {
    const message = wireMsg(idClient, ++this.clock);
    this.inbox.push(message);
    for (const socket of this.openSockets) socket.push('msg', { msg: message });
  }
}

interface Tab {
  client: MultiTabImClient;
  msgs: ImMessage[];
  updates: ImMessage[];
  syncDones: number;
  states: string[];
}

/** One browser profile: one IndexedDB (here a shared MemoryStore), one lock manager, tabs on BroadcastChannel. */
function profile() {
  const server = new FakeServer();
  const store = new MemoryStore();
  const locks = new InProcessLocks();
  const channels: BroadcastChannelLike[] = [];
  const tabs: Tab[] = [];
  let clock = 50_000;
  const openTab = (tabId: string): Tab => {
    let issued = 0;
    const client = new MultiTabImClient({
      name: `merchant-im-${ME}`,
      tabId,
      locks,
      createChannel: (name) => {
        const channel = new BroadcastChannel(name) as unknown as BroadcastChannelLike;
        channels.push(channel);
        return channel;
      },
      createIdClient: () => `${tabId}-${++issued}`,
      createLeader: (createIdClient) => {
        const socket = server.openSocket();
        const imClient = new ImClient({ account: ME, connection: socket, store, logger: silentLogger, createIdClient, now: () => ++clock });
        return { client: imClient, request: (name, body) => socket.request(name, body) };
      },
    });
    const tab: Tab = { client, msgs: [], updates: [], syncDones: 0, states: [] };
    client.on('msg', (m) => tab.msgs.push(m));
    client.on('msgUpdate', (m) => tab.updates.push(m));
    client.on('syncDone', () => tab.syncDones++);
    client.on('state', (s) => tab.states.push(s));
    tabs.push(tab);
    return tab;
  };
  const closeAll = async () => {
    await Promise.all(tabs.map((tab) => tab.client.destroy()));
    channels.forEach((channel) => channel.close());
  };
  return { server, store, locks, openTab, closeAll };
}

let current: ReturnType<typeof profile> | undefined;
afterEach(async () => {
  await current?.closeAll();
  current = undefined;
});

async function twoConnectedTabs() {
  current = profile();
  const a = current.openTab('A');
  await until(() => a.client.isLeader, 'A to lead');
  const b = current.openTab('B');
  await Promise.all([a.client.connect(), b.client.connect()]);
  return { ...current, a, b };
}

describe('MultiTabImClient', () => {
  it('elects one leader: one socket for two tabs, and the second tab is connected without a login of its own', async () => {
    const { server, a, b } = await twoConnectedTabs();
    expect(a.client.isLeader).toBe(true);
    expect(b.client.isLeader).toBe(false);
    expect(server.sockets).toHaveLength(1);
    expect(server.sockets[0].requests.filter((r) => r.name === 'sync')).toHaveLength(1);
    expect(b.states).toContain('loggedIn');
    expect(b.syncDones).toBeGreaterThanOrEqual(1);
  });

  it("fans the leader's events out: a customer's message reaches both tabs once", async () => {
    const { server, a, b } = await twoConnectedTabs();
    server.deliver('live-1');
    await until(() => b.msgs.length === 1, 'B to hear live-1');
    expect(a.msgs.map((m) => m.idClient)).toEqual(['live-1']);
    expect(b.msgs.map((m) => m.idClient)).toEqual(['live-1']);
    expect(b.msgs[0]).toMatchObject({ text: 'hello live-1', flow: 'in', status: 'success' });
  });

  it("a follower's calls run on the leader's socket: send, list, mark read, a raw getUsers; errors come back as ImErrors", async () => {
    const { server, store, a, b } = await twoConnectedTabs();
    const sent = await b.client.messages.sendText({ scene: 'p2p', to: 'c_demo1', text: 'from tab B' });
    expect(sent).toMatchObject({ idClient: 'B-1', status: 'success', idServer: 'srv-B-1' });
    expect(server.sendAttempts).toEqual(['B-1']);
    await until(() => a.updates.some((m) => m.idClient === 'B-1' && m.status === 'success'), "A to see B's send settle");
    expect((await store.getMessage('B-1'))?.status).toBe('success');
    expect((await b.client.messages.list({ sessionId: 'p2p-c_demo1' })).map((m) => m.idClient)).toEqual(['B-1']);
    await expect(b.client.sessions.markRead('p2p-c_demo1')).resolves.toMatchObject({ id: 'p2p-c_demo1', unread: 0 });
    await expect(b.client.request('getUsers', { accounts: ['c_demo1'] })).resolves.toEqual({ users: [{ account: 'c_demo1', nick: 'nick of c_demo1' }] });
    const error = await b.client.messages.sendText({ scene: 'p2p', to: 'c_demo1', text: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImError);
    expect(server.sockets).toHaveLength(1);
  });

  it("a follower sticks a session to the top and takes it off again on the leader's socket; both tabs see the change", async () => {
    const { server, store, a, b } = await twoConnectedTabs();
    server.deliver('m-top');
    await until(async () => (await store.getSession('p2p-c_demo1')) !== undefined, 'the session to be stored');
    const aSessions: boolean[] = [];
    a.client.on('sessions', (sessions) => sessions.forEach((s) => aSessions.push(s.isTop === true)));
    await expect(b.client.sessions.stickTop('p2p-c_demo1')).resolves.toMatchObject({ id: 'p2p-c_demo1', isTop: true });
    expect(server.sockets[0].requests.filter((r) => r.name === 'addStickTopSession').map((r) => r.body)).toEqual([{ session: { id: 'p2p-c_demo1', topCustom: '' } }]);
    expect((await store.getSession('p2p-c_demo1'))?.isTop).toBe(true);
    await expect(b.client.sessions.unstickTop('p2p-c_demo1')).resolves.toMatchObject({ isTop: false });
    expect(server.sockets[0].requests.some((r) => r.name === 'deleteStickTopSession')).toBe(true);
    await until(() => aSessions.slice(-2).join() === 'true,false', 'tab A to see the session stuck, then not');
    await expect(b.client.sessions.stickTop('p2p-nobody')).rejects.toBeInstanceOf(ImError);
  });

  it("a follower deletes a session on the server, reads the leader's other ports and kicks one, all on the leader's socket", async () => {
    const { server, store, b } = await twoConnectedTabs();
    server.deliver('m-del');
    await until(async () => (await store.getSession('p2p-c_demo1')) !== undefined, 'the session to be stored');
    const socket = server.sockets[0];
    socket.answer('deleteSessions', () => ({}));
    await b.client.sessions.deleteSessions(['p2p-c_demo1']);
    expect(socket.requests.filter((r) => r.name === 'deleteSessions').map((r) => r.body)).toEqual([{ sessionIds: ['p2p-c_demo1'] }]);
    expect((await store.getSession('p2p-c_demo1'))?.isDeleted).toBe(true);

    const phone = { type: 2, customClientType: 0, time: 1, online: true, connectionId: 'conn-phone', os: 'iOS 18' };
    socket.fire('loginPorts', { state: 'login', ports: [phone], loginPorts: [phone] });
    await until(async () => (await b.client.getLoginPorts()).length === 1, "the phone in the leader's list");
    expect(await b.client.getLoginPorts()).toEqual([expect.objectContaining({ connectionId: 'conn-phone', os: 'iOS 18' })]);
    socket.answer('kick', (body) => ({ connectionIds: body.connectionIds ?? [] }));
    await expect(b.client.kick(['conn-phone'])).resolves.toEqual(['conn-phone']);
    expect(server.sockets).toHaveLength(1);
  });

  it('closing the leader moves the socket: the follower takes the lock, connects and syncs from the shared store; nothing lost or doubled', async () => {
    const { server, store, a, b } = await twoConnectedTabs();
    server.deliver('m1');
    await until(() => b.msgs.length === 1, 'B to hear m1');
    await a.client.destroy(); // the leader's tab closes: the browser releases its lock
    server.deliver('m2'); // while no tab holds the socket: kept by the server as offline
    await until(() => b.client.isLeader, 'B to lead');
    await until(() => server.openSockets.length === 1, 'B to log in');
    const syncsBefore = b.syncDones;
    await until(() => b.syncDones > syncsBefore || b.states.at(-1) === 'loggedIn', 'B to sync');
    await b.client.connect();
    server.deliver('m3');
    await until(() => b.msgs.some((m) => m.idClient === 'm3'), 'B to hear m3');
    expect(server.sockets).toHaveLength(2);
    expect(server.sockets[0].closed).toBe(true);
    expect(server.openSockets).toEqual([server.sockets[1]]);
    const stored = await store.getSessionMessages({ sessionId: 'p2p-c_demo1', limit: 100, order: 'asc' });
    expect(stored.map((m) => m.idClient)).toEqual(['m1', 'm2', 'm3']);
    // Live news once each; m2 came with the new leader's sync (syncData / syncDone), not as a live 'msg'.
    expect(b.msgs.map((m) => m.idClient)).toEqual(['m1', 'm3']);
    expect((await store.getSession('p2p-c_demo1'))?.unread).toBe(3);
  });

  it('a send waiting on the closing leader is sent once by the new leader, and the follower that asked gets its outcome', async () => {
    const { server, store, a, b } = await twoConnectedTabs();
    server.answerSends = false; // A's socket takes the send but never answers
    const sending = b.client.messages.sendText({ scene: 'p2p', to: 'c_demo1', text: 'keep me' });
    await until(() => server.sendAttempts.length === 1, 'the send to reach the server');
    expect((await store.getMessage('B-1'))?.status).toBe('sending');
    server.answerSends = true;
    await a.client.destroy();
    await expect(sending).resolves.toMatchObject({ idClient: 'B-1', status: 'success' });
    expect(server.sendAttempts).toEqual(['B-1', 'B-1']); // the same idClient again: the server keeps one
    expect([...server.kept.keys()]).toEqual(['B-1']);
    const rows = await store.getSessionMessages({ sessionId: 'p2p-c_demo1', limit: 100 });
    expect(rows.filter((m) => m.idClient === 'B-1')).toHaveLength(1);
    expect(rows.find((m) => m.idClient === 'B-1')).toMatchObject({ status: 'success', outbox: undefined });
  });

  it("a custom message (a support desk card) asked by a follower goes out on the leader's socket under the follower's id, with its content as attach", async () => {
    const { server, store, a, b } = await twoConnectedTabs();
    const content = JSON.stringify({ title: 'Order 41', text: 'to ship', deskCard: { kind: 'order', orderId: 41 } });
    const sent = await b.client.messages.sendCustom({ scene: 'p2p', to: 'c_demo1', content });
    expect(sent).toMatchObject({ idClient: 'B-1', type: 'custom', attach: content, status: 'success' });
    expect(server.sendAttempts).toEqual(['B-1']);
    await until(() => a.updates.some((m) => m.idClient === 'B-1' && m.status === 'success'), "A to see B's custom message settle");
    expect((await store.getMessage('B-1'))?.attach).toBe(content);
    expect(server.sockets).toHaveLength(1);
  });

  it('a forward asked by a follower goes out under the id the follower chose, once, also when the leader closes mid-send', async () => {
    const { server, store, a, b } = await twoConnectedTabs();
    server.deliver('m1');
    await until(() => b.msgs.length === 1, 'B to hear m1');
    server.answerSends = false; // A's socket takes the forward but never answers
    const forwarding = b.client.messages.forward('m1', { scene: 'p2p', to: 'c_demo2' });
    await until(() => server.sendAttempts.length === 1, 'the forward to reach the server');
    expect(server.sendAttempts).toEqual(['B-1']);
    server.answerSends = true;
    await a.client.destroy();
    await expect(forwarding).resolves.toMatchObject({ idClient: 'B-1', to: 'c_demo2', text: 'hello m1', status: 'success' });
    expect(server.sendAttempts).toEqual(['B-1', 'B-1']); // the new leader retried the same message
    expect([...server.kept.keys()]).toEqual(['B-1']);
    const rows = await store.getSessionMessages({ sessionId: 'p2p-c_demo2', limit: 100 });
    expect(rows.map((m) => m.idClient)).toEqual(['B-1']);
  });

  it('a reply asked by a follower goes out through the leader under the id the follower chose, naming the replied message, once, also when the leader closes mid-send', async () => {
    const { server, store, a, b } = await twoConnectedTabs();
    server.deliver('m1');
    await until(() => b.msgs.length === 1, 'B to hear m1');
    // im-server's ids are numbers (this fake's are not): the reply rules check the replied message's.
    const replied = { ...b.msgs[0], idServer: '4242' };
    server.answerSends = false; // A's socket takes the reply but never answers
    const replying = b.client.msgExtend.replyText(replied, { text: 'thanks for m1' });
    await until(() => server.sendAttempts.length === 1, 'the reply to reach the server');
    expect(server.sendAttempts).toEqual(['B-1']);
    server.answerSends = true;
    await a.client.destroy();
    await expect(replying).resolves.toMatchObject({ idClient: 'B-1', text: 'thanks for m1', status: 'success', replyMsgIdServer: replied.idServer, replyMsgIdClient: 'm1' });
    expect(server.sendAttempts).toEqual(['B-1', 'B-1']); // the new leader retried the same message
    expect(server.kept.get('B-1')).toMatchObject({ replyMsgIdServer: replied.idServer, replyMsgIdClient: 'm1' });
    const rows = await store.getSessionMessages({ sessionId: 'p2p-c_demo1', limit: 100 });
    expect(rows.filter((m) => m.idClient === 'B-1')).toHaveLength(1);
  });

  it("a follower's connect ends with the leader's state, also when the app said 'connecting' after hearing it", async () => {
    const { openTab } = await twoConnectedTabs();
    const c = openTab('C');
    await until(() => c.states.includes('loggedIn'), 'C to hear the state');
    const heard = c.states.length;
    await c.client.connect();
    expect(c.states.slice(heard)).toEqual(['loggedIn']);
  });

  it('a tab that cannot build its client lets the next tab lead', async () => {
    current = profile();
    const { server, openTab } = current;
    const broken = new MultiTabImClient({
      name: `merchant-im-${ME}`, tabId: 'X', locks: current.locks,
      createChannel: (name) => new BroadcastChannel(name) as unknown as BroadcastChannelLike,
      createLeader: () => {
        throw new Error('no WebSocket here');
      },
    });
    try {
      const b = openTab('B');
      await until(() => b.client.isLeader, 'B to lead');
      await b.client.connect();
      expect(broken.isLeader).toBe(false);
      expect(server.openSockets).toHaveLength(1);
    } finally {
      await broken.destroy();
    }
  });

  it('a tab opened later hears the current state and sync from the leader at once', async () => {
    const { a, openTab } = await twoConnectedTabs();
    expect(a.client.isLeader).toBe(true);
    const c = openTab('C');
    await until(() => c.states.includes('loggedIn') && c.syncDones === 1, 'C to hear the state');
    expect(c.client.isLeader).toBe(false);
  });

  it("a follower's logout does not log the shared socket out; the leader's logout hands the lead on", async () => {
    const { server, a, b } = await twoConnectedTabs();
    await b.client.logout();
    expect(server.openSockets).toHaveLength(1);
    expect(a.client.isLeader).toBe(true);
    await a.client.logout();
    await until(() => b.client.isLeader, 'B to lead after A logged out');
    expect(server.sockets[0].state).toBe('disconnected');
    // B logged out too, so as leader it does not connect until asked.
    expect(server.openSockets).toHaveLength(0);
    await b.client.connect();
    expect(server.openSockets).toEqual([server.sockets[1]]);
  });
});
