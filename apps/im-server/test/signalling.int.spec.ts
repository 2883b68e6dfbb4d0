import { ResponseCode, SignalingCode } from '@merchant/im-core';
import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

// Call signalling (issue 12; im-client-spec §3 "Signalling channel", §4/§5 "Signalling", §8 "Call
// signalling codes"; docs/im-signalling.md) over real sockets against the real server and database.
const errMsg = (answer: { body: unknown }) => String((answer.body as { errMsg?: string }).errMsg ?? '');
const EVENT = { close: 1, join: 2, invite: 3, cancel: 4, reject: 5, accept: 6, leave: 7, control: 8 } as const;

describe('im-server call signalling', () => {
  let started: StartedServer;
  const clients: RawImClient[] = [];
  const open = async (name: string, options: { clientType?: number; deviceId?: string } = {}) => {
    const client = await RawImClient.loggedIn(started.wsUrl, name, options);
    clients.push(client);
    return client;
  };
  const create = async (c: RawImClient, body: { type?: number; channelName?: string; ext?: string } = { type: 1 }) => {
    const answer = await c.request('signalingCreate', body);
    if (answer.code !== 200) throw new Error(`signalingCreate answered ${answer.code} ${errMsg(answer)}`);
    return answer.body.channel as { channelId: string; channelName: string; creator: string; channelExpireTime: number; channelCreateTime: number };
  };

  /**
   * Closes `client` and waits until the server has unregistered it: a control from `member` of
   * `channelId` to that account answers 11001 (offline) once no socket of it is routed.
   */
  const closeAndWaitOffline = async (client: RawImClient, member: RawImClient, channelId: string, who: string) => {
    client.close();
    await client.closed;
    const deadline = Date.now() + 5000;
    while ((await member.request('signalingControl', { channelId, account: who })).code !== ResponseCode.PEER_OFFLINE) {
      if (Date.now() > deadline) throw new Error(`${who} still online 5 s after closing`);
      await new Promise((r) => setTimeout(r, 10)); // fixed wait: poll interval; the deadline above bounds the wait
    }
  };

  beforeAll(async () => {
    started = await startServer();
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(() => started.server.close());

  it('bad input is refused with the §5 messages (414) and creates nothing', async () => {
    const a = await open(account('sg_v'));
    const name = `sg-v-${Date.now()}`;
    const refusals: [Promise<{ code: number; body: unknown }>, string][] = [
      [a.request('signalingCreate', { channelName: name }), 'type is required'],
      [a.request('signalingCreate', { type: 9, channelName: name }), 'type must be 1 (audio), 2 (video) or 3 (custom)'],
      [a.request('signalingJoin', {}), 'channelId is required'],
      [a.request('signalingLeave', { channelId: '' }), 'channelId is required'],
      [a.request('signalingClose', {}), 'channelId is required'],
      [a.request('signalingDelay', {}), 'channelId is required'],
      [a.request('signalingInvite', { channelId: 'c', account: 'b' }), 'requestId is required'],
      [a.request('signalingAccept', { channelId: 'c', requestId: 'r' }), 'account is required'],
      [a.request('signalingReject', { requestId: 'r', account: 'b' }), 'channelId is required'],
      [a.request('signalingCancel', { channelId: 'c', account: 'b' }), 'requestId is required'],
      [a.request('signalingMarkRead', { msgid: [] }), 'msgid is required'],
    ];
    for (const [pending, message] of refusals) {
      const answer = await pending;
      expect([answer.code, errMsg(answer)]).toEqual([ResponseCode.PARAMETER_ERROR, message]);
    }
    expect((await a.request('signalingGetChannelInfo', { channelName: name })).code).toBe(SignalingCode.ROOM_NOT_EXIST);
  });

  it('create, getChannelInfo, 10405 on a taken name, delay extends the expiry, join/leave with events, 10404/10406/10407/10417/10420, close then 9102', async () => {
    const [amy, bob, cat] = [account('sg_amy'), account('sg_bob'), account('sg_cat')];
    const a = await open(amy);
    const b = await open(bob);
    const bPc = await open(bob, { clientType: 1, deviceId: 'bob-pc' });
    const c = await open(cat);
    const name = `sg-room-${Date.now()}`;
    const channel = await create(a, { type: 2, channelName: name, ext: 'e1' });
    expect(channel).toMatchObject({ channelName: name, type: 2, creator: amy, ext: 'e1' });
    expect(channel.channelExpireTime).toBeGreaterThan(channel.channelCreateTime);
    const again = await a.request('signalingCreate', { type: 1, channelName: name });
    expect(again.code).toBe(SignalingCode.ROOM_EXISTS);
    const info = await b.request('signalingGetChannelInfo', { channelName: name });
    expect(info.body.channel).toMatchObject({ channelId: channel.channelId, members: [] });

    expect((await a.request('signalingJoin', { channelId: 'no-such-channel' })).code).toBe(SignalingCode.ROOM_NOT_EXIST);
    expect((await b.request('signalingLeave', { channelId: channel.channelId })).code).toBe(SignalingCode.MEMBER_NOT_EXIST);
    const aJoin = await a.request('signalingJoin', { channelId: channel.channelId, uid: 7 });
    expect(aJoin.code).toBe(200);
    expect(aJoin.body.channel?.members).toEqual([expect.objectContaining({ account: amy, uid: 7 })]);
    expect((await a.request('signalingJoin', { channelId: channel.channelId })).code).toBe(SignalingCode.MEMBER_EXISTS);
    expect((await b.request('signalingJoin', { channelId: channel.channelId, uid: 7 })).code).toBe(SignalingCode.UID_CONFLICT);
    const bJoin = await b.request('signalingJoin', { channelId: channel.channelId, uid: 8, attach: 'hi' });
    expect(bJoin.code).toBe(200);
    expect((await bPc.request('signalingJoin', { channelId: channel.channelId })).code).toBe(SignalingCode.MEMBER_ON_OTHER_CLIENT);
    const joined = await a.waitForPush('signalingNotify', (p) => p.channel?.eventType === EVENT.join && p.channel?.from === bob);
    expect(joined.channel).toMatchObject({ uid: 8, attach: 'hi', channelId: channel.channelId });
    // The joining account's other device hears it too; the joining port does not.
    await bPc.waitForPush('signalingNotify', (p) => p.channel?.eventType === EVENT.join);
    expect(b.pushesNamed('signalingNotify').filter((f) => (f.body as { channel?: { eventType?: number } }).channel?.eventType === EVENT.join)).toHaveLength(0);

    // Control: to one online member, to an offline account (11001), from a non-member (10406).
    expect((await a.request('signalingControl', { channelId: channel.channelId, account: bob, attach: 'mute' })).code).toBe(200);
    expect((await b.waitForPush('signalingNotify', (p) => p.channel?.eventType === EVENT.control)).channel).toMatchObject({ from: amy, attach: 'mute' });
    const ghost = account('sg_ghost');
    expect((await a.request('signalingControl', { channelId: channel.channelId, account: ghost })).code).toBe(ResponseCode.PEER_OFFLINE);
    expect((await c.request('signalingControl', { channelId: channel.channelId })).code).toBe(SignalingCode.MEMBER_NOT_EXIST);

    // Delay: members only; moves the expiry forward.
    expect((await c.request('signalingDelay', { channelId: channel.channelId })).code).toBe(SignalingCode.MEMBER_NOT_EXIST);
    // fixed wait: the clock must move on by at least 1 ms so that the delayed expiry is later.
    await new Promise((r) => setTimeout(r, 5));
    const delayed = await b.request('signalingDelay', { channelId: channel.channelId });
    expect(delayed.code).toBe(200);
    expect(delayed.body.channel?.channelExpireTime).toBeGreaterThan(channel.channelExpireTime);

    expect((await b.request('signalingLeave', { channelId: channel.channelId, attach: 'bye' })).code).toBe(200);
    expect((await a.waitForPush('signalingNotify', (p) => p.channel?.eventType === EVENT.leave)).channel).toMatchObject({ from: bob, attach: 'bye', members: [expect.objectContaining({ account: amy })] });
    expect((await b.request('signalingJoin', { channelId: channel.channelId })).code).toBe(200);

    expect((await a.request('signalingClose', { channelId: channel.channelId })).code).toBe(200);
    expect((await b.waitForPush('signalingNotify', (p) => p.channel?.eventType === EVENT.close)).channel?.from).toBe(amy);
    for (const answer of [
      await b.request('signalingJoin', { channelId: channel.channelId }),
      await a.request('signalingDelay', { channelId: channel.channelId }),
      await a.request('signalingInvite', { channelId: channel.channelId, account: cat, requestId: 'r' }),
    ]) expect(answer.code).toBe(ResponseCode.CHANNEL_INVALID);
    // The name is free again once its channel is closed.
    expect((await c.request('signalingGetChannelInfo', { channelName: name })).code).toBe(SignalingCode.ROOM_NOT_EXIST);
    expect((await create(c, { type: 1, channelName: name })).creator).toBe(cat);
  });

  it('two creates of one name at the same time: one channel, the other 10405; a full channel answers 10419', async () => {
    const [amy, bob] = [account('sg_r_amy'), account('sg_r_bob')];
    const a = await open(amy);
    const b = await open(bob);
    const name = `sg-race-${Date.now()}`;
    const answers = await Promise.all([a.request('signalingCreate', { type: 1, channelName: name }), b.request('signalingCreate', { type: 1, channelName: name })]);
    expect(answers.map((x) => x.code).sort((x, y) => x - y)).toEqual([200, SignalingCode.ROOM_EXISTS]);

    const channelId = answers.find((x) => x.code === 200)?.body.channel?.channelId as string;
    const members = await Promise.all(Array.from({ length: 16 }, (_, i) => open(account(`sg_full_${i}`))));
    for (const m of members) expect((await m.request('signalingJoin', { channelId })).code).toBe(200);
    expect((await a.request('signalingJoin', { channelId })).code).toBe(SignalingCode.MEMBER_LIMIT);
    const info = await a.request('signalingGetChannelInfo', { channelName: name });
    expect(info.body.channel?.members).toHaveLength(16);
  });

  it('invite, accept, reject and cancel with their events and 10408/10409/10410/9103/10407/10201', async () => {
    const [amy, bob, cat] = [account('sg_i_amy'), account('sg_i_bob'), account('sg_i_cat')];
    const a = await open(amy);
    const b = await open(bob);
    const bPc = await open(bob, { clientType: 1, deviceId: 'bob-pc' });
    const c = await open(cat);
    const { channelId } = await create(a);
    expect((await a.request('signalingJoin', { channelId })).code).toBe(200);

    expect((await c.request('signalingInvite', { channelId, account: bob, requestId: 'x' })).code).toBe(SignalingCode.MEMBER_NOT_EXIST);
    expect((await a.request('signalingInvite', { channelId, account: amy, requestId: 'self' })).code).toBe(SignalingCode.MEMBER_EXISTS);
    expect((await a.request('signalingInvite', { channelId, account: bob, requestId: 'r1', attach: 'call me', needPush: true, needBadge: false })).code).toBe(200);
    expect((await a.request('signalingInvite', { channelId, account: bob, requestId: 'r1' })).code).toBe(ResponseCode.DUPLICATE_OPERATION);
    for (const port of [b, bPc]) {
      const invite = await port.waitForPush('signalingNotify', (p) => p.channel?.eventType === EVENT.invite);
      expect(invite.channel).toMatchObject({ channelId, from: amy, to: bob, requestId: 'r1', attach: 'call me', needPush: true, needBadge: false });
      expect(invite.channel?.msgid).toBeTruthy();
    }
    // Wrong request id or inviter: 10408.
    expect((await b.request('signalingAccept', { channelId, account: amy, requestId: 'nope' })).code).toBe(SignalingCode.INVITE_NOT_EXIST);
    expect((await b.request('signalingAccept', { channelId, account: cat, requestId: 'r1' })).code).toBe(SignalingCode.INVITE_NOT_EXIST);
    const accepted = await b.request('signalingAccept', { channelId, account: amy, requestId: 'r1', uid: 42 });
    expect(accepted.code).toBe(200);
    expect(accepted.body.channel?.members?.map((m) => m.account).sort()).toEqual([amy, bob].sort());
    expect((await a.waitForPush('signalingNotify', (p) => p.channel?.eventType === EVENT.accept)).channel).toMatchObject({ from: bob, to: amy, requestId: 'r1' });
    // Bob's PC stops ringing: it hears the accept, and accepting there is 9103.
    await bPc.waitForPush('signalingNotify', (p) => p.channel?.eventType === EVENT.accept);
    expect((await bPc.request('signalingAccept', { channelId, account: amy, requestId: 'r1' })).code).toBe(ResponseCode.CALL_ANSWERED_ELSEWHERE);
    expect((await b.request('signalingAccept', { channelId, account: amy, requestId: 'r1' })).code).toBe(SignalingCode.INVITE_ACCEPTED);
    expect((await b.request('signalingReject', { channelId, account: amy, requestId: 'r1' })).code).toBe(SignalingCode.INVITE_ACCEPTED);
    expect((await a.request('signalingCancel', { channelId, account: bob, requestId: 'r1' })).code).toBe(SignalingCode.INVITE_ACCEPTED);

    // Reject: the inviter hears it; a second answer is 10409.
    expect((await a.request('signalingInvite', { channelId, account: cat, requestId: 'r2' })).code).toBe(200);
    await c.waitForPush('signalingNotify', (p) => p.channel?.requestId === 'r2');
    expect((await c.request('signalingReject', { channelId, account: amy, requestId: 'r2', attach: 'busy' })).code).toBe(200);
    expect((await a.waitForPush('signalingNotify', (p) => p.channel?.eventType === EVENT.reject)).channel).toMatchObject({ from: cat, attach: 'busy' });
    expect((await c.request('signalingAccept', { channelId, account: amy, requestId: 'r2' })).code).toBe(SignalingCode.INVITE_REJECTED);
    expect((await a.request('signalingCancel', { channelId, account: cat, requestId: 'r2' })).code).toBe(SignalingCode.INVITE_REJECTED);

    // Cancel: the invitee hears it; answering afterwards is 10408.
    expect((await a.request('signalingInvite', { channelId, account: cat, requestId: 'r3' })).code).toBe(200);
    expect((await a.request('signalingCancel', { channelId, account: cat, requestId: 'r3' })).code).toBe(200);
    expect((await c.waitForPush('signalingNotify', (p) => p.channel?.eventType === EVENT.cancel)).channel).toMatchObject({ from: amy, requestId: 'r3' });
    expect((await c.request('signalingAccept', { channelId, account: amy, requestId: 'r3' })).code).toBe(SignalingCode.INVITE_NOT_EXIST);

    // An offline invitee without offlineEnabled: 10201, nothing stored (cancel finds nothing).
    const dan = account('sg_i_dan');
    await closeAndWaitOffline(await open(dan), a, channelId, dan);
    expect((await a.request('signalingInvite', { channelId, account: dan, requestId: 'r4' })).code).toBe(SignalingCode.PEER_OFFLINE);
    expect((await a.request('signalingCancel', { channelId, account: dan, requestId: 'r4' })).code).toBe(SignalingCode.INVITE_NOT_EXIST);
    expect((await a.request('signalingInvite', { channelId, account: account('sg_i_nobody'), requestId: 'r5', offlineEnabled: true })).code).toBe(ResponseCode.NOT_FOUND);
  });

  it('close by an account that is neither the creator nor a member is refused (10406): the channel stays open and nobody hears a close', async () => {
    const [amy, bob, cat] = [account('sg_c_amy'), account('sg_c_bob'), account('sg_c_cat')];
    const a = await open(amy);
    const b = await open(bob);
    const c = await open(cat);
    const name = `sg-close-${Date.now()}`;
    const { channelId } = await create(a, { type: 1, channelName: name });
    expect((await a.request('signalingJoin', { channelId, uid: 1 })).code).toBe(200);
    expect((await b.request('signalingJoin', { channelId, uid: 2 })).code).toBe(200);
    // bob joined and left: no longer a member either.
    expect((await b.request('signalingLeave', { channelId })).code).toBe(200);
    for (const outsider of [c, b]) {
      const refused = await outsider.request('signalingClose', { channelId, attach: 'bye all' });
      expect([refused.code, errMsg(refused)]).toEqual([SignalingCode.MEMBER_NOT_EXIST, 'not a member of this channel']);
      // A round trip on the refused socket runs after anything its call would have sent.
      await outsider.request('getServerTime', {});
    }
    // Still open, with its member: the name answers the same channel and bob can join again.
    const info = await c.request('signalingGetChannelInfo', { channelName: name });
    expect(info.body.channel).toMatchObject({ channelId, members: [expect.objectContaining({ account: amy, uid: 1 })] });
    expect((await b.request('signalingJoin', { channelId, uid: 2 })).code).toBe(200);
    // amy hears bob join again, after anything sent before it: no close among them.
    await a.waitFor(() => (a.pushesNamed('signalingNotify').length >= 3 ? true : undefined), 5000, 'bob joining again');
    const events = a.pushesNamed('signalingNotify').map((f) => (f.body as { channel?: { eventType?: number } }).channel?.eventType);
    expect(events).toEqual([EVENT.join, EVENT.leave, EVENT.join]);
    // The creator may close it: then it is closed for everyone (9102).
    expect((await a.request('signalingClose', { channelId })).code).toBe(200);
    expect((await b.waitForPush('signalingNotify', (p) => p.channel?.eventType === EVENT.close)).channel?.from).toBe(amy);
    expect((await c.request('signalingJoin', { channelId })).code).toBe(ResponseCode.CHANNEL_INVALID);
  });

  it('an offline invitee gets the invitation after its next login sync, with needPush/needBadge, until it marks it read', async () => {
    const [amy, eve] = [account('sg_o_amy'), account('sg_o_eve')];
    const a = await open(amy);
    const { channelId } = await create(a, { type: 1 });
    expect((await a.request('signalingJoin', { channelId })).code).toBe(200);
    await closeAndWaitOffline(await open(eve), a, channelId, eve);
    expect((await a.request('signalingInvite', { channelId, account: eve, requestId: 'off-1', offlineEnabled: true, needPush: false, needBadge: true, attach: 'later' })).code).toBe(200);

    // Pending invitations are pushed after syncDone, once the server has read them. The connection
    // handles one request at a time and runs a request's after-answer work before the next one, so the
    // answer to a getServerTime sent right behind the sync arrives after every invitation that sync pushes.
    const loginAndSync = async () => {
      const e = await open(eve);
      const [synced, marker] = await Promise.all([e.request('sync', { timetags: {} }), e.request('getServerTime', {})]);
      expect([synced.code, marker.code]).toEqual([200, 200]);
      expect(e.pushesNamed('syncDone')).toHaveLength(1);
      return e;
    };
    const invitesTo = (e: RawImClient) => e.pushesNamed('signalingNotify').map((f) => (f.body as { channel?: { msgid?: string; requestId?: string } }).channel);

    // Not acknowledged: pushed after each login's sync, before the marker's answer.
    const e1 = await loginAndSync();
    expect(invitesTo(e1)).toHaveLength(1);
    const invite = (await e1.waitForPush('signalingNotify', (p) => p.channel?.requestId === 'off-1')).channel;
    expect(invite).toMatchObject({ channelId, eventType: EVENT.invite, from: amy, to: eve, needPush: false, needBadge: true, attach: 'later', members: [expect.objectContaining({ account: amy })] });
    expect(invite?.msgid).toEqual(expect.any(String));
    await closeAndWaitOffline(e1, a, channelId, eve);
    const e2 = await loginAndSync();
    expect(invitesTo(e2).map((c) => c?.msgid)).toEqual([invite?.msgid]);

    // Acknowledged: the next login's sync pushes nothing, as the marker shows.
    expect((await e2.request('signalingMarkRead', { msgid: [invite?.msgid as string] })).code).toBe(200);
    await closeAndWaitOffline(e2, a, channelId, eve);
    const e3 = await loginAndSync();
    expect(invitesTo(e3)).toEqual([]);
    // Still pending: eve can accept it.
    expect((await e3.request('signalingAccept', { channelId, account: amy, requestId: 'off-1' })).code).toBe(200);
  });
});
