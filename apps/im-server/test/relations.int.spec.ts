import { ResponseCode } from '@merchant/im-core';
import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

// Users, friends, blocklist/mutelist and system messages against the real im-server and its
// database (issue 10 §4, §5, §9; docs/protocol.md "Users, friends, relations and system messages").
describe('im-server users, friends, relations and system messages', () => {
  let started: StartedServer;
  const clients: RawImClient[] = [];
  /** clientType: a second port of one account needs another platform (same platform kicks, §4). */
  const open = async (name: string, nick?: string, clientType?: number) => {
    const client = await RawImClient.loggedIn(started.wsUrl, name, { nick, clientType, deviceId: `d-${name}-${clients.length}` });
    clients.push(client);
    return client;
  };
  /** Runs a full sync from `timetags` and returns the data pushes by name. */
  const syncFrom = async (client: RawImClient, timetags: Record<string, number> = {}) => {
    client.pushes.splice(0);
    expect((await client.request('sync', { timetags })).code).toBe(200);
    const done = await client.waitForPush('syncDone');
    const named = (name: Parameters<RawImClient['pushesNamed']>[0]) => client.pushesNamed(name).map((f) => f.body as Record<string, unknown>);
    return { done, named };
  };

  beforeAll(async () => {
    started = await startServer();
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(() => started.server.close());

  it('updateMyInfo checks gender, email, birth and tel, changes nothing on refusal, and tells the other ports', async () => {
    const me = account('u_profile');
    const first = await open(me, 'Token Nick');
    const second = await open(me, 'Token Nick', 1);
    const refused: Record<string, unknown>[] = [
      { gender: 7 },
      { email: 'no-at-sign' },
      { email: 'a@' },
      { birth: '2023-02-30' },
      { birth: '01/02/2023' },
      { tel: '12ab' },
      { custom: 'not json' },
      { nick: 'x'.repeat(65) },
    ];
    for (const user of refused) {
      const answer = await first.request('updateMyInfo', { user });
      expect({ user, code: answer.code }).toEqual({ user, code: ResponseCode.PARAMETER_ERROR });
      expect(answer.body.errMsg).toBeTruthy();
    }
    const before = await first.request('getUsers', { accounts: [me] });
    expect(before.body.users?.[0]).toMatchObject({ account: me, nick: 'Token Nick' });
    expect(before.body.users?.[0].email).toBeUndefined();

    const update = { nick: 'Edited', gender: 2, email: 'me@shop.example', birth: '1990-12-31', tel: '+86-(10)1234', sign: 'hi' };
    const answer = await first.request('updateMyInfo', { user: update });
    expect(answer.code).toBe(200);
    expect(answer.body.user).toMatchObject({ ...update, account: me });
    expect(answer.body.timetag).toBeGreaterThan(0);
    const pushed = await second.waitForPush('myInfoUpdated');
    expect(pushed.user).toMatchObject({ nick: 'Edited', gender: 2 });

    // A later login's token nick no longer overwrites what the user chose.
    const third = await open(me, 'Another Token Nick', 2);
    const after = await third.request('getUsers', { accounts: [me] });
    expect(after.body.users?.[0]).toMatchObject({ nick: 'Edited', email: 'me@shop.example', birth: '1990-12-31', gender: 2 });
  });

  it('getUsers looks up at most 150 accounts', async () => {
    const client = await open(account('u_lookup'));
    const many = Array.from({ length: 151 }, (_, i) => `a${i}`);
    expect((await client.request('getUsers', { accounts: many })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await client.request('getUsers', { accounts: many.slice(0, 150) })).code).toBe(200);
  });

  it('applyFriend → passFriendApply: system messages with states, friends on both sides, the rules refused with their codes', async () => {
    const alice = account('f_alice');
    const bob = account('f_bob');
    const a = await open(alice);
    const b = await open(bob);

    expect((await a.request('friendRequest', { account: alice, type: 'applyFriend' })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await a.request('friendRequest', { account: bob, type: 'befriend' })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await a.request('friendRequest', { account: account('nobody'), type: 'applyFriend' })).code).toBe(ResponseCode.NOT_FOUND);
    // Nothing to answer yet.
    expect((await b.request('friendRequest', { account: alice, type: 'passFriendApply' })).code).toBe(ResponseCode.NOT_FOUND);

    expect((await a.request('friendRequest', { account: bob, type: 'applyFriend', ps: 'hello' })).code).toBe(200);
    const apply = (await b.waitForPush('sysMsg')).sysMsg;
    expect(apply).toMatchObject({ category: 'friend', type: 'applyFriend', from: alice, to: bob, state: 'init', read: false, ps: 'hello' });
    expect((await a.request('friendRequest', { account: bob, type: 'passFriendApply' })).code).toBe(ResponseCode.NOT_FOUND);

    b.pushes.splice(0);
    expect((await b.request('friendRequest', { account: alice, type: 'passFriendApply' })).code).toBe(200);
    const passedOnB = await b.waitForPush('sysMsg', (body) => body.sysMsg?.idServer === apply?.idServer);
    expect(passedOnB.sysMsg?.state).toBe('passed');
    // Answered is read, for every port of b: a later sync must not count it unread again.
    expect(passedOnB.sysMsg?.read).toBe(true);
    expect((await a.waitForPush('sysMsg', (body) => body.sysMsg?.type === 'passFriendApply')).sysMsg).toMatchObject({ from: bob, to: alice });
    expect((await a.waitForPush('friendUpdated')).friend).toMatchObject({ account: bob, valid: true });
    expect((await b.waitForPush('friendUpdated')).friend).toMatchObject({ account: alice, valid: true });
    expect((await a.request('getFriends', { timetag: 0 })).body.friends?.map((f) => f.account)).toEqual([bob]);
    expect((await b.request('getFriends', { timetag: 0 })).body.friends?.map((f) => f.account)).toEqual([alice]);

    // Already friends; answering the same application twice.
    expect((await a.request('friendRequest', { account: bob, type: 'applyFriend' })).code).toBe(ResponseCode.DUPLICATE_OPERATION);
    expect((await a.request('friendRequest', { account: bob, type: 'addFriend' })).code).toBe(ResponseCode.DUPLICATE_OPERATION);
    expect((await b.request('friendRequest', { account: alice, type: 'passFriendApply' })).code).toBe(ResponseCode.NOT_FOUND);

    // updateFriend: account and at least one of alias and custom.
    expect((await a.request('updateFriend', { friend: { account: bob } })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await a.request('updateFriend', { friend: { account: account('stranger'), alias: 'x' } })).code).toBe(ResponseCode.NOT_FOUND);
    const updated = await a.request('updateFriend', { friend: { account: bob, alias: 'Bobby' } });
    expect(updated.code).toBe(200);
    expect((await a.request('getFriends', { timetag: 0 })).body.friends?.[0]).toMatchObject({ account: bob, alias: 'Bobby' });

    // Both sides lose the friendship; a sync from before still carries the deletion.
    const before = (await a.request('getFriends', { timetag: 0 })).body.timetag as number;
    expect((await a.request('deleteFriend', { account: bob })).code).toBe(200);
    expect((await b.waitForPush('friendUpdated', (body) => body.deleted === true)).friend).toMatchObject({ account: alice, valid: false });
    expect((await a.request('getFriends', { timetag: 0 })).body.friends ?? []).toHaveLength(0);
    expect((await a.request('getFriends', { timetag: before })).body.friends).toEqual([expect.objectContaining({ account: bob, valid: false })]);
    expect((await a.request('deleteFriend', { account: bob })).code).toBe(ResponseCode.NOT_FOUND);
  });

  it('rejectFriendApply marks the application rejected and tells the applicant; addFriend needs no answer', async () => {
    const carol = account('f_carol');
    const dave = account('f_dave');
    const c = await open(carol);
    const d = await open(dave);
    await c.request('friendRequest', { account: dave, type: 'applyFriend' });
    const apply = (await d.waitForPush('sysMsg')).sysMsg;
    expect((await d.request('friendRequest', { account: carol, type: 'rejectFriendApply', ps: 'no' })).code).toBe(200);
    expect((await d.waitForPush('sysMsg', (b) => b.sysMsg?.idServer === apply?.idServer && b.sysMsg?.state === 'rejected')).sysMsg).toBeTruthy();
    expect((await c.waitForPush('sysMsg', (b) => b.sysMsg?.type === 'rejectFriendApply')).sysMsg).toMatchObject({ from: dave, ps: 'no' });
    expect((await c.request('getFriends', { timetag: 0 })).body.friends ?? []).toHaveLength(0);

    expect((await c.request('friendRequest', { account: dave, type: 'addFriend' })).code).toBe(200);
    expect((await d.waitForPush('sysMsg', (b) => b.sysMsg?.type === 'addFriend')).sysMsg).toMatchObject({ from: carol, state: 'init' });
    expect((await d.request('getFriends', { timetag: 0 })).body.friends?.map((f) => f.account)).toEqual([carol]);
  });

  it('the blocklist refuses messages, custom system messages and friend requests with 7101; flags arrive as "1"', async () => {
    const eve = account('r_eve');
    const frank = account('r_frank');
    const e = await open(eve);
    const f = await open(frank);
    const frankOther = await open(frank, undefined, 1);
    expect((await f.request('markInBlacklist', { account: frank, isAdd: true })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await f.request('markInBlacklist', { account: 'bad account!', isAdd: true })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await f.request('markInBlacklist', { account: eve, isAdd: true })).code).toBe(200);
    expect(await frankOther.waitForPush('relationsUpdated')).toMatchObject({ account: eve, isBlacked: '1', isMuted: '0' });

    const sent = await e.request('sendMsg', { msg: { idClient: 'blocked-1', scene: 0, to: frank, type: 0, text: 'hi' } });
    expect(sent.code).toBe(ResponseCode.BLACKLISTED);
    expect((await e.request('sendCustomSysMsg', { sysMsg: { to: frank, content: '{"typing":true}' } })).code).toBe(ResponseCode.BLACKLISTED);
    expect((await e.request('friendRequest', { account: frank, type: 'applyFriend' })).code).toBe(ResponseCode.BLACKLISTED);
    // Nothing reached frank, and nothing was stored for him.
    expect(f.pushesNamed('msg')).toHaveLength(0);
    expect(f.pushesNamed('sysMsg')).toHaveLength(0);
    expect((await f.request('getServerSessions', {})).body.sessions ?? []).toHaveLength(0);

    expect((await f.request('markInMutelist', { account: eve, isAdd: true })).code).toBe(200);
    const relations = await f.request('getRelations', { timetag: 0 });
    expect(relations.body.blacklist).toEqual([expect.objectContaining({ account: eve, isBlacked: '1' })]);
    expect(relations.body.mutelist).toEqual([expect.objectContaining({ account: eve, isMuted: '1' })]);

    // Off the blocklist: messages go through again; the mutelist alone does not refuse them.
    const since = relations.body.timetag as number;
    expect((await f.request('markInBlacklist', { account: eve, isAdd: false })).code).toBe(200);
    expect((await f.request('getRelations', { timetag: since })).body.blacklist).toEqual([expect.objectContaining({ account: eve, isBlacked: '0', isMuted: '1' })]);
    const again = await e.request('sendMsg', { msg: { idClient: 'blocked-2', scene: 0, to: frank, type: 0, text: 'hi again' } });
    expect(again.code).toBe(200);
    expect((await f.waitForPush('msg')).msg?.text).toBe('hi again');
  });

  it('custom system messages are stored, pushed, marked read through the 7/3 read-ack, and synced with their state', async () => {
    const gina = account('s_gina');
    const hugo = account('s_hugo');
    const g = await open(gina);
    const h = await open(hugo);
    expect((await g.request('sendCustomSysMsg', { sysMsg: { to: account('nobody'), content: 'x' } })).code).toBe(ResponseCode.NOT_FOUND);
    expect((await g.request('sendCustomSysMsg', { sysMsg: { to: hugo } })).code).toBe(ResponseCode.PARAMETER_ERROR);
    const answer = await g.request('sendCustomSysMsg', { sysMsg: { to: hugo, content: '{"ping":1}' } });
    expect(answer.code).toBe(200);
    const pushed = (await h.waitForPush('sysMsg')).sysMsg;
    expect(pushed).toMatchObject({ category: 'msg', type: 'custom', from: gina, content: '{"ping":1}', read: false });
    expect(pushed?.idServer).toBe(answer.body.sysMsg?.idServer);

    // Online-only messages are not stored: a later sync does not bring them.
    expect((await g.request('sendCustomSysMsg', { sysMsg: { to: hugo, content: 'typing', sendToOnlineUsersOnly: true } })).code).toBe(200);
    await h.waitForPush('sysMsg', (b) => b.sysMsg?.content === 'typing');

    const first = await syncFrom(h);
    const offline = first.named('offlineSysMsgs').flatMap((b) => b.sysMsgs as { content?: string; read?: boolean; idServer?: string }[]);
    expect(offline.map((s) => s.content)).toEqual(['{"ping":1}']);
    expect(offline[0].read).toBe(false);

    expect((await h.request('batchMarkRead', { serviceId: 7, commandId: 3, idServers: [String(pushed?.idServer)] })).code).toBe(200);
    const cursor = first.done.timetag as number;
    const second = await syncFrom(h, { roamingMsgs: cursor, relations: cursor, friends: cursor });
    const changed = second.named('offlineSysMsgs').flatMap((b) => b.sysMsgs as { read?: boolean; idServer?: string }[]);
    expect(changed).toEqual([expect.objectContaining({ idServer: pushed?.idServer, read: true })]);
    const third = await syncFrom(h, { roamingMsgs: second.done.timetag as number });
    expect(third.named('offlineSysMsgs')).toHaveLength(0);
  });

  it('friend requests have their own frequency budget: beyond it 416 with the seconds to wait, nothing stored', async () => {
    const limited = await startServer({ rateRules: { '*': { limit: 200, windowMs: 10_000 }, friendRequest: { limit: 2, windowMs: 60_000 } } });
    try {
      const kim = await RawImClient.loggedIn(limited.wsUrl, account('q_kim'));
      const targets = [account('q_t1'), account('q_t2'), account('q_t3')];
      for (const target of targets) (await RawImClient.loggedIn(limited.wsUrl, target)).close();
      const codes: number[] = [];
      let retryAfter: number | undefined;
      for (const target of targets) {
        const answer = await kim.request('friendRequest', { account: target, type: 'addFriend' });
        codes.push(answer.code);
        retryAfter ??= answer.body.retryAfterSeconds;
      }
      expect(codes).toEqual([200, 200, ResponseCode.FREQUENCY_CONTROL]);
      expect(retryAfter).toBeGreaterThan(0);
      expect((await kim.request('getFriends', { timetag: 0 })).body.friends?.map((f) => f.account)).toEqual(targets.slice(0, 2));
      kim.close();
    } finally {
      await limited.server.close();
    }
  });

  it('sync carries relations, friends, friend profiles (also after a friend edits theirs), system messages and do-not-disturb from the sequence cursor', async () => {
    const ivan = account('y_ivan');
    const judy = account('y_judy');
    const i = await open(ivan, 'Ivan');
    const j = await open(judy, 'Judy');
    await i.request('friendRequest', { account: judy, type: 'addFriend' });
    await j.request('markInMutelist', { account: ivan, isAdd: true });
    expect((await j.request('updateDonnop', { donnop: 'not json' })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await j.request('updateDonnop', { donnop: '{"open":true,"startH":22}' })).code).toBe(200);

    const full = await syncFrom(j);
    expect(full.named('syncFriends').flatMap((b) => b.friends as unknown[])).toEqual([expect.objectContaining({ account: ivan, valid: true })]);
    expect(full.named('syncFriendUsers').flatMap((b) => b.users as unknown[])).toContainEqual(expect.objectContaining({ account: ivan, nick: 'Ivan' }));
    const mutelist = full.named('syncRelations').flatMap((b) => b.mutelist as { account: string; isMuted: string }[]);
    expect(mutelist).toEqual([expect.objectContaining({ account: ivan, isMuted: '1' })]);
    expect(full.named('offlineSysMsgs').flatMap((b) => b.sysMsgs as unknown[])).toEqual([expect.objectContaining({ type: 'addFriend', from: ivan })]);
    expect(full.named('syncDonnop')).toEqual([expect.objectContaining({ donnop: '{"open":true,"startH":22}' })]);

    const cursor = full.done.timetag as number;
    const next = await syncFrom(j, { roamingMsgs: cursor, relations: cursor, friends: cursor, donnop: cursor, myInfo: cursor });
    for (const name of ['syncFriends', 'syncRelations', 'offlineSysMsgs', 'syncDonnop', 'syncFriendUsers'] as const) expect(next.named(name)).toHaveLength(0);

    // A friend's new profile reaches judy's next sync (friendUsers), not a stranger's.
    expect((await i.request('updateMyInfo', { user: { nick: 'Ivan the Second' } })).code).toBe(200);
    const cursor2 = next.done.timetag as number;
    const after = await syncFrom(j, { roamingMsgs: cursor2, relations: cursor2, friends: cursor2, donnop: cursor2, myInfo: cursor2 });
    expect(after.named('syncFriendUsers').flatMap((b) => b.users as unknown[])).toEqual([expect.objectContaining({ account: ivan, nick: 'Ivan the Second' })]);
  });
});
