import { MemoryStore, type ImClient, type ImMessage } from '@merchant/im-core';
import { RawImClient } from './support/raw-client';
import { imCoreClient, waitFor } from './support/im-core-clients';
import { account, startServer, type StartedServer } from './support/test-server';

/**
 * One account on several devices (issue 10 §2–§4): device A is a raw protocol client (Android
 * type, so it does not kick the web one), device B an im-core client (web). What A does reaches
 * B live, and after B reconnects (same store) or a fresh device C logs in, by sync.
 */
describe('multi-device history, receipts and stick-top', () => {
  let started: StartedServer;
  const raws: RawImClient[] = [];
  const clients: ImClient[] = [];
  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(async () => {
    for (const c of clients) await c.destroy();
    for (const r of raws) r.close();
    await started.server.close();
  });

  const raw = async (name: string, clientType: number) => {
    const r = await RawImClient.loggedIn(started.wsUrl, name, { clientType, deviceId: `raw-${clientType}` });
    raws.push(r);
    return r;
  };
  const device = async (name: string, store: MemoryStore) => {
    const c = imCoreClient(started.url, name, { store });
    clients.push(c);
    await c.connect();
    return c;
  };
  const ids = async (store: MemoryStore, sessionId: string) => (await store.getSessionMessages({ sessionId, limit: 100, order: 'asc' })).map((m) => m.idClient);

  it('delete for self, clear history, receipts and stick-top reach the other device live and by sync', async () => {
    const me = account('s_multi');
    const peerName = account('c_multi');
    const sessionId = `p2p-${peerName}`;
    const a = await raw(me, 1);
    const peer = await raw(peerName, 16);
    const storeB = new MemoryStore();
    const b = await device(me, storeB);
    const deletedOnB: string[][] = [];
    b.on('msgsDeletedSelf', (idClients) => deletedOnB.push(idClients));

    const sent: Record<string, { idServer?: string; time?: number }> = {};
    for (const id of ['p1', 'p2', 'p3']) {
      sent[id] = (await peer.request('sendMsg', { msg: { idClient: id, scene: 0, to: me, type: 0, text: `hello ${id}` } })).body.msg!;
    }
    await waitFor(async () => (await ids(storeB, sessionId)).length === 3, 5000, 'B has the 3 messages');

    // Live: A deletes p1 → gone on B.
    expect((await a.request('deleteMsgSelfBatch', { msgs: [{ idServer: sent.p1.idServer }] })).code).toBe(200);
    await waitFor(async () => !(await ids(storeB, sessionId)).includes('p1'), 5000, 'p1 gone on B');
    expect(deletedOnB).toEqual([['p1']]);

    // Live: stick-top on A → B.
    expect((await a.request('addStickTopSession', { session: { id: sessionId, topCustom: 'vip' } })).code).toBe(200);
    await waitFor(async () => (await storeB.getSession(sessionId))?.isTop === true, 5000, 'B sees the session on top');
    expect((await storeB.getSession(sessionId))?.topCustom).toBe('vip');

    // Live: my message from A, the peer's receipt → B knows the peer read it.
    const mine = (await a.request('sendMsg', { msg: { idClient: 'a1', scene: 0, to: peerName, type: 0, text: 'from A' } })).body.msg!;
    expect((await peer.request('sendMsgReceipt', { msg: { idClient: 'a1', from: me, scene: 0 } })).code).toBe(200);
    await waitFor(async () => (await storeB.getSession(sessionId))?.msgReceiptTime === mine.time, 5000, 'B has the receipt');

    // B goes away; A deletes p2 meanwhile; B comes back with its store and syncs the deletion.
    await b.destroy();
    expect((await a.request('deleteMsgSelf', { msg: { idServer: sent.p2.idServer } })).code).toBe(200);
    const b2 = await device(me, storeB);
    expect(await ids(storeB, sessionId)).toEqual(['p3', 'a1']);

    // The im-core API on B2: delete p3 for self → A is pushed it.
    const p3 = (await storeB.getMessage('p3')) as ImMessage;
    await b2.history.deleteMsgSelf([p3]);
    const pushed = await a.waitForPush('msgsDeletedSelf', (body) => (body.deleted ?? []).some((d) => d.idClient === 'p3'));
    expect(pushed.deleted?.map((d) => d.idClient)).toEqual(['p3']);
    expect(await ids(storeB, sessionId)).toEqual(['a1']);
    await expect(b2.history.deleteMsgSelf([])).rejects.toMatchObject({ code: 414 });

    // Live: A clears the history → B2's copy of the session is empty, unread 0, no lastMsg.
    const cleared = await a.request('clearServerHistoryMsgs', { scene: 0, to: peerName });
    expect(cleared.code).toBe(200);
    await waitFor(async () => (await ids(storeB, sessionId)).length === 0, 5000, 'history cleared on B2');
    expect(await storeB.getSession(sessionId)).toMatchObject({ unread: 0, lastMsg: null });
    await b2.destroy();

    // A fresh device C gets the end state by sync: on top, the receipt, no history.
    const storeC = new MemoryStore();
    const c = await device(me, storeC);
    expect(await storeC.getSession(sessionId)).toMatchObject({ isTop: true, topCustom: 'vip', msgReceiptTime: mine.time, unread: 0 });
    expect(await ids(storeC, sessionId)).toEqual([]);

    // Unstick on A → C live; a later message is history again and searchable (only mine).
    expect((await a.request('deleteStickTopSession', { id: sessionId })).code).toBe(200);
    await waitFor(async () => (await storeC.getSession(sessionId))?.isTop === false, 5000, 'C sees it off the top');
    await peer.request('sendMsg', { msg: { idClient: 'p4', scene: 0, to: me, type: 0, text: 'after the clear' } });
    const found = await c.history.search({ keyword: 'hello' });
    expect(found.messages).toEqual([]);
    const after = await c.history.search({ keyword: 'AFTER', sessionIds: [sessionId] });
    expect(after.messages.map((m) => m.idClient)).toEqual(['p4']);
  });

  it('a receipt I send from one device reaches my other device live (msgReceiptSendTime) and a fresh device by sync', async () => {
    const me = account('s_rsent');
    const peerName = account('c_rsent');
    const sessionId = `p2p-${peerName}`;
    const a = await raw(me, 1);
    const peer = await raw(peerName, 16);
    const storeB = new MemoryStore();
    const b = await device(me, storeB);
    const incoming = (await peer.request('sendMsg', { msg: { idClient: 'in-1', scene: 0, to: me, type: 0, text: 'read me' } })).body.msg!;
    await waitFor(async () => (await storeB.getMessage('in-1')) !== undefined, 5000, 'B has the message');

    expect((await a.request('sendMsgReceipt', { msg: { idClient: 'in-1', from: peerName, scene: 0 } })).code).toBe(200);
    await waitFor(async () => (await storeB.getSession(sessionId))?.msgReceiptSendTime === incoming.time, 5000, 'B knows the receipt was sent');
    // The peer's ports got the receipt itself.
    expect((await peer.waitForPush('msgReceipt')).msgReceiptTime).toBe(incoming.time);
    await b.destroy();

    const storeC = new MemoryStore();
    await device(me, storeC);
    expect((await storeC.getSession(sessionId))?.msgReceiptSendTime).toBe(incoming.time);
  });
});
