import { MemoryStore } from '../store/memory-store';
import { sampleMessage, sampleSession } from '../store/store-conformance';
import type { ImPush } from '../connection/im-connection';
import { SyncEngine } from './sync-engine';
import type { SyncNotification } from './sync-notification';
import { applyDeletedForSelf, applyHistoryClear, mergeReceiptTimes, takeNewBroadcasts } from '../model/history-rules';

const SID = 'p2p-c_demo1';
const incoming = (idClient: string, time: number) => sampleMessage({ idClient, time, flow: 'in', status: 'success', idServer: `srv-${idClient}` });

/** A session with ack 10 and three incoming messages after it (unread 3), the newest last. */
async function seeded() {
  const store = new MemoryStore();
  const messages = [incoming('old', 5), incoming('u1', 20), incoming('u2', 30), incoming('u3', 40)];
  await store.putMessages(messages);
  await store.putSessions([sampleSession({ id: SID, ack: 10, unread: 3, lastMsg: messages[3], updateTime: 40 })]);
  return store;
}

describe('history rollback rules (§5 rollbackDelMsgUnread / rollbackClearMsgsUnread)', () => {
  it('delete for self: lastMsg moves to the newest remaining; unread kept by default, decremented with rollbackDelMsgUnread', async () => {
    const byDefault = await seeded();
    const [kept] = await applyDeletedForSelf(byDefault, ['u3']);
    expect(kept).toMatchObject({ unread: 3, lastMsg: expect.objectContaining({ idClient: 'u2' }) });
    expect(await byDefault.getMessage('u3')).toBeUndefined();

    const rolled = await seeded();
    const [session] = await applyDeletedForSelf(rolled, ['u3', 'u1', 'old', 'unknown'], { rollbackDelMsgUnread: true });
    // u3 and u1 counted (incoming after ack); 'old' was before the ack and did not.
    expect(session).toMatchObject({ unread: 1, lastMsg: expect.objectContaining({ idClient: 'u2' }) });
  });

  it('clear history: messages up to the time go; unread follows rollbackClearMsgsUnread (default true), lastMsg to what is left', async () => {
    const byDefault = await seeded();
    const cleared = await applyHistoryClear(byDefault, SID, 30);
    expect(cleared).toMatchObject({ unread: 1, ack: 30, lastMsg: expect.objectContaining({ idClient: 'u3' }) });
    expect((await byDefault.getSessionMessages({ sessionId: SID, limit: 10 })).map((m) => m.idClient)).toEqual(['u3']);

    const everything = await seeded();
    expect(await applyHistoryClear(everything, SID, 40)).toMatchObject({ unread: 0, lastMsg: null });

    const kept = await seeded();
    expect(await applyHistoryClear(kept, SID, 40, { rollbackClearMsgsUnread: false })).toMatchObject({ unread: 3, ack: 10, lastMsg: null });
  });

  it('receipt times only move forward; broadcasts are reported once', async () => {
    const session = sampleSession({ id: SID, msgReceiptTime: 50 });
    expect(mergeReceiptTimes(session, { msgReceiptTime: 40 })).toBe(session);
    expect(mergeReceiptTimes(session, { msgReceiptTime: 60, msgReceiptSendTime: 7 })).toMatchObject({ msgReceiptTime: 60, msgReceiptSendTime: 7 });

    const store = new MemoryStore();
    const b1 = { broadcastId: '1', time: 1, body: 'hello all' };
    expect(await takeNewBroadcasts(store, [b1])).toEqual([b1]);
    expect(await takeNewBroadcasts(store, [b1, { broadcastId: '2', time: 2 }])).toEqual([{ broadcastId: '2', time: 2 }]);
  });
});

describe('SyncEngine with history kinds', () => {
  it('merges receipts, stick-top removal, deletions for self, clears and broadcasts; broadcastMsgs keeps its own timetag', async () => {
    const store = await seeded();
    await store.putSessions([{ ...(await store.getSession(SID))!, isTop: true, topCustom: 'vip' }]);
    await store.putTimetags({ broadcastMsgs: 7, roamingMsgs: 100 });
    const requests: { timetags: Record<string, number> }[] = [];
    const notified: SyncNotification[] = [];
    const engineRef: { engine?: SyncEngine } = {};
    const pages: ImPush[][] = [
      [
        { name: 'syncMsgReceipts', body: { sessions: [{ id: SID, msgReceiptTime: 35 }], timetag: 150 } },
        { name: 'syncStickTopSessions', body: { sessions: [{ id: SID, createTime: 0, updateTime: 9 }], timetag: 150 } },
        { name: 'syncDeleteMsgSelf', body: { deleted: [{ idClient: 'u3' }], timetag: 150 } },
        { name: 'syncBroadcastMsgs', body: { broadcastMsgs: [{ broadcastId: '8', time: 1, body: 'b8' }], timetag: 8 } },
        { name: 'syncDone', body: { timetag: 150, hasMore: true } },
      ],
      [
        { name: 'syncSessionHistoryMsgsDelete', body: { sessions: [{ sessionId: SID, time: 20 }], timetag: 200 } },
        { name: 'syncBroadcastMsgs', body: { broadcastMsgs: [{ broadcastId: '8', time: 1, body: 'b8' }, { broadcastId: '9', time: 2, body: 'b9' }], timetag: 9 } },
        { name: 'syncDone', body: { timetag: 200, hasMore: false } },
      ],
    ];
    const engine = (engineRef.engine = new SyncEngine({
      connection: {
        async request(_name, body) {
          requests.push(body as never);
          for (const push of pages[requests.length - 1]) expect(engineRef.engine!.handlePush(push)).toBe(true);
          return {};
        },
      },
      store,
      account: 's_1001',
      syncDoneTimeoutMs: 50,
      notify: (n) => notified.push(n),
    }));
    await engine.run();

    expect(requests[0].timetags).toMatchObject({ broadcastMsgs: 7, msgReceipts: 0, deleteMsgSelf: 0 });
    // Page 2 continues the account kinds from syncDone, broadcasts from their own timetag.
    expect(requests[1].timetags).toMatchObject({ broadcastMsgs: 8, msgReceipts: 150, deleteMsgSelf: 150, roamingMsgs: 150 });
    // Each page is committed with its cursor: a kind pushed in page 1 only ends at the last page's syncDone
    // (no repeat of its rows next time); a kind pushed in the last page keeps its push's timetag;
    // broadcasts never take syncDone's.
    expect(await store.getTimetags()).toMatchObject({ broadcastMsgs: 9, msgReceipts: 200, sessionHistoryMsgsDelete: 200, roamingMsgs: 200 });

    const session = await store.getSession(SID);
    expect(session).toMatchObject({ isTop: false, msgReceiptTime: 35, lastMsg: expect.objectContaining({ idClient: 'u2' }) });
    expect((await store.getSessionMessages({ sessionId: SID, limit: 10 })).map((m) => m.idClient)).toEqual(['u2']);
    const kinds = notified.map((n) => n.kind);
    expect(kinds.slice(kinds.indexOf('sessions'))).toEqual(['sessions', 'msgReceipts', 'msgsDeletedSelf', 'sessionHistoryCleared', 'broadcastMsgs']);
    expect(notified.find((n) => n.kind === 'broadcastMsgs')).toMatchObject({ broadcastMsgs: [{ broadcastId: '8' }, { broadcastId: '9' }] });
  });
});
