import { ImError } from '../errors';
import { SceneCode, MessageTypeCode } from '../protocol/constants';
import type { MessageRecordValue } from '../protocol/records';
import { MemoryStore } from '../store/memory-store';
import type { ImMessage, SyncTimetags } from '../store/entities';
import type { StoreWrite } from '../store/store';
import { sampleMessage, sampleSession } from '../store/store-conformance';
import type { ImPush } from '../connection/im-connection';
import { SyncEngine, type SyncEngineOptions } from './sync-engine';
import { SYNC_NOTIFY_ORDER, type SyncNotification } from './sync-notification';

const ME = 's_1001';
const wireMsg = (idClient: string, time: number, from = 'c_demo1', to = ME): MessageRecordValue => ({
  idClient, idServer: `srv-${idClient}`, scene: SceneCode.p2p, from, to, time, type: MessageTypeCode.text, text: idClient,
});

/** A fake server: answers each sync request with the pushes the test scripts for that try. */
function scriptedSync(tries: ((engine: SyncEngine) => Promise<void> | void)[]) {
  const requests: unknown[] = [];
  let engine!: SyncEngine;
  const connection = {
    async request(_name: 'sync', body: unknown) {
      requests.push(body);
      const script = tries[requests.length - 1];
      if (!script) throw new ImError('Server_Error', 'no script', { code: 500 });
      await script(engine);
      return {};
    },
  };
  return { connection, requests, bind: (e: SyncEngine) => (engine = e) };
}

const pushAll = (engine: SyncEngine, pushes: ImPush[]) => pushes.forEach((p) => expect(engine.handlePush(p)).toBe(true));

const SID = 'p2p-c_demo1';
/** One sync page of roaming messages p<from>…p<to - 1> ending at cursor `to`. */
const page = (from: number, to: number, hasMore: boolean) => (e: SyncEngine) => pushAll(e, [
  { name: 'roamingMsgs', body: { msgs: Array.from({ length: to - from }, (_, i) => wireMsg(`p${from + i}`, from + i + 1)), timetag: to } },
  { name: 'syncDone', body: { timetag: to, hasMore } },
]);
const roamingCursors = (requests: unknown[]) => requests.map((r) => (r as { timetags: { roamingMsgs: number } }).timetags.roamingMsgs);
const messagesIn = (writes: readonly StoreWrite[]) => writes.flatMap((w) => (w.kind === 'messages' ? w.messages : []));
const timetagsIn = (writes: readonly StoreWrite[]) => writes.find((w) => w.kind === 'timetags')?.timetags;

/** A memory store that records its write batches and its message reads. */
class CountingStore extends MemoryStore {
  readonly batches: StoreWrite[][] = [];
  readonly reads = { getMessage: 0, getMessages: 0 };
  readonly askedIds: string[][] = [];
  override async writeBatch(writes: readonly StoreWrite[]): Promise<void> {
    this.batches.push([...writes]);
    return super.writeBatch(writes);
  }
  override async getMessage(idClient: string): Promise<ImMessage | undefined> {
    this.reads.getMessage++;
    return super.getMessage(idClient);
  }
  override async getMessages(idClients: readonly string[]): Promise<ImMessage[]> {
    this.reads.getMessages++;
    this.askedIds.push([...idClients]);
    return super.getMessages(idClients);
  }
}

function setup(tries: Parameters<typeof scriptedSync>[0], store = new MemoryStore(), syncOptions: SyncEngineOptions['syncOptions'] = {}) {
  const server = scriptedSync(tries);
  const notified: SyncNotification[] = [];
  const staleFailed: string[] = [];
  const calls: string[] = [];
  const engine = new SyncEngine({
    connection: { request: (name, body) => (calls.push(name), server.connection.request(name, body)) }, store, account: ME, syncDoneTimeoutMs: 50, syncOptions,
    notify: (n) => notified.push(n), onStaleSendingFailed: (m) => staleFailed.push(...m.map((x) => x.idClient)),
    failSendingAtStart: async () => (calls.push('failSendingAtStart'), [sampleMessage({ idClient: 'stuck', time: 1, flow: 'out', status: 'fail' })]),
  });
  server.bind(engine);
  return { engine, store, server, notified, staleFailed, calls };
}

