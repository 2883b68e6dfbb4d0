// System notifications and the blocklist/mutelist in the second tab of one browser profile: its
// requests go through the first tab's socket, and it hears the changes the first tab's pushes make.
import { IDBFactory } from 'fake-indexeddb';
import { IndexedDbStore, databaseNameFor } from '@merchant/im-db';
import { createFrameChatClient } from '../chat/create-frame-chat-client';
import type { ChatClient } from '../chat/chat-client';
import type { FrameRuntimeConfig } from '../config/runtime-config';
import { createFakeImServer, MERCHANT } from '../test/fake-im-server';
import { inProcessTabs, until } from '../test/two-tabs';

const config = { imLbsUrl: 'http://127.0.0.1:1/lbs', imAppKey: 'merchant-im' } as FrameRuntimeConfig;

describe('contacts in the second tab', () => {
  const environment = inProcessTabs();
  const clients: ChatClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.disconnect().catch(() => undefined)));
    environment.close();
  });

  it('hears a friend request the first tab received, answers it and mutes through the first tab', async () => {
    const indexedDB = new IDBFactory();
    const { tabs } = environment;
    const open = async () => {
      const server = createFakeImServer();
      server.connection.answer('friendRequest', () => ({}));
      server.connection.answer('markInMutelist', () => ({}));
      const store = await IndexedDbStore.open({ name: databaseNameFor(config.imAppKey, MERCHANT), indexedDB });
      const client = await createFrameChatClient({ config, params: { account: MERCHANT, token: 't' }, store, connection: server.connection, tabs });
      clients.push(client);
      await client.connect();
      return { server, client };
    };
    const first = await open();
    const second = await open();
    const contacts = second.client.contacts as NonNullable<ChatClient['contacts']>;
    let heard = 0;
    contacts.onChange(() => heard++);

    first.server.connection.push('sysMsg', { sysMsg: { idServer: '21', category: 'friend', type: 'applyFriend', from: 'c_demo1', to: MERCHANT, time: 5 } });
    await until(async () => heard > 0 && (await contacts.listSystemMessages()).length === 1, 'the second tab to see the request');
    expect(await contacts.unreadSystemMessages()).toBe(1);

    const [request] = await contacts.listSystemMessages();
    await contacts.answerFriendApplication(request, true);
    await contacts.setInMutelist('c_demo1', true);
    const sent = first.server.connection.requests.filter((r) => r.name === 'friendRequest' || r.name === 'markInMutelist').map((r) => [r.name, r.body]);
    expect(sent).toEqual([
      ['friendRequest', { account: 'c_demo1', type: 'passFriendApply' }],
      ['markInMutelist', { account: 'c_demo1', isAdd: true }],
    ]);
    expect(second.server.connection.requests).toEqual([]);
    expect((await contacts.listSystemMessages())[0]).toMatchObject({ state: 'passed', read: true });
    expect(await contacts.getRelation('c_demo1')).toMatchObject({ isMuted: true, isBlacked: false });
  });
});
