// File URLs through the CDN in the second tab of one browser profile (issue 30 §5, im-client-spec §4 "after login:
// fetch the CDN host"): the second tab has no client of its own, so it asks the first tab's socket for the host.
import { IDBFactory } from 'fake-indexeddb';
import { MessageTypeCode } from '@merchant/im-core';
import { IndexedDbStore, databaseNameFor } from '@merchant/im-db';
import { createFrameChatClient } from './create-frame-chat-client';
import type { ChatClient } from './chat-client';
import type { FrameRuntimeConfig } from '../config/runtime-config';
import { createFakeImServer, MERCHANT, wireTextMessage } from '../test/fake-im-server';
import { inProcessTabs, until } from '../test/two-tabs';

const config = { imLbsUrl: 'http://127.0.0.1:1/lbs', imAppKey: 'merchant-im' } as FrameRuntimeConfig;

describe('CDN file URLs in the second tab', () => {
  const environment = inProcessTabs();
  const clients: ChatClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.disconnect().catch(() => undefined)));
    environment.close();
  });

  it("shows a file through the CDN the first tab's socket named", async () => {
    const indexedDB = new IDBFactory();
    const { tabs } = environment;
    const image = { ...wireTextMessage('img-1', 1000), type: MessageTypeCode.image, text: undefined, file: { url: 'http://127.0.0.1:3200/nos/bucket/a.png', name: 'a.png', ext: 'png', size: 10, w: 10, h: 10, md5: 'x' } };
    const open = async () => {
      const server = createFakeImServer();
      server.connection.answer('getNosCdnHost', () => ({ cdnDomain: 'cdn.example', objectNamePrefix: 'http://127.0.0.1:3200/nos/', expire: -1 }));
      server.history.push(image);
      const store = await IndexedDbStore.open({ name: databaseNameFor(config.imAppKey, MERCHANT), indexedDB });
      const client = await createFrameChatClient({ config, params: { account: MERCHANT, token: 't' }, store, connection: server.connection, tabs });
      clients.push(client);
      await client.connect();
      return { server, client };
    };
    const first = await open();
    const second = await open();
    // The second tab's request went through the first tab's socket; its own connection never opened.
    await until(() => first.server.connection.requests.filter((request) => request.name === 'getNosCdnHost').length >= 2, 'the second tab to ask for the CDN host');
    expect(second.server.connection.requests).toEqual([]);
    const { messages } = await second.client.fetchHistory('p2p-c_demo1', { limit: 10 });
    expect(messages.map((message) => message.file?.url)).toEqual(['https://cdn.example/bucket/a.png']);
  });
});
