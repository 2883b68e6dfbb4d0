import { openImStore, type ImStore } from '../db/database';
import { ImServerError } from './errors';
import { createMessageClock, MessageService, type SendingPort } from './msg/message-service';
import { SessionService } from './session/session-service';
import { SyncService } from './sync/sync-service';
import { UserService } from './user/user-service';

// One embedded database for the whole suite (PGlite initdb costs ~5 s); tests use distinct accounts.
let store: ImStore;
let now = 1_000_000;
let messages: MessageService;
let sessions: SessionService;
let users: UserService;
let sync: SyncService;

beforeAll(async () => {
  store = await openImStore({ dataDir: 'memory://' });
  messages = new MessageService(store.db, createMessageClock(() => now));
  sessions = new SessionService(store.db);
  users = new UserService(store.db);
  sync = new SyncService(store.db, users, sessions, messages);
}, 120_000); // PGlite with every migration: over 30 s on a loaded machine
afterAll(() => store.close());

const port = (account: string): SendingPort => ({ account, nick: account.toUpperCase(), clientType: 16, deviceId: 'dev-1' });
const codeOf = async (p: Promise<unknown>) => p.then(() => 'resolved', (e: unknown) => (e instanceof ImServerError ? e.code : String(e)));

describe('MessageService.send', () => {
  it('assigns idServer and a strictly increasing time, and stores the sender profile fields', async () => {
    const a = await messages.send(port('a1'), { idClient: 'x1', to: 'b1', text: 'hello' });
    const b = await messages.send(port('a1'), { idClient: 'x2', to: 'b1', text: 'again' });
    expect(a.duplicate).toBe(false);
    expect(a.message).toMatchObject({ idClient: 'x1', from: 'a1', to: 'b1', scene: 0, type: 0, text: 'hello', fromNick: 'A1', fromClientType: 16 });
    expect(Number(b.message.idServer)).toBeGreaterThan(Number(a.message.idServer));
    expect(b.message.time).toBeGreaterThan(a.message.time);
  });

  it('stores a repeated idClient once and answers the first stored message', async () => {
    const first = await messages.send(port('a2'), { idClient: 'same', to: 'b2', text: 'one' });
    const again = await messages.send(port('a2'), { idClient: 'same', to: 'b2', text: 'changed' });
    expect(again).toEqual({ message: first.message, duplicate: true });
    expect(await messages.history('b2', { peer: 'a2' })).toHaveLength(1);
    // The same idClient from another sender is a different message.
    expect((await messages.send(port('c2'), { idClient: 'same', to: 'b2', text: 'other' })).duplicate).toBe(false);
  });

  it('deduplicates concurrent sends of one idClient', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => messages.send(port('a3'), { idClient: 'race', to: 'b3', text: 't' })));
    expect(new Set(results.map((r) => r.message.idServer)).size).toBe(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
  });

  it.each([
    ['missing idClient', 414, { to: 'b', text: 't' }],
    ['bad receiver', 414, { idClient: 'i', to: 'has space', text: 't' }],
    ['unknown scene', 414, { idClient: 'i', to: 'b', scene: 3, text: 't' }],
    ['team scene (not supported here)', 415, { idClient: 'i', to: 'b', scene: 1, text: 't' }],
    ['unknown type', 414, { idClient: 'i', to: 'b', type: 7, text: 't' }],
    ['empty text message', 414, { idClient: 'i', to: 'b', text: '' }],
    ['text above 5000', 405, { idClient: 'i', to: 'b', text: 'x'.repeat(5001) }],
  ])('refuses %s with code %s and stores nothing', async (_name, code, input) => {
    expect(await codeOf(messages.send(port('bad'), input))).toBe(code);
    expect(await sessions.list('bad')).toEqual([]);
  });
});

