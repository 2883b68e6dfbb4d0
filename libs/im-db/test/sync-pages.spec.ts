import { IDBDatabase as FakeIDBDatabase, IDBFactory } from 'fake-indexeddb';
import { ImClient, MessageTypeCode, SceneCode, type ImMessage, type StoreWrite } from '@merchant/im-core';
import { FakeConnection, sampleMessage, sampleSession } from '@merchant/im-core/testing';
import { IndexedDbStore, WRITE_CHUNK_ROWS } from '../src/indexeddb-store';

// Issue 10: a big sync is committed page by page, each page's data with that page's cursor in one
// IndexedDB transaction; known idClients are read once per page; reads of one task share a transaction.
const ME = 's_1001';
const silentLogger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
let counter = 0;
const openStore = () => IndexedDbStore.open({ name: `sync-pages-${++counter}`, indexedDB: new IDBFactory() });
const wire = (i: number) => ({ idClient: `m${i}`, idServer: `s${i}`, scene: SceneCode.p2p, from: 'c_demo1', to: ME, time: 100 + i, type: MessageTypeCode.text, text: `t${i}` });

/** A server that answers a sync from cursor c with messages c+1…c+10 and syncDone c+10, up to `last`. */
function pagingServer(last: number) {
  const fake = new FakeConnection();
  const cursors: number[] = [];
  fake.answer('sync', (body, f) => {
    const from = (body as { timetags: { roamingMsgs: number } }).timetags.roamingMsgs;
    cursors.push(from);
    setTimeout(() => {
      const to = Math.min(last, from + 10);
      f.push('roamingMsgs', { msgs: Array.from({ length: to - from }, (_, k) => wire(from + k + 1)) });
      f.push('syncDone', { timetag: to, hasMore: to < last });
    }, 0);
    return {};
  });
  return { fake, cursors };
}

const transactionsOf = (spy: jest.SpyInstance, mode: IDBTransactionMode) => spy.mock.calls.filter(([, m]) => (m ?? 'readonly') === mode).length;

describe('a sync of several pages into IndexedDB', () => {
  it('commits each page with its cursor; a failed commit keeps the pages before it and the retry resumes there without duplicates', async () => {
    const store = await openStore();
    const batches: StoreWrite[][] = [];
    const original = store.writeBatch.bind(store);
    const broken = { ...sampleMessage({ idClient: 'x', time: 1 }), idClient: undefined } as unknown as ImMessage;
    store.writeBatch = (writes) => {
      batches.push([...writes]);
      // The second page's first commit is refused by IndexedDB (the transaction aborts).
      return original(batches.length === 2 ? [...writes, { kind: 'messages', messages: [broken] }] : writes);
    };
    const { fake, cursors } = pagingServer(30);
    const client = new ImClient({ account: ME, connection: fake, store, logger: silentLogger });
    const offline: string[] = [];
    client.on('syncData', (n) => n.kind === 'roamingMsgs' && offline.push(...n.messages.map((m) => m.idClient)));
    await client.connect();
    // fixed wait: poll interval until the last page is committed; 200 rounds bound the wait
    for (let i = 0; i < 200 && ((await store.getTimetags()).roamingMsgs ?? 0) < 30; i++) await new Promise((r) => setTimeout(r, 5));
    // Page 1 (cursor 0), page 2 refused (cursor 10), its retry from the committed cursor 10, page 3.
    expect(cursors).toEqual([0, 10, 10, 20]);
    expect(batches.map((b) => b.find((w) => w.kind === 'timetags')).map((w) => w?.kind === 'timetags' && w.timetags.roamingMsgs)).toEqual([10, 20, 20, 30]);
    const stored = await store.getSessionMessages({ sessionId: 'p2p-c_demo1', limit: 100, order: 'asc' });
    expect(stored.map((m) => m.idClient)).toEqual(Array.from({ length: 30 }, (_, i) => `m${i + 1}`));
    expect((await store.getSession('p2p-c_demo1'))?.unread).toBe(30);
    expect(offline).toEqual(Array.from({ length: 30 }, (_, i) => `m${i + 1}`));
    await client.destroy();
  });
});

describe('IndexedDbStore reads', () => {
  let transaction: jest.SpyInstance;
  beforeEach(() => (transaction = jest.spyOn(FakeIDBDatabase.prototype, 'transaction')));
  afterEach(() => transaction.mockRestore());

  it('getMessages reads many idClients in one transaction, when the range holds few other keys', async () => {
    const store = await openStore();
    const count = WRITE_CHUNK_ROWS * 2 + 3;
    await store.putMessages(Array.from({ length: count }, (_, i) => sampleMessage({ idClient: `k${String(i).padStart(4, '0')}`, time: i })));
    transaction.mockClear();
    const asked = [...Array.from({ length: count }, (_, i) => `k${String(count - 1 - i).padStart(4, '0')}`), 'k0000x', 'k9999'];
    const rows = await store.getMessages(asked);
    expect(rows.map((m) => m.idClient)).toEqual(asked.slice(0, count));
    expect(transactionsOf(transaction, 'readonly')).toBe(1);
    await store.close();
  }, 30_000);

  it('getMessages reads many idClients in one transaction, when the range holds many other keys', async () => {
    const store = await openStore();
    await store.putMessages(Array.from({ length: 500 }, (_, i) => sampleMessage({ idClient: `k${String(i).padStart(4, '0')}`, time: i })));
    transaction.mockClear();
    expect((await store.getMessages(['k0499', 'zz', 'k0000', 'k0499'])).map((m) => [m.idClient, m.time])).toEqual([['k0499', 499], ['k0000', 0], ['k0499', 499]]);
    expect(transactionsOf(transaction, 'readonly')).toBe(1);
    await store.close();
  });

  it('reads asked for in one task share one readonly transaction', async () => {
    const store = await openStore();
    await store.putMessages([sampleMessage({ idClient: 'a', time: 1 })]);
    await store.putSessions([sampleSession({ id: 'p2p-c_demo1', unread: 1 })]);
    transaction.mockClear();
    const [message, session, latest, tags] = await Promise.all([
      store.getMessage('a'), store.getSession('p2p-c_demo1'), store.getSessionMessages({ sessionId: 'p2p-c_demo1', limit: 5, order: 'asc' }), store.getTimetags(),
    ]);
    expect([message?.idClient, session?.unread, latest.map((m) => m.idClient), tags]).toEqual(['a', 1, ['a'], {}]);
    expect(transactionsOf(transaction, 'readonly')).toBe(1);
    await store.close();
  });

  it('a read asked for before a write does not see that write, one asked for after it does', async () => {
    const store = await openStore();
    await store.putMessages([sampleMessage({ idClient: 'a', time: 1, text: 'before' })]);
    const before = store.getMessage('a');
    const write = store.putMessages([sampleMessage({ idClient: 'a', time: 1, text: 'after' })]);
    const after = store.getMessage('a');
    await write;
    expect([(await before)?.text, (await after)?.text]).toEqual(['before', 'after']);
    await store.close();
  });

  it('reads asked for before close still answer; later ones fail', async () => {
    const store = await openStore();
    await store.putMessages([sampleMessage({ idClient: 'a', time: 1 })]);
    const pending = store.getMessage('a');
    await store.close();
    expect((await pending)?.idClient).toBe('a');
    await expect(store.getMessage('a')).rejects.toBeTruthy();
  });
});
