// Recall (deleteMsg 7/11, msgDeleted 7/23, syncDeleteMsgs; issue 31): the stored copy becomes the
// recalled placeholder, and its session follows §4 "Deleting a message decrements unread when it was
// incoming and newer than ack, and replaces lastMsg with the newest remaining one when the deleted one was last."
import { ImError, ImErrorName, ResponseCode } from '../errors';
import { MessageTypeCode, SceneCode } from '../protocol/constants';
import type { MessageRecordValue } from '../protocol/records';
import { MemoryStore } from '../store/memory-store';
import type { ImMessage } from '../store/entities';
import { FakeConnection } from '../testing/fake-connection';
import { recallStoredMessage } from '../model/message-ingest';
import { sampleMessage, sampleSession } from '../store/store-conformance';
import { ImClient } from './im-client';

const ME = 's_1001';
const PEER = 'c_demo1';
const SID = `p2p-${PEER}`;
const wireMsg = (idClient: string, time: number, overrides: Partial<MessageRecordValue> = {}): MessageRecordValue => ({
  idClient, idServer: `srv-${idClient}`, scene: SceneCode.p2p, from: PEER, to: ME, time, type: MessageTypeCode.text, text: `hello ${idClient}`, ...overrides,
});
const silentLogger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };

function makeClient(syncPushes: (fake: FakeConnection) => void = () => undefined) {
  const fake = new FakeConnection();
  fake.answer('sync', (_body, f) => {
    queueMicrotask(() => {
      syncPushes(f);
      f.push('syncDone', { timetag: 1000 });
    });
    return {};
  });
  let clock = 10_000;
  const store = new MemoryStore();
  const client = new ImClient({ account: ME, connection: fake, store, logger: silentLogger, createIdClient: () => 'unused', now: () => ++clock });
  const updates: ImMessage[] = [];
  client.on('msgUpdate', (m) => updates.push(m));
  /** Resolves with the next msgUpdate of `idClient` (or one already raised). */
  const nextUpdate = (idClient: string) =>
    new Promise<ImMessage>((resolve) => {
      const seen = updates.find((m) => m.idClient === idClient);
      if (seen) return resolve(seen);
      const off = client.on('msgUpdate', (m) => {
        if (m.idClient === idClient) {
          off?.();
          resolve(m);
        }
      });
    });
  return { fake, client, store, updates, nextUpdate };
}

/** Waits until the client has merged its first sync (the syncDone event). */
const synced = (client: ImClient) => new Promise<void>((resolve) => client.on('syncDone', () => resolve()));

describe('recallStoredMessage (§4 delete rules)', () => {
  const incoming = (idClient: string, time: number) => sampleMessage({ idClient, time, flow: 'in', status: 'success', from: PEER, to: ME, sessionId: SID, text: `t-${idClient}` });

  it('marks the copy recalled with its content dropped; unread drops for an unread incoming one; lastMsg goes to the newest not recalled', async () => {
    const store = new MemoryStore();
    const messages = [incoming('a', 5), incoming('b', 20), incoming('c', 30)];
    await store.putMessages(messages);
    await store.putSessions([sampleSession({ id: SID, ack: 10, unread: 2, lastMsg: messages[2], updateTime: 30 })]);

    const last = await recallStoredMessage(store, 'c', { by: PEER, time: 40 });
    expect(last?.message).toMatchObject({ idClient: 'c', recalled: { by: PEER, time: 40 }, isUnreadable: true });
    expect(last?.message.text).toBeUndefined();
    expect(await store.getMessage('c')).toEqual(last?.message);
    expect(last?.session).toMatchObject({ unread: 1, lastMsg: expect.objectContaining({ idClient: 'b' }) });

    // b is now last: recalled too, lastMsg skips the recalled c and goes to a; a (before ack) would not count.
    expect((await recallStoredMessage(store, 'b', { by: PEER, time: 41 }))?.session).toMatchObject({ unread: 0, lastMsg: expect.objectContaining({ idClient: 'a' }) });
    const older = await recallStoredMessage(store, 'a', { by: PEER, time: 42 });
    expect(older?.session).toMatchObject({ unread: 0, lastMsg: null });
  });

  it('an unknown or already recalled message changes nothing', async () => {
    const store = new MemoryStore();
    await store.putMessages([incoming('a', 20)]);
    await store.putSessions([sampleSession({ id: SID, ack: 10, unread: 1, lastMsg: incoming('a', 20), updateTime: 20 })]);
    expect(await recallStoredMessage(store, 'missing', { by: PEER, time: 1 })).toBeUndefined();
    expect(await recallStoredMessage(store, 'a', { by: PEER, time: 30 })).toBeDefined();
    expect(await recallStoredMessage(store, 'a', { by: PEER, time: 31 })).toBeUndefined();
    expect(await store.getSession(SID)).toMatchObject({ unread: 0 });
  });
});

