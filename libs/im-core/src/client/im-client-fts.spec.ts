import { MemoryStore } from '../store/memory-store';
import { FakeConnection } from '../testing/fake-connection';
import { ImClient } from './im-client';

const silentLogger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };

describe('ImClient history.ftsSearch (issue 31, msgFtsSearch)', () => {
  function makeClient() {
    const fake = new FakeConnection();
    const store = new MemoryStore();
    const client = new ImClient({ account: 's_1001', connection: fake, store, logger: silentLogger });
    return { fake, client, store };
  }

  it('sends msgFtsSearch with the wire names and codes, and answers the messages found without storing them', async () => {
    const { fake, client, store } = makeClient();
    fake.answer('msgFtsSearch', () => ({
      msgs: [{ idClient: 'c-1', idServer: '9', scene: 0, from: 'c_1', to: 's_1001', type: 10, tip: 'zebra order confirmed', time: 5 }],
    }));
    const found = await client.history.ftsSearch({ keyword: 'zebra', sessionIds: ['p2p-c_1'], types: ['text', 'tip'], fromTime: 1, toTime: 9, limit: 5, sessionLimit: 2, order: 'ASC' });
    expect(fake.requests).toEqual([
      { name: 'msgFtsSearch', body: { keyword: 'zebra', sessionIds: ['p2p-c_1'], msgTypes: [0, 10], fromTime: 1, toTime: 9, msgLimit: 5, sessionLimit: 2, order: 'ASC' } },
    ]);
    expect(found).toEqual([expect.objectContaining({ idClient: 'c-1', type: 'tip', tip: 'zebra order confirmed', flow: 'in' })]);
    expect(await store.getMessage('c-1')).toBeUndefined();
    // No limit given: the server's default (20, §9) applies; only the keyword goes.
    await client.history.ftsSearch({ keyword: 'zebra' });
    expect(fake.requests[1]).toEqual({ name: 'msgFtsSearch', body: { keyword: 'zebra' } });
  });

  it('refuses bad input before sending (Param_Error 414)', async () => {
    const { fake, client } = makeClient();
    await expect(client.history.ftsSearch({ keyword: '' })).rejects.toMatchObject({ errorName: 'Param_Error', code: 414 });
    await expect(client.history.ftsSearch({ keyword: 'x', limit: 101 })).rejects.toMatchObject({ code: 414 });
    await expect(client.history.ftsSearch({ keyword: 'x', types: ['image' as never] })).rejects.toMatchObject({ code: 414 });
    await expect(client.history.ftsSearch({ keyword: 'x', sessionIds: ['superTeam-1'] })).rejects.toMatchObject({ code: 414 });
    await expect(client.history.ftsSearch({ keyword: 'x', fromTime: 9, toTime: 1 })).rejects.toMatchObject({ code: 414 });
    expect(fake.requests).toEqual([]);
  });
});