describe('sessions', () => {
  it('counts incoming unread, keeps the last message, and mark read recomputes unread from the ack', async () => {
    now = 2_000_000;
    await messages.send(port('s_1'), { idClient: 'm1', to: 'c_1', text: 'one' });
    await messages.send(port('s_1'), { idClient: 'm2', to: 'c_1', text: 'two' });
    const reply = await messages.send(port('c_1'), { idClient: 'r1', to: 's_1', text: 'reply' });

    const [customerSession] = await sessions.list('c_1');
    expect(customerSession).toMatchObject({ id: 'p2p-s_1', to: 's_1', unread: 2, lastMsg: { idClient: 'r1' } });
    const [storeSession] = await sessions.list('s_1');
    expect(storeSession).toMatchObject({ id: 'p2p-c_1', unread: 1 });

    const afterFirst = await sessions.markRead('c_1', 'p2p-s_1', 2_000_000);
    expect(afterFirst).toMatchObject({ unread: 1, ack: 2_000_000 });
    // An older ack than stored is dropped (im-client-spec §5 receipts rule applied to acks).
    expect(await sessions.markRead('c_1', 'p2p-s_1', 1)).toMatchObject({ unread: 1, ack: 2_000_000 });
    expect(await sessions.markRead('c_1', 'p2p-s_1')).toMatchObject({ unread: 0, ack: reply.message.time });
    expect(await sessions.markRead('c_1', 'p2p-nobody')).toBeUndefined();
    expect(await codeOf(sessions.markRead('c_1', 'team-1'))).toBe(414);
  });

  it('a message to oneself is not unread', async () => {
    await messages.send(port('self'), { idClient: 'n1', to: 'self', text: 'note' });
    expect(await sessions.list('self')).toEqual([expect.objectContaining({ id: 'p2p-self', unread: 0 })]);
  });

  it('deletes logically and a new message brings the session back', async () => {
    await messages.send(port('d1'), { idClient: 'd-1', to: 'd2', text: 'x' });
    expect(await sessions.delete('d2', ['p2p-d1'])).toBe(1);
    expect(await sessions.list('d2')).toEqual([]);
    expect(await sessions.list('d2', { includeDeleted: true })).toEqual([expect.objectContaining({ isDeleted: true })]);
    await messages.send(port('d1'), { idClient: 'd-2', to: 'd2', text: 'y' });
    expect(await sessions.list('d2')).toEqual([expect.objectContaining({ isDeleted: false, unread: 2 })]);
  });
});

describe('history', () => {
  it('pages newest first by lastMsgId, honours reverse and the 100 limit', async () => {
    for (let i = 0; i < 5; i++) await messages.send(port('h1'), { idClient: `h${i}`, to: 'h2', text: `t${i}` });
    const page1 = await messages.history('h2', { peer: 'h1', limit: 2 });
    expect(page1.map((m) => m.text)).toEqual(['t4', 't3']);
    const page2 = await messages.history('h2', { peer: 'h1', limit: 2, lastMsgId: page1[1].idServer });
    expect(page2.map((m) => m.text)).toEqual(['t2', 't1']);
    const oldestFirst = await messages.history('h1', { peer: 'h2', reverse: true, limit: 3 });
    expect(oldestFirst.map((m) => m.text)).toEqual(['t0', 't1', 't2']);
    expect(await codeOf(messages.history('h1', { peer: 'h2', limit: 101 }))).toBe(414);
    expect(await messages.history('h1', { peer: 'nobody' })).toEqual([]);
  });
});

