import { FakeConnection } from '../../testing/fake-connection';
import type { ServiceContext } from '../service-context';
import { EventsService, type ImEvent } from './events-service';

// client.events (docs/im-extend.md "Events"): the §5 rules refuse before anything is sent, the §5
// defaults go on the wire, and eventPush records become `event`s.

const ME = 'ev_me';

function setup() {
  const connection = new FakeConnection();
  const context = { account: ME, connection, now: () => 5000, createIdClient: () => 'idc-1', emit: () => undefined } as unknown as ServiceContext;
  const emitted: ImEvent[] = [];
  const events = new EventsService(context, (_name, event) => emitted.push(event));
  return { connection, events, emitted };
}

const refused = (message: string) => expect.objectContaining({ errorName: 'Param_Error', code: 414, message });

describe('EventsService: refusals before sending (im-client-spec §5, docs/im-extend.md "Rules and their messages")', () => {
  it('publishEvent refuses a bad type, value, validTime or custom and sends nothing', async () => {
    const { connection, events } = setup();
    await expect(events.publishEvent({ type: -1, value: 1 })).rejects.toEqual(refused('event type must be a non-negative integer'));
    await expect(events.publishEvent({ type: 'a' as never, value: 1 })).rejects.toEqual(refused('event type must be a non-negative integer'));
    await expect(events.publishEvent({ type: 1, value: 1.5 })).rejects.toEqual(refused('event value must be an integer'));
    await expect(events.publishEvent({ type: 1, value: 1, validTime: 59 })).rejects.toEqual(refused('validTime must be 60 to 604800 seconds'));
    await expect(events.publishEvent({ type: 1, value: 1, validTime: 604801 })).rejects.toEqual(refused('validTime must be 60 to 604800 seconds'));
    await expect(events.publishEvent({ type: 1, value: 1, validTime: 60.5 })).rejects.toEqual(refused('validTime must be 60 to 604800 seconds'));
    await expect(events.publishEvent({ type: 1, value: 1, custom: 'x'.repeat(1025) })).rejects.toEqual(refused('custom must be a string of at most 1024 characters'));
    expect(connection.requests).toEqual([]);
  });

  it('subscribeEvent refuses a bad type, accounts or subscribeTime and sends nothing', async () => {
    const { connection, events } = setup();
    await expect(events.subscribeEvent({ type: -1, accounts: ['a'] })).rejects.toEqual(refused('event type must be a non-negative integer'));
    await expect(events.subscribeEvent({ type: 1, accounts: [] })).rejects.toEqual(refused('accounts must name 1 to 100 accounts'));
    await expect(events.subscribeEvent({ type: 1, accounts: Array.from({ length: 101 }, (_, i) => `a${i}`) })).rejects.toEqual(refused('accounts must name 1 to 100 accounts'));
    await expect(events.subscribeEvent({ type: 1, accounts: [''] })).rejects.toEqual(refused('accounts must be account ids'));
    await expect(events.subscribeEvent({ type: 1, accounts: ['a'], subscribeTime: 59 })).rejects.toEqual(refused('subscribeTime must be 60 to 2592000 seconds'));
    await expect(events.subscribeEvent({ type: 1, accounts: ['a'], subscribeTime: 2592001 })).rejects.toEqual(refused('subscribeTime must be 60 to 2592000 seconds'));
    expect(connection.requests).toEqual([]);
  });

  it('unSubscribeEvent and querySubscribeEvents refuse a bad type or accounts and send nothing', async () => {
    const { connection, events } = setup();
    await expect(events.unSubscribeEvent({ type: 1, accounts: [] })).rejects.toEqual(refused('accounts must name 1 to 100 accounts'));
    await expect(events.unSubscribeEvent({ type: 1.5, accounts: ['a'] })).rejects.toEqual(refused('event type must be a non-negative integer'));
    await expect(events.querySubscribeEvents({ type: 1, accounts: Array.from({ length: 101 }, (_, i) => `a${i}`) })).rejects.toEqual(refused('accounts must name 1 to 100 accounts'));
    await expect(events.querySubscribeEvents({ type: 1, accounts: [' '] })).rejects.toEqual(refused('accounts must be account ids'));
    expect(connection.requests).toEqual([]);
  });
});