describe('ImClient recall', () => {
  it('messages.recall sends deleteMsg for my sent message, then shows it recalled (msgUpdate) and moves lastMsg back', async () => {
    const { fake, client, store } = makeClient((f) => f.push('offlineMsgs', { msgs: [wireMsg('in-1', 500)] }));
    fake.answer('sendMsg', (body) => ({ msg: { ...body.msg, idServer: 'srv-mine', time: 600 } }));
    const done = synced(client);
    await client.connect();
    await done;
    const sent = await client.messages.sendText({ scene: 'p2p', to: PEER, text: 'wrong text' });
    expect((await store.getSession(SID))?.lastMsg?.idClient).toBe(sent.idClient);

    const recalled = await client.messages.recall(sent.idClient, { ps: 'typo' });
    expect(fake.requests.find((r) => r.name === 'deleteMsg')?.body).toMatchObject({
      msg: { scene: SceneCode.p2p, from: ME, to: PEER, idClient: sent.idClient, idServer: 'srv-mine' },
      ps: 'typo',
    });
    expect(recalled).toMatchObject({ idClient: sent.idClient, recalled: { by: ME, ps: 'typo' } });
    expect(recalled.text).toBeUndefined();
    expect(await store.getSession(SID)).toMatchObject({ unread: 1, lastMsg: expect.objectContaining({ idClient: 'in-1' }) });
  });

  it('refuses before sending: a message that is not mine (414); a server refusal (508 deletion period expired) leaves the copy as it was', async () => {
    const { fake, client, store } = makeClient((f) => f.push('offlineMsgs', { msgs: [wireMsg('in-1', 500)] }));
    fake.answer('sendMsg', (body) => ({ msg: { ...body.msg, idServer: 'srv-late', time: 600 } }));
    fake.answer('deleteMsg', () => {
      throw new ImError(ImErrorName.Param_Error, 'deletion period expired', { code: ResponseCode.DELETION_PERIOD_EXPIRED });
    });
    const done = synced(client);
    await client.connect();
    await done;
    await expect(client.messages.recall('in-1')).rejects.toMatchObject({ code: ResponseCode.PARAMETER_ERROR });
    await expect(client.messages.recall('nothing-here')).rejects.toMatchObject({ code: ResponseCode.PARAMETER_ERROR });
    expect(fake.requests.filter((r) => r.name === 'deleteMsg')).toHaveLength(0);

    const sent = await client.messages.sendText({ scene: 'p2p', to: PEER, text: 'too late' });
    await expect(client.messages.recall(sent.idClient)).rejects.toMatchObject({ code: ResponseCode.DELETION_PERIOD_EXPIRED });
    expect(await store.getMessage(sent.idClient)).toMatchObject({ text: 'too late' });
    expect((await store.getMessage(sent.idClient))?.recalled).toBeUndefined();
  });

  it('a msgDeleted push recalls an unread incoming message: placeholder by the sender, unread down by one, lastMsg back', async () => {
    const { fake, client, store, nextUpdate } = makeClient((f) => f.push('offlineMsgs', { msgs: [wireMsg('in-1', 500), wireMsg('in-2', 600)] }));
    const done = synced(client);
    await client.connect();
    await done;
    expect(await store.getSession(SID)).toMatchObject({ unread: 2, lastMsg: expect.objectContaining({ idClient: 'in-2' }) });

    fake.push('msgDeleted', { deleted: { scene: SceneCode.p2p, from: PEER, to: ME, idClient: 'in-2', idServer: 'srv-in-2', time: 700, opeAccount: PEER } });
    expect(await nextUpdate('in-2')).toMatchObject({ recalled: { by: PEER, time: 700 }, isUnreadable: true });
    expect(await store.getSession(SID)).toMatchObject({ unread: 1, lastMsg: expect.objectContaining({ idClient: 'in-1' }) });
  });

  it('syncDeleteMsgs at sync recalls the stored copy and keeps the deleteMsg timetag', async () => {
    const { client, store } = makeClient((f) => {
      f.push('syncDeleteMsgs', { deleted: [{ scene: SceneCode.p2p, from: PEER, to: ME, idClient: 'old-1', time: 800, opeAccount: PEER }], timetag: 900 });
    });
    await store.putMessages([sampleMessage({ idClient: 'old-1', sessionId: SID, from: PEER, to: ME, flow: 'in', status: 'success', time: 400, text: 'gone soon' })]);
    await store.putSessions([sampleSession({ id: SID, ack: 0, unread: 1, lastMsg: (await store.getMessage('old-1'))!, updateTime: 400 })]);
    const done = synced(client);
    await client.connect();
    await done;
    expect(await store.getMessage('old-1')).toMatchObject({ recalled: { by: PEER, time: 800 }, isUnreadable: true });
    expect((await store.getMessage('old-1'))?.text).toBeUndefined();
    expect(await store.getSession(SID)).toMatchObject({ unread: 0, lastMsg: null });
    expect((await store.getTimetags()).deleteMsg).toBeGreaterThanOrEqual(900);
  });

  it('syncDeleteSuperTeamMsgs recalls a stored super team message; deleteSuperTeamMsg is sent and keeps its own cursor, not syncDone\'s', async () => {
    const TEAM = '77';
    const TEAM_SID = `superTeam-${TEAM}`;
    const { fake, client, store } = makeClient((f) => {
      f.push('syncDeleteSuperTeamMsgs', { deleted: [{ scene: SceneCode.superTeam, from: PEER, to: TEAM, idClient: 'st-1', idServer: 'srv-st-1', time: 800, opeAccount: PEER, ps: 'typo' }], timetag: 7 });
    });
    const older = sampleMessage({ idClient: 'st-0', sessionId: TEAM_SID, scene: 'superTeam', from: PEER, to: TEAM, flow: 'in', status: 'success', time: 300, text: 'stays' });
    const recalled = sampleMessage({ idClient: 'st-1', sessionId: TEAM_SID, scene: 'superTeam', from: PEER, to: TEAM, flow: 'in', status: 'success', time: 400, text: 'gone soon' });
    await store.putMessages([older, recalled]);
    await store.putSessions([sampleSession({ id: TEAM_SID, ack: 0, unread: 2, lastMsg: recalled, updateTime: 400 })]);
    const done = synced(client);
    await client.connect();
    await done;
    const syncRequest = fake.requests.find((r) => r.name === 'sync')?.body as { timetags?: Record<string, number> } | undefined;
    expect(syncRequest?.timetags).toMatchObject({ deleteSuperTeamMsg: 0 });
    expect(await store.getMessage('st-1')).toMatchObject({ recalled: { by: PEER, time: 800, ps: 'typo' }, isUnreadable: true });
    expect((await store.getMessage('st-1'))?.text).toBeUndefined();
    expect(await store.getSession(TEAM_SID)).toMatchObject({ unread: 1, lastMsg: expect.objectContaining({ idClient: 'st-0' }) });
    expect((await store.getTimetags()).deleteSuperTeamMsg).toBe(7);
  });
});
