import { ImError } from '../errors';
import { SceneCode, MessageTypeCode } from '../protocol/constants';
import type { MessageRecordValue } from '../protocol/records';
import { MemoryStore } from '../store/memory-store';
import type { ImMessage } from '../store/entities';
import type { SessionMessagesQuery, StoreWrite } from '../store/store';
import { sampleMessage, sampleSession } from '../store/store-conformance';
import type { ImPush } from '../connection/im-connection';
import { deleteStoredMessage } from '../model/message-ingest';
import { markRead } from '../model/session-state';
import { SyncEngine } from './sync-engine';

// Unread over the pages of one sync (docs/im-sync.md "Unread over the pages of one sync"): a
// session recounted in a committed page grows by its new counting messages; the counts must equal
// §4's rule (a recount of the stored messages after the ack) whatever the pages bring.

const ME = 's_1001';
const SID = 'p2p-c_demo1';
const wire = (idClient: string, time: number, from = 'c_demo1', to = ME): MessageRecordValue => ({
  idClient, idServer: `srv-${idClient}`, scene: SceneCode.p2p, from, to, time, type: MessageTypeCode.text, text: idClient,
});
const push = (engine: SyncEngine, pushes: ImPush[]) => pushes.forEach((p) => expect(engine.handlePush(p)).toBe(true));
const msgs = (records: MessageRecordValue[]): ImPush => ({ name: 'roamingMsgs', body: { msgs: records } });
const done = (timetag: number, hasMore: boolean): ImPush => ({ name: 'syncDone', body: { timetag, hasMore } });
const ack = (timetag: number, to = 'c_demo1'): ImPush => ({ name: 'syncSessionAcks', body: { acks: [{ scene: 0, to, timetag }], timetag } });

/** A memory store that counts the unread recounts (reads of a session's messages after its ack) and can refuse one commit. */
class RecordingStore extends MemoryStore {
  readonly recounts: string[] = [];
  refuseBatch = 0;
  private batches = 0;
  override async getSessionMessages(query: SessionMessagesQuery): Promise<ImMessage[]> {
    if (query.afterTime !== undefined) this.recounts.push(query.sessionId);
    return super.getSessionMessages(query);
  }
  override async writeBatch(writes: readonly StoreWrite[]): Promise<void> {
    if (++this.batches === this.refuseBatch) throw new Error('quota exceeded (test)');
    return super.writeBatch(writes);
  }
}

/** Runs one sync whose pages are the given scripts (one per request, retries included). */
async function syncPages(store: MemoryStore, pages: ((engine: SyncEngine) => Promise<void> | void)[]) {
  let asked = 0;
  const engine: SyncEngine = new SyncEngine({
    store, account: ME, syncDoneTimeoutMs: 50, notify: () => undefined,
    connection: {
      async request() {
        const script = pages[asked++];
        if (!script) throw new ImError('Server_Error', 'no script', { code: 500 });
        await script(engine);
        return {};
      },
    },
  });
  return engine.run();
}

const unreadOf = async (store: MemoryStore, id = SID) => (await store.getSession(id))?.unread;
/** §4's rule applied to what is stored: incoming messages newer than the ack. */
const recountOf = async (store: MemoryStore, id = SID) => {
  const session = await store.getSession(id);
  const stored = await store.getSessionMessages({ sessionId: id, limit: 10_000, afterTime: session?.ack ?? 0, order: 'asc' });
  return stored.filter((m) => m.flow === 'in').length;
};

