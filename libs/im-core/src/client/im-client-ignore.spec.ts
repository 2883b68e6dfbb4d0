// §5 Messages: "A message is ignored if the app's ignore callback says so, or if it is a
// notification the notification-ignore callback rejects." (model/message-ignore.ts)
import { MessageTypeCode, SceneCode } from '../protocol/constants';
import type { MessageRecordValue } from '../protocol/records';
import { MemoryStore } from '../store/memory-store';
import type { ImMessage, ImSession } from '../store/entities';
import { FakeConnection } from '../testing/fake-connection';
import { ImClient } from './im-client';
import { createImClient } from './create-im-client';

const ME = 's_1001';
const wireMsg = (idClient: string, time: number, overrides: Partial<MessageRecordValue> = {}): MessageRecordValue => ({
  idClient, idServer: `srv-${idClient}`, scene: SceneCode.p2p, from: 'c_demo1', to: ME, time, type: MessageTypeCode.text, text: `hello ${idClient}`, ...overrides,
});
const notification = (idClient: string, time: number, from = 'c_demo1') =>
  wireMsg(idClient, time, { from, type: MessageTypeCode.notification, text: undefined, attach: '{"type":"updateTeam"}' });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const silentLogger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };

type Callbacks = { shouldIgnoreMsg?: (m: ImMessage) => boolean; shouldIgnoreNotification?: (m: ImMessage) => boolean; countNotification?: (m: ImMessage) => boolean };

function makeClient(callbacks: Callbacks, syncPushes?: (fake: FakeConnection) => void) {
  const fake = new FakeConnection();
  fake.answer('sync', (_body, f) => {
    setTimeout(() => {
      syncPushes?.(f);
      f.push('syncDone', { timetag: 1000 });
    }, 0);
    return {};
  });
  let nextId = 0;
  let clock = 10_000;
  const store = new MemoryStore();
  const client = new ImClient({ account: ME, connection: fake, store, logger: silentLogger, createIdClient: () => `id-${++nextId}`, now: () => ++clock, ...callbacks });
  const seen = { msg: [] as string[], sessions: [] as ImSession[] };
  client.on('msg', (m) => seen.msg.push(m.idClient));
  client.on('sessions', (s) => seen.sessions.push(...s));
  return { fake, client, store, seen };
}

