import { MemoryStore } from '../store/memory-store';
import { sampleMessage, sampleSession } from '../store/store-conformance';
import { deleteStoredMessage, ingestSessionMessages, mergeServerSession } from './message-ingest';

const ME = 's_1001';
const SID = 'p2p-c_demo1';

describe('ingestSessionMessages', () => {
  it('stores only new idClients and counts them once', async () => {
    const store = new MemoryStore();
    await store.putMessages([sampleMessage({ idClient: 'known', time: 5 })]);
    const first = await ingestSessionMessages(store, SID, [sampleMessage({ idClient: 'known', time: 5 }), sampleMessage({ idClient: 'new', time: 6 })], { account: ME });
    expect(first.stored.map((m) => m.idClient)).toEqual(['new']);
    expect(first.session).toMatchObject({ unread: 2, lastMsg: { idClient: 'new' } });
    const again = await ingestSessionMessages(store, SID, [sampleMessage({ idClient: 'new', time: 6 })], { account: ME });
    expect(again.stored).toEqual([]);
    expect((await store.getSession(SID))?.unread).toBe(2);
  });

  it("takes the server's unread when the local history is shorter, but not against a newer local ack", async () => {
    const store = new MemoryStore();
    const server = sampleSession({ id: SID, unread: 7, ack: 0, updateTime: 9 });
    expect((await ingestSessionMessages(store, SID, [], { account: ME, serverSession: server })).session.unread).toBe(7);
    await store.putSessions([sampleSession({ id: SID, ack: 50, unread: 0 })]);
    expect((await ingestSessionMessages(store, SID, [], { account: ME, serverSession: server })).session).toMatchObject({ ack: 50, unread: 0 });
  });
});

describe('mergeServerSession', () => {
  const last = sampleMessage({ idClient: 'last', time: 10 });

  it('keeps a local deletion unless the server has a newer last message', () => {
    const deleted = sampleSession({ id: SID, lastMsg: last, isDeleted: true, updateTime: 10 });
    expect(mergeServerSession(deleted, sampleSession({ id: SID, lastMsg: last, updateTime: 10 })).isDeleted).toBe(true);
    const newer = sampleMessage({ idClient: 'newer', time: 20 });
    expect(mergeServerSession(deleted, sampleSession({ id: SID, lastMsg: newer, updateTime: 20 }))).toMatchObject({ isDeleted: false, updateTime: 20, lastMsg: { idClient: 'newer' } });
  });

  it('never moves ack backwards', () => {
    expect(mergeServerSession(sampleSession({ id: SID, ack: 30 }), sampleSession({ id: SID, ack: 10 })).ack).toBe(30);
  });
});

describe('deleteStoredMessage', () => {
  it('is a no-op for unknown messages', async () => {
    expect(await deleteStoredMessage(new MemoryStore(), 'missing')).toBeUndefined();
  });
});