describe('unread over the pages of one sync', () => {
  it('counts messages repeated by later pages once, and reads a session after its ack only in the first page that touches it', async () => {
    const store = new RecordingStore();
    await syncPages(store, [
      (e) => push(e, [msgs([0, 1, 2, 3, 4].map((i) => wire(`m${i}`, i + 1))), done(10, true)]),
      // m3 and m4 again (an overlap), then three new ones.
      (e) => push(e, [msgs([3, 4, 5, 6, 7].map((i) => wire(`m${i}`, i + 1))), done(20, true)]),
      (e) => push(e, [msgs([wire('m2', 3), wire('m7', 8), wire('m8', 9)]), done(30, false)]),
    ]);
    expect(store.recounts).toEqual([SID]);
    expect(await unreadOf(store)).toBe(9);
    expect(await recountOf(store)).toBe(9);
  });

  it('recounts from an ack that arrives in a later page, and builds on that count afterwards', async () => {
    const store = new RecordingStore();
    await syncPages(store, [
      (e) => push(e, [msgs([1, 2, 3, 4, 5].map((t) => wire(`m${t}`, t))), done(10, true)]),
      // Read up to 3 on another device; m6 and m7 came after.
      (e) => push(e, [msgs([wire('m6', 6), wire('m7', 7)]), ack(3), done(20, true)]),
      // An older ack changes nothing; m8 counts.
      (e) => push(e, [msgs([wire('m8', 8)]), ack(2), done(30, false)]),
    ]);
    // The first page, and the page whose ack moved the read position.
    expect(store.recounts).toEqual([SID, SID]);
    expect(await store.getSession(SID)).toMatchObject({ ack: 3, unread: 5 });
    expect(await recountOf(store)).toBe(5);
  });

  it('recounts when the server reports a later ack for the session in a later page', async () => {
    const store = new MemoryStore();
    await syncPages(store, [
      (e) => push(e, [msgs([1, 2, 3, 4].map((t) => wire(`m${t}`, t))), done(10, true)]),
      (e) => push(e, [
        { name: 'syncSessions', body: { sessions: [{ id: SID, scene: 0, to: 'c_demo1', ack: 2, unread: 0, updateTime: 5 }] } },
        msgs([wire('m5', 5)]), done(20, false),
      ]),
    ]);
    expect(await store.getSession(SID)).toMatchObject({ ack: 2, unread: 3 });
  });

  it('never counts outgoing, self-sent or already-acked messages of a later page', async () => {
    const store = new MemoryStore();
    await syncPages(store, [
      (e) => push(e, [ack(10), msgs([wire('m11', 11), wire('m12', 12)]), done(10, true)]),
      (e) => push(e, [msgs([
        wire('mine', 13, ME, 'c_demo1'), // sent by this account from another device
        wire('note-to-self', 14, ME, ME), // self to self
        wire('late', 5), // incoming, but older than the ack
        wire('m15', 15),
      ]), done(20, false)]),
    ]);
    expect(await store.getSession(SID)).toMatchObject({ ack: 10, unread: 3 });
    expect(await recountOf(store)).toBe(3);
    expect(await unreadOf(store, `p2p-${ME}`)).toBe(0);
    expect((await store.getMessage('late'))?.flow).toBe('in');
  });

  it('builds on a markRead made between two pages, not on the count the sync had before it', async () => {
    const store = new MemoryStore();
    await syncPages(store, [
      (e) => push(e, [msgs([1, 2, 3].map((t) => wire(`m${t}`, t))), done(10, true)]),
      async (e) => {
        // The merchant opens the conversation while the sync runs (SessionsService.markRead).
        const session = await store.getSession(SID);
        await store.putSessions([markRead(session!)]);
        push(e, [msgs([wire('m4', 4), wire('m5', 5)]), done(20, false)]);
      },
    ]);
    expect(await store.getSession(SID)).toMatchObject({ ack: 3, unread: 2 });
  });

  it('builds on a deletion made between two pages (MessagesService.deleteLocal)', async () => {
    const store = new MemoryStore();
    await syncPages(store, [
      (e) => push(e, [msgs([1, 2, 3].map((t) => wire(`m${t}`, t))), done(10, true)]),
      async (e) => {
        await deleteStoredMessage(store, 'm2');
        push(e, [msgs([wire('m4', 4)]), done(20, false)]);
      },
    ]);
    expect(await unreadOf(store)).toBe(3);
    expect(await recountOf(store)).toBe(3);
  });

  it('recounts again a session whose page was not committed (the stored unread was never this sync\'s count)', async () => {
    const store = new RecordingStore();
    // A stale count from before the sync: one incoming message after the ack, unread 5.
    await store.putMessages([sampleMessage({ idClient: 'old', time: 1, to: 'c_demo2' })]);
    await store.putSessions([sampleSession({ id: 'p2p-c_demo2', unread: 5, updateTime: 1 })]);
    store.refuseBatch = 2;
    const page2 = (e: SyncEngine) => push(e, [msgs([wire('x2', 2, 'c_demo2')]), done(20, false)]);
    const summary = await syncPages(store, [
      (e) => push(e, [msgs([wire('m1', 1)]), done(10, true)]),
      page2, // merged (p2p-c_demo2 recounted), then its commit is refused
      page2,
    ]);
    expect(summary.tries).toBe(2);
    expect(await unreadOf(store, 'p2p-c_demo2')).toBe(2);
    expect(store.recounts).toEqual([SID, 'p2p-c_demo2', 'p2p-c_demo2']);
  });

  it('gives the same counts as one page would, for a mix of sessions over many pages', async () => {
    const records = Array.from({ length: 300 }, (_, i) => {
      const customer = `c_${i % 7}`;
      // Every 5th message sent by the merchant, every 11th a repeat of the one before.
      return i % 11 === 10 ? wire(`m${i - 1}`, i, `c_${(i - 1) % 7}`) : i % 5 === 4 ? wire(`m${i}`, i + 1, ME, customer) : wire(`m${i}`, i + 1, customer);
    });
    const acks = [ack(40, 'c_1'), ack(250, 'c_3')];
    const paged = new MemoryStore();
    const pages = [0, 1, 2, 3, 4, 5].map((n) => (e: SyncEngine) =>
      push(e, [msgs(records.slice(n * 50, n * 50 + 60)), ...(n === 2 ? [acks[0]] : n === 4 ? [acks[1]] : []), done((n + 1) * 50, n < 5)]));
    await syncPages(paged, pages);
    const single = new MemoryStore();
    await syncPages(single, [(e) => push(e, [msgs(records), ...acks, done(300, false)])]);
    for (let c = 0; c < 7; c++) {
      const id = `p2p-c_${c}`;
      expect({ id, unread: await unreadOf(paged, id) }).toEqual({ id, unread: await unreadOf(single, id) });
      expect({ id, unread: await unreadOf(paged, id) }).toEqual({ id, unread: await recountOf(paged, id) });
    }
  });
});
