import type { ImClient, ImMessage } from '@merchant/im-core';
import { imCoreClient } from './support/im-core-clients';
import { RawImClient } from './support/raw-client';
import { errMsg, teamWorld } from './support/team-helpers';
import { account, startServer, type StartedServer } from './support/test-server';

type Msg = { idServer?: string; idClient?: string; from?: string; to?: string; time?: number; scene?: number } & Record<string, unknown>;

/**
 * Threads and replies over real sockets (msgExtend, issue 12; docs/im-extend.md "Threads and replies"):
 * a reply carries replyMsg* / threadMsg*, which the server checks, stores, answers, pushes and syncs;
 * getThreadMsgs pages a thread for members of its conversation; getMsgsByIdServer answers what the
 * caller can see. Every malformed body is a 414, never a 500.
 */
describe('msgExtend: threads and replies', () => {
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
  const replyFields = (target: Msg) => ({ replyMsgIdServer: target.idServer, replyMsgIdClient: target.idClient, replyMsgFromAccount: target.from, replyMsgToAccount: target.to, replyMsgTime: target.time });
  const sendP2p = async (from: RawImClient, to: string, text: string, extra: Record<string, unknown> = {}) => {
    const answer = await from.request('sendMsg', { msg: { idClient: `th-${++n}`, scene: 0, to, type: 0, text, ...extra } });
    expect([answer.code, errMsg(answer)]).toEqual([200, undefined]);
    return answer.body.msg as Msg;
  };
  const sendTeam = async (from: RawImClient, teamId: string, text: string, extra: Record<string, unknown> = {}) => {
    const answer = await from.request('sendTeamMsg', { msg: { idClient: `tt-${++n}`, scene: 1, to: teamId, type: 0, text, ...extra } });
    expect([answer.code, errMsg(answer)]).toEqual([200, undefined]);
    return answer.body.msg as Msg;
  };
  const linkOf = (prefix: 'replyMsg' | 'threadMsg', m: Msg) => ({
    [`${prefix}IdServer`]: m.idServer,
    [`${prefix}IdClient`]: m.idClient,
    [`${prefix}FromAccount`]: m.from,
    [`${prefix}ToAccount`]: m.to,
    [`${prefix}Time`]: m.time,
  });

  it('a p2p reply carries the replied message and its thread in the answer, the push, history and sync; a reply to a reply stays in the root\'s thread', async () => {
    const a = account('th_a');
    const b = account('th_b');
    const alice = await world.open(a);
    const bob = await world.open(b);
    const root = await sendP2p(alice, b, 'root');
    expect(root).not.toHaveProperty('threadMsgIdServer');

    const reply = await sendP2p(bob, a, 'first answer', replyFields(root));
    expect(reply).toMatchObject({ ...linkOf('replyMsg', root), ...linkOf('threadMsg', root) });
    const pushed = await alice.waitForPush('msg', (p) => p.msg?.idServer === reply.idServer);
    expect(pushed.msg).toMatchObject({ ...linkOf('replyMsg', root), ...linkOf('threadMsg', root) });

    // Answering the reply: replyMsg is the reply, threadMsg stays the root.
    const deeper = await sendP2p(alice, b, 'second answer', replyFields(reply));
    expect(deeper).toMatchObject({ ...linkOf('replyMsg', reply), ...linkOf('threadMsg', root) });

    const history = await bob.request('getHistoryMsgs', { to: a, limit: 10 });
    const byId = new Map((history.body.msgs ?? []).map((m) => [m.idServer, m as Msg]));
    expect(byId.get(deeper.idServer)).toMatchObject({ ...linkOf('replyMsg', reply), ...linkOf('threadMsg', root) });
    expect(byId.get(root.idServer)).not.toHaveProperty('replyMsgIdServer');

    const phone = await world.open(b, 1);
    const synced = (await world.syncFrom(phone)).named('roamingMsgs').flatMap((p) => (p.msgs as Msg[]) ?? []);
    expect(synced.find((m) => m.idServer === reply.idServer)).toMatchObject({ ...linkOf('replyMsg', root), ...linkOf('threadMsg', root) });
  });

  it('getThreadMsgs pages a thread (newest first, lastMsgId, reverse, time range) with total and timetag; naming a reply finds its thread', async () => {
    const a = account('thp_a');
    const b = account('thp_b');
    const alice = await world.open(a);
    const bob = await world.open(b);
    const root = await sendP2p(alice, b, 'question');
    await sendP2p(alice, b, 'not in the thread');
    const replies: Msg[] = [];
    for (let i = 0; i < 5; i++) replies.push(await sendP2p(i % 2 ? alice : bob, i % 2 ? b : a, `answer ${i}`, replyFields(i === 0 ? root : replies[i - 1])));
    const ids = replies.map((r) => r.idServer);

    const first = await bob.request('getThreadMsgs', { threadMsg: { idServer: root.idServer }, limit: 2 });
    expect(first.code).toBe(200);
    expect(first.body.threadMsg).toMatchObject({ idServer: root.idServer, text: 'question' });
    expect(first.body.msgs?.map((m) => m.idServer)).toEqual([ids[4], ids[3]]);
    expect(first.body.total).toBe(5);
    expect(first.body.timetag).toBe(replies[4].time);

    const second = await bob.request('getThreadMsgs', { threadMsg: { idServer: root.idServer }, limit: 2, lastMsgId: ids[3] });
    expect(second.body.msgs?.map((m) => m.idServer)).toEqual([ids[2], ids[1]]);
    const oldest = await alice.request('getThreadMsgs', { threadMsg: { idServer: root.idServer }, limit: 3, reverse: true });
    expect(oldest.body.msgs?.map((m) => m.idServer)).toEqual([ids[0], ids[1], ids[2]]);
    const ranged = await alice.request('getThreadMsgs', { threadMsg: { idServer: root.idServer }, beginTime: replies[1].time, endTime: replies[3].time });
    expect(ranged.body.msgs?.map((m) => m.idServer)).toEqual([ids[3], ids[2], ids[1]]);
    expect(ranged.body.total).toBe(5);

    const viaReply = await alice.request('getThreadMsgs', { threadMsg: { idServer: ids[2] }, limit: 100 });
    expect(viaReply.body.threadMsg?.idServer).toBe(root.idServer);
    expect(viaReply.body.msgs).toHaveLength(5);

    // A message that nobody answered is a thread of its own, empty.
    const lonely = await alice.request('getThreadMsgs', { threadMsg: { idServer: (await sendP2p(alice, b, 'alone')).idServer } });
    expect([lonely.code, lonely.body.msgs ?? [], lonely.body.total]).toEqual([200, [], 0]);
  });

  it('a team reply reaches every member and lists in the thread; a non-member can neither reply nor read the thread', async () => {
    const owner = await world.open(account('tht_o'));
    const m1 = account('tht_1');
    const member = await world.open(m1);
    const stranger = await world.open(account('tht_x'));
    const teamId = await world.createTeam(owner, [m1]);
    const root = await sendTeam(owner, teamId, 'team question');

    const reply = await sendTeam(member, teamId, 'team answer', replyFields(root));
    expect(reply).toMatchObject({ ...linkOf('replyMsg', root), ...linkOf('threadMsg', root) });
    expect((await owner.waitForPush('teamMsg', (p) => p.msg?.idServer === reply.idServer)).msg).toMatchObject(linkOf('threadMsg', root));

    const thread = await owner.request('getThreadMsgs', { threadMsg: { idServer: root.idServer } });
    expect([thread.code, thread.body.msgs?.map((m) => m.idServer), thread.body.total]).toEqual([200, [reply.idServer], 1]);

    const outsiderRead = await stranger.request('getThreadMsgs', { threadMsg: { idServer: root.idServer } });
    expect([outsiderRead.code, errMsg(outsiderRead)]).toEqual([404, 'message not found']);
    // Not a member: the team's own refusal (804) comes before any look at the replied message.
    const outsiderReply = await stranger.request('sendTeamMsg', { msg: { idClient: 'tht-x-1', scene: 1, to: teamId, type: 0, text: 'me too', ...replyFields(root) } });
    expect(outsiderReply.code).toBe(804);
  });

  it('refuses unknown and foreign references (404) and malformed ones (414); nothing is stored', async () => {
    const a = account('thr_a');
    const b = account('thr_b');
    const c = account('thr_c');
    const alice = await world.open(a);
    const carol = await world.open(c);
    const owner = await world.open(account('thr_o'));
    const teamId = await world.createTeam(owner, [a]);
    const foreign = await sendP2p(carol, b, 'carol to bob');
    const teamMsg = await sendTeam(owner, teamId, 'in the team');
    const mine = await sendP2p(alice, b, 'alice to bob');

    const attempts: [string, Record<string, unknown>, number, string][] = [
      ['unknown id', { replyMsgIdServer: '999999999' }, 404, 'replied message not found'],
      ['another p2p chat', { replyMsgIdServer: foreign.idServer }, 404, 'replied message not found'],
      ['a team message in a p2p chat', { replyMsgIdServer: teamMsg.idServer }, 404, 'replied message not found'],
      ['not an idServer', { replyMsgIdServer: 'abc' }, 414, 'msg needs the idServer of a message the server has answered'],
      ['a thread without a reply', { threadMsgIdServer: mine.idServer }, 414, 'a thread reference needs the replied message (replyMsgIdServer)'],
      ['a thread that is not the reply\'s', { replyMsgIdServer: mine.idServer, threadMsgIdServer: foreign.idServer }, 414, `threadMsgIdServer must be the thread of the replied message (${mine.idServer})`],
    ];
    for (const [, fields, code, message] of attempts) {
      const answer = await alice.request('sendMsg', { msg: { idClient: `thr-${++n}`, scene: 0, to: b, type: 0, text: 'x', ...fields } });
      expect([answer.code, errMsg(answer)]).toEqual([code, message]);
    }
    const inTeam = await alice.request('sendTeamMsg', { msg: { idClient: `thr-${++n}`, scene: 1, to: teamId, type: 0, text: 'x', replyMsgIdServer: mine.idServer } });
    expect([inTeam.code, errMsg(inTeam)]).toEqual([404, 'replied message not found']);

    // A message deleted for self cannot be answered by that account.
    expect((await alice.request('deleteMsgSelf', { msg: { idServer: mine.idServer, scene: 0, from: a, to: b, time: mine.time, idClient: mine.idClient } } as never)).code).toBe(200);
    const deleted = await alice.request('sendMsg', { msg: { idClient: `thr-${++n}`, scene: 0, to: b, type: 0, text: 'x', replyMsgIdServer: mine.idServer } });
    expect(deleted.code).toBe(404);

    const history = await alice.request('getHistoryMsgs', { to: b, limit: 100 });
    expect((history.body.msgs ?? []).map((m) => m.text)).toEqual([]);
  });

  it('getMsgsByIdServer answers the messages the caller can see, in the order asked, at most 100', async () => {
    const a = account('thi_a');
    const b = account('thi_b');
    const alice = await world.open(a);
    const bob = await world.open(b);
    const carol = await world.open(account('thi_c'));
    const owner = await world.open(account('thi_o'));
    const teamId = await world.createTeam(owner, [a]);
    const one = await sendP2p(alice, b, 'one');
    const two = await sendP2p(bob, a, 'two');
    const team = await sendTeam(owner, teamId, 'team');
    const hidden = await sendP2p(carol, b, 'not for alice');

    const answer = await alice.request('getMsgsByIdServer', {
      reqMsgs: [
        { idServer: two.idServer, scene: 0, from: b, to: a, time: two.time },
        { idServer: hidden.idServer },
        { idServer: team.idServer, scene: 1 },
        { idServer: one.idServer },
        { idServer: '123456789012' },
        // A reference whose other fields do not match is left out.
        { idServer: one.idServer, from: b },
      ],
    });
    expect(answer.code).toBe(200);
    expect(answer.body.msgs?.map((m) => m.text)).toEqual(['two', 'team', 'one']);
    expect(answer.body.msgs?.[0]).toMatchObject({ sessionId: `p2p-${b}`, flow: 'in' });

    const tooMany = await alice.request('getMsgsByIdServer', { reqMsgs: Array.from({ length: 101 }, () => ({ idServer: one.idServer })) });
    expect([tooMany.code, errMsg(tooMany)]).toEqual([414, 'messages can be looked up by idServer 1 to 100 at a time']);
    const hundred = await alice.request('getMsgsByIdServer', { reqMsgs: Array.from({ length: 100 }, () => ({ idServer: one.idServer })) });
    expect(hundred.body.msgs?.map((m) => m.text)).toEqual(['one']);
  });

  describe('im-core client (client.msgExtend)', () => {
    const clients: ImClient[] = [];
    afterAll(async () => {
      for (const c of clients) await c.destroy();
    });
    const connect = async (me: string) => {
      const client = imCoreClient(started.url, me);
      clients.push(client);
      await client.connect();
      return client;
    };

    it('replyText answers a received message in its session; both stores keep the reply and thread fields; getThreadMsgs and getMsgsByIdServer through the client; bad input refused before sending', async () => {
      const a = account('thc_a');
      const b = account('thc_b');
      const alice = await connect(a);
      const bob = await connect(b);
      const bobHeard = new Promise<ImMessage>((resolve) => bob.on('msg', resolve));
      const root = await alice.messages.sendText({ scene: 'p2p', to: b, text: 'shall we meet?' });
      const received = await bobHeard;
      expect(received.idServer).toBe(root.idServer);

      const aliceHeard = new Promise<ImMessage>((resolve) => alice.on('msg', resolve));
      const reply = await bob.msgExtend.replyText(received, { text: 'yes, at noon' });
      const threadOfRoot = { threadMsgIdServer: root.idServer, threadMsgIdClient: root.idClient, threadMsgFromAccount: a, threadMsgToAccount: b, threadMsgTime: root.time };
      expect(reply).toMatchObject({ sessionId: `p2p-${a}`, status: 'success', replyMsgIdServer: root.idServer, replyMsgFromAccount: a, ...threadOfRoot });
      const incoming = await aliceHeard;
      expect(incoming).toMatchObject({ idServer: reply.idServer, replyMsgIdServer: root.idServer, replyMsgIdClient: root.idClient, ...threadOfRoot });
      expect((await alice.messages.list({ sessionId: `p2p-${b}` })).find((m) => m.idServer === reply.idServer)).toMatchObject({ replyMsgIdServer: root.idServer, ...threadOfRoot });
      expect((await bob.messages.list({ sessionId: `p2p-${a}` })).find((m) => m.idServer === reply.idServer)).toMatchObject({ replyMsgIdServer: root.idServer, ...threadOfRoot });

      // Answering the reply keeps the root as the thread.
      const deeper = await alice.msgExtend.replyText(incoming, { text: 'see you' });
      expect(deeper).toMatchObject({ replyMsgIdServer: reply.idServer, ...threadOfRoot });

      const page = await alice.msgExtend.getThreadMsgs(root, { limit: 1 });
      expect(page.threadMsg).toMatchObject({ idServer: root.idServer, text: 'shall we meet?' });
      expect([page.msgs.map((m) => m.text), page.total]).toEqual([['see you'], 2]);
      const rest = await alice.msgExtend.getThreadMsgs(root, { limit: 1, lastMsgId: page.msgs[0].idServer });
      expect(rest.msgs.map((m) => m.text)).toEqual(['yes, at noon']);

      const looked = await bob.msgExtend.getMsgsByIdServer([{ idServer: deeper.idServer, scene: 'p2p', from: a }, { idServer: root.idServer }]);
      expect(looked.map((m) => [m.text, m.flow])).toEqual([['see you', 'in'], ['shall we meet?', 'in']]);

      // Refused by the client before anything is sent or stored.
      const { idServer: _dropped, ...unanswered } = received;
      await expect(bob.msgExtend.replyText(unanswered as ImMessage, { text: 'x' })).rejects.toMatchObject({ code: 414, message: 'msg needs the idServer of a message the server has answered' });
      await expect(bob.msgExtend.replyText(received, { text: '' })).rejects.toMatchObject({ code: 414 });
      await expect(alice.msgExtend.getThreadMsgs(root, { limit: 101 })).rejects.toMatchObject({ code: 414, message: 'limit must be 1 to 100' });
      await expect(alice.msgExtend.getMsgsByIdServer([])).rejects.toMatchObject({ code: 414, message: 'messages can be looked up by idServer 1 to 100 at a time' });
      // Refused by the server: a message of another conversation (the server's 404 reaches the caller).
      await expect(bob.msgExtend.replyText({ ...received, idServer: '999999999' }, { text: 'lost' })).rejects.toMatchObject({ code: 404 });
      expect((await bob.messages.list({ sessionId: `p2p-${a}` })).filter((m) => m.text === 'x')).toEqual([]);
    });
  });

  it('malformed thread queries and lookups are 414 with a clear text, never 500; the server keeps serving', async () => {
    const a = account('thm_a');
    const alice = await world.open(a);
    const root = await sendP2p(alice, account('thm_b'), 'root');
    const bodies: [string, Record<string, unknown>, string][] = [
      ['getThreadMsgs', {}, 'msg needs the idServer of a message the server has answered'],
      ['getThreadMsgs', { threadMsg: { idServer: '-1' } }, 'msg needs the idServer of a message the server has answered'],
      ['getThreadMsgs', { threadMsg: { idServer: root.idServer }, limit: 101 }, 'limit must be 1 to 100'],
      ['getThreadMsgs', { threadMsg: { idServer: root.idServer }, limit: -5 }, 'limit must be 1 to 100'],
      ['getThreadMsgs', { threadMsg: { idServer: root.idServer }, beginTime: 20, endTime: 10 }, 'beginTime must not be after endTime'],
      ['getThreadMsgs', { threadMsg: { idServer: root.idServer }, lastMsgId: 'zz' }, 'lastMsgId must be the idServer of a message the server has answered'],
      ['getMsgsByIdServer', {}, 'messages can be looked up by idServer 1 to 100 at a time'],
      ['getMsgsByIdServer', { reqMsgs: [] }, 'messages can be looked up by idServer 1 to 100 at a time'],
      ['getMsgsByIdServer', { reqMsgs: [{ idServer: '99999999999999999999' }] }, 'msg needs the idServer of a message the server has answered'],
      ['getMsgsByIdServer', { reqMsgs: [{ from: a }] }, 'msg needs the idServer of a message the server has answered'],
    ];
    for (const [command, body, message] of bodies) {
      const answer = await alice.request(command as 'getThreadMsgs', body as never);
      expect([command, answer.code, errMsg(answer)]).toEqual([command, 414, message]);
    }
    const sendBodies: Record<string, unknown>[] = [
      { replyMsgIdServer: '' , threadMsgIdClient: 'x' },
      { replyMsgIdServer: '1'.repeat(16) },
      { replyMsgIdServer: root.idServer, threadMsgIdServer: 'nope' },
    ];
    for (const fields of sendBodies) {
      const answer = await alice.request('sendMsg', { msg: { idClient: `thm-${++n}`, scene: 0, to: account('thm_b'), type: 0, text: 'x', ...fields } });
      expect(answer.code).toBe(414);
    }
    expect((await alice.request('getThreadMsgs', { threadMsg: { idServer: root.idServer } })).code).toBe(200);
  });
});
