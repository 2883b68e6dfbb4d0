import { IDBFactory } from 'fake-indexeddb';
import { LocalLog, LOCAL_LOG_RETENTION_MS } from '@merchant/im-core';
import { IndexedDbLogStore, logDatabaseNameFor } from './log-store';

describe('IndexedDbLogStore (im-client-spec §3 local log record)', () => {
  it('keeps log, level and time across a reopen and drops records older than a time', async () => {
    const factory = new IDBFactory();
    const name = logDatabaseNameFor('merchant-im', 's_1001');
    const store = await IndexedDbLogStore.open({ name, indexedDB: factory });
    await store.add([
      { log: 'old', level: 'info', time: 1000 },
      { log: 'new', level: 'warn', time: 3000 },
    ]);
    expect(await store.deleteBefore(2000)).toBe(1);
    store.close();
    const reopened = await IndexedDbLogStore.open({ name, indexedDB: factory });
    expect(await reopened.all()).toEqual([{ log: 'new', level: 'warn', time: 3000 }]);
    reopened.close();
  });

  it('serves the local log: records past 72 hours go at a flush', async () => {
    let now = 10_000;
    const store = await IndexedDbLogStore.open({ name: 'log-retention', indexedDB: new IDBFactory() });
    const log = new LocalLog({ store, now: () => now });
    log.write('info', 'first');
    await log.flush();
    now += LOCAL_LOG_RETENTION_MS + 1;
    log.write('error', 'second');
    expect(await log.records()).toEqual([{ log: 'second', level: 'error', time: now }]);
    expect(await store.all()).toHaveLength(1);
    store.close();
  });
});
