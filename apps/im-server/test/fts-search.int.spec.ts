import { MemoryStore, type ImClient, type ImMessage } from '@merchant/im-core';
import { imCoreClient } from './support/im-core-clients';
import { RawImClient } from './support/raw-client';
import { account, startServer, usingPostgres, type StartedServer } from './support/test-server';

/**
 * Full-text search (msgFtsSearch, issue 31; docs/protocol.md "History, receipts and stick-top across devices", the msgFtsSearch row) through im-core's
 * history.ftsSearch on real sockets: text and tip across the caller's p2p and team sessions or within
 * one, never another account's conversation nor a team the caller left, never a recalled or
 * deleted-for-self message; msgLimit default 20 (§9), sessionLimit, order, time range; the shared
 * rules refuse bad input on both sides (414).
 */
describe(`full-text search (msgFtsSearch, ${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let started: StartedServer;
  const clients: ImClient[] = [];
  const raws: RawImClient[] = [];
  const connect = async (name: string) => {
    const client = imCoreClient(started.url, name, { store: new MemoryStore() });
    clients.push(client);
    await client.connect();
    return client;
  };
  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(async () => {
    for (const raw of raws) raw.close();
    for (const client of clients) await client.destroy();
    await started.server.close();
  });

  const ids = (messages: ImMessage[]) => messages.map((m) => m.idClient);

  it('finds text and tip across the caller\'s sessions or within one, only what the caller may see', async () => {
    const me = account('fts_me');
    const alice = account('fts_alice');
    const bob = account('fts_bob');
    const stranger = account('fts_str');
    const mine = await connect(me);
    const a = await connect(alice);
    const b = await connect(bob);
    const s = await connect(stranger);

    const fromAlice = await a.messages.sendText({ scene: 'p2p', to: me, text: 'Is the ZEBRA lamp in stock?' });
    const toBob = await mine.messages.sendText({ scene: 'p2p', to: bob, text: 'the zebra lamp ships today' });
    const tip = await mine.messages.sendTip({ scene: 'p2p', to: bob, tip: 'zebra order confirmed' });
    await mine.messages.sendText({ scene: 'p2p', to: alice, text: 'nothing to see here' });
    // Another pair's conversation with the same word.
    const between = await s.messages.sendText({ scene: 'p2p', to: alice, text: 'zebra secrets between us' });
    // A custom message carrying the word in its content is not text or tip.
    await mine.messages.sendCustom({ scene: 'p2p', to: alice, content: '{"zebra":1}' });
    // A team the caller is in, and one it left.
    const { team } = await b.teams.createTeam({ type: 'normal', name: 'zebra crew', accounts: [me] });
    const inTeam = await b.teams.sendText({ teamId: team.teamId, text: 'team zebra meeting at noon' });
    const { team: leftTeam } = await b.teams.createTeam({ type: 'normal', name: 'old crew', accounts: [me] });
    await b.teams.sendText({ teamId: leftTeam.teamId, text: 'zebra before you left' });
    await mine.teams.leaveTeam(leftTeam.teamId);
    // Recalled by its sender, and deleted for self by the caller: neither is found again.
    const recalled = await a.messages.sendText({ scene: 'p2p', to: me, text: 'zebra price was wrong' });
    const deleted = await a.messages.sendText({ scene: 'p2p', to: me, text: 'zebra spam' });
    await a.messages.recall(recalled.idClient);
    await mine.history.deleteMsgSelf([deleted]);

    // Across sessions, newest first; case-insensitive; text and tip; p2p and the team the caller is in.
    expect(ids(await mine.history.ftsSearch({ keyword: 'zebra' }))).toEqual([inTeam.idClient, tip.idClient, toBob.idClient, fromAlice.idClient]);
    // The peer sees its own conversations (what the caller deleted for self is still the peer's), not the recalled one.
    expect(ids(await a.history.ftsSearch({ keyword: 'Zebra' }))).toEqual([deleted.idClient, between.idClient, fromAlice.idClient]);
    expect(ids(await a.history.ftsSearch({ keyword: 'zebra', sessionIds: [`p2p-${me}`] }))).toEqual([deleted.idClient, fromAlice.idClient]);
    // Within one session; tip only; oldest first.
    expect(ids(await mine.history.ftsSearch({ keyword: 'zebra', sessionIds: [`p2p-${bob}`] }))).toEqual([tip.idClient, toBob.idClient]);
    expect(ids(await mine.history.ftsSearch({ keyword: 'zebra', sessionIds: [`p2p-${bob}`], types: ['tip'] }))).toEqual([tip.idClient]);
    expect(ids(await mine.history.ftsSearch({ keyword: 'zebra', order: 'ASC' }))).toEqual([fromAlice.idClient, toBob.idClient, tip.idClient, inTeam.idClient]);
    expect(ids(await mine.history.ftsSearch({ keyword: 'zebra', sessionIds: [`team-${team.teamId}`] }))).toEqual([inTeam.idClient]);
    // Naming another pair's session or the left team finds nothing.
    expect(await mine.history.ftsSearch({ keyword: 'zebra', sessionIds: [`p2p-${stranger}`, `team-${leftTeam.teamId}`] })).toEqual([]);
    // The sessions with the newest hits, and a time range.
    expect(ids(await mine.history.ftsSearch({ keyword: 'zebra', sessionLimit: 2 }))).toEqual([inTeam.idClient, tip.idClient, toBob.idClient]);
    expect(ids(await mine.history.ftsSearch({ keyword: 'zebra', fromTime: toBob.time, toTime: tip.time }))).toEqual([tip.idClient, toBob.idClient]);
  });

  it('answers 20 messages by default (§9), msgLimit up to 100; bad input is 414 on both sides', async () => {
    const me = account('fts_lim');
    const peer = account('fts_peer');
    const mine = await connect(me);
    const p = await connect(peer);
    const sent: ImMessage[] = [];
    for (let i = 0; i < 25; i += 1) sent.push(await p.messages.sendText({ scene: 'p2p', to: me, text: `restock notice ${i}` }));
    const newestFirst = sent.map((m) => m.idClient).reverse();

    expect(ids(await mine.history.ftsSearch({ keyword: 'restock' }))).toEqual(newestFirst.slice(0, 20));
    expect(ids(await mine.history.ftsSearch({ keyword: 'restock', limit: 3 }))).toEqual(newestFirst.slice(0, 3));
    expect(ids(await mine.history.ftsSearch({ keyword: 'restock', limit: 100 }))).toEqual(newestFirst);

    await expect(mine.history.ftsSearch({ keyword: 'restock', limit: 101 })).rejects.toMatchObject({ code: 414 });
    await expect(mine.history.ftsSearch({ keyword: ' ' })).rejects.toMatchObject({ code: 414 });
    await expect(mine.history.ftsSearch({ keyword: 'x', sessionIds: ['superTeam-1'] })).rejects.toMatchObject({ code: 414 });
    // The server checks the same rules on what arrives.
    const raw = await RawImClient.loggedIn(started.wsUrl, me, { clientType: 1, deviceId: 'fts-raw' });
    raws.push(raw);
    expect((await raw.request('msgFtsSearch', { keyword: 'restock' })).body.msgs).toHaveLength(20);
    expect((await raw.request('msgFtsSearch', {})).code).toBe(414);
    expect((await raw.request('msgFtsSearch', { keyword: 'restock', msgLimit: 0 })).code).toBe(414);
    expect((await raw.request('msgFtsSearch', { keyword: 'restock', msgTypes: [100] })).code).toBe(414);
    expect((await raw.request('msgFtsSearch', { keyword: 'restock', fromTime: 5, toTime: 4 })).code).toBe(414);
    expect((await raw.request('msgFtsSearch', { keyword: 'restock', order: 'sideways' })).code).toBe(414);
    // LIKE wildcards in the keyword are plain characters.
    expect((await raw.request('msgFtsSearch', { keyword: 'restock%' })).body.msgs ?? []).toHaveLength(0);
  });
});
