import { IDBFactory } from 'fake-indexeddb';
import { ImClient, MessageTypeCode, SYNC_RETRY_LIMIT, SceneCode, type ImMessage, type StoreWrite } from '@merchant/im-core';
import { FakeConnection, sampleMessage } from '@merchant/im-core/testing';
import { IndexedDbStore, WRITE_CHUNK_ROWS } from '../src/indexeddb-store';

// Issue 10: "Data and its cursor are written in one IndexedDB transaction" — do-not-disturb
// (a key-value row) included, so a failed write keeps none of data, donnop or cursor.
const ME = 's_1001';
const silentLogger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
let counter = 0;

function syncingClient(store: IndexedDbStore) {
  const fake = new FakeConnection();
  fake.answer('sync', (_body, f) => {
    setTimeout(() => {
      f.push('syncDonnop', { donnop: '{"open":true,"startH":22}', timetag: 45 });
      f.push('roamingMsgs', {
        msgs: [{ idClient: 'm1', idServer: 's1', scene: SceneCode.p2p, from: 'c_demo1', to: ME, time: 10, type: MessageTypeCode.text, text: 'hi' }],
        timetag: 40,
      });
      f.push('syncDone', { timetag: 50 });
    }, 0);
    return {};
  });
  let clock = 1000;
  const client = new ImClient({ account: ME, connection: fake, store, logger: silentLogger, now: () => ++clock });
  return client;
}

describe('sync writes data, do-not-disturb and cursor in one IndexedDB transaction', () => {
  it('one write batch carries the messages, the donnop key-value and the timetags', async () => {
    const store = await IndexedDbStore.open({ name: `sync-tx-${++counter}`, indexedDB: new IDBFactory() });
    const batches: StoreWrite[][] = [];
    const original = store.writeBatch.bind(store);
    store.writeBatch = (writes) => (batches.push([...writes]), original(writes));
    const setValue = jest.spyOn(store, 'setValue');
    const client = syncingClient(store);
    await client.connect();
    expect(batches).toHaveLength(1);
    expect(batches[0].map((w) => w.kind)).toEqual(expect.arrayContaining(['messages', 'values', 'timetags']));
    // Nothing is written beside the batch.
    expect(setValue).not.toHaveBeenCalled();
    expect(await store.getValue('donnop')).toBe('{"open":true,"startH":22}');
    expect(await client.users.getDonnop()).toBe('{"open":true,"startH":22}');
    expect((await store.getMessage('m1'))?.text).toBe('hi');
    expect((await store.getTimetags()).roamingMsgs).toBe(40);
    await client.destroy();
  });

  it('a failure in the transaction rolls back the donnop together with the data and the cursor', async () => {
    const store = await IndexedDbStore.open({ name: `sync-tx-${++counter}`, indexedDB: new IDBFactory() });
    await store.setValue('donnop', '{"open":false}');
    await store.putTimetags({ roamingMsgs: 5 });
    const original = store.writeBatch.bind(store);
    const broken = { ...sampleMessage({ idClient: 'x', time: 1 }), idClient: undefined } as unknown as ImMessage;
    let attempts = 0;
    // The real batch of the sync, with one row IndexedDB refuses at the end: the transaction aborts.
    store.writeBatch = (writes) => (attempts++, original([...writes, { kind: 'messages', messages: [broken] }]));
    const client = syncingClient(store);
    await client.connect().catch(() => undefined);
    // Every try (1 + SYNC_RETRY_LIMIT) failed at the commit.
    // fixed wait: poll interval until the last try; 200 rounds bound the wait
    for (let i = 0; i < 200 && attempts < 1 + SYNC_RETRY_LIMIT; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(attempts).toBe(1 + SYNC_RETRY_LIMIT);
    expect(await store.getValue('donnop')).toBe('{"open":false}');
    expect(await store.getMessage('m1')).toBeUndefined();
    expect(await store.getTimetags()).toEqual({ roamingMsgs: 5 });
    await client.destroy();
  });
});

describe('a write batch bigger than one chunk', () => {
  const rows = (count: number) => Array.from({ length: count }, (_, i) => sampleMessage({ idClient: `big${i}`, time: i }));

  it('is still one transaction: a refused row in the last chunk keeps nothing of the earlier chunks', async () => {
    const store = await IndexedDbStore.open({ name: `sync-tx-${++counter}`, indexedDB: new IDBFactory() });
    const broken = { ...sampleMessage({ idClient: 'x', time: 1 }), idClient: undefined } as unknown as ImMessage;
    await expect(store.writeBatch([
      { kind: 'messages', messages: rows(WRITE_CHUNK_ROWS * 2 + 10) },
      { kind: 'values', values: [{ key: 'donnop', value: '{"open":true}' }] },
      { kind: 'timetags', timetags: { roamingMsgs: 99 } },
      { kind: 'messages', messages: [broken] },
    ])).rejects.toBeTruthy();
    expect(await store.getMessage('big0')).toBeUndefined();
    expect(await store.getMessage(`big${WRITE_CHUNK_ROWS + 1}`)).toBeUndefined();
    expect(await store.getValue('donnop')).toBeUndefined();
    expect(await store.getTimetags()).toEqual({});
    await store.close();
  }, 30_000);

  it('stores every row in order, a later write of the same key winning', async () => {
    const store = await IndexedDbStore.open({ name: `sync-tx-${++counter}`, indexedDB: new IDBFactory() });
    const count = WRITE_CHUNK_ROWS * 2 + 7;
    await store.writeBatch([
      { kind: 'messages', messages: rows(count) },
      { kind: 'messages', messages: [{ ...sampleMessage({ idClient: 'big0', time: 0 }), text: 'replaced' }] },
      { kind: 'deleteMessages', idClients: ['big1'] },
      { kind: 'timetags', timetags: { roamingMsgs: 5 } },
    ]);
    for (const i of [2, WRITE_CHUNK_ROWS, WRITE_CHUNK_ROWS + 1, count - 1]) expect((await store.getMessage(`big${i}`))?.time).toBe(i);
    expect((await store.getMessage('big0'))?.text).toBe('replaced');
    expect(await store.getMessage('big1')).toBeUndefined();
    expect(await store.getTimetags()).toEqual({ roamingMsgs: 5 });
    await store.close();
  }, 30_000);
});
