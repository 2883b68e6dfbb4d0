// Two frames of one browser profile (docs/im-multitab.md): the frame builds im-core's multi-tab
// client when it has Web Locks, BroadcastChannel and IndexedDB. Node's BroadcastChannel and
// im-core's in-process locks stand in for the browser's; each tab has a scripted server
// connection, so the test sees which tab's connection the traffic uses.
import { BroadcastChannel } from 'node:worker_threads';
import { IDBFactory } from 'fake-indexeddb';
import { InProcessLocks } from '@merchant/im-core/testing';
import { IndexedDbStore, databaseNameFor } from '@merchant/im-db';
import { createFrameChatClient, type TabEnvironment } from '../chat/create-frame-chat-client';
import type { ChatClient, ChatMessage } from '../chat/chat-client';
import { createFakeImServer, MERCHANT, wireTextMessage } from '../test/fake-im-server';
import type { FrameRuntimeConfig } from '../config/runtime-config';

const config = { imLbsUrl: 'http://127.0.0.1:1/lbs', imAppKey: 'merchant-im' } as FrameRuntimeConfig;

async function until(condition: () => boolean, what: string): Promise<void> {
  // fixed wait: poll interval; 400 rounds bound the wait
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

describe('frames in two tabs of one browser profile', () => {
  const channels: { close(): void }[] = [];
  const clients: ChatClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.disconnect().catch(() => undefined)));
    channels.splice(0).forEach((channel) => channel.close());
  });

  async function openTabs() {
    const indexedDB = new IDBFactory();
    const tabs: TabEnvironment = {
      locks: new InProcessLocks(),
      createChannel: (name) => {
        const channel = new BroadcastChannel(name);
        channels.push(channel);
        return channel as unknown as ReturnType<TabEnvironment['createChannel']>;
      },
    };
    const open = async () => {
      const server = createFakeImServer();
      const store = await IndexedDbStore.open({ name: databaseNameFor(config.imAppKey, MERCHANT), indexedDB });
      const client = await createFrameChatClient({ config, params: { account: MERCHANT, token: 't' }, store, connection: server.connection, tabs });
      const messages: ChatMessage[] = [];
      client.on('message', (message) => messages.push(message));
      clients.push(client);
      return { server, client, messages };
    };
    const first = await open();
    await first.client.connect();
    const second = await open();
    await second.client.connect();
    return { first, second };
  }

  it("share the first tab's connection: the second never logs in, hears the customer and sends through the first", async () => {
    const { first, second } = await openTabs();
    expect(first.server.connection.requests.some((r) => r.name === 'sync')).toBe(true);
    expect(second.server.connection.requests).toEqual([]);

    first.server.connection.push('msg', { msg: wireTextMessage('in-1', 1000) });
    await until(() => second.messages.some((m) => m.idClient === 'in-1'), 'the second tab to hear in-1');
    expect(first.messages.filter((m) => m.idClient === 'in-1')).toHaveLength(1);
    expect(second.messages.filter((m) => m.idClient === 'in-1')).toHaveLength(1);

    const sent = await second.client.sendText('p2p-c_demo1', 'from the second tab');
    expect(sent).toMatchObject({ status: 'success', text: 'from the second tab' });
    const sends = first.server.connection.requests.filter((r) => r.name === 'sendMsg');
    expect(sends.map((r) => (r.body as { msg: { idClient: string } }).msg.idClient)).toEqual([sent.idClient]);
    expect(second.server.connection.requests).toEqual([]);
    // Local reads come from the shared IndexedDB.
    expect((await second.client.listLocalMessages('p2p-c_demo1', 10)).map((m) => m.idClient)).toEqual(['in-1', sent.idClient]);
  });

  it("offer replies: a reply from the second tab goes out on the first tab's socket, naming the replied message", async () => {
    const { first, second } = await openTabs();
    // im-server's ids are numbers; the reply rules check the replied message's.
    first.server.connection.push('msg', { msg: { ...wireTextMessage('in-r', 1000), idServer: '777' } });
    await until(() => second.messages.some((m) => m.idClient === 'in-r'), 'the second tab to hear in-r');
    expect(second.client.replyText).toBeDefined();
    const replied = second.messages.find((m) => m.idClient === 'in-r')!;
    const sent = await second.client.replyText!(replied, 'about in-r');
    expect(sent).toMatchObject({ status: 'success', text: 'about in-r' });
    const sends = first.server.connection.requests.filter((r) => r.name === 'sendMsg');
    expect(sends.map((r) => (r.body as { msg: { idClient: string; replyMsgIdServer?: string } }).msg)).toEqual([
      expect.objectContaining({ idClient: sent.idClient, replyMsgIdServer: '777', replyMsgIdClient: 'in-r' }),
    ]);
    expect(second.server.connection.requests).toEqual([]);
  });

  it("the second tab takes the connection over when the first one's frame goes away", async () => {
    const { first, second } = await openTabs();
    await first.client.disconnect();
    await until(() => second.server.connection.requests.some((r) => r.name === 'sync'), 'the second tab to log in and sync');
    second.server.connection.push('msg', { msg: wireTextMessage('in-2', 2000) });
    await until(() => second.messages.some((m) => m.idClient === 'in-2'), 'the second tab to hear in-2');
    const sent = await second.client.sendText('p2p-c_demo1', 'now on my own socket');
    expect(sent.status).toBe('success');
    expect(second.server.connection.requests.filter((r) => r.name === 'sendMsg')).toHaveLength(1);
  });
});
