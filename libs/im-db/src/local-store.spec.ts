import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { STORE_CONFORMANCE_CASES, sampleMessage } from '@merchant/im-core/testing';
import { IndexedDbStore } from './indexeddb-store';
import { isDatabaseDisabled, openLocalStore, withMemoryFallback, type ImDbEvent } from './local-store';
import { DB_SCHEMA_VERSION } from './schema-names';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const IOS_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IOS_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const EDGE_CHROMIUM = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56';
const EDGE_LEGACY = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045';
const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';

let counter = 0;
const uniqueName = () => `local-${++counter}`;

function recorder() {
  const events: ImDbEvent[] = [];
  return { events, onEvent: (event: ImDbEvent) => events.push(event) };
}

function rawOpen(factory: IDBFactory, name: string, version: number, onVersionChange?: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, version);
    request.onsuccess = () => {
      const db = request.result;
      if (onVersionChange) db.onversionchange = () => onVersionChange(db);
      resolve(db);
    };
    request.onerror = () => reject(request.error);
  });
}

describe('§6: the database is disabled for IE, Edge and Safari', () => {
  it.each([
    ['IE 11', true, IE11],
    ['legacy Edge', true, EDGE_LEGACY],
    ['Chromium Edge', true, EDGE_CHROMIUM],
    ['desktop Safari', true, SAFARI],
    ['iOS Safari', true, IOS_SAFARI],
    ['Chrome', false, CHROME],
    ['headless Chromium (e2e)', false, HEADLESS],
    ['Firefox', false, FIREFOX],
    ['Chrome on iOS', false, IOS_CHROME],
    ['Chrome on Android', false, ANDROID_CHROME],
  ])('%s → disabled: %s', (_name, disabled, userAgent) => {
    expect(isDatabaseDisabled(userAgent)).toBe(disabled);
  });

  it('openLocalStore gives a memory store with a disabled event and never touches IndexedDB there', async () => {
    const factory = new IDBFactory();
    const open = jest.spyOn(factory, 'open');
    const { events, onEvent } = recorder();
    const store = await openLocalStore({ name: uniqueName(), indexedDB: factory, userAgent: SAFARI, onEvent, storage: null });
    expect(store.kind).toBe('memory');
    expect(store.fallbackReason).toBe('disabled');
    expect(events).toEqual([{ type: 'fallback', reason: 'disabled' }]);
    expect(open).not.toHaveBeenCalled();
    await store.putMessages([sampleMessage({ idClient: 'm1', time: 1 })]);
    expect((await store.getMessage('m1'))?.idClient).toBe('m1');
  });
});

describe('openLocalStore', () => {
  it('opens IndexedDB at schema 12 and asks navigator.storage.persist(), reporting the answer', async () => {
    const factory = new IDBFactory();
    const persist = jest.fn().mockResolvedValue(true);
    const { events, onEvent } = recorder();
    const name = uniqueName();
    const store = await openLocalStore({ name, indexedDB: factory, userAgent: CHROME, onEvent, storage: { persist } });
    expect(store.kind).toBe('indexeddb');
    expect(store.fallbackReason).toBeUndefined();
    await store.setValue('k', 1);
    expect(persist).toHaveBeenCalledTimes(1);
    expect(events).toEqual([{ type: 'persisted', persisted: true }]);
    await store.close();
    const raw = await rawOpen(factory, name, DB_SCHEMA_VERSION);
    expect(raw.version).toBe(DB_SCHEMA_VERSION);
    raw.close();
  });

  it('reports persisted false when the browser refuses, and carries on on IndexedDB', async () => {
    const { events, onEvent } = recorder();
    const store = await openLocalStore({ name: uniqueName(), indexedDB: new IDBFactory(), userAgent: CHROME, onEvent, storage: { persist: () => Promise.reject(new Error('no')) } });
    await store.setValue('k', 1);
    expect(events).toEqual([{ type: 'persisted', persisted: false }]);
    expect(store.kind).toBe('indexeddb');
    await store.close();
  });

  it('falls back to memory with an openFailed event when IndexedDB cannot be opened (newer schema on disk)', async () => {
    const factory = new IDBFactory();
    const name = uniqueName();
    (await rawOpen(factory, name, 99)).close();
    const { events, onEvent } = recorder();
    const store = await openLocalStore({ name, indexedDB: factory, userAgent: CHROME, onEvent, storage: null });
    expect(store.kind).toBe('memory');
    expect(store.fallbackReason).toBe('openFailed');
    expect(events).toEqual([expect.objectContaining({ type: 'fallback', reason: 'openFailed', error: expect.objectContaining({ errorName: 'NO_DB' }) })]);
    await store.setValue('still', 'works');
    expect(await store.getValue('still')).toBe('works');
  });

  it('reports blocked while an older connection in another tab holds the database, and opens once it closes', async () => {
    const factory = new IDBFactory();
    const name = uniqueName();
    // A tab of an older release at version 11 that does not close on versionchange.
    const older = await IndexedDbStore.open({ name, indexedDB: factory, version: 11 });
    const olderRaw = await rawOpen(factory, name, 11, () => undefined);
    await older.close();
    const { events, onEvent } = recorder();
    const opening = openLocalStore({ name, indexedDB: factory, userAgent: CHROME, onEvent, storage: null });
    await new Promise<void>((resolve) => {
      const wait = () => (events.some((e) => e.type === 'blocked') ? resolve() : setTimeout(wait, 5));
      wait();
    });
    expect(events).toEqual([{ type: 'blocked' }]);
    olderRaw.close();
    const store = await opening;
    expect(store.kind).toBe('indexeddb');
    await store.close();
  });

  it('a newer schema in another tab (versionchange) closes the connection, lets the upgrade through, and moves to memory with an event', async () => {
    const factory = new IDBFactory();
    const name = uniqueName();
    const { events, onEvent } = recorder();
    const store = await openLocalStore({ name, indexedDB: factory, userAgent: CHROME, onEvent, storage: null });
    await store.putMessages([sampleMessage({ idClient: 'before', time: 1 })]);
    // Another tab runs a later release (schema 13); it is not blocked because this tab closes.
    const newer = await rawOpen(factory, name, DB_SCHEMA_VERSION + 1);
    expect(newer.version).toBe(DB_SCHEMA_VERSION + 1);
    newer.close();
    expect(events).toEqual([{ type: 'fallback', reason: 'versionchange', error: undefined }]);
    expect(store.kind).toBe('memory');
    await store.putMessages([sampleMessage({ idClient: 'after', time: 2 })]);
    expect((await store.getMessage('after'))?.idClient).toBe('after');
  });
});

