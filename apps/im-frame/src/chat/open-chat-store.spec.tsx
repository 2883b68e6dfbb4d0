// Where the chat cache lives in a cross-site frame: IndexedDB (own partition), IndexedDB through
// the Storage Access API when granted, else memory, with the reason and whether the merchant can
// be asked (the memory fallback and its notice).
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { MemoryStore } from '@merchant/im-core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openFrameStore, requestFrameStorageAccess } from './open-chat-store';
import { StorageNotice } from '../app/storage-notice';
import { renderWithI18n } from '../test/render-frame';

const denied = { open: () => { throw new DOMException('The user denied permission to access the database.', 'UnknownError'); } } as unknown as IDBFactory;
const permissions = (state: string) => ({ query: async () => ({ state }) });

describe('openFrameStore', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('uses IndexedDB when the browser allows it (a partition of its own in a cross-site frame)', async () => {
    const { store, storage } = await openFrameStore('merchant-im', 's_1001', { indexedDB: new IDBFactory() });
    expect(storage).toEqual({ kind: 'indexeddb', via: 'default' });
    expect(store.kind).toBe('indexeddb');
    await store.close();
  });

  it('keeps the chat in memory where im-client-spec §6 disables the database (Safari), without touching IndexedDB', async () => {
    const factory = new IDBFactory();
    const open = jest.spyOn(factory, 'open');
    const safari = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
    const { store, storage } = await openFrameStore('merchant-im', 's_1001', { indexedDB: factory, userAgent: safari });
    expect(store).toBeInstanceOf(MemoryStore);
    expect(storage).toEqual({ kind: 'memory', reason: expect.stringContaining('disabled'), canRequestAccess: false });
    expect(open).not.toHaveBeenCalled();
  });

  it('asks navigator.storage.persist() once IndexedDB is open (im-db then moves to memory on quota or a newer schema)', async () => {
    const persist = jest.fn(async () => true);
    const { store } = await openFrameStore('merchant-im', 's_1001', { indexedDB: new IDBFactory(), storageManager: { persist } });
    expect(persist).toHaveBeenCalledTimes(1);
    expect(store.kind).toBe('indexeddb');
    await store.close();
  });

  it('reports a move to memory while in use (a write over the quota), and the write is kept in memory', async () => {
    const { store, storage, onStorageChange } = await openFrameStore('merchant-im', 's_1001', { indexedDB: new IDBFactory(), storageManager: null });
    expect(storage.kind).toBe('indexeddb');
    const changes: unknown[] = [];
    onStorageChange((next) => changes.push(next));
    const put = jest.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      await store.setValue('cdnHost', 'cdn.example');
    } finally {
      put.mockRestore();
    }
    expect(changes).toEqual([{ kind: 'memory', reason: expect.stringContaining('quota'), canRequestAccess: false }]);
    expect(store.kind).toBe('memory');
    expect(await store.getValue('cdnHost')).toBe('cdn.example');
  });

  it('falls back to memory with the reason when IndexedDB is refused and no Storage Access API exists', async () => {
    const { store, storage } = await openFrameStore('merchant-im', 's_1001', { indexedDB: denied, document: {} });
    expect(store).toBeInstanceOf(MemoryStore);
    expect(storage).toEqual({ kind: 'memory', reason: expect.stringContaining('denied permission'), canRequestAccess: false });
    expect(warn).toHaveBeenCalled();
  });

  it('opens IndexedDB through a storage-access handle when the permission was granted before', async () => {
    const granted = new IDBFactory();
    const requestStorageAccess = jest.fn(async () => ({ indexedDB: granted }));
    const { store, storage } = await openFrameStore('merchant-im', 's_1001', {
      indexedDB: denied,
      document: { requestStorageAccess },
      permissions: permissions('granted'),
    });
    expect(storage).toEqual({ kind: 'indexeddb', via: 'storageAccess' });
    expect(requestStorageAccess).toHaveBeenCalledWith({ indexedDB: true });
    expect((await granted.databases()).map((db) => db.name)).toEqual(['merchant-im-merchant-im-s_1001']);
    await store.close();
  });

  it('does not ask without a user gesture: memory, with the offer to ask', async () => {
    const requestStorageAccess = jest.fn();
    const { storage } = await openFrameStore('merchant-im', 's_1001', { indexedDB: denied, document: { requestStorageAccess }, permissions: permissions('prompt') });
    expect(storage).toMatchObject({ kind: 'memory', canRequestAccess: true });
    expect(requestStorageAccess).not.toHaveBeenCalled();
  });

  it('reports whether a request the merchant made was granted', async () => {
    expect(await requestFrameStorageAccess({ requestStorageAccess: async () => ({ indexedDB: new IDBFactory() }) })).toBe(true);
    expect(await requestFrameStorageAccess({ requestStorageAccess: async () => { throw new DOMException('denied', 'NotAllowedError'); } })).toBe(false);
    expect(await requestFrameStorageAccess({})).toBe(false);
  });
});

describe('StorageNotice', () => {
  it('says history is kept in memory only, and offers to allow storage where the browser can ask', async () => {
    const user = userEvent.setup({ delay: null });
    const onRequestAccess = jest.fn(async () => false);
    renderWithI18n(<StorageNotice storage={{ kind: 'memory', reason: 'denied', canRequestAccess: true }} onRequestAccess={onRequestAccess} />);
    expect(screen.getByTestId('storage-notice')).toHaveTextContent('history is kept until this page closes');
    await user.click(screen.getByRole('button', { name: 'Allow storage' }));
    expect(onRequestAccess).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/did not allow storage/)).toBeInTheDocument();
  });

  it('shows nothing on IndexedDB, and no button where the browser cannot ask', () => {
    const { container } = renderWithI18n(<StorageNotice storage={{ kind: 'indexeddb', via: 'default' }} />);
    expect(container).toBeEmptyDOMElement();
    renderWithI18n(<StorageNotice storage={{ kind: 'memory', reason: 'x', canRequestAccess: false }} />, 'zh-CN');
    expect(screen.getByTestId('storage-notice')).toHaveTextContent('聊天记录只保留到页面关闭');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
