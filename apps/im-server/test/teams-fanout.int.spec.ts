import { startServer, account, type StartedServer } from './support/test-server';
import { teamWorld } from './support/team-helpers';

// Team messages are committed (message row + the list of members it went to) and pushed before the
// members' inbox, session and sequence rows are written (docs/im-server-writes.md "Team messages").
// Here the server never writes them after the push (teamFanoutAfterPush false, no sweep within the
// test), which is the state a crash between the push and the fan-out leaves: every read that needs
// the rows must finish them first, and a team change must not overtake the messages sent before it.
describe('im-server team fan-out left queued (as after a crash between the push and the fan-out)', () => {
  let started: StartedServer;
  const world = teamWorld(() => started);
  const text = (idClient: string, teamId: string) => ({ msg: { idClient, scene: 1, to: teamId, type: 0, text: idClient } });
  type Msg = { idClient: string; sessionId: string; type: number; idServer: string };

  beforeAll(async () => {
    started = await startServer({ teamFanoutAfterPush: false, teamFanoutSweepMs: 3_600_000 });
  });
  afterEach(() => world.closeAll());
  afterAll(() => started.server.close());

  it('queued team messages reach a member offline at send by sync, with unread and lastMsg, in send order around a team change', async () => {
    const owner = account('tf_owner');
    const [amy, dee] = [account('tf_amy'), account('tf_dee')];
    const o = await world.open(owner);
    const a = await world.open(amy);
    // dee's account exists (one login), then she goes offline.
    (await world.open(dee)).close();
    const teamId = await world.createTeam(o, [amy, dee], { name: 'Queued' });
    const before = await world.syncFrom(a, {});
    const timetag = before.done.timetag as number;

    for (const id of ['tf-1', 'tf-2']) expect((await o.request('sendTeamMsg', text(id, teamId))).code).toBe(200);
    // The push does not wait for the members' rows.
    await a.waitForPush('teamMsg', (m) => m.msg?.idClient === 'tf-2');
    expect((await o.request('updateTeam', { team: { teamId, name: 'Renamed' } })).code).toBe(200);
    const last = await o.request('sendTeamMsg', text('tf-3', teamId));
    expect(last.code).toBe(200);

    // dee was offline for all of it: a first sync carries the messages, the change between them, and the session.
    const d = await world.open(dee);
    const full = await world.syncFrom(d, {});
    const teamMsgs = (sync: typeof full) =>
      sync
        .named('roamingMsgs')
        .flatMap((p) => (p.msgs as Msg[]) ?? [])
        .filter((m) => m.sessionId === `team-${teamId}`)
        .map((m) => (m.type === 5 ? 'notification' : m.idClient));
    expect(teamMsgs(full)).toEqual(['notification', 'tf-1', 'tf-2', 'notification', 'tf-3']);
    const session = full.named('syncSessions').flatMap((p) => p.sessions as { id: string; unread: number; lastMsg?: Msg }[]).find((s) => s.id === `team-${teamId}`);
    expect(session).toMatchObject({ unread: 3, lastMsg: { idClient: 'tf-3', idServer: last.body.msg?.idServer } });

    // amy, online throughout, gets the same stream from her timetag: nothing skipped, nothing twice.
    const next = await world.syncFrom(a, { roamingMsgs: timetag });
    expect(teamMsgs(next)).toEqual(['tf-1', 'tf-2', 'notification', 'tf-3']);
    const again = await world.syncFrom(a, { roamingMsgs: next.done.timetag as number });
    expect(teamMsgs(again)).toEqual([]);
  });

  it('session reads, read receipts and markSessionAck see a queued team message', async () => {
    const owner = account('tf_r_owner');
    const gil = account('tf_r_gil');
    const o = await world.open(owner);
    const g = await world.open(gil);
    const teamId = await world.createTeam(o, [gil]);
    const sent = await o.request('sendTeamMsg', { msg: { ...text('tfr-1', teamId).msg, needMsgReceipt: true } });
    expect(sent.code).toBe(200);
    const idServer = sent.body.msg?.idServer as string;

    const session = (await g.request('getServerSession', { sessionId: `team-${teamId}` })).body.session;
    expect(session).toMatchObject({ unread: 1, lastMsg: { idClient: 'tfr-1' } });
    expect((await o.request('getTeamMsgReads', { receipts: [{ teamId, idServer }] })).body.receipts).toEqual([expect.objectContaining({ read: 0, unread: 1 })]);

    const second = await o.request('sendTeamMsg', text('tfr-2', teamId));
    expect(second.code).toBe(200);
    expect((await g.request('markSessionAck', { scene: 1, to: teamId })).code).toBe(200);
    const acked = (await g.request('getServerSessions', {})).body.sessions?.find((s) => s.id === `team-${teamId}`);
    expect(acked).toMatchObject({ unread: 0, lastMsg: { idClient: 'tfr-2' } });
    expect(acked?.ack).toBe(second.body.msg?.time);
  });
});
