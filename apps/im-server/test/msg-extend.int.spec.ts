import WebSocket from 'ws';
import { createImClient, type ImClient, type WebSocketConstructor } from '@merchant/im-core';
import { RawImClient, tokenFor, TEST_APP_KEY } from './support/raw-client';
import { errMsg, teamWorld } from './support/team-helpers';
import { account, startServer, type StartedServer } from './support/test-server';

/**
 * msgExtend over real sockets (issue 12; docs/im-extend.md): quick comments and pins within a
 * message's conversation (pushed to its other side / team members), collects private per account.
 */
describe('msgExtend: quick comments, collects, pins', () => {
  let started: StartedServer;
  const world = teamWorld(() => started);
  beforeAll(async () => {
    started = await startServer();
  });
  afterEach(() => world.closeAll());
  afterAll(async () => {
    await started.server.close();
  });

  let n = 0;
  const sendP2p = async (from: RawImClient, to: string, text = 'hello') => {
    const answer = await from.request('sendMsg', { msg: { idClient: `x-${++n}-${Date.now()}`, scene: 0, to, type: 0, text } });
    expect(answer.code).toBe(200);
    return answer.body.msg!;
  };
  const sendTeam = async (from: RawImClient, teamId: string, text = 'team hello') => {
    const answer = await from.request('sendTeamMsg', { msg: { idClient: `t-${++n}-${Date.now()}`, scene: 1, to: teamId, type: 0, text } });
    expect(answer.code).toBe(200);
    return answer.body.msg!;
  };

  describe('quick comments', () => {
    it('a p2p comment is stored, pushed to the other side and the commenter\'s other port, listed, and removed', async () => {
      const a = account('qc_a');
      const b = account('qc_b');
      const alice = await world.open(a);
      const bob = await world.open(b);
      const bobPhone = await world.open(b, 1);
      const msg = await sendP2p(alice, b);

      const added = await bob.request('addQuickComment', { msg: { idServer: msg.idServer }, comment: { body: 7, custom: 'thumbs' } });
      expect(added.code).toBe(200);
      const pushed = await alice.waitForPush('quickCommentUpdated');
      expect(pushed).toMatchObject({ msg: { idServer: msg.idServer, sessionId: `p2p-${b}` }, comment: { from: b, body: 7, custom: 'thumbs' }, deleted: false });
      // The commenter's other port got it too (its own sessionId); the port that asked got the answer instead.
      expect(await bobPhone.waitForPush('quickCommentUpdated')).toMatchObject({ msg: { sessionId: `p2p-${a}` }, comment: { body: 7 } });
      expect(bob.pushesNamed('quickCommentUpdated')).toEqual([]);

      const listed = await alice.request('getQuickComments', { msgs: [{ idServer: msg.idServer }] });
      expect(listed.body.msgs).toEqual([expect.objectContaining({ idServer: msg.idServer, comments: [expect.objectContaining({ from: b, body: 7 })], commentTimetag: added.body.time })]);

      const removed = await bob.request('deleteQuickComment', { msg: { idServer: msg.idServer }, body: 7 });
      expect(removed.code).toBe(200);
      expect((await alice.waitForPush('quickCommentUpdated', (p) => p.deleted === true)).comment).toMatchObject({ from: b, body: 7 });
      expect((await alice.request('getQuickComments', { msgs: [{ idServer: msg.idServer }] })).body.msgs?.[0].comments ?? []).toEqual([]);
    });

    it('refuses a comment without an integer body ("body can only be an integer"), 0 or 21 lookups, and an outsider; none of them stores anything', async () => {
      const a = account('qc_r_a');
      const b = account('qc_r_b');
      const alice = await world.open(a);
      const eve = await world.open(account('qc_r_eve'));
      const msg = await sendP2p(alice, b);

      // The wire's int type already refuses a fraction in the codec; a comment without an integer body reaches the rule.
      const bad = await alice.request('addQuickComment', { msg: { idServer: msg.idServer }, comment: { custom: 'no body' } });
      expect([bad.code, errMsg(bad)]).toEqual([414, 'body can only be an integer']);
      const tooMany = await alice.request('getQuickComments', { msgs: Array.from({ length: 21 }, () => ({ idServer: msg.idServer })) });
      expect([tooMany.code, errMsg(tooMany)]).toEqual([414, 'quick comments can be looked up for 1 to 20 messages']);
      expect((await alice.request('getQuickComments', { msgs: [] })).code).toBe(414);
      // A third account cannot comment on or read a chat it is not in (404, as for a missing message).
      const outsider = await eve.request('addQuickComment', { msg: { idServer: msg.idServer }, comment: { body: 1 } });
      expect([outsider.code, errMsg(outsider)]).toEqual([404, 'message not found']);
      expect((await eve.request('getQuickComments', { msgs: [{ idServer: msg.idServer }] })).body.msgs ?? []).toEqual([]);
      expect((await alice.request('deleteQuickComment', { msg: { idServer: msg.idServer }, body: 3 })).code).toBe(404);

      expect((await alice.request('getQuickComments', { msgs: [{ idServer: msg.idServer }] })).body.msgs?.[0].comments ?? []).toEqual([]);
    });

    it('a team comment is pushed to every member; a non-member is refused', async () => {
      const owner = await world.open(account('qc_t_o'));
      const m1 = account('qc_t_1');
      const member = await world.open(m1);
      const stranger = await world.open(account('qc_t_x'));
      const teamId = await world.createTeam(owner, [m1]);
      const msg = await sendTeam(owner, teamId);

      expect((await member.request('addQuickComment', { msg: { idServer: msg.idServer }, comment: { body: 2 } })).code).toBe(200);
      expect(await owner.waitForPush('quickCommentUpdated')).toMatchObject({ msg: { sessionId: `team-${teamId}` }, comment: { from: m1, body: 2 } });
      expect((await stranger.request('addQuickComment', { msg: { idServer: msg.idServer }, comment: { body: 2 } })).code).toBe(404);
      expect(stranger.pushesNamed('quickCommentUpdated')).toEqual([]);
    });
  });

  describe('collects', () => {
    it('add, query (newest first, paged, by type), update and delete; each account sees only its own', async () => {
      const me = await world.open(account('col_me'));
      const other = await world.open(account('col_other'));
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const added = await me.request('addCollect', { collect: { type: i === 2 ? 2 : 1, data: `item ${i}`, custom: `c${i}` } });
        expect(added.code).toBe(200);
        expect(added.body.collect).toMatchObject({ type: i === 2 ? 2 : 1, data: `item ${i}`, custom: `c${i}` });
        expect(added.body.collect?.createTime).toEqual(added.body.collect?.updateTime);
        ids.push(added.body.collect!.id!);
      }
      const all = await me.request('getCollects', { limit: 2 });
      expect(all.body.total).toBe(3);
      expect(all.body.collectList?.map((c) => c.id)).toEqual([ids[2], ids[1]]);
      const next = await me.request('getCollects', { limit: 2, lastId: ids[1] });
      expect(next.body.collectList?.map((c) => c.id)).toEqual([ids[0]]);
      expect((await me.request('getCollects', { type: 2 })).body.collectList?.map((c) => c.id)).toEqual([ids[2]]);

      // Another account sees none of them and can neither change nor delete them.
      expect((await other.request('getCollects', {})).body.collectList ?? []).toEqual([]);
      expect((await other.request('updateCollect', { collect: { id: ids[0], custom: 'mine now' } })).code).toBe(404);
      expect((await other.request('deleteCollects', { collectList: [{ id: ids[0] }] })).body.deleteCount).toBe(0);

      const updated = await me.request('updateCollect', { collect: { id: ids[0], custom: 'edited' } });
      expect(updated.body.collect).toMatchObject({ id: ids[0], custom: 'edited', data: 'item 0' });
      expect(updated.body.collect!.updateTime!).toBeGreaterThanOrEqual(updated.body.collect!.createTime!);
      expect((await me.request('deleteCollects', { collectList: [{ id: ids[0] }, { id: ids[1] }] })).body.deleteCount).toBe(2);
      expect((await me.request('getCollects', {})).body.collectList?.map((c) => c.id)).toEqual([ids[2]]);
    });

    it('a uniqueId makes adding idempotent', async () => {
      const me = await world.open(account('col_uid'));
      const first = await me.request('addCollect', { collect: { type: 1, data: 'x', uniqueId: 'u-1' } });
      const again = await me.request('addCollect', { collect: { type: 1, data: 'x', uniqueId: 'u-1' } });
      expect(again.body.collect?.id).toBe(first.body.collect?.id);
      expect((await me.request('getCollects', {})).body.total).toBe(1);
    });

    it('refuses a non-integer type, 0 or 101 deletions, limit above 100 and begin after end, changing nothing', async () => {
      const me = await world.open(account('col_bad'));
      const badType = await me.request('addCollect', { collect: { type: undefined, data: 'x' } });
      expect([badType.code, errMsg(badType)]).toEqual([414, 'type must be an integer']);
      const none = await me.request('deleteCollects', { collectList: [] });
      expect([none.code, errMsg(none)]).toEqual([414, 'collect delete takes 1 to 100 collects']);
      const many = await me.request('deleteCollects', { collectList: Array.from({ length: 101 }, (_, i) => ({ id: String(i + 1) })) });
      expect([many.code, errMsg(many)]).toEqual([414, 'collect delete takes 1 to 100 collects']);
      const limit = await me.request('getCollects', { limit: 101 });
      expect([limit.code, errMsg(limit)]).toEqual([414, 'limit must be 1 to 100']);
      const order = await me.request('getCollects', { beginTime: 2000, endTime: 1000 });
      expect([order.code, errMsg(order)]).toEqual([414, 'beginTime must not be after endTime']);
      expect((await me.request('getCollects', {})).body.total).toBe(0);
    });
  });

  describe('pins', () => {
    it('add, update (updateTime moves, createTime stays), list and remove, pushed to the other side; outsiders refused', async () => {
      const a = account('pin_a');
      const b = account('pin_b');
      const alice = await world.open(a);
      const bob = await world.open(b);
      const eve = await world.open(account('pin_eve'));
      const msg = await sendP2p(alice, b, 'pin this');

      const added = await alice.request('addMsgPin', { pin: { msg: { idServer: msg.idServer }, pinCustom: 'important' } });
      expect(added.code).toBe(200);
      expect(added.body.pin).toMatchObject({ idClient: msg.idClient, sessionId: `p2p-${b}`, pinFrom: a, pinCustom: 'important' });
      const created = added.body.pin!.createTime!;
      expect((await bob.waitForPush('msgPinUpdated')).pin).toMatchObject({ sessionId: `p2p-${a}`, pinFrom: a, msg: { idServer: msg.idServer } });

      const twice = await bob.request('addMsgPin', { pin: { msg: { idServer: msg.idServer } } });
      expect([twice.code, errMsg(twice)]).toEqual([417, 'message is already pinned']);
      expect((await eve.request('addMsgPin', { pin: { msg: { idServer: msg.idServer } } })).code).toBe(404);

      const updated = await bob.request('updateMsgPin', { pin: { msg: { idServer: msg.idServer }, pinCustom: 'still' } });
      expect(updated.body.pin).toMatchObject({ pinFrom: a, pinCustom: 'still', createTime: created });
      expect(updated.body.pin!.updateTime!).toBeGreaterThanOrEqual(created);

      const listed = await bob.request('getMsgPins', { sessionId: `p2p-${a}` });
      expect(listed.body.pins).toEqual([expect.objectContaining({ pinCustom: 'still', msg: expect.objectContaining({ idServer: msg.idServer, text: 'pin this' }) })]);
      // Another conversation's list is its own.
      expect((await eve.request('getMsgPins', { sessionId: `p2p-${a}` })).body.pins ?? []).toEqual([]);
      const badSession = await bob.request('getMsgPins', { sessionId: 'nope' });
      expect([badSession.code, errMsg(badSession)]).toEqual([414, 'sessionId must be p2p-<account> or team-<teamId>']);

      expect((await alice.request('deleteMsgPin', { pin: { msg: { idServer: msg.idServer } } })).code).toBe(200);
      expect((await bob.waitForPush('msgPinUpdated', (p) => p.deleted === true)).pin).toMatchObject({ msg: { idServer: msg.idServer } });
      expect((await alice.request('getMsgPins', { sessionId: `p2p-${b}` })).body.pins ?? []).toEqual([]);
      expect((await alice.request('deleteMsgPin', { pin: { msg: { idServer: msg.idServer } } })).code).toBe(404);
    });

    it('a team pin is listed for members only', async () => {
      const owner = await world.open(account('pin_t_o'));
      const m1 = account('pin_t_1');
      const member = await world.open(m1);
      const stranger = await world.open(account('pin_t_x'));
      const teamId = await world.createTeam(owner, [m1]);
      const msg = await sendTeam(owner, teamId);
      expect((await member.request('addMsgPin', { pin: { msg: { idServer: msg.idServer } } })).code).toBe(200);
      expect((await owner.waitForPush('msgPinUpdated')).pin).toMatchObject({ sessionId: `team-${teamId}`, pinFrom: m1 });
      expect((await owner.request('getMsgPins', { sessionId: `team-${teamId}` })).body.pins).toHaveLength(1);
      expect((await stranger.request('getMsgPins', { sessionId: `team-${teamId}` })).code).toBe(404);
    });
  });

  describe('im-core client (client.msgExtend)', () => {
    const clients: ImClient[] = [];
    afterAll(async () => {
      for (const c of clients) await c.destroy();
    });
    const connect = async (me: string) => {
      const client = createImClient({
        lbsUrl: `${started.url}/lbs`, appKey: TEST_APP_KEY, account: me, token: tokenFor(me),
        WebSocketImpl: WebSocket as unknown as WebSocketConstructor, networkEvents: null,
      });
      clients.push(client);
      await client.connect();
      return client;
    };

    it('comments, pins and collects through the client; the other side hears quickComment and msgPin; bad input is refused before sending', async () => {
      const a = account('cli_a');
      const b = account('cli_b');
      const alice = await connect(a);
      const bob = await connect(b);
      const sent = await alice.messages.sendText({ scene: 'p2p', to: b, text: 'comment me' });
      const heard = new Promise<{ idServer: string; comment: { body: number } }>((resolve) => alice.on('quickComment', resolve));
      const pinHeard = new Promise<{ pin: { pinCustom?: string }; deleted: boolean }>((resolve) => alice.on('msgPin', resolve));

      await bob.msgExtend.addQuickComment(sent, { body: 3 });
      expect(await heard).toMatchObject({ idServer: sent.idServer, comment: { body: 3 } });
      expect(await alice.msgExtend.getQuickComments([sent])).toEqual([expect.objectContaining({ idServer: sent.idServer, comments: [expect.objectContaining({ from: b, body: 3 })] })]);
      await expect(bob.msgExtend.addQuickComment(sent, { body: 2.5 })).rejects.toMatchObject({ code: 414, message: 'body can only be an integer' });
      await expect(bob.msgExtend.getQuickComments([])).rejects.toMatchObject({ code: 414, message: 'quick comments can be looked up for 1 to 20 messages' });

      const pin = await bob.msgExtend.addMsgPin(sent, 'keep');
      expect(pin).toMatchObject({ sessionId: `p2p-${a}`, pinFrom: b, pinCustom: 'keep', msg: expect.objectContaining({ text: 'comment me' }) });
      expect(await pinHeard).toMatchObject({ pin: { pinCustom: 'keep' }, deleted: false });
      expect(await alice.msgExtend.getMsgPins(`p2p-${b}`)).toHaveLength(1);

      const collect = await alice.msgExtend.addCollect({ type: 1, data: JSON.stringify({ idServer: sent.idServer }) });
      expect((await alice.msgExtend.getCollects()).collects.map((c) => c.id)).toEqual([collect.id]);
      expect((await bob.msgExtend.getCollects()).total).toBe(0);
      await expect(alice.msgExtend.getCollects({ beginTime: 5, endTime: 1 })).rejects.toMatchObject({ code: 414, message: 'beginTime must not be after endTime' });
      await expect(alice.msgExtend.deleteCollects([])).rejects.toMatchObject({ code: 414, message: 'collect delete takes 1 to 100 collects' });
      expect(await alice.msgExtend.deleteCollects([collect])).toBe(1);
    });
  });

  describe('events (publish, subscribe, query)', () => {
    const TYPE = 100001;
    it('a subscriber hears each publish, gets current events by sync and query; an unsubscribed account hears nothing', async () => {
      const pub = account('ev_pub');
      const publisher = await world.open(pub);
      const publisherPhone = await world.open(pub, 1);
      const fan = await world.open(account('ev_fan'));
      const stranger = await world.open(account('ev_x'));

      const first = await publisher.request('publishEvent', { event: { type: TYPE, value: 1, custom: 'online' } });
      expect(first.code).toBe(200);
      // Default validity 604800 s (§5).
      expect(first.body.event).toMatchObject({ type: TYPE, value: 1, account: pub, custom: 'online', validTime: 604800 });

      const sub = await fan.request('subscribeEvent', { type: TYPE, accounts: [pub], sync: true });
      expect(sub.code).toBe(200);
      expect(await fan.waitForPush('eventPush')).toMatchObject({ events: [{ account: pub, value: 1 }] });

      expect((await publisher.request('publishEvent', { event: { type: TYPE, value: 2, validTime: 60, sync: true } })).code).toBe(200);
      expect(await fan.waitForPush('eventPush', (p) => p.events?.[0]?.value === 2)).toMatchObject({ events: [{ account: pub, value: 2, validTime: 60 }] });
      // sync: the publisher's other port hears it; the port that published got the answer.
      expect(await publisherPhone.waitForPush('eventPush')).toMatchObject({ events: [{ value: 2 }] });
      expect(publisher.pushesNamed('eventPush')).toEqual([]);
      expect(stranger.pushesNamed('eventPush')).toEqual([]);

      expect((await fan.request('querySubscribeEvents', { type: TYPE, accounts: [pub] })).body.events).toEqual([expect.objectContaining({ account: pub, value: 2 })]);
      // Querying without a subscription shows nothing.
      expect((await stranger.request('querySubscribeEvents', { type: TYPE, accounts: [pub] })).body.events ?? []).toEqual([]);

      expect((await fan.request('unSubscribeEvent', { type: TYPE, accounts: [pub] })).code).toBe(200);
      fan.pushes.splice(0);
      expect((await publisher.request('publishEvent', { event: { type: TYPE, value: 3 } })).code).toBe(200);
      expect((await fan.request('querySubscribeEvents', { type: TYPE, accounts: [pub] })).body.events ?? []).toEqual([]);
      expect(fan.pushesNamed('eventPush')).toEqual([]);
    });

    it('refuses validity outside 60-604800 s and subscribe time outside 60-2592000 s, storing nothing', async () => {
      const pub = account('ev_bad');
      const publisher = await world.open(pub);
      const fan = await world.open(account('ev_bad_fan'));
      const short = await publisher.request('publishEvent', { event: { type: TYPE, value: 1, validTime: 59 } });
      expect([short.code, errMsg(short)]).toEqual([414, 'validTime must be 60 to 604800 seconds']);
      const long = await publisher.request('publishEvent', { event: { type: TYPE, value: 1, validTime: 604801 } });
      expect([long.code, errMsg(long)]).toEqual([414, 'validTime must be 60 to 604800 seconds']);
      const subShort = await fan.request('subscribeEvent', { type: TYPE, accounts: [pub], subscribeTime: 59 });
      expect([subShort.code, errMsg(subShort)]).toEqual([414, 'subscribeTime must be 60 to 2592000 seconds']);
      const subLong = await fan.request('subscribeEvent', { type: TYPE, accounts: [pub], subscribeTime: 2592001 });
      expect([subLong.code, errMsg(subLong)]).toEqual([414, 'subscribeTime must be 60 to 2592000 seconds']);
      const noAccounts = await fan.request('subscribeEvent', { type: TYPE, accounts: [] });
      expect([noAccounts.code, errMsg(noAccounts)]).toEqual([414, 'accounts must name 1 to 100 accounts']);

      // Nothing was stored: a valid subscription now finds no event, and the earlier refusals subscribed nothing.
      expect((await fan.request('querySubscribeEvents', { type: TYPE, accounts: [pub] })).body.events ?? []).toEqual([]);
      expect((await fan.request('subscribeEvent', { type: TYPE, accounts: [pub], subscribeTime: 2592000 })).code).toBe(200);
      expect((await fan.request('querySubscribeEvents', { type: TYPE, accounts: [pub] })).body.events ?? []).toEqual([]);
    });
  });
});
