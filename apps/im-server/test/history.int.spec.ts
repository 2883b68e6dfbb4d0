import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

/**
 * Server history per account (issue 10 §2): delete for self (batches 1–100), clear server
 * history and search, with two devices of one account on real sockets and a fresh third device
 * that syncs. Raw protocol clients, so every push and sync frame is visible.
 */
describe('server history: delete for self, clear history, search', () => {
  let started: StartedServer;
  const opened: RawImClient[] = [];
  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(async () => {
    for (const c of opened) c.close();
    await started.server.close();
  });

  // One client type per device: a second login of the same type would kick the first (§4).
  const CLIENT_TYPES: Record<string, number> = { 'dev-a': 16, 'dev-b': 1, 'dev-c': 2 };
  const device = async (name: string, deviceId: string) => {
    const raw = await RawImClient.loggedIn(started.wsUrl, name, { deviceId, clientType: CLIENT_TYPES[deviceId] ?? 16 });
    opened.push(raw);
    return raw;
  };
  const send = async (from: RawImClient, to: string, idClient: string, text: string) => {
    const answer = await from.request('sendMsg', { msg: { idClient, scene: 0, to, type: 0, text } });
    expect(answer.code).toBe(200);
    return answer.body.msg!;
  };
  const historyIds = async (raw: RawImClient, to: string) =>
    ((await raw.request('getHistoryMsgs', { scene: 0, to, limit: 100 })).body.msgs ?? []).map((m) => m.idClient).sort();
  /** A full sync from 0 on a fresh device: every data push until syncDone. */
  const fullSync = async (raw: RawImClient) => {
    expect((await raw.request('sync', { timetags: {} })).code).toBe(200);
    await raw.waitForPush('syncDone');
    const frames = raw.pushes.splice(0);
    const named = (name: string) => frames.filter((f) => f.name === name).map((f) => f.body as Record<string, unknown>);
    return { named };
  };

  it('deleteMsgSelfBatch hides messages from the account (live on its other device, and by sync on a fresh one) but not from the peer', async () => {
    const me = account('s_hist');
    const peer = account('c_hist');
    const a = await device(me, 'dev-a');
    const b = await device(me, 'dev-b');
    const p = await device(peer, 'dev-p');
    const m1 = await send(p, me, 'h-1', 'first');
    const m2 = await send(p, me, 'h-2', 'second');
    await send(a, peer, 'h-3', 'third');

    const answer = await a.request('deleteMsgSelfBatch', { msgs: [{ idServer: m1.idServer }, { idClient: m2.idClient, from: peer }] });
    expect(answer.code).toBe(200);
    const pushed = await b.waitForPush('msgsDeletedSelf');
    expect((pushed.deleted ?? []).map((d) => d.idClient).sort()).toEqual(['h-1', 'h-2']);
    expect(a.pushesNamed('msgsDeletedSelf')).toHaveLength(0);
    expect(p.pushesNamed('msgsDeletedSelf')).toHaveLength(0);

    expect(await historyIds(a, peer)).toEqual(['h-3']);
    expect(await historyIds(p, me)).toEqual(['h-1', 'h-2', 'h-3']);

    const c = await device(me, 'dev-c');
    const { named } = await fullSync(c);
    const roaming = named('roamingMsgs').flatMap((b) => (b.msgs as { idClient: string }[]) ?? []);
    expect(roaming.map((m) => m.idClient)).toEqual(['h-3']);
    const deleted = named('syncDeleteMsgSelf').flatMap((b) => (b.deleted as { idClient: string }[]) ?? []);
    expect(deleted.map((d) => d.idClient).sort()).toEqual(['h-1', 'h-2']);
    // The session's lastMsg is still h-3 (it was not deleted).
    const sessions = named('syncSessions').flatMap((b) => (b.sessions as { id: string; lastMsg?: { idClient: string } }[]) ?? []);
    expect(sessions.find((s) => s.id === `p2p-${peer}`)?.lastMsg?.idClient).toBe('h-3');
  });

  it('a batch of 0 or 101 is refused with 414, a message of another account with 404, and nothing changes', async () => {
    const me = account('s_batch');
    const peer = account('c_batch');
    const other = account('c_other');
    const a = await device(me, 'dev-a');
    const b = await device(me, 'dev-b');
    const p = await device(peer, 'dev-p');
    const o = await device(other, 'dev-o');
    const mine = await send(p, me, 'b-1', 'keep me');
    const foreign = await send(o, peer, 'b-x', 'not yours');

    expect((await a.request('deleteMsgSelfBatch', { msgs: [] })).code).toBe(414);
    const tooMany = Array.from({ length: 101 }, () => ({ idServer: mine.idServer }));
    expect((await a.request('deleteMsgSelfBatch', { msgs: tooMany })).code).toBe(414);
    expect((await a.request('deleteMsgSelfBatch', { msgs: [{ idServer: mine.idServer }, { idServer: foreign.idServer }] })).code).toBe(404);
    expect((await a.request('deleteMsgSelf', { msg: { idServer: foreign.idServer } })).code).toBe(404);
    expect(await historyIds(a, peer)).toEqual(['b-1']);
    expect(await historyIds(o, peer)).toEqual(['b-x']);
    // Nothing was pushed to the other device and a fresh sync carries no deletion.
    await a.request('heartbeat', {});
    expect(b.pushesNamed('msgsDeletedSelf')).toHaveLength(0);
    const c = await device(me, 'dev-c');
    expect((await fullSync(c)).named('syncDeleteMsgSelf')).toHaveLength(0);
    // 100 is allowed.
    const hundred = Array.from({ length: 100 }, () => ({ idServer: mine.idServer }));
    expect((await a.request('deleteMsgSelfBatch', { msgs: hundred })).code).toBe(200);
    expect(await historyIds(a, peer)).toEqual([]);
  });

  it('team messages: one received or sent in a team the account is in is deleted for it alone and its team session\'s lastMsg moves back; a team it left or never joined is 404', async () => {
    const me = account('s_tdel');
    const owner = account('c_towner');
    const mate = account('c_tmate');
    const a = await device(me, 'dev-a');
    const b = await device(me, 'dev-b');
    const o = await device(owner, 'dev-o');
    const m = await device(mate, 'dev-m');
    const createTeam = async (accounts: string[]) => {
      const created = await o.request('createTeam', { team: { type: 1, name: 'Shift', beInviteMode: 1 }, accounts });
      expect(created.code).toBe(200);
      return created.body.team!.teamId as string;
    };
    const sendTeam = async (from: RawImClient, teamId: string, idClient: string) => {
      const answer = await from.request('sendTeamMsg', { msg: { idClient, scene: 1, to: teamId, type: 0, text: idClient } });
      expect(answer.code).toBe(200);
      return answer.body.msg!;
    };
    /** The texts of a team's history as `raw` sees it (the team's notifications left out). */
    const teamHistoryIds = async (raw: RawImClient, teamId: string) =>
      ((await raw.request('getTeamHistoryMsgs', { scene: 1, to: teamId, limit: 100 })).body.msgs ?? [])
        .filter((msg) => msg.type === 0)
        .map((msg) => msg.idClient)
        .sort();
    /** A full sync of `raw`: the team session's lastMsg, the team's roaming messages, the deletions for self. */
    const teamSync = async (raw: RawImClient, teamId: string) => {
      const { named } = await fullSync(raw);
      const sessions = named('syncSessions').flatMap((p) => (p.sessions as { id: string; lastMsg?: { idClient: string } }[]) ?? []);
      const roaming = named('roamingMsgs').flatMap((p) => (p.msgs as { idClient: string; sessionId: string }[]) ?? []);
      return {
        lastMsg: sessions.find((s) => s.id === `team-${teamId}`)?.lastMsg?.idClient,
        roaming: roaming.filter((msg) => msg.sessionId === `team-${teamId}` && msg.idClient.startsWith('td-')).map((msg) => msg.idClient),
        deleted: named('syncDeleteMsgSelf').flatMap((p) => (p.deleted as { idClient: string }[]) ?? []).map((d) => d.idClient),
      };
    };

    const teamId = await createTeam([me, mate]);
    await sendTeam(o, teamId, 'td-1');
    const mine = await sendTeam(a, teamId, 'td-2');
    const received = await sendTeam(o, teamId, 'td-3');

    // A message another member sent: gone from my team history, sync and session; the others keep it.
    expect((await a.request('deleteMsgSelf', { msg: { idServer: received.idServer } })).code).toBe(200);
    const pushed = await b.waitForPush('msgsDeletedSelf');
    expect(pushed.deleted).toEqual([expect.objectContaining({ scene: 1, idClient: 'td-3', to: teamId })]);
    expect(await teamHistoryIds(a, teamId)).toEqual(['td-1', 'td-2']);
    expect(await teamHistoryIds(m, teamId)).toEqual(['td-1', 'td-2', 'td-3']);
    expect(await teamHistoryIds(o, teamId)).toEqual(['td-1', 'td-2', 'td-3']);
    const c = await device(me, 'dev-c');
    expect(await teamSync(c, teamId)).toEqual({ lastMsg: 'td-2', roaming: ['td-1', 'td-2'], deleted: ['td-3'] });
    expect((await teamSync(m, teamId)).lastMsg).toBe('td-3');

    // My own message, named by sender and idClient: the session moves back to the previous visible one.
    expect((await a.request('deleteMsgSelfBatch', { msgs: [{ idClient: mine.idClient, from: me }] })).code).toBe(200);
    expect(await teamHistoryIds(a, teamId)).toEqual(['td-1']);
    expect(await teamSync(c, teamId)).toEqual({ lastMsg: 'td-1', roaming: ['td-1'], deleted: ['td-3', 'td-2'] });
    expect(await teamHistoryIds(m, teamId)).toEqual(['td-1', 'td-2', 'td-3']);
    expect((await teamSync(m, teamId)).lastMsg).toBe('td-3');

    // A team I left (my own message there included) and one I was never in: 404, nothing changes.
    const leftTeam = await createTeam([me, mate]);
    const beforeLeaving = await sendTeam(o, leftTeam, 'tl-1');
    const mineBeforeLeaving = await sendTeam(a, leftTeam, 'tl-2');
    expect((await a.request('leaveTeam', { teamId: leftTeam })).code).toBe(200);
    const otherTeam = await createTeam([mate]);
    const notMine = await sendTeam(m, otherTeam, 'tn-1');
    for (const idServer of [beforeLeaving.idServer, mineBeforeLeaving.idServer, notMine.idServer]) {
      expect((await a.request('deleteMsgSelf', { msg: { idServer } })).code).toBe(404);
    }
    expect((await a.request('deleteMsgSelfBatch', { msgs: [{ idServer: notMine.idServer }, { idServer: mine.idServer }] })).code).toBe(404);
    expect((await teamSync(c, teamId)).deleted).toEqual(['td-3', 'td-2']);
    expect(await teamHistoryIds(m, leftTeam)).toEqual(['tl-1', 'tl-2']);
  });

  it('clearServerHistoryMsgs clears the session for the account on all its devices; the peer keeps its history', async () => {
    const me = account('s_clear');
    const peer = account('c_clear');
    const a = await device(me, 'dev-a');
    const b = await device(me, 'dev-b');
    const p = await device(peer, 'dev-p');
    await send(p, me, 'c-1', 'one');
    await send(p, me, 'c-2', 'two');
    const answer = await a.request('clearServerHistoryMsgs', { scene: 0, to: peer, ext: 'why' });
    expect(answer.code).toBe(200);
    const pushed = await b.waitForPush('sessionHistoryCleared');
    expect(pushed.session).toMatchObject({ sessionId: `p2p-${peer}`, time: answer.body.time, ext: 'why' });
    expect(await historyIds(a, peer)).toEqual([]);
    expect(await historyIds(p, me)).toEqual(['c-1', 'c-2']);

    const c = await device(me, 'dev-c');
    const { named } = await fullSync(c);
    expect(named('roamingMsgs').flatMap((b) => (b.msgs as unknown[]) ?? [])).toEqual([]);
    expect(named('syncSessionHistoryMsgsDelete').flatMap((b) => b.sessions as unknown[])).toEqual([
      expect.objectContaining({ sessionId: `p2p-${peer}`, time: answer.body.time }),
    ]);
    const session = named('syncSessions')
      .flatMap((b) => (b.sessions as { id: string; unread?: number; lastMsg?: unknown }[]) ?? [])
      .find((s) => s.id === `p2p-${peer}`);
    expect(session?.lastMsg).toBeUndefined();
    expect(session?.unread ?? 0).toBe(0);

    // A message after the clear is history again.
    await send(p, me, 'c-3', 'three');
    expect(await historyIds(a, peer)).toEqual(['c-3']);
  });

  it('searchHistoryMsgs finds by keyword only in the account\'s own visible messages; sessions, types and paging', async () => {
    const me = account('s_search');
    const peer1 = account('c_srch1');
    const peer2 = account('c_srch2');
    const stranger = account('c_strng');
    const a = await device(me, 'dev-a');
    const p1 = await device(peer1, 'dev-p1');
    const p2 = await device(peer2, 'dev-p2');
    const s = await device(stranger, 'dev-s');
    await send(p1, me, 's-1', 'Invoice 1001 ready');
    await send(a, peer1, 's-2', 'thanks for the invoice');
    await send(p2, me, 's-3', 'where is my INVOICE?');
    await send(p2, me, 's-4', 'hello');
    const gone = await send(p1, me, 's-5', 'old invoice to delete');
    await send(s, peer1, 's-x', 'stranger invoice'); // another account's conversation: never found
    await send(p1, me, 's-pct', 'literally 100%_off');
    expect((await a.request('deleteMsgSelf', { msg: { idServer: gone.idServer } })).code).toBe(200);

    const search = async (body: Parameters<RawImClient['request']>[1] & object) => {
      const answer = await a.request('searchHistoryMsgs', body as never);
      expect(answer.code).toBe(200);
      return (answer.body.msgs ?? []) as { idClient: string; idServer: string; time: number }[];
    };
    expect((await search({ keyword: 'invoice' })).map((m) => m.idClient)).toEqual(['s-3', 's-2', 's-1']);
    expect((await search({ keyword: 'invoice', sessionIds: [`p2p-${peer1}`] })).map((m) => m.idClient)).toEqual(['s-2', 's-1']);
    expect((await search({ keyword: 'invoice', to: peer2 })).map((m) => m.idClient)).toEqual(['s-3']);
    expect((await search({ keyword: '%_' })).map((m) => m.idClient)).toEqual(['s-pct']);
    expect((await search({ msgTypes: [0], to: peer2 })).map((m) => m.idClient)).toEqual(['s-4', 's-3']);
    expect(await search({ keyword: 'invoice', msgTypes: [1] })).toEqual([]);

    // Paged one by one: endTime + lastMsgId of the last result.
    const seen: string[] = [];
    let page = await search({ keyword: 'invoice', limit: 1 });
    while (page.length > 0) {
      seen.push(page[0].idClient);
      page = await search({ keyword: 'invoice', limit: 1, endTime: page[0].time, lastMsgId: page[0].idServer });
    }
    expect(seen).toEqual(['s-3', 's-2', 's-1']);

    // The stranger finds only its own.
    const answer = await s.request('searchHistoryMsgs', { keyword: 'invoice' });
    expect((answer.body.msgs ?? []).map((m) => m.idClient)).toEqual(['s-x']);
    // Bad input: no keyword and no types, limit above 100, a bad session id.
    expect((await a.request('searchHistoryMsgs', {})).code).toBe(414);
    expect((await a.request('searchHistoryMsgs', { keyword: 'x', limit: 101 })).code).toBe(414);
    expect((await a.request('searchHistoryMsgs', { keyword: 'x', sessionIds: ['team-1'] })).code).toBe(414);
    // A type code past the column's range is refused, not a database error.
    expect((await a.request('searchHistoryMsgs', { keyword: 'x', msgTypes: [99_999] })).code).toBe(414);
    expect((await a.request('searchHistoryMsgs', { keyword: 'x', msgTypes: [-1] })).code).toBe(414);
  });
});