describe('withMemoryFallback', () => {
  it('a QuotaExceededError on a write moves to memory with a quota event and the write lands there', async () => {
    const primary = await IndexedDbStore.open({ name: uniqueName(), indexedDB: new IDBFactory() });
    await primary.putMessages([sampleMessage({ idClient: 'old', time: 1 })]);
    // The browser refuses the write: IDBObjectStore.put throws QuotaExceededError.
    const put = jest.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
      throw new DOMException('quota exceeded', 'QuotaExceededError');
    });
    const { events, onEvent } = recorder();
    const store = withMemoryFallback(primary, onEvent);
    expect(store.kind).toBe('indexeddb');
    try {
      await store.putMessages([sampleMessage({ idClient: 'new', time: 2 })]);
    } finally {
      put.mockRestore();
    }
    expect(store.kind).toBe('memory');
    expect(store.fallbackReason).toBe('quota');
    expect(events).toEqual([{ type: 'fallback', reason: 'quota', error: expect.objectContaining({ name: 'QuotaExceededError' }) }]);
    expect((await store.getMessage('new'))?.idClient).toBe('new');
    expect(primary.closed).toBe(true);
  });

  it('finds QuotaExceededError also as the cause of a wrapped error, and reports the move once', async () => {
    const primary = await IndexedDbStore.open({ name: uniqueName(), indexedDB: new IDBFactory() });
    const quota = new Error('batch failed', { cause: new DOMException('full', 'QuotaExceededError') });
    jest.spyOn(primary, 'writeBatch').mockRejectedValue(quota);
    jest.spyOn(primary, 'setValue').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    const { events, onEvent } = recorder();
    const store = withMemoryFallback(primary, onEvent);
    await store.writeBatch([{ kind: 'timetags', timetags: { roamingMsgs: 3 } }]);
    await store.setValue('k', 'v');
    expect(await store.getTimetags()).toEqual({ roamingMsgs: 3 });
    expect(events.filter((e) => e.type === 'fallback')).toHaveLength(1);
  });

  it('passes other errors on and stays on IndexedDB', async () => {
    const primary = await IndexedDbStore.open({ name: uniqueName(), indexedDB: new IDBFactory() });
    const { events, onEvent } = recorder();
    const store = withMemoryFallback(primary, onEvent);
    const broken = { ...sampleMessage({ idClient: 'x', time: 1 }), idClient: undefined } as never;
    await expect(store.putMessages([broken])).rejects.toBeTruthy();
    expect(store.kind).toBe('indexeddb');
    expect(events).toEqual([]);
    await store.close();
  });
});

describe('the wrapped store passes the Store conformance suite', () => {
  for (const conformanceCase of STORE_CONFORMANCE_CASES) {
    it(conformanceCase.name, async () => {
      const store = await openLocalStore({ name: uniqueName(), indexedDB: new IDBFactory(), userAgent: CHROME, storage: null });
      try {
        await conformanceCase.run(store);
      } finally {
        await store.close();
      }
    });
  }
});