describe('sync', () => {
  it('returns sessions, messages after the cursor and profile data, then only what changed (sequence numbers, not times)', async () => {
    now = 5_000_000;
    await users.ensureFromClaims({ accid: 'y1', nick: 'Yan' }, now);
    await users.ensureFromClaims({ accid: 'y2', nick: 'Yue', avatar: 'http://a/y2.png' }, now);
    await messages.send(port('y2'), { idClient: 'y-1', to: 'y1', text: 'offline one' });

    const first = await sync.sync('y1', {});
    expect(first.myInfo).toMatchObject({ account: 'y1', nick: 'Yan' });
    expect(first.sessions).toEqual([expect.objectContaining({ id: 'p2p-y2', unread: 1 })]);
    expect(first.users).toEqual([expect.objectContaining({ account: 'y2', avatar: 'http://a/y2.png' })]);
    expect(first.messages.map((m) => m.text)).toEqual(['offline one']);
    expect(first).toMatchObject({ timetag: 2, hasMore: false }); // y1's changes: profile, message

    // Another node whose clock is an hour behind stamps the next message: it still comes.
    const slowNode = new MessageService(store.db, createMessageClock(() => 5_000_000 - 3_600_000));
    const { message: late } = await slowNode.send(port('y2'), { idClient: 'y-2', to: 'y1', text: 'from a slow clock' });
    expect(late.time).toBeLessThan(first.messages[0].time);
    const second = await sync.sync('y1', { myInfo: first.timetag, sessionAck: first.timetag, roamingMsgs: first.timetag });
    expect(second.myInfo).toBeUndefined();
    expect(second.messages.map((m) => m.text)).toEqual(['from a slow clock']);
    expect(second.sessionAcks).toEqual([]);
    expect(second.timetag).toBe(3);

    await sessions.markRead('y1', 'p2p-y2');
    const third = await sync.sync('y1', { sessionAck: second.timetag, roamingMsgs: second.timetag });
    expect(third.sessionAcks).toEqual([{ id: 'p2p-y2', ack: first.messages[0].time }]);
    expect(third.sessions).toEqual([expect.objectContaining({ id: 'p2p-y2', unread: 0 })]);
    expect(third.messages).toEqual([]);
  });

  it('treats a cursor past the head (a wall-clock timetag from before sequences) as a fresh start', async () => {
    await messages.send(port('w2'), { idClient: 'w-1', to: 'w1', text: 'kept' });
    const result = await sync.sync('w1', { roamingMsgs: 1_700_000_000_000 });
    expect(result.messages.map((m) => m.text)).toEqual(['kept']);
  });

  it('pages: a page ends at the page size with hasMore, and the pages together hold every change once', async () => {
    const paged = new SyncService(store.db, users, sessions, messages, 7);
    for (let i = 0; i < 20; i++) await messages.send(port(`pg_peer${i % 4}`), { idClient: `pg-${i}`, to: 'pg_me', text: `m${i}` });
    const seen: string[] = [];
    let cursor = 0;
    let pages = 0;
    for (;;) {
      const page = await paged.sync('pg_me', { roamingMsgs: cursor });
      pages++;
      seen.push(...page.messages.map((m) => m.text));
      expect(page.timetag).toBeGreaterThan(cursor);
      cursor = page.timetag;
      if (!page.hasMore) break;
    }
    expect(pages).toBe(3); // 20 changes, 7 per page
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
    expect(await paged.sync('pg_me', { roamingMsgs: cursor })).toMatchObject({ messages: [], sessions: [], hasMore: false, timetag: cursor });
  });

  it('user profiles: created from claims, refreshed only when the claims change', async () => {
    const created = await users.ensureFromClaims({ accid: 'u1', nick: 'Old' }, 10);
    expect(created).toMatchObject({ account: 'u1', nick: 'Old', avatar: '', createTime: 10 });
    expect(await users.ensureFromClaims({ accid: 'u1' }, 20)).toMatchObject({ nick: 'Old', updateTime: 10 });
    expect(await users.ensureFromClaims({ accid: 'u1', nick: 'New' }, 30)).toMatchObject({ nick: 'New', updateTime: 30 });
    expect((await users.getMany(['u1', 'missing', 42])).map((u) => u.account)).toEqual(['u1']);
    expect(await codeOf(users.getMany(new Array(151).fill('u1')))).toBe(414);
  });
});

describe('session pages', () => {
  it('pages newest first with hasMore', async () => {
    now = 9_000_000;
    for (const peer of ['p1', 'p2', 'p3']) await messages.send(port(peer), { idClient: `page-${peer}`, to: 'pager', text: 'x' });
    const first = await sessions.listPage('pager', { limit: 2 });
    expect(first.sessions.map((s) => s.to)).toEqual(['p3', 'p2']);
    expect(first.hasMore).toBe(true);
    const rest = await sessions.listPage('pager', { limit: 2, updatedBefore: first.sessions[1].updateTime });
    expect(rest).toEqual({ sessions: [expect.objectContaining({ to: 'p1' })], hasMore: false });
    expect(await codeOf(sessions.listPage('pager', { limit: 101 }))).toBe(414);
  });
});
