import fc from 'fast-check';
import { ResponseCode } from '@merchant/im-core';
import { COMMANDS, type CommandName } from '@merchant/im-core/testing';
import { CHATROOM_KICK_REASON } from '@merchant/im-core/server';
import { RawImClient, tokenFor } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';
import { openImStore } from '../src/db/database';
import { ChatroomService } from '../src/domain/chatroom/chatroom-service';

// Chat rooms (issue 12; im-client-spec §3 "Chat room and chat-room member", §5, §6, §7 "Chat room",
// §8 13002/13003/13004/13006; docs/im-chatroom.md) over real sockets against the real server and database.
type Body = Record<string, unknown>;
const errMsg = (answer: { body: unknown }) => String((answer.body as { errMsg?: string }).errMsg ?? '');
const notices = (c: RawImClient) =>
  c.pushesNamed('chatroomMsg').map((f) => (f.body as { msg: { type: number; attach?: string } }).msg).filter((m) => m.type === 5).map((m) => JSON.parse(m.attach ?? '{}') as Body);
const waitNotice = (c: RawImClient, type: string, where: (n: Body) => boolean = () => true) =>
  c.waitFor(() => notices(c).find((n) => n.type === type && where(n)), 5000, `${type} notice`);

describe('im-server chat rooms', () => {
  let started: StartedServer;
  const clients: RawImClient[] = [];
  let roomSeq = 0;
  const newRoom = async (creator: string, extra: { allowAnonymous?: boolean; queuelevel?: number } = {}) => {
    const id = `${account('room')}-${++roomSeq}`;
    await started.server.createChatroom({ id, name: `Room ${roomSeq}`, creator, announcement: 'welcome', ...extra });
    return id;
  };
  /** A chat-room connection of `name` (token login), or anonymous without a name. */
  const enter = async (chatroomId: string, name?: string, member: Body = {}) => {
    const c = await RawImClient.open(started.wsUrl);
    clients.push(c);
    const answer = await c.request('chatroomLogin', name ? { chatroomId, account: name, token: tokenFor(name, { nick: `nick-${name}` }), member } : { chatroomId, member });
    return Object.assign(c, { login: answer });
  };
  const entered = async (chatroomId: string, name?: string) => {
    const c = await enter(chatroomId, name);
    if (c.login.code !== 200) throw new Error(`chatroomLogin answered ${c.login.code} ${errMsg(c.login)}`);
    return c;
  };
  const im = async (name: string) => {
    const c = await RawImClient.loggedIn(started.wsUrl, name);
    clients.push(c);
    return c;
  };
  const send = (c: RawImClient, text: string, idClient = `id-${text}-${Math.random()}`) => c.request('chatroomSendMsg', { msg: { idClient, type: 0, text, scene: 0, to: 'ignored' } });

  beforeAll(async () => {
    started = await startServer({ rateRules: { '*': { limit: 1_000_000, windowMs: 1000 } } });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(() => started.server.close());

  it('getChatroomAddress on the IM connection answers the WebSocket address; 404 for no room; chat-room commands there answer 13002 chatroom not connected', async () => {
    const owner = account('cr_owner');
    const room = await newRoom(owner);
    const c = await im(owner);
    const answer = await c.request('getChatroomAddress', { chatroomId: room, clientType: 16 });
    expect(answer.code).toBe(200);
    expect(answer.body.address).toEqual([started.wsUrl]);
    expect((await c.request('getChatroomAddress', { chatroomId: 'no-such-room' })).code).toBe(ResponseCode.NOT_FOUND);
    expect((await c.request('getChatroomAddress', {})).code).toBe(ResponseCode.PARAMETER_ERROR);
    for (const [name, body] of [['chatroomSendMsg', { msg: { idClient: 'x', type: 0, text: 'hi' } }], ['getChatroom', { chatroomId: room }], ['queueList', {}]] as const) {
      const refused = await c.request(name, body as never);
      expect(refused.code).toBe(ResponseCode.CHATROOM_STATE_ABNORMAL);
      expect(errMsg(refused)).toBe('chatroom not connected');
    }
  });

  it('chatroomLogin: token login answers room and member (creator owner, others guest); wrong token 302; anonymous only where allowed; IM commands on it 403', async () => {
    const [owner, amy] = [account('cr_lo'), account('cr_la')];
    const room = await newRoom(owner);
    const o = await entered(room, owner);
    expect(o.login.body.chatroom).toMatchObject({ id: room, name: expect.stringMatching(/^Room/), announcement: 'welcome', creator: owner, onlineMemberNum: 1, mute: false });
    expect(o.login.body.member).toMatchObject({ chatroomId: room, account: owner, type: 'owner', online: true, guest: false, nick: `nick-${owner}` });
    const a = await entered(room, amy);
    expect(a.login.body.member).toMatchObject({ account: amy, type: 'guest', guest: true, online: true });
    expect(a.login.body.chatroom?.onlineMemberNum).toBe(2);
    expect(await waitNotice(o, 'memberEnter', (n) => (n.to as string[])[0] === amy)).toMatchObject({ from: amy });

    const bad = await RawImClient.open(started.wsUrl);
    clients.push(bad);
    expect((await bad.request('chatroomLogin', { chatroomId: room, account: amy, token: tokenFor(account('someone_else')) })).code).toBe(ResponseCode.WRONG_CREDENTIALS);
    expect((await enter(room)).login.code).toBe(ResponseCode.NO_PERMISSION);
    expect((await enter('no-such-room', amy)).login.code).toBe(ResponseCode.NOT_FOUND);

    const open = await newRoom(owner, { allowAnonymous: true });
    const anon = await entered(open);
    expect(anon.login.body.member).toMatchObject({ type: 'anonymous', guest: true, account: expect.stringMatching(/^anon_/) });

    expect((await a.request('getServerTime', {})).code).toBe(200);
    expect((await a.request('getRelations', {})).code).toBe(ResponseCode.NO_PERMISSION);
    expect((await a.request('chatroomLogin', { chatroomId: room })).code).toBe(ResponseCode.DUPLICATE_OPERATION);
  });

  it('sendMsg reaches the other sockets of the room with idServer; history newest first, reverse, paging, msgTypes; limit above 100 is 414', async () => {
    const [owner, amy] = [account('cr_so'), account('cr_sa')];
    const room = await newRoom(owner);
    const o = await entered(room, owner);
    const a = await entered(room, amy);
    const sent = await send(a, 'hello');
    expect(sent.code).toBe(200);
    expect(sent.body.msg).toMatchObject({ idServer: expect.stringMatching(/^\d+$/), from: amy, to: room, chatroomId: room, text: 'hello', fromNick: `nick-${amy}` });
    const got = await o.waitForPush('chatroomMsg', (p) => p.msg?.text === 'hello');
    expect(got.msg).toMatchObject({ idServer: sent.body.msg?.idServer, from: amy, flow: 'in' });
    expect(a.pushesNamed('chatroomMsg').some((f) => (f.body as { msg: { text?: string } }).msg.text === 'hello')).toBe(false);
    // The same idClient again is the same message (a resend after a lost answer).
    const again = await send(a, 'hello-dup', 'fixed-id');
    expect((await send(a, 'hello-dup', 'fixed-id')).body.msg?.idServer).toBe(again.body.msg?.idServer);
    for (const text of ['m3', 'm4', 'm5']) expect((await send(o, text)).code).toBe(200);

    const all = await a.request('getChatroomHistoryMsgs', {});
    expect(all.body.msgs?.map((m) => m.text)).toEqual(['m5', 'm4', 'm3', 'hello-dup', 'hello']);
    const page = await a.request('getChatroomHistoryMsgs', { limit: 2 });
    expect(page.body.msgs?.map((m) => m.text)).toEqual(['m5', 'm4']);
    const next = await a.request('getChatroomHistoryMsgs', { limit: 2, lastMsgId: page.body.msgs?.[1]?.idServer });
    expect(next.body.msgs?.map((m) => m.text)).toEqual(['m3', 'hello-dup']);
    expect((await a.request('getChatroomHistoryMsgs', { reverse: true, limit: 2 })).body.msgs?.map((m) => m.text)).toEqual(['hello', 'hello-dup']);
    expect((await a.request('getChatroomHistoryMsgs', { msgTypes: [1] })).body.msgs).toEqual([]);
    const tooMany = await a.request('getChatroomHistoryMsgs', { limit: 101 });
    expect(tooMany.code).toBe(ResponseCode.PARAMETER_ERROR);
    expect(errMsg(tooMany)).toMatch('limit must be an integer from 1 to 100');
    expect((await a.request('chatroomSendMsg', { msg: { idClient: 'bad', type: 5, text: 'x' } })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await a.request('chatroomSendMsg', {})).code).toBe(ResponseCode.PARAMETER_ERROR);
  });

  it('members: fixed members and guests with online flags, levels and enter times; memberExit when the last socket leaves', async () => {
    const [owner, amy, bob] = [account('cr_mo'), account('cr_ma'), account('cr_mb')];
    const room = await newRoom(owner);
    const o = await entered(room, owner);
    const a = await entered(room, amy);
    const b = await entered(room, bob);
    const marked = await o.request('markChatroomMember', { account: amy, type: 'normal', isAdd: true, level: 7 });
    expect(marked.body.member).toMatchObject({ account: amy, type: 'normal', level: 7, online: true, guest: false });
    const fixed = await o.request('getChatroomMembers', { chatroomId: room, guest: false, limit: 10 });
    expect(fixed.body.members?.map((m) => [m.account, m.type]).sort()).toEqual([[amy, 'normal'], [owner, 'owner']].sort());
    const guests = await o.request('getChatroomMembers', { guest: true });
    expect(guests.body.members?.map((m) => m.account)).toEqual([bob]);
    expect(guests.body.members?.[0]).toMatchObject({ type: 'guest', guest: true, online: true, enterTime: expect.any(Number) });
    a.close();
    await waitNotice(o, 'memberExit', (n) => n.from === amy);
    const online = await o.request('getChatroomMembers', { guest: false, onlyOnline: true });
    expect(online.body.members?.map((m) => m.account)).toEqual([owner]);
    const withOffline = await o.request('getChatroomMembers', { guest: false });
    expect(withOffline.body.members?.find((m) => m.account === amy)).toMatchObject({ online: false, level: 7 });
    expect((await o.request('getChatroomMembers', { limit: 0 })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await b.request('getChatroomMembers', { chatroomId: 'other-room' })).code).toBe(ResponseCode.NO_PERMISSION);
  });

  it('mark: blacklist refuses send, login and address (13003); gag and temporary mute refuse send (13004) until lifted or over; only admins mark (403)', async () => {
    const [owner, mgr, amy, bob] = [account('cr_ko'), account('cr_km'), account('cr_ka'), account('cr_kb')];
    const room = await newRoom(owner);
    const o = await entered(room, owner);
    const m = await entered(room, mgr);
    const a = await entered(room, amy);
    const b = await entered(room, bob);
    expect((await a.request('markChatroomMember', { account: bob, type: 'gag', isAdd: true })).code).toBe(ResponseCode.NO_PERMISSION);
    expect((await m.request('markChatroomMember', { account: amy, type: 'manager', isAdd: true })).code).toBe(ResponseCode.NO_PERMISSION);
    expect((await o.request('markChatroomMember', { account: mgr, type: 'manager', isAdd: true })).body.member).toMatchObject({ type: 'manager' });
    expect((await m.request('markChatroomMember', { account: owner, type: 'gag', isAdd: true })).code).toBe(ResponseCode.NO_PERMISSION);
    const bad = await o.request('markChatroomMember', { account: amy, type: 'mute', isAdd: true });
    expect(bad.code).toBe(ResponseCode.PARAMETER_ERROR);
    expect(errMsg(bad)).toMatch('type must be one of manager, normal, blacklist, gag, tempMute');
    expect((await o.request('markChatroomMember', { account: amy, type: 'tempMute', isAdd: true })).code).toBe(ResponseCode.PARAMETER_ERROR);

    // gag (manager on a guest): 13004, then lifted.
    expect((await m.request('markChatroomMember', { account: amy, type: 'gag', isAdd: true })).body.member).toMatchObject({ gaged: true });
    expect(await waitNotice(a, 'gagMember')).toMatchObject({ from: mgr, to: [amy] });
    expect((await send(a, 'gagged')).code).toBe(ResponseCode.CHATROOM_IN_MUTELIST);
    await m.request('markChatroomMember', { account: amy, type: 'gag', isAdd: false });
    expect((await send(a, 'ungagged')).code).toBe(200);

    // temporary mute: 13004 with the seconds left, over after its duration.
    const muted = await m.request('markChatroomMember', { account: bob, type: 'tempMute', isAdd: true, duration: 1 });
    expect(muted.body.member).toMatchObject({ tempMuted: true, tempMuteDuration: 1 });
    expect(await waitNotice(b, 'addTempMute')).toMatchObject({ duration: 1, to: [bob] });
    expect((await send(b, 'while muted')).code).toBe(ResponseCode.CHATROOM_IN_MUTELIST);
    // fixed wait: the 1 s temporary mute is the server timer under test
    await new Promise((r) => setTimeout(r, 1100));
    expect((await send(b, 'after mute')).code).toBe(200);

    // blacklist: send, a new login and the address are refused.
    await o.request('markChatroomMember', { account: amy, type: 'blacklist', isAdd: true });
    const refused = await send(a, 'blacked');
    expect(refused.code).toBe(ResponseCode.CHATROOM_IN_BLACKLIST);
    expect((await enter(room, amy)).login.code).toBe(ResponseCode.CHATROOM_IN_BLACKLIST);
    const amyIm = await im(amy);
    expect((await amyIm.request('getChatroomAddress', { chatroomId: room })).code).toBe(ResponseCode.CHATROOM_IN_BLACKLIST);
    await o.request('markChatroomMember', { account: amy, type: 'blacklist', isAdd: false });
    expect((await amyIm.request('getChatroomAddress', { chatroomId: room })).code).toBe(200);
  });

  it('a fully muted room lets only the owner and managers speak (13006), and the room hears muteRoom/unmuteRoom', async () => {
    const [owner, mgr, amy] = [account('cr_fo'), account('cr_fm'), account('cr_fa')];
    const room = await newRoom(owner);
    const o = await entered(room, owner);
    const m = await entered(room, mgr);
    const a = await entered(room, amy);
    await o.request('markChatroomMember', { account: mgr, type: 'manager', isAdd: true });
    expect((await a.request('updateChatroom', { chatroom: { mute: true } })).code).toBe(ResponseCode.NO_PERMISSION);
    expect((await m.request('updateChatroom', { chatroom: { mute: true } })).code).toBe(200);
    expect(await waitNotice(a, 'muteRoom')).toMatchObject({ from: mgr, mute: true });
    const refused = await send(a, 'quiet');
    expect(refused.code).toBe(ResponseCode.CHATROOM_ALL_MUTED);
    expect(errMsg(refused)).toBe('chatroom fully muted, only admins may speak');
    expect((await send(m, 'manager speaks')).code).toBe(200);
    expect((await send(o, 'owner speaks')).code).toBe(200);
    expect((await a.request('getChatroom', {})).body.chatroom?.mute).toBe(true);
    await o.request('updateChatroom', { chatroom: { mute: false } });
    await waitNotice(a, 'unmuteRoom');
    expect((await send(a, 'free again')).code).toBe(200);
  });

  it('kick: the member sockets hear kickMember, get kicked (reason 5) and close; guests may not kick (403); an absent member is 404', async () => {
    const [owner, amy, bob] = [account('cr_xo'), account('cr_xa'), account('cr_xb')];
    const room = await newRoom(owner);
    const o = await entered(room, owner);
    const a = await entered(room, amy);
    const a2 = await entered(room, amy);
    const b = await entered(room, bob);
    expect((await b.request('kickChatroomMember', { account: amy })).code).toBe(ResponseCode.NO_PERMISSION);
    expect((await o.request('kickChatroomMember', { account: owner })).code).toBe(ResponseCode.NO_PERMISSION);
    expect((await o.request('kickChatroomMember', { account: account('cr_nobody') })).code).toBe(ResponseCode.NOT_FOUND);
    expect((await o.request('kickChatroomMember', { account: amy, custom: 'bye' })).code).toBe(200);
    for (const socket of [a, a2]) {
      expect(await socket.waitForPush('kicked')).toMatchObject({ reason: CHATROOM_KICK_REASON.kicked, message: 'Kicked from the chat room' });
      await socket.closed;
    }
    expect(await waitNotice(b, 'kickMember')).toMatchObject({ from: owner, to: [amy], custom: 'bye' });
    expect((await o.request('kickChatroomMember', { account: amy })).code).toBe(ResponseCode.NOT_FOUND);
    expect((await o.request('getChatroom', {})).body.chatroom?.onlineMemberNum).toBe(2);
  });

  it('a manager may not mark another manager nor kick the owner or another manager (403); marks, roles and sockets stay as they were', async () => {
    const [owner, m1, m2, amy] = [account('cr_po'), account('cr_pm1'), account('cr_pm2'), account('cr_pa')];
    const room = await newRoom(owner);
    const o = await entered(room, owner);
    const first = await entered(room, m1);
    const second = await entered(room, m2);
    const guest = await entered(room, amy);
    for (const mgr of [m1, m2]) expect((await o.request('markChatroomMember', { account: mgr, type: 'manager', isAdd: true })).code).toBe(200);
    const fixedMembers = async () =>
      ((await o.request('getChatroomMembers', { guest: false, limit: 100 })).body.members ?? [])
        .map((m) => ({ account: m.account, type: m.type, level: m.level, online: m.online, blacked: m.blacked, gaged: m.gaged, tempMuted: m.tempMuted }))
        .sort((x, y) => ((x.account ?? '') < (y.account ?? '') ? -1 : 1));
    const before = await fixedMembers();
    expect(before.map((m) => [m.account, m.type])).toEqual([[owner, 'owner'], [m1, 'manager'], [m2, 'manager']].sort((x, y) => (x[0] < y[0] ? -1 : 1)));
    // The guest has heard both addManager notices before the refusals start.
    await waitNotice(guest, 'addManager', (n) => (n.to as string[])[0] === m2);
    const noticesBefore = notices(guest).length;

    const refusals: [Body, string][] = [
      [{ account: m2, type: 'gag', isAdd: true }, 'only the owner may mark a manager'],
      [{ account: m2, type: 'blacklist', isAdd: true }, 'only the owner may mark a manager'],
      [{ account: m2, type: 'tempMute', isAdd: true, duration: 60 }, 'only the owner may mark a manager'],
      [{ account: m2, type: 'manager', isAdd: false }, 'only the owner may set managers'],
    ];
    for (const [body, message] of refusals) {
      const answer = await first.request('markChatroomMember', body as never);
      expect([body.type, answer.code, errMsg(answer)]).toEqual([body.type, ResponseCode.NO_PERMISSION, message]);
    }
    for (const target of [owner, m2]) {
      const answer = await first.request('kickChatroomMember', { account: target });
      expect([answer.code, errMsg(answer)]).toEqual([ResponseCode.NO_PERMISSION, `you may not kick ${target}`]);
    }
    // A round trip on the refused manager's socket runs after anything its calls would have sent.
    await first.request('getChatroom', {});
    expect(await fixedMembers()).toEqual(before);
    expect((await o.request('getChatroom', {})).body.chatroom?.onlineMemberNum).toBe(4);
    // Both targets still speak and hear the room; nobody got a kick or a mark notice.
    expect((await send(second, 'manager still here')).code).toBe(200);
    expect((await send(o, 'owner still here')).code).toBe(200);
    await second.waitForPush('chatroomMsg', (p) => p.msg?.text === 'owner still here');
    await o.waitForPush('chatroomMsg', (p) => p.msg?.text === 'manager still here');
    await guest.waitForPush('chatroomMsg', (p) => p.msg?.text === 'owner still here');
    for (const socket of [o, second]) {
      expect(socket.pushesNamed('kicked')).toEqual([]);
      expect(socket.closeInfo).toBeUndefined();
    }
    expect(notices(guest).slice(noticesBefore)).toEqual([]);
  });

  it('close: only the owner; every socket is kicked (reason 6); the room then answers 13002 to login and address', async () => {
    const [owner, amy] = [account('cr_co'), account('cr_ca')];
    const room = await newRoom(owner);
    const o = await entered(room, owner);
    const a = await entered(room, amy);
    expect((await a.request('closeChatroom', { chatroomId: room })).code).toBe(ResponseCode.NO_PERMISSION);
    expect((await o.request('closeChatroom', { chatroomId: room, custom: 'night' })).code).toBe(200);
    expect(await waitNotice(a, 'closeChatroom')).toMatchObject({ from: owner, custom: 'night' });
    for (const socket of [o, a]) {
      expect(await socket.waitForPush('kicked')).toMatchObject({ reason: CHATROOM_KICK_REASON.closed, message: 'The chat room was closed' });
      await socket.closed;
    }
    expect((await enter(room, amy)).login.code).toBe(ResponseCode.CHATROOM_STATE_ABNORMAL);
    expect((await (await im(amy)).request('getChatroomAddress', { chatroomId: room })).code).toBe(ResponseCode.CHATROOM_STATE_ABNORMAL);
  });

  it('getChatroom and updateChatroom: fields change for admins only, needNotify tells the room, bad fields are 414 and change nothing', async () => {
    const [owner, amy] = [account('cr_uo'), account('cr_ua')];
    const room = await newRoom(owner);
    const o = await entered(room, owner);
    const a = await entered(room, amy);
    expect((await a.request('updateChatroom', { chatroom: { name: 'mine' } })).code).toBe(ResponseCode.NO_PERMISSION);
    const updated = await o.request('updateChatroom', { chatroom: { name: 'Renamed', announcement: 'new rules', broadcastUrl: 'https://live.example/x', custom: '{"a":1}', queuelevel: 1 }, needNotify: true, custom: 'ext' });
    expect(updated.code).toBe(200);
    expect(await waitNotice(a, 'updateChatroom')).toMatchObject({ from: owner, custom: 'ext' });
    for (const bad of [{}, { name: '' }, { queuelevel: 3 }, { announcement: 'x'.repeat(5000) }]) {
      expect((await o.request('updateChatroom', { chatroom: bad })).code).toBe(ResponseCode.PARAMETER_ERROR);
    }
    expect((await o.request('updateChatroom', {})).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await a.request('getChatroom', { chatroomId: room })).body.chatroom).toMatchObject({
      id: room, name: 'Renamed', announcement: 'new rules', broadcastUrl: 'https://live.example/x', custom: '{"a":1}', queuelevel: 1, onlineMemberNum: 2, creator: owner,
    });
  });

  it('queue: offer, list, peek, poll, change, batchUpdate, drop; queuelevel 1 keeps guests out; transient items leave with their member', async () => {
    const [owner, amy] = [account('cr_qo'), account('cr_qa')];
    const room = await newRoom(owner);
    const o = await entered(room, owner);
    const a = await entered(room, amy);
    expect((await a.request('queueOffer', { item: { key: 'k1', value: 'v1' } })).code).toBe(200);
    expect(await waitNotice(o, 'queueOffer')).toMatchObject({ from: amy, items: [{ key: 'k1', value: 'v1' }] });
    await a.request('queueOffer', { item: { key: 'k2', value: 'v2' } });
    await a.request('queueOffer', { item: { key: 'k1', value: 'v1b' } });
    expect((await o.request('queueList', {})).body.items).toEqual([{ key: 'k1', value: 'v1b' }, { key: 'k2', value: 'v2' }]);
    expect((await o.request('queuePeek', {})).body.item).toEqual({ key: 'k1', value: 'v1b' });
    expect((await o.request('queueChange', { item: { key: 'k2', value: 'v2b' } })).code).toBe(200);
    expect((await o.request('queueChange', { item: { key: 'nope', value: 'x' } })).code).toBe(ResponseCode.NOT_FOUND);
    const batch = await o.request('queueBatchUpdate', { items: [{ key: 'k1', value: 'B1' }, { key: 'zz', value: 'x' }], needNotify: true });
    expect(batch.body.notInQueue).toEqual(['zz']);
    expect((await o.request('queuePoll', { key: 'k2' })).body.item).toEqual({ key: 'k2', value: 'v2b' });
    expect((await o.request('queuePoll', {})).body.item).toEqual({ key: 'k1', value: 'B1' });
    expect((await o.request('queuePoll', {})).code).toBe(ResponseCode.NOT_FOUND);
    expect((await o.request('queuePeek', {})).code).toBe(ResponseCode.NOT_FOUND);
    expect((await o.request('queueOffer', { item: { key: '', value: 'x' } })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await o.request('queueBatchUpdate', { items: [] })).code).toBe(ResponseCode.PARAMETER_ERROR);

    await a.request('queueOffer', { item: { key: 'mine', value: 'temp' }, transient: true });
    await o.request('queueOffer', { item: { key: 'stay', value: 'kept' } });
    expect((await a.request('queueDrop', {})).code).toBe(ResponseCode.NO_PERMISSION);
    a.close();
    await waitNotice(o, 'queueRemove', (n) => n.from === amy);
    expect((await o.request('queueList', {})).body.items).toEqual([{ key: 'stay', value: 'kept' }]);

    await o.request('updateChatroom', { chatroom: { queuelevel: 1 } });
    const b = await entered(room, amy);
    expect((await b.request('queueOffer', { item: { key: 'g', value: 'x' } })).code).toBe(ResponseCode.NO_PERMISSION);
    expect((await b.request('queueList', {})).code).toBe(200);
    expect((await o.request('queueDrop', {})).code).toBe(200);
    expect((await o.request('queueList', {})).body.items).toEqual([]);
  });

  it('tags and coordinates: getChatroomMembersByTag finds online members by tag; coordinates are stored; bad input 414', async () => {
    const [owner, amy, bob] = [account('cr_to'), account('cr_ta'), account('cr_tb')];
    const room = await newRoom(owner);
    const o = await entered(room, owner);
    const a = await entered(room, amy);
    const b = await entered(room, bob);
    expect((await a.request('updateChatroomTags', { tags: ['vip', 'north'] })).code).toBe(200);
    expect((await b.request('updateChatroomTags', { tags: ['north'] })).code).toBe(200);
    const north = await o.request('getChatroomMembersByTag', { tag: 'north' });
    expect(north.body.members?.map((m) => m.account).sort()).toEqual([amy, bob].sort());
    expect((await o.request('getChatroomMembersByTag', { tag: 'vip' })).body.members?.map((m) => m.account)).toEqual([amy]);
    await a.request('updateChatroomTags', { tags: [] });
    expect((await o.request('getChatroomMembersByTag', { tag: 'vip' })).body.members).toEqual([]);
    b.close();
    await waitNotice(o, 'memberExit', (n) => n.from === bob);
    expect((await o.request('getChatroomMembersByTag', { tag: 'north' })).body.members).toEqual([]);
    expect((await a.request('updateChatroomTags', { tags: ['x'.repeat(33)] })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await o.request('getChatroomMembersByTag', {})).code).toBe(ResponseCode.PARAMETER_ERROR);

    expect((await a.request('updateCoordinate', { x: 1.5, y: -2, z: 0, distance: 10 })).code).toBe(200);
    expect((await a.request('updateCoordinate', { x: 1 })).code).toBe(ResponseCode.PARAMETER_ERROR);
  });
  it('POST /chatrooms creates a room owned by the account of the IM token; no token 401, bad fields 400 (414), a taken id 409 (417)', async () => {
    const owner = account('cr_http');
    const post = (body: unknown, token?: string) =>
      fetch(`${started.url}/chatrooms`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    const id = `${account('http')}-room`;
    const created = await post({ id, name: 'Over HTTP', announcement: 'hello', allowAnonymous: true }, tokenFor(owner));
    expect(created.status).toBe(200);
    expect(await created.json()).toEqual({ code: 200, chatroom: { id, name: 'Over HTTP', creator: owner } });
    expect((await post({ name: 'x' })).status).toBe(401);
    expect((await post({ name: 'x' }, 'not-a-token')).status).toBe(401);
    const noName = await post({ id: `${id}-2` }, tokenFor(owner));
    expect(noName.status).toBe(400);
    expect(await noName.json()).toEqual({ code: 414, msg: 'name is required' });
    expect((await post({ id: 'has space', name: 'x' }, tokenFor(owner))).status).toBe(400);
    const taken = await post({ id, name: 'again' }, tokenFor(account('cr_http_other')));
    expect(taken.status).toBe(409);
    expect((await taken.json()).code).toBe(417);
    const o = await entered(id, owner);
    expect(o.login.body.member?.type).toBe('owner');
    expect(o.login.body.chatroom).toMatchObject({ name: 'Over HTTP', announcement: 'hello' });
    expect((await enter(id)).login.code).toBe(200);
  });

  it('every chat-room command with well-typed arbitrary bodies, and chatroomLogin with arbitrary bodies, is answered with a clear code; the server keeps serving', async () => {
    type FieldType = string | { kind: 'array'; element: FieldType } | { kind: 'record'; fields: Record<string, [number, FieldType]> };
    const CLEAR = new Set<number>([200, 302, 403, 404, 405, 414, 417, 13002, 13003, 13004, 13006]);
    const [owner, amy] = [account('cr_zo'), account('cr_za')];
    const room = await newRoom(owner, { allowAnonymous: true });
    const o = await entered(room, owner);
    const a = await entered(room, amy);
    const valueOf = (field: string, type: FieldType): fc.Arbitrary<unknown> => {
      if (field === 'chatroomId') return fc.constantFrom(room, '', 'other', 'has space', 'x'.repeat(70));
      if (field === 'account') return fc.constantFrom(owner, amy, account('cr_znobody'), '', 'x'.repeat(70));
      if (field === 'type') return fc.constantFrom('manager', 'normal', 'blacklist', 'gag', 'tempMute', 'other', '');
      if (typeof type === 'string') {
        if (type === 'string') return fc.oneof(fc.string({ maxLength: 12 }), fc.constant('x'.repeat(6000)));
        if (type === 'int') return fc.oneof(fc.integer({ min: -3, max: 200 }), fc.constant(2 ** 40));
        if (type === 'bool') return fc.boolean();
        return fc.oneof(fc.double(), fc.constant(Number.NaN));
      }
      if (type.kind === 'array') return fc.array(valueOf(field, type.element), { maxLength: 120 });
      return fc.record(Object.fromEntries(Object.entries(type.fields).map(([f, [, t]]) => [f, valueOf(f, t)])), { requiredKeys: [] });
    };
    const bodyOf = (n: CommandName) =>
      fc.record(Object.fromEntries(Object.entries(COMMANDS[n].request.fields as Record<string, [number, FieldType]>).map(([f, [, t]]) => [f, valueOf(f, t)])), { requiredKeys: [] });
    const names = (Object.keys(COMMANDS) as CommandName[]).filter((n) => COMMANDS[n].kind === 'request' && COMMANDS[n].serviceId === 13 && n !== 'chatroomLogin');
    // closeChatroom and kicks go last: after them the room answers 13002 or the socket is gone.
    const order = [...names.filter((n) => n !== 'closeChatroom' && n !== 'kickChatroomMember'), 'kickChatroomMember' as CommandName, 'closeChatroom' as CommandName];
    const unclear: unknown[] = [];
    for (const [i, n] of order.entries()) {
      const bodies = [{}, ...fc.sample(bodyOf(n), { numRuns: 25, seed: 20261124 + i })];
      for (const [j, body] of bodies.entries()) {
        const socket = j % 2 === 0 || a.closeInfo ? o : a;
        if (socket.closeInfo) break;
        const answer = await socket.request(n, body as never).catch(() => undefined);
        if (answer && !CLEAR.has(answer.code)) unclear.push({ n, body, code: answer.code });
      }
    }
    for (const body of [{}, ...fc.sample(bodyOf('chatroomLogin'), { numRuns: 15, seed: 7 })]) {
      const c = await RawImClient.open(started.wsUrl);
      clients.push(c);
      const answer = await c.request('chatroomLogin', body as never);
      if (!CLEAR.has(answer.code)) unclear.push({ n: 'chatroomLogin', body, code: answer.code });
    }
    expect(unclear).toEqual([]);
    expect(names.length).toBe(18);
    const after = await im(account('cr_zafter'));
    for (const body of [{}, ...fc.sample(bodyOf('getChatroomAddress'), { numRuns: 15, seed: 11 })]) {
      expect(CLEAR.has((await after.request('getChatroomAddress', body as never)).code)).toBe(true);
    }
    expect((await after.request('getServerTime', {})).code).toBe(200);
  }, 180_000);
});

describe('ChatroomService on the database', () => {
  it('stores the coordinate of updateCoordinate on the member and keeps it across a new service', async () => {
    const store = await openImStore({ dataDir: 'memory://', databaseUrl: process.env.DATABASE_URL });
    try {
      const rooms = new ChatroomService(store.db);
      const [owner, amy] = [account('cr_svc_o'), account('cr_svc_a')];
      const id = `${account('svc')}-coord`;
      await rooms.create({ id, name: 'Coordinates', creator: owner });
      await rooms.enter({ chatroomId: id, account: amy });
      await rooms.setCoordinate(id, amy, { x: 1.5, y: -2, z: 0, distance: 10 });
      expect(await new ChatroomService(store.db).member(id, amy)).toMatchObject({ coord_x: 1.5, coord_y: -2, coord_z: 0, coord_distance: 10 });
      await expect(rooms.setCoordinate(id, amy, { x: Number.NaN, y: 0, z: 0 })).rejects.toMatchObject({ code: ResponseCode.PARAMETER_ERROR });
      await expect(rooms.create({ id, name: 'again', creator: owner })).rejects.toMatchObject({ code: ResponseCode.DUPLICATE_OPERATION });
    } finally {
      await store.close();
    }
  });
});
