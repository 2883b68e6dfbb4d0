import { ImError } from '../errors';
import { MessageTypeCode, SceneCode } from '../protocol/constants';
import type { MessageRecordValue } from '../protocol/records';
import { MemoryStore } from '../store/memory-store';
import { sampleMessage } from '../store/store-conformance';
import type { ImMessage, ImSession } from '../store/entities';
import { FakeConnection } from '../testing/fake-connection';
import { ImClient } from './im-client';

const ME = 's_1001';
const wireMsg = (idClient: string, time: number, from = 'c_demo1', to = ME): MessageRecordValue => ({
  idClient, idServer: `srv-${idClient}`, scene: SceneCode.p2p, from, to, time, type: MessageTypeCode.text, text: `hello ${idClient}`,
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const silentLogger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
/** Resolves at the client's next syncDone (a login after a reconnect syncs again). */
const nextSyncDone = (client: ImClient) => new Promise<void>((resolve) => client.on('syncDone', () => resolve()));

type ClientOptions = ConstructorParameters<typeof ImClient>[0];
function makeClient(options: { store?: ClientOptions['store']; syncPushes?: (fake: FakeConnection) => void; outbox?: boolean; outboxMaxWaitMs?: number } = {}) {
  const fake = new FakeConnection();
  fake.answer('sync', (_body, f) => {
    // The server sends the data pushes and syncDone after accepting the request.
    setTimeout(() => {
      options.syncPushes?.(f);
      f.push('syncDone', { timetag: 1000 });
    }, 0);
    return {};
  });
  let nextId = 0;
  let clock = 10_000;
  const client = new ImClient({
    account: ME, connection: fake, store: options.store ?? new MemoryStore(), logger: silentLogger,
    createIdClient: () => `id-${++nextId}`, now: () => ++clock, outbox: options.outbox, outboxMaxWaitMs: options.outboxMaxWaitMs,
  });
  const seen = { msg: [] as ImMessage[], updates: [] as ImMessage[], sessions: [] as ImSession[][], order: [] as string[], errors: [] as ImError[] };
  client.on('msg', (m) => (seen.msg.push(m), seen.order.push(`msg:${m.idClient}`)));
  client.on('msgUpdate', (m) => seen.updates.push(m));
  client.on('sessions', (s) => seen.sessions.push(s));
  client.on('syncData', (n) => seen.order.push(n.kind));
  client.on('syncDone', () => seen.order.push('syncDone'));
  client.on('error', (e) => seen.errors.push(e));
  return { fake, client, seen };
}

describe('ImClient', () => {
  it('connect logs in, syncs and notifies syncDone after the sync data', async () => {
    const { client, seen } = makeClient({ syncPushes: (f) => f.push('offlineMsgs', { msgs: [wireMsg('off-1', 500)] }) });
    await client.connect();
    expect(seen.order).toEqual(['sessions', 'offlineMsgs', 'syncDone']);
    const [session] = await client.sessions.list();
    expect(session).toMatchObject({ id: 'p2p-c_demo1', unread: 1 });
  });

  it('sendText stores sending, then success with the server id; the session shows it', async () => {
    const { fake, client, seen } = makeClient();
    fake.answer('sendMsg', (body) => ({ msg: { ...body.msg, idServer: 'srv-1', time: 20_000 } }));
    await client.connect();
    const sent = await client.messages.sendText({ scene: 'p2p', to: 'c_demo1', text: 'hi' });
    expect(sent).toMatchObject({ idClient: 'id-1', status: 'success', idServer: 'srv-1', time: 20_000, flow: 'out' });
    expect(seen.updates.map((m) => m.status)).toEqual(['sending', 'success']);
    expect(fake.requests.find((r) => r.name === 'sendMsg')?.body).toMatchObject({ msg: { idClient: 'id-1', to: 'c_demo1', text: 'hi', scene: 0, type: 0 } });
    expect((await client.messages.list({ sessionId: 'p2p-c_demo1' })).map((m) => m.status)).toEqual(['success']);
    expect((await client.sessions.list())[0]).toMatchObject({ unread: 0, lastMsg: { idClient: 'id-1' } });
  });

  it('outbox off (NIM): a send that fails on the way is stored as fail, rejects, and can be resent with the same idClient', async () => {
    const { fake, client } = makeClient({ outbox: false });
    let attempts = 0;
    fake.answer('sendMsg', (body) => {
      if (++attempts === 1) throw new ImError('Error_Timeout', 'timeout');
      return { msg: { ...body.msg, idServer: 'srv-2' } };
    });
    await client.connect();
    await expect(client.messages.sendText({ scene: 'p2p', to: 'c_demo1', text: 'retry me' })).rejects.toMatchObject({ errorName: 'Error_Timeout' });
    const [failed] = await client.messages.list({ sessionId: 'p2p-c_demo1' });
    expect(failed.status).toBe('fail');
    await expect(client.messages.resend(failed.idClient)).resolves.toMatchObject({ idClient: failed.idClient, status: 'success', resend: true });
    await expect(client.messages.resend(failed.idClient)).rejects.toThrow('only failed messages can be resent');
  });

  it('outbox on: a send that times out keeps waiting (sending), and after the next login goes out with the same idClient; the promise resolves once', async () => {
    const { fake, client, seen } = makeClient();
    let attempts = 0;
    fake.answer('sendMsg', (body) => {
      if (++attempts === 1) throw new ImError('Error_Timeout', 'timeout', { code: 408 });
      return { msg: { ...body.msg, idServer: 'srv-out' } };
    });
    await client.connect();
    const sent = client.messages.sendText({ scene: 'p2p', to: 'c_demo1', text: 'wait for me' });
    await flush();
    const [waiting] = await client.messages.list({ sessionId: 'p2p-c_demo1' });
    expect(waiting).toMatchObject({ status: 'sending', outbox: expect.objectContaining({ order: 1 }) });
    fake.fire('disconnected', { error: undefined, willReconnect: true });
    fake.login();
    await expect(sent).resolves.toMatchObject({ idClient: waiting.idClient, status: 'success', idServer: 'srv-out' });
    const sends = fake.requests.filter((r) => r.name === 'sendMsg').map((r) => (r.body as { msg: { idClient: string } }).msg.idClient);
    expect(sends).toEqual([waiting.idClient, waiting.idClient]);
    expect(seen.updates.filter((m) => m.idClient === waiting.idClient).map((m) => m.status)).toEqual(['sending', 'success']);
    expect((await client.localStore?.getMessage(waiting.idClient))?.outbox).toBeUndefined();
  });

  it('outbox on: messages sent while disconnected wait and go out after the reconnect in the order they were sent', async () => {
    const { fake, client } = makeClient();
    fake.answer('sendMsg', (body) => ({ msg: { ...body.msg, idServer: `srv-${body.msg?.idClient}` } }));
    await client.connect();
    fake.fire('disconnected', { error: undefined, willReconnect: true });
    const texts = ['one', 'two', 'three', 'four'];
    const sends = texts.map((text, i) => client.messages.sendText({ scene: 'p2p', to: i % 2 ? 'c_demo2' : 'c_demo1', text }));
    await flush();
    expect(fake.requests.filter((r) => r.name === 'sendMsg')).toHaveLength(0);
    fake.login();
    await Promise.all(sends);
    expect(fake.requests.filter((r) => r.name === 'sendMsg').map((r) => (r.body as { msg: { text: string } }).msg.text)).toEqual(texts);
  });

  it('outbox: an entry past its time limit ends as fail and rejects; a server refusal (414) is not fail (§4) but leaves the outbox and fails at the next sync start', async () => {
    const { fake, client, seen } = makeClient({ outboxMaxWaitMs: 30 });
    fake.answer('sendMsg', () => {
      throw new ImError('Server_Error', 'sendMsg failed with 414', { code: 414 });
    });
    await client.connect();
    fake.fire('disconnected', { error: undefined, willReconnect: true });
    const expired = client.messages.sendText({ scene: 'p2p', to: 'c_demo1', text: 'too late' });
    await expect(expired).rejects.toMatchObject({ errorName: 'Error_Timeout' });
    expect(seen.updates.at(-1)).toMatchObject({ text: 'too late', status: 'fail' });

    const synced = nextSyncDone(client);
    fake.login();
    await synced;
    const refused = client.messages.sendText({ scene: 'p2p', to: 'c_demo1', text: 'refused' });
    await expect(refused).rejects.toMatchObject({ code: 414 });
    const stored = seen.updates.filter((m) => m.text === 'refused').at(-1);
    expect(stored).toMatchObject({ status: 'sending', sendError: { code: 414 } });
    fake.fire('disconnected', { error: undefined, willReconnect: true });
    const resynced = nextSyncDone(client);
    fake.login();
    await resynced;
    expect((await client.localStore?.getMessage(stored!.idClient))?.status).toBe('fail');
  });

  it('7101 on send marks isInBlackList and resolves', async () => {
    const { fake, client } = makeClient();
    fake.answer('sendMsg', () => {
      throw new ImError('Server_Error', 'blacklisted', { code: 7101 });
    });
    await client.connect();
    await expect(client.messages.sendText({ scene: 'p2p', to: 'c_demo1', text: 'x' })).resolves.toMatchObject({ status: 'success', isInBlackList: true });
  });

  it('refuses invalid input without storing or sending anything', async () => {
    const { fake, client } = makeClient();
    await client.connect();
    await expect(client.messages.sendText({ scene: 'chatroom' as never, to: 'c_demo1', text: 'x' })).rejects.toMatchObject({ errorName: 'Param_Error' });
    await expect(client.messages.list({ sessionId: 'p2p-c_demo1', limit: 101 })).rejects.toMatchObject({ errorName: 'Param_Error' });
    expect(fake.requests.map((r) => r.name).filter((name) => name !== 'getNosCdnHost')).toEqual(['sync']);
    expect(await client.sessions.list()).toEqual([]);
  });

  it('a live message is stored once, raises msg and counts as unread; markRead clears it and tells the server', async () => {
    const { fake, client, seen } = makeClient();
    await client.connect();
    fake.push('msg', { msg: wireMsg('live-1', 30_000) });
    fake.push('msg', { msg: wireMsg('live-1', 30_000) });
    await flush();
    expect(seen.msg.map((m) => m.idClient)).toEqual(['live-1']);
    expect((await client.sessions.list())[0]).toMatchObject({ id: 'p2p-c_demo1', unread: 1 });
    const read = await client.sessions.markRead('p2p-c_demo1');
    expect(read).toMatchObject({ unread: 0, ack: 30_000 });
    expect(fake.requests.at(-1)).toEqual({ name: 'markSessionAck', body: { scene: 0, to: 'c_demo1', timetag: 30_000 } });
  });

  it('queues messages that arrive during sync and handles them after syncDone', async () => {
    const { client, seen } = makeClient({
      syncPushes: (f) => {
        f.push('msg', { msg: wireMsg('during-sync', 40_000) });
        f.push('roamingMsgs', { msgs: [wireMsg('roam-1', 100)] });
      },
    });
    await client.connect();
    await flush();
    expect(seen.order).toEqual(['sessions', 'roamingMsgs', 'syncDone', 'msg:during-sync']);
    expect((await client.sessions.list())[0]).toMatchObject({ unread: 2, lastMsg: { idClient: 'during-sync' } });
  });

  it('outbox off (NIM): every message still sending at sync start becomes fail, outbox entries too', async () => {
    const store = new MemoryStore();
    await store.putMessages([
      sampleMessage({ idClient: 'stuck', time: 5, flow: 'out', status: 'sending', from: ME }),
      sampleMessage({ idClient: 'queued', time: 6, flow: 'out', status: 'sending', from: ME, outbox: { order: 1, deadline: Number.MAX_SAFE_INTEGER } }),
    ]);
    const { client, seen } = makeClient({ store, outbox: false });
    await client.connect();
    expect(seen.updates.map((m) => [m.idClient, m.status]).sort()).toEqual([['queued', 'fail'], ['stuck', 'fail']]);
  });

  it('outbox on: at sync start only what can no longer be sent becomes fail; a stored outbox entry keeps its place and goes out after the sync', async () => {
    const store = new MemoryStore();
    await store.putMessages([
      sampleMessage({ idClient: 'stuck', time: 5, flow: 'out', status: 'sending', from: ME }),
      sampleMessage({ idClient: 'queued', time: 6, flow: 'out', status: 'sending', from: ME, to: 'c_demo1', outbox: { order: 1, deadline: Number.MAX_SAFE_INTEGER } }),
      sampleMessage({ idClient: 'expired', time: 7, flow: 'out', status: 'sending', from: ME, outbox: { order: 2, deadline: 1 } }),
    ]);
    const { client, fake, seen } = makeClient({ store });
    fake.answer('sendMsg', (body) => ({ msg: { ...body.msg, idServer: 'srv-q' } }));
    // The stored outbox entry goes out after the sync: wait for its success.
    const queuedSent = new Promise<void>((resolve) => client.on('msgUpdate', (m) => m.idClient === 'queued' && m.status === 'success' && resolve()));
    await client.connect();
    await queuedSent;
    const updates = seen.updates.map((m) => `${m.idClient}:${m.status}`);
    expect(updates.slice(0, 2).sort()).toEqual(['expired:fail', 'stuck:fail']);
    expect(updates.slice(2)).toEqual(['queued:success']);
    expect(fake.requests.filter((r) => r.name === 'sendMsg')).toHaveLength(1);
  });

  it('falls back to a memory store when the database cannot be opened (NO_DB)', async () => {
    silentLogger.warn.mockClear();
    const { client, fake } = makeClient({ store: () => Promise.reject(new Error('IndexedDB blocked')) });
    fake.answer('sendMsg', (body) => ({ msg: body.msg }));
    await client.connect();
    expect(client.localStore?.kind).toBe('memory');
    expect(silentLogger.warn).toHaveBeenCalledWith(expect.stringContaining('NO_DB'), expect.objectContaining({ errorName: 'NO_DB' }));
    await expect(client.messages.sendText({ scene: 'p2p', to: 'c_demo1', text: 'still works' })).resolves.toMatchObject({ status: 'success' });
  });

  it("answers 'no db server' before the first login", async () => {
    const { client } = makeClient();
    await expect(client.sessions.list()).rejects.toThrow('no db server');
  });

  it('raises SYNC_DATA_ERROR as an error event and carries on', async () => {
    const fake = new FakeConnection();
    fake.answer('sync', () => {
      throw new ImError('Server_Error', 'down', { code: 500 });
    });
    const client = new ImClient({ account: ME, connection: fake, logger: silentLogger });
    const errors: ImError[] = [];
    client.on('error', (e) => errors.push(e));
    await client.connect();
    expect(errors.map((e) => e.errorName)).toEqual(['SYNC_DATA_ERROR']);
    expect(fake.requests.filter((r) => r.name === 'sync')).toHaveLength(4);
    expect(await client.sessions.list()).toEqual([]);
  });

  it('syncs again after a reconnect logs in', async () => {
    const { fake, client, seen } = makeClient();
    await client.connect();
    fake.fire('disconnected', { error: undefined, willReconnect: true });
    const resynced = nextSyncDone(client);
    fake.login();
    await resynced;
    expect(fake.requests.filter((r) => r.name === 'sync')).toHaveLength(2);
    expect(seen.order.filter((k) => k === 'syncDone')).toHaveLength(2);
  });

  it('forwards allAttemptsFailed and kicked (with reason) as client events; connect() after giving up syncs again', async () => {
    const { fake, client } = makeClient();
    const gaveUp: ImError[] = [];
    const kicks: { reason: number; text: string }[] = [];
    client.on('allAttemptsFailed', (error) => gaveUp.push(error));
    client.on('kicked', (event) => kicks.push({ reason: event.reason, text: event.text }));
    await client.connect();
    fake.setState('disconnected');
    fake.fire('allAttemptsFailed', new ImError('allAttemptsFailed', 'All attempts failed'));
    expect(gaveUp.map((e) => e.errorName)).toEqual(['allAttemptsFailed']);
    await client.connect();
    expect(fake.requests.filter((r) => r.name === 'sync')).toHaveLength(2);
    fake.fire('kicked', { reason: 2, text: 'Kicked by the server', error: new ImError('Kicked', 'Kicked by the server') });
    expect(kicks).toEqual([{ reason: 2, text: 'Kicked by the server' }]);
  });

  it('emits sessions with the merged list after a sync, and with the changed session after a live message', async () => {
    const { fake, client, seen } = makeClient({
      syncPushes: (f) => f.push('offlineMsgs', { msgs: [wireMsg('off-1', 500), wireMsg('off-2', 600, 'c_demo2')] }),
    });
    await client.connect();
    expect(seen.sessions).toHaveLength(1);
    expect(seen.sessions[0].map((s) => [s.id, s.unread])).toEqual([['p2p-c_demo2', 1], ['p2p-c_demo1', 1]]);
    fake.push('msg', { msg: wireMsg('live-1', 30_000) });
    await flush();
    expect(seen.sessions.at(-1)).toEqual([expect.objectContaining({ id: 'p2p-c_demo1', unread: 2, lastMsg: expect.objectContaining({ idClient: 'live-1' }) })]);
  });

  describe('messages.fetchHistory', () => {
    it('asks getHistoryMsgs for the page, merges it into the store deduplicated by idClient, and raises sessions but no msg', async () => {
      const { fake, client, seen } = makeClient({ syncPushes: (f) => f.push('offlineMsgs', { msgs: [wireMsg('h3', 3_000)] }) });
      fake.answer('getHistoryMsgs', () => ({ msgs: [wireMsg('h3', 3_000), wireMsg('h2', 2_000), wireMsg('h1', 1_000, ME, 'c_demo1')] }));
      await client.connect();
      seen.sessions.length = 0;
      const page = await client.messages.fetchHistory({ sessionId: 'p2p-c_demo1', limit: 3, endTime: 3_000 });
      expect(fake.requests.at(-1)).toEqual({ name: 'getHistoryMsgs', body: { scene: 0, to: 'c_demo1', endTime: 3_000, limit: 3, reverse: false } });
      expect(page.messages.map((m) => [m.idClient, m.flow])).toEqual([['h1', 'out'], ['h2', 'in'], ['h3', 'in']]);
      expect(page.added.map((m) => m.idClient)).toEqual(['h1', 'h2']);
      expect(page.hasMore).toBe(true);
      expect((await client.messages.list({ sessionId: 'p2p-c_demo1' })).map((m) => m.idClient)).toEqual(['h3', 'h2', 'h1']);
      expect(seen.msg).toEqual([]);
      expect(seen.sessions).toEqual([[expect.objectContaining({ id: 'p2p-c_demo1', lastMsg: expect.objectContaining({ idClient: 'h3' }) })]]);

      // The same page again adds nothing and raises nothing.
      const again = await client.messages.fetchHistory({ sessionId: 'p2p-c_demo1', limit: 3, endTime: 3_000 });
      expect(again.added).toEqual([]);
      expect(seen.sessions).toHaveLength(1);
      expect(await client.messages.list({ sessionId: 'p2p-c_demo1' })).toHaveLength(3);
    });

    it('keeps the stored copy of a known message, says when the page was not full, and defaults to the newest 100', async () => {
      const { fake, client } = makeClient();
      fake.answer('sendMsg', (body) => ({ msg: { ...body.msg, idServer: 'srv-own', time: 5_000 } }));
      await client.connect();
      const sent = await client.messages.sendText({ scene: 'p2p', to: 'c_demo1', text: 'mine' });
      fake.answer('getHistoryMsgs', () => ({ msgs: [{ ...wireMsg(sent.idClient, 5_000, ME, 'c_demo1'), text: 'server copy' }] }));
      const page = await client.messages.fetchHistory({ sessionId: 'p2p-c_demo1' });
      expect(fake.requests.at(-1)?.body).toMatchObject({ endTime: 0, limit: 100 });
      expect(page).toMatchObject({ added: [], hasMore: false, messages: [{ idClient: sent.idClient, text: 'mine', status: 'success' }] });
    });

    it('refuses bad queries before asking the server, and passes server errors on', async () => {
      const { fake, client } = makeClient();
      await client.connect();
      await expect(client.messages.fetchHistory({ sessionId: 'nope' })).rejects.toMatchObject({ errorName: 'Param_Error' });
      await expect(client.messages.fetchHistory({ sessionId: 'p2p-c_demo1', limit: 101 })).rejects.toMatchObject({ errorName: 'Param_Error' });
      await expect(client.messages.fetchHistory({ sessionId: 'p2p-c_demo1', endTime: -1 })).rejects.toMatchObject({ errorName: 'Param_Error' });
      expect(fake.requests.map((r) => r.name).filter((name) => name !== 'getNosCdnHost')).toEqual(['sync']);
      fake.answer('getHistoryMsgs', () => {
        throw new ImError('Error_Timeout', 'timeout');
      });
      await expect(client.messages.fetchHistory({ sessionId: 'p2p-c_demo1' })).rejects.toMatchObject({ errorName: 'Error_Timeout' });
    });
  });

  it('a deleted session comes back with a new message; deleting a message moves lastMsg back', async () => {
    const { fake, client } = makeClient();
    await client.connect();
    fake.push('msg', { msg: wireMsg('m1', 1_000) });
    fake.push('msg', { msg: wireMsg('m2', 2_000) });
    await flush();
    await client.sessions.delete('p2p-c_demo1');
    expect(await client.sessions.list()).toEqual([]);
    fake.push('msg', { msg: wireMsg('m3', 3_000) });
    await flush();
    expect((await client.sessions.list())[0]).toMatchObject({ isDeleted: false, unread: 3 });
    await client.messages.deleteLocal('m3');
    expect((await client.sessions.list())[0]).toMatchObject({ unread: 2, lastMsg: { idClient: 'm2' } });
  });
});
