// im-core's client.events (libs/im-core/src/services/events/events-service.ts) against the real im-server
// and database (docs/im-extend.md "Events"): publish, subscribe, the eventPush → `event` client event,
// query, unsubscribe, and the §5 rules on both sides.
import WebSocket from 'ws';
import { ImConnection, ImError, MemoryStore, type ImClient, type ImEvent, type WebSocketConstructor } from '@merchant/im-core';
import { FAST_TIMING, imCoreClient, waitFor } from './support/im-core-clients';
import { TEST_APP_KEY, tokenFor } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

const TYPE = 100001;
const MARKER_TYPE = 100002;

describe('im-core events against im-server', () => {
  let started: StartedServer;
  const clients: ImClient[] = [];
  const client = async (name: string, connection?: ImConnection) => {
    const created = imCoreClient(started.url, name, { store: new MemoryStore(), ...(connection ? { connection } : {}) });
    clients.push(created);
    await created.connect();
    return created;
  };
  const heard = (c: ImClient) => {
    const list: ImEvent[] = [];
    c.on('event', (e) => list.push(e));
    return list;
  };

  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(async () => {
    for (const c of clients) await c.destroy();
    await started.server.close();
  });

  it('B subscribed to A hears A\'s publish as an `event` with the exact fields; the query answers it with its validity', async () => {
    const [amyName, bobName] = [account('ev_amy'), account('ev_bob')];
    const amy = await client(amyName);
    const bob = await client(bobName);
    const bobHeard = heard(bob);

    expect(await bob.events.subscribeEvent({ type: TYPE, accounts: [amyName] })).toEqual({ failedAccounts: [] });
    const published = await amy.events.publishEvent({ type: TYPE, value: 1, custom: 'online' });
    // The server stored it with the §5 default validity (604800 s) and gave it its id, owner and time.
    expect(published).toEqual({
      account: amyName, type: TYPE, value: 1, custom: 'online', validTime: 604800,
      idClient: expect.stringMatching(/^\w{1,64}$/), idServer: expect.stringMatching(/^\d+$/), time: expect.any(Number),
    });

    await waitFor(() => bobHeard.length > 0, 5000, 'bob hears amy\'s event');
    expect(bobHeard).toEqual([published]);

    // The query answers amy's current event: valid validTime seconds from time.
    expect(await bob.events.querySubscribeEvents({ type: TYPE, accounts: [amyName] })).toEqual([published]);
    const shorter = await amy.events.publishEvent({ type: TYPE, value: 2, validTime: 3600 });
    await waitFor(() => bobHeard.length > 1, 5000, 'bob hears the second event');
    expect(bobHeard[1]).toEqual(shorter);
    expect(shorter).toMatchObject({ value: 2, validTime: 3600 });
    expect(shorter).not.toHaveProperty('custom');
    expect(await bob.events.querySubscribeEvents({ type: TYPE, accounts: [amyName] })).toEqual([shorter]);
  });

  it('subscribing with sync pushes the current events; a non-subscriber\'s query is empty; the publisher does not hear itself', async () => {
    const [amyName, bobName, carlName] = [account('ev_s_amy'), account('ev_s_bob'), account('ev_s_carl')];
    const amy = await client(amyName);
    const bob = await client(bobName);
    const carl = await client(carlName);
    const [amyHeard, bobHeard, carlHeard] = [heard(amy), heard(bob), heard(carl)];

    const published = await amy.events.publishEvent({ type: TYPE, value: 5, validTime: 60 });
    await bob.events.subscribeEvent({ type: TYPE, accounts: [amyName], subscribeTime: 60, sync: true });
    await waitFor(() => bobHeard.length > 0, 5000, 'bob gets amy\'s current event after subscribing');
    expect(bobHeard).toEqual([published]);

    expect(await carl.events.querySubscribeEvents({ type: TYPE, accounts: [amyName] })).toEqual([]);
    // carl subscribes to amy's marker type only: amy's marker reaching carl proves nothing else was pushed to him.
    await carl.events.subscribeEvent({ type: MARKER_TYPE, accounts: [amyName] });
    await amy.events.publishEvent({ type: TYPE, value: 6 });
    const marker = await amy.events.publishEvent({ type: MARKER_TYPE, value: 1 });
    await waitFor(() => carlHeard.length > 0, 5000, 'carl hears the marker');
    expect(carlHeard).toEqual([marker]);
    await waitFor(() => bobHeard.length > 1, 5000, 'bob hears value 6');
    expect(bobHeard[1]).toMatchObject({ account: amyName, type: TYPE, value: 6 });
    expect(amyHeard).toEqual([]);
  });

  it('after unSubscribeEvent no further event arrives (a later marker on a still-subscribed type does), and the query is empty', async () => {
    const [amyName, bobName] = [account('ev_u_amy'), account('ev_u_bob')];
    const amy = await client(amyName);
    const bob = await client(bobName);
    const bobHeard = heard(bob);

    await bob.events.subscribeEvent({ type: TYPE, accounts: [amyName] });
    await bob.events.subscribeEvent({ type: MARKER_TYPE, accounts: [amyName] });
    const before = await amy.events.publishEvent({ type: TYPE, value: 1 });
    await waitFor(() => bobHeard.length === 1, 5000, 'bob hears the event before unsubscribing');
    expect(bobHeard).toEqual([before]);

    expect(await bob.events.unSubscribeEvent({ type: TYPE, accounts: [amyName] })).toEqual({ failedAccounts: [] });
    await amy.events.publishEvent({ type: TYPE, value: 2 });
    // amy's connection handles one command at a time and pushes to bob in order: the marker comes after any push of value 2.
    const marker = await amy.events.publishEvent({ type: MARKER_TYPE, value: 99 });
    await waitFor(() => bobHeard.some((e) => e.type === MARKER_TYPE), 5000, 'bob hears the marker');
    expect(bobHeard).toEqual([before, marker]);
    expect(await bob.events.querySubscribeEvents({ type: TYPE, accounts: [amyName] })).toEqual([]);
    expect(await bob.events.querySubscribeEvents({ type: MARKER_TYPE, accounts: [amyName] })).toEqual([marker]);
  });

  it('the client refuses bad input before sending; the server refuses the same input as ImError with code and message', async () => {
    const [amyName, bobName] = [account('ev_v_amy'), account('ev_v_bob')];
    const connection = new ImConnection({
      lbsUrl: `${started.url}/lbs`,
      appKey: TEST_APP_KEY,
      account: amyName,
      token: tokenFor(amyName),
      WebSocketImpl: WebSocket as unknown as WebSocketConstructor,
      transports: ['websocket'],
      networkEvents: null,
      timing: FAST_TIMING,
    });
    const amy = await client(amyName, connection);
    const bob = await client(bobName);
    const valid = await amy.events.publishEvent({ type: TYPE, value: 1 });
    await bob.events.subscribeEvent({ type: TYPE, accounts: [amyName] });
    // bob has a current event too: had a refused subscribe of amy's gone out, amy's query would answer it.
    await bob.events.publishEvent({ type: TYPE, value: 7 });

    const cases = [
      { command: 'publishEvent', message: 'validTime must be 60 to 604800 seconds', client: () => amy.events.publishEvent({ type: TYPE, value: 2, validTime: 59 }), server: () => connection.request('publishEvent', { event: { type: TYPE, value: 2, validTime: 59 } }) },
      { command: 'publishEvent', message: 'validTime must be 60 to 604800 seconds', client: () => amy.events.publishEvent({ type: TYPE, value: 2, validTime: 604801 }), server: () => connection.request('publishEvent', { event: { type: TYPE, value: 2, validTime: 604801 } }) },
      { command: 'publishEvent', message: 'event type must be a non-negative integer', client: () => amy.events.publishEvent({ type: -1, value: 2 }), server: () => connection.request('publishEvent', { event: { type: -1, value: 2 } }) },
      { command: 'subscribeEvent', message: 'subscribeTime must be 60 to 2592000 seconds', client: () => amy.events.subscribeEvent({ type: TYPE, accounts: [bobName], subscribeTime: 59 }), server: () => connection.request('subscribeEvent', { type: TYPE, accounts: [bobName], subscribeTime: 59 }) },
      { command: 'subscribeEvent', message: 'subscribeTime must be 60 to 2592000 seconds', client: () => amy.events.subscribeEvent({ type: TYPE, accounts: [bobName], subscribeTime: 2592001 }), server: () => connection.request('subscribeEvent', { type: TYPE, accounts: [bobName], subscribeTime: 2592001 }) },
      { command: 'unSubscribeEvent', message: 'accounts must name 1 to 100 accounts', client: () => amy.events.unSubscribeEvent({ type: TYPE, accounts: [] }), server: () => connection.request('unSubscribeEvent', { type: TYPE, accounts: [] }) },
      { command: 'querySubscribeEvents', message: 'accounts must name 1 to 100 accounts', client: () => amy.events.querySubscribeEvents({ type: TYPE, accounts: [] }), server: () => connection.request('querySubscribeEvents', { type: TYPE, accounts: [] }) },
    ];
    for (const c of cases) {
      const onClient = await c.client().then(() => undefined, (error: unknown) => error);
      expect(onClient).toBeInstanceOf(ImError);
      expect(onClient).toMatchObject({ errorName: 'Param_Error', code: 414, message: c.message });
      const onServer = await c.server().then(() => undefined, (error: unknown) => error);
      expect(onServer).toBeInstanceOf(ImError);
      // The server's own text rides in the message (errorFromResponseCode): the same rule, the same words.
      expect(onServer).toMatchObject({ errorName: 'Server_Error', code: 414, command: c.command, message: `${c.command} failed with 414 (parameter error: ${c.message})` });
    }
    // Nothing refused was stored: amy's current event is still the valid one, and amy subscribes to nobody.
    expect(await bob.events.querySubscribeEvents({ type: TYPE, accounts: [amyName] })).toEqual([valid]);
    expect(await amy.events.querySubscribeEvents({ type: TYPE, accounts: [bobName] })).toEqual([]);
  });
});