describe('EventsService: what goes on the wire', () => {
  it('publishEvent sends validTime 604800 when omitted, an idClient, and answers the stored event', async () => {
    const { connection, events } = setup();
    connection.answer('publishEvent', (body) => ({ event: { ...body.event, sync: undefined, idServer: '77', account: ME, time: 1234 } }));
    const published = await events.publishEvent({ type: 100001, value: 1, custom: 'online' });
    expect(connection.requests).toEqual([{ name: 'publishEvent', body: { event: { type: 100001, value: 1, validTime: 604800, idClient: 'idc-1', custom: 'online' } } }]);
    expect(published).toEqual({ account: ME, type: 100001, value: 1, idClient: 'idc-1', idServer: '77', time: 1234, validTime: 604800, custom: 'online' });
  });

  it('publishEvent sends a given validTime and sync as given', async () => {
    const { connection, events } = setup();
    await events.publishEvent({ type: 0, value: -3, validTime: 60, sync: true });
    expect(connection.requests).toEqual([{ name: 'publishEvent', body: { event: { type: 0, value: -3, validTime: 60, idClient: 'idc-1', sync: true } } }]);
  });

  it('subscribeEvent sends subscribeTime 2592000 when omitted, and a given one as given', async () => {
    const { connection, events } = setup();
    connection.answer('subscribeEvent', () => ({ failedAccounts: [] }));
    expect(await events.subscribeEvent({ type: 100001, accounts: ['a', 'b'] })).toEqual({ failedAccounts: [] });
    await events.subscribeEvent({ type: 100001, accounts: ['a'], subscribeTime: 60, sync: true });
    expect(connection.requests).toEqual([
      { name: 'subscribeEvent', body: { type: 100001, accounts: ['a', 'b'], subscribeTime: 2592000 } },
      { name: 'subscribeEvent', body: { type: 100001, accounts: ['a'], subscribeTime: 60, sync: true } },
    ]);
  });

  it('unSubscribeEvent and querySubscribeEvents send type and accounts; the query answers the events', async () => {
    const { connection, events } = setup();
    connection.answer('unSubscribeEvent', () => ({ failedAccounts: ['x'] }));
    connection.answer('querySubscribeEvents', () => ({ events: [{ type: 7, value: 2, account: 'a', idServer: '9', idClient: 'c', time: 10, validTime: 60 }] }));
    expect(await events.unSubscribeEvent({ type: 7, accounts: ['a'] })).toEqual({ failedAccounts: ['x'] });
    expect(await events.querySubscribeEvents({ type: 7, accounts: ['a', 'b'] })).toEqual([{ account: 'a', type: 7, value: 2, idServer: '9', idClient: 'c', time: 10, validTime: 60 }]);
    expect(connection.requests).toEqual([
      { name: 'unSubscribeEvent', body: { type: 7, accounts: ['a'] } },
      { name: 'querySubscribeEvents', body: { type: 7, accounts: ['a', 'b'] } },
    ]);
  });
});

describe('EventsService: eventPush → event', () => {
  it('emits one event per record, in order, with the wire fields; records without an account are left out', () => {
    const { events, emitted } = setup();
    events.receive({
      events: [
        { type: 100001, value: 1, idClient: 'c1', idServer: '11', custom: 'busy', validTime: 600, account: 'pub', time: 1000, sync: true },
        { type: 100001, value: 2, idServer: '12', account: 'pub2', time: 1001, validTime: 604800 },
        { type: 100001, value: 3, idServer: '13' },
      ],
    });
    expect(emitted).toEqual([
      { account: 'pub', type: 100001, value: 1, idClient: 'c1', idServer: '11', time: 1000, validTime: 600, custom: 'busy' },
      { account: 'pub2', type: 100001, value: 2, idClient: '', idServer: '12', time: 1001, validTime: 604800 },
    ]);
    events.receive({});
    expect(emitted).toHaveLength(2);
  });
});
