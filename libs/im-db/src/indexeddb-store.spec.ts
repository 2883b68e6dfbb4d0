import { IDBFactory } from 'fake-indexeddb';
import { ImError, type ImMessage } from '@merchant/im-core';
import { STORE_CONFORMANCE_CASES, sampleMessage } from '@merchant/im-core/testing';
import { IndexedDbStore, databaseNameFor } from './indexeddb-store';
import { DB_SCHEMA_VERSION, TABLES } from './schema';

let dbCounter = 0;
const freshStore = () => IndexedDbStore.open({ name: `conformance-${++dbCounter}`, indexedDB: new IDBFactory() });

describe('IndexedDbStore passes the Store conformance suite', () => {
  for (const conformanceCase of STORE_CONFORMANCE_CASES) {
    it(conformanceCase.name, async () => {
      const store = await freshStore();
      try {
        await conformanceCase.run(store);
      } finally {
        await store.close();
      }
    });
  }
});

describe('IndexedDbStore', () => {
  it('creates every table of im-client-spec §3 at schema version 12', async () => {
    const factory = new IDBFactory();
    const store = await IndexedDbStore.open({ name: 'tables', indexedDB: factory });
    await store.close();
    const raw = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open('tables');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    expect(raw.version).toBe(DB_SCHEMA_VERSION);
    expect([...raw.objectStoreNames].sort()).toEqual(Object.values(TABLES).sort());
    raw.close();
  });

  it('a write batch is one transaction: when one write fails, nothing of the batch is stored (sync data and cursor together)', async () => {
    const store = await IndexedDbStore.open({ name: `batch-${Math.random()}`, indexedDB: new IDBFactory() });
    const broken = { ...sampleMessage({ idClient: 'x', time: 1 }), idClient: undefined } as unknown as ImMessage;
    await expect(store.writeBatch([
      { kind: 'messages', messages: [sampleMessage({ idClient: 'kept?', time: 2 })] },
      { kind: 'timetags', timetags: { roamingMsgs: 99 } },
      { kind: 'messages', messages: [broken] },
    ])).rejects.toBeTruthy();
    expect(await store.getMessage('kept?')).toBeUndefined();
    expect(await store.getTimetags()).toEqual({});
    await store.close();
  });

  it('keeps rows across close and reopen', async () => {
    const factory = new IDBFactory();
    const first = await IndexedDbStore.open({ name: 'persist', indexedDB: factory });
    await first.putMessages([sampleMessage({ idClient: 'kept', time: 7 })]);
    await first.close();
    const second = await IndexedDbStore.open({ name: 'persist', indexedDB: factory });
    expect((await second.getMessage('kept'))?.time).toBe(7);
    await second.close();
  });

  it('returns the latest 100 of a large session by index, newest first', async () => {
    const store = await freshStore();
    const rows = Array.from({ length: 1000 }, (_, i) => sampleMessage({ idClient: `m${String(i).padStart(4, '0')}`, time: i }));
    await store.putMessages(rows);
    const latest = await store.getSessionMessages({ sessionId: 'p2p-c_demo1', limit: 100 });
    expect(latest).toHaveLength(100);
    expect(latest[0].time).toBe(999);
    expect(latest[99].time).toBe(900);
    await store.close();
  });

  it('rejects with NO_DB when IndexedDB is missing', async () => {
    const saved = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    delete (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    try {
      await expect(IndexedDbStore.open({ name: 'none' })).rejects.toMatchObject({ errorName: 'NO_DB' });
    } finally {
      (globalThis as { indexedDB?: IDBFactory }).indexedDB = saved;
    }
  });

  it('rejects with NO_DB when the database is newer than this code', async () => {
    const factory = new IDBFactory();
    await new Promise<void>((resolve) => {
      const request = factory.open('future', 99);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    const error = await IndexedDbStore.open({ name: 'future', indexedDB: factory }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImError);
    expect((error as ImError).errorName).toBe('NO_DB');
  });

  it('names one database per app key and account', () => {
    expect(databaseNameFor('merchant-im', 's_1001')).toBe('merchant-im-merchant-im-s_1001');
  });
});