describe('ImClient ignore callbacks (§5)', () => {
  it('a live message the ignore callback rejects is not stored, raises no msg and leaves its session alone; the others come in', async () => {
    const asked: string[] = [];
    const { fake, client, store, seen } = makeClient({
      shouldIgnoreMsg: (m) => (asked.push(m.idClient), m.text === 'hello spam'),
    });
    await client.connect();
    fake.push('msg', { msg: wireMsg('keep-1', 500) });
    fake.push('msg', { msg: wireMsg('spam', 600, { text: 'hello spam' }) });
    await flush();

    expect(asked).toEqual(['keep-1', 'spam']);
    expect(seen.msg).toEqual(['keep-1']);
    expect(await store.getMessage('spam')).toBeUndefined();
    const [session] = await client.sessions.list();
    expect(session).toMatchObject({ id: 'p2p-c_demo1', unread: 1, lastMsg: { idClient: 'keep-1' }, updateTime: 500 });

    // A session whose only message is ignored does not appear at all.
    fake.push('msg', { msg: wireMsg('spam-2', 700, { from: 'c_new', text: 'hello spam' }) });
    await flush();
    expect((await client.sessions.list()).map((s) => s.id)).toEqual(['p2p-c_demo1']);
    expect(seen.sessions.map((s) => s.id)).not.toContain('p2p-c_new');
  });

  it('the notification-ignore callback is asked for notifications only, and what it rejects is dropped', async () => {
    const asked: string[] = [];
    const { fake, client, store, seen } = makeClient({
      shouldIgnoreNotification: (m) => (asked.push(m.idClient), m.idClient === 'note-drop'),
      countNotification: () => true,
    });
    await client.connect();
    fake.push('msg', { msg: wireMsg('text-1', 500) });
    fake.push('msg', { msg: notification('note-keep', 600) });
    fake.push('msg', { msg: notification('note-drop', 700) });
    await flush();

    expect(asked).toEqual(['note-keep', 'note-drop']);
    expect(seen.msg).toEqual(['text-1', 'note-keep']);
    expect(await store.getMessage('note-drop')).toBeUndefined();
    expect((await client.sessions.list())[0]).toMatchObject({ unread: 2, lastMsg: { idClient: 'note-keep' } });
  });

  it('sync: ignored offline and roaming messages are not stored or counted, and an ignored last message of the server session is not shown', async () => {
    const { client, store } = makeClient({ shouldIgnoreMsg: (m) => m.idClient.startsWith('x-') }, (f) => {
      f.push('syncSessions', {
        sessions: [
          { id: 'p2p-c_demo1', scene: 0, to: 'c_demo1', ack: 0, unread: 0, updateTime: 900, lastMsg: wireMsg('x-last', 900) },
        ],
      });
      f.push('offlineMsgs', { msgs: [wireMsg('off-1', 500), wireMsg('x-off', 600), wireMsg('off-2', 700), wireMsg('x-only', 800, { from: 'c_ghost' })] });
    });
    await client.connect();

    const sessions = await client.sessions.list();
    expect(sessions.map((s) => s.id)).toEqual(['p2p-c_demo1']);
    expect(sessions[0]).toMatchObject({ unread: 2, lastMsg: { idClient: 'off-2' } });
    expect(await store.getMessage('x-off')).toBeUndefined();
    expect(await store.getMessage('x-only')).toBeUndefined();
    expect((await client.messages.list({ sessionId: 'p2p-c_demo1' })).map((m) => m.idClient)).toEqual(['off-2', 'off-1']);
  });

  it('a history page leaves ignored messages out of the store', async () => {
    const { fake, client, store } = makeClient({ shouldIgnoreMsg: (m) => m.idClient === 'h-2' });
    fake.answer('getHistoryMsgs', () => ({ msgs: [wireMsg('h-3', 300), wireMsg('h-2', 200), wireMsg('h-1', 100)] }));
    await client.connect();
    const page = await client.messages.fetchHistory({ sessionId: 'p2p-c_demo1' });
    expect(page.added.map((m) => m.idClient)).toEqual(['h-1', 'h-3']);
    expect(await store.getMessage('h-2')).toBeUndefined();
  });

  it('a callback that throws keeps the message; the client keeps its own sends without asking', async () => {
    const asked: string[] = [];
    const { fake, client, seen } = makeClient({
      shouldIgnoreMsg: (m) => {
        asked.push(m.idClient);
        throw new Error('app bug');
      },
    });
    fake.answer('sendMsg', (body) => ({ msg: { ...body.msg, idServer: 'srv-own', time: 20_000 } }));
    await client.connect();
    fake.push('msg', { msg: wireMsg('in-1', 500) });
    await flush();
    expect(seen.msg).toEqual(['in-1']);
    await client.messages.sendText({ scene: 'p2p', to: 'c_demo1', text: 'mine' });
    expect(asked).toEqual(['in-1']);
    expect((await client.sessions.list())[0]).toMatchObject({ lastMsg: { text: 'mine' } });
  });

  it('createImClient passes both callbacks on', async () => {
    const fake = new FakeConnection();
    fake.answer('sync', (_body, f) => (setTimeout(() => f.push('syncDone', { timetag: 1 }), 0), {}));
    const client = createImClient({
      account: ME, lbsUrl: 'http://unused', appKey: 'k', token: 't', connection: fake, logger: silentLogger,
      shouldIgnoreMsg: (m) => m.idClient === 'a', shouldIgnoreNotification: (m) => m.idClient === 'b',
    });
    const seen: string[] = [];
    client.on('msg', (m) => seen.push(m.idClient));
    await client.connect();
    fake.push('msg', { msg: wireMsg('a', 1) });
    fake.push('msg', { msg: notification('b', 2) });
    fake.push('msg', { msg: wireMsg('c', 3) });
    await flush();
    expect(seen).toEqual(['c']);
    await client.destroy();
  });
});