describe('SyncEngine', () => {
  it('sends per-kind timetags, merges the pushes and stores the syncDone timetag', async () => {
    const store = new MemoryStore();
    await store.putTimetags({ myInfo: 111, roamingMsgs: 222 });
    const { engine, server, notified } = setup([
      (e) => pushAll(e, [
        { name: 'syncMyInfo', body: { user: { account: ME, nick: 'Demo Store' }, timetag: 900 } },
        { name: 'syncFriendUsers', body: { users: [{ account: 'c_demo1', nick: 'Alice Chen', gender: 2 }] } },
        { name: 'syncSessions', body: { sessions: [{ id: 'p2p-c_demo1', scene: 0, to: 'c_demo1', ack: 0, unread: 2, updateTime: 20 }] } },
        { name: 'roamingMsgs', body: { msgs: [wireMsg('r1', 10), wireMsg('r2', 20), wireMsg('r1', 10)] } },
        { name: 'syncDone', body: { timetag: 1000 } },
      ]),
    ], store);
    const summary = await engine.run();
    expect(summary).toMatchObject({ timetag: 1000, tries: 1 });
    expect(server.requests[0]).toMatchObject({ timetags: { myInfo: 111, roamingMsgs: 222, sessionAck: 0, friends: 0 } });
    expect(await store.getTimetags()).toMatchObject({ myInfo: 900, roamingMsgs: 1000, sessionAck: 1000 });
    expect((await store.getUser('c_demo1'))?.gender).toBe('female');
    const [session] = await store.getSessions({ limit: 10 });
    expect(session).toMatchObject({ id: 'p2p-c_demo1', unread: 2, isDeleted: false });
    expect(session.lastMsg?.idClient).toBe('r2');
    expect((await store.getSessionMessages({ sessionId: 'p2p-c_demo1', limit: 10 })).map((m) => m.idClient)).toEqual(['r2', 'r1']);
    expect(notified.map((n) => n.kind)).toEqual(['myInfo', 'users', 'sessions', 'roamingMsgs']);
  });

  it('notifies in the §4 order whatever order the pushes came in', async () => {
    const { engine, notified } = setup([
      (e) => pushAll(e, [
        { name: 'syncDonnop', body: { donnop: '{"open":true}' } },
        { name: 'syncPushConfig', body: { shouldPushNotificationWhenPCOnline: true } },
        { name: 'offlineSysMsgs', body: { sysMsgs: [{ idServer: 'x1', category: 'friend', type: 'applyFriend', from: 'c_demo2', to: ME, time: 5 }] } },
        { name: 'offlineMsgs', body: { msgs: [wireMsg('o1', 30)] } },
        { name: 'roamingMsgs', body: { msgs: [wireMsg('r1', 10)], sessionsWithMoreRoaming: ['p2p-c_demo1'] } },
        { name: 'syncStickTopSessions', body: { sessions: [{ id: 'p2p-c_demo1' }] } },
        { name: 'syncSuperTeams', body: { teams: [{ teamId: 'st1', owner: ME }] } },
        { name: 'syncTeams', body: { teams: [{ teamId: 't1', owner: ME, type: 1 }] } },
        { name: 'syncMyTeamMembers', body: { members: [{ teamId: 't1', account: ME, type: 1 }] } },
        { name: 'syncFriendUsers', body: { users: [{ account: 'c_demo2' }] } },
        { name: 'syncMyInfo', body: { user: { account: ME } } },
        { name: 'syncFriends', body: { friends: [{ account: 'c_demo2', valid: true }] } },
        { name: 'syncRelations', body: { blacklist: [{ account: 'spam', isBlacked: '1' }], mutelist: [{ account: 'noisy', isMuted: '1' }] } },
        { name: 'offlineFilterMsgs', body: { msgs: [wireMsg('f1', 40)] } },
        { name: 'syncBroadcastMsgs', body: { broadcastMsgs: [{ broadcastId: '1', time: 1, body: 'all' }], timetag: 1 } },
        { name: 'syncSessionHistoryMsgsDelete', body: { sessions: [{ sessionId: 'p2p-c_demo9', time: 1 }] } },
        { name: 'syncDeleteMsgSelf', body: { deleted: [{ idClient: 'r1' }] } },
        { name: 'syncMsgReceipts', body: { sessions: [{ id: 'p2p-c_demo1', msgReceiptTime: 5 }] } },
        { name: 'syncDone', body: { timetag: 50 } },
      ]),
    ], new MemoryStore(), { syncFilter: true });
    await engine.run();
    // superTeamMembers comes from a step after the pages (§5 syncSuperTeamMembers), not from a push.
    expect(notified.map((n) => n.kind)).toEqual(SYNC_NOTIFY_ORDER.filter((kind) => kind !== 'superTeamMembers'));
  });

  it('retries a failed round and succeeds on the fourth try', async () => {
    const fail = () => {
      throw new ImError('Error_Timeout', 'timeout');
    };
    const { engine, server } = setup([fail, fail, fail, (e) => pushAll(e, [{ name: 'syncDone', body: { timetag: 7 } }])]);
    await expect(engine.run()).resolves.toMatchObject({ tries: 4, timetag: 7 });
    expect(server.requests).toHaveLength(4);
  });

  it('raises SYNC_DATA_ERROR after 3 retries', async () => {
    const { engine, server, store } = setup([]);
    const error = await engine.run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImError);
    expect((error as ImError).errorName).toBe('SYNC_DATA_ERROR');
    expect(server.requests).toHaveLength(4);
    expect(await store.getTimetags()).toEqual({});
  });

  it('asks page after page while syncDone says hasMore, commits each page with its cursor, and resumes after a failure from the last committed page', async () => {
    const store = new CountingStore();
    const seenByServerAtFailure: { timetags: SyncTimetags; stored: number }[] = [];
    const { engine, server } = setup([
      page(0, 150, true),
      async () => {
        seenByServerAtFailure.push({ timetags: await store.getTimetags(), stored: (await store.getSessionMessages({ sessionId: SID, limit: 1000 })).length });
        throw new ImError('Error_Timeout', 'cut in the middle of the sync', { code: 408 });
      },
      page(150, 300, true), page(300, 320, false),
    ], store);
    const summary = await engine.run();
    expect(summary).toMatchObject({ timetag: 320, tries: 2 });
    // The retry starts where the committed page ended, not from the beginning.
    expect(roamingCursors(server.requests)).toEqual([0, 150, 150, 300]);
    expect(seenByServerAtFailure).toEqual([{ timetags: expect.objectContaining({ roamingMsgs: 150, sessionAck: 150 }), stored: 150 }]);
    // One write batch per page, each with that page's messages and that page's cursor.
    expect(store.batches.map((b) => [messagesIn(b).length, timetagsIn(b)?.roamingMsgs])).toEqual([[150, 150], [150, 300], [20, 320]]);
    expect((await store.getTimetags()).roamingMsgs).toBe(320);
    const stored = await store.getSessionMessages({ sessionId: SID, limit: 1000, order: 'asc' });
    expect(stored.map((m) => m.idClient)).toEqual(Array.from({ length: 320 }, (_, i) => `p${i}`));
  });

  it('reads the known idClients once per page, not once per message', async () => {
    const store = new CountingStore();
    await store.putMessages([sampleMessage({ idClient: 'p3', time: 4 })]);
    const { engine } = setup([page(0, 100, true), page(100, 200, false)], store);
    await engine.run();
    expect(store.reads).toEqual({ getMessage: 0, getMessages: 2 });
    expect(store.askedIds[0]).toEqual(expect.arrayContaining(['p0', 'p3', 'p99']));
    expect(store.askedIds[1]).toEqual(expect.arrayContaining(['p100', 'p199']));
  });

  it('stores and reports a message sent again in a later page (or after a failed page) once, and counts it unread once', async () => {
    const store = new MemoryStore();
    const { engine, notified } = setup([
      page(0, 60, true),
      // The server cuts this page after some of its pushes (nothing of it is committed)…
      (e) => {
        pushAll(e, [{ name: 'roamingMsgs', body: { msgs: Array.from({ length: 30 }, (_, i) => wireMsg(`p${60 + i}`, 61 + i)) } }]);
        throw new ImError('Error_Timeout', 'cut', { code: 408 });
      },
      // …and the retry's page overlaps the committed one.
      page(40, 100, false),
    ], store);
    await engine.run();
    const stored = await store.getSessionMessages({ sessionId: SID, limit: 1000, order: 'asc' });
    expect(stored.map((m) => m.idClient)).toEqual(Array.from({ length: 100 }, (_, i) => `p${i}`));
    expect((await store.getSession(SID))?.unread).toBe(100);
    const reported = notified.filter((n) => n.kind === 'roamingMsgs').flatMap((n) => (n.kind === 'roamingMsgs' ? n.messages.map((m) => m.idClient) : []));
    expect(reported).toEqual(Array.from({ length: 100 }, (_, i) => `p${i}`));
  });

  it('notifies once after the last page: one notification per kind in §4 order, the pages folded together', async () => {
    const { engine, notified } = setup([
      (e) => pushAll(e, [
        { name: 'syncFriendUsers', body: { users: [{ account: 'c_a', nick: 'A1' }, { account: 'c_b', nick: 'B' }] } },
        { name: 'syncRelations', body: { blacklist: [{ account: 'spam', isBlacked: '1' }] } },
        { name: 'offlineMsgs', body: { msgs: [wireMsg('o1', 10)] } },
        { name: 'syncDone', body: { timetag: 10, hasMore: true } },
      ]),
      (e) => pushAll(e, [
        { name: 'syncFriendUsers', body: { users: [{ account: 'c_a', nick: 'A2' }] } },
        { name: 'syncRelations', body: { blacklist: [{ account: 'spam', isBlacked: '0' }] } },
        { name: 'offlineMsgs', body: { msgs: [wireMsg('o2', 20)] } },
        { name: 'syncDone', body: { timetag: 20, hasMore: false } },
      ]),
    ]);
    await engine.run();
    expect(notified.map((n) => n.kind)).toEqual(['blacklist', 'users', 'sessions', 'offlineMsgs']);
    expect(notified[0]).toEqual({ kind: 'blacklist', relations: [], removed: ['spam'] });
    expect(notified[1].kind === 'users' && notified[1].users.map((u) => [u.account, u.nick])).toEqual([['c_b', 'B'], ['c_a', 'A2']]);
    expect(notified[2].kind === 'sessions' && notified[2].sessions.map((x) => [x.id, x.unread])).toEqual([[SID, 2]]);
    expect(notified[3].kind === 'offlineMsgs' && notified[3].messages.map((m) => m.idClient)).toEqual(['o1', 'o2']);
  });

  it('keeps and reports the committed pages when every try of a later page fails', async () => {
    const store = new MemoryStore();
    const fail = () => {
      throw new ImError('Error_Timeout', 'timeout');
    };
    const { engine, notified } = setup([page(0, 50, true), fail, fail, fail, fail], store);
    const error = await engine.run().catch((e: unknown) => e);
    expect((error as ImError).errorName).toBe('SYNC_DATA_ERROR');
    expect((await store.getTimetags()).roamingMsgs).toBe(50);
    expect(await store.getSessionMessages({ sessionId: SID, limit: 1000 })).toHaveLength(50);
    expect(notified.map((n) => n.kind)).toEqual(['sessions', 'roamingMsgs']);
  });

  it('ends the task between pages (scheduler.yield where there is one)', async () => {
    const scheduled: number[] = [];
    const { engine, server } = setup([page(0, 10, true), page(10, 20, true), page(20, 30, false)]);
    const withScheduler = globalThis as { scheduler?: { yield(): Promise<void> } };
    withScheduler.scheduler = { yield: async () => void scheduled.push(server.requests.length) };
    try {
      await engine.run();
    } finally {
      delete withScheduler.scheduler;
    }
    // Before each page's merge, and after page 1 and page 2 before the next request.
    expect(scheduled).toEqual([1, 1, 2, 2, 3]);
  });

  it('counts a missing syncDone as a failed try', async () => {
    const { engine, server } = setup([() => undefined, (e) => pushAll(e, [{ name: 'syncDone', body: { timetag: 9 } }])]);
    await expect(engine.run()).resolves.toMatchObject({ tries: 2 });
    expect(server.requests).toHaveLength(2);
  });

  it('asks at sync start which sending messages end as fail, and reports them', async () => {
    const store = new MemoryStore();
    const { engine, staleFailed, calls } = setup([(e) => pushAll(e, [{ name: 'syncDone', body: { timetag: 1 } }])], store);
    await engine.run();
    expect(calls).toEqual(['failSendingAtStart', 'sync']);
    expect(staleFailed).toEqual(['stuck']);
  });

  it('applies acks: unread is recounted from messages newer than the ack', async () => {
    const store = new MemoryStore();
    await store.putMessages([sampleMessage({ idClient: 'a', time: 10 }), sampleMessage({ idClient: 'b', time: 20 })]);
    await store.putSessions([sampleSession({ id: 'p2p-c_demo1', unread: 2, updateTime: 20 })]);
    const { engine } = setup([(e) => pushAll(e, [
      { name: 'syncSessionAcks', body: { acks: [{ scene: 0, to: 'c_demo1', timetag: 15 }], timetag: 30 } },
      { name: 'syncDone', body: { timetag: 40 } },
    ])], store);
    await engine.run();
    expect(await store.getSession('p2p-c_demo1')).toMatchObject({ ack: 15, unread: 1 });
    expect((await store.getTimetags()).sessionAck).toBe(30);
  });

  it('does not take live messages while no round runs, and refuses a second concurrent run', async () => {
    let release!: () => void;
    const { engine } = setup([(e) => new Promise<void>((resolve) => (release = () => { e.handlePush({ name: 'syncDone', body: { timetag: 1 } }); resolve(); }))]);
    const first = engine.run();
    await new Promise((r) => setTimeout(r, 0));
    expect(engine.isSyncing).toBe(true);
    expect(engine.handlePush({ name: 'msg', body: { msg: wireMsg('live', 5) } })).toBe(false);
    await expect(engine.run()).rejects.toMatchObject({ errorName: 'SYNC_DATA_ERROR' });
    release();
    await first;
    expect(engine.isSyncing).toBe(false);
  });
});
