import { ResponseCode } from '@merchant/im-core';
import { account, startServer, type StartedServer } from './support/test-server';
import { teamWorld } from './support/team-helpers';

// Team history, team read receipts (issue 10: counts and details, at most 50; §8 814) and the
// invitor lookup (§5 ≤ 200) against the real im-server (docs/protocol.md "Teams").
describe('im-server team history, read receipts and invitors', () => {
  let started: StartedServer;
  const world = teamWorld(() => started);
  const send = (idClient: string, teamId: string, extra: Record<string, unknown> = {}) => ({ msg: { idClient, scene: 1, to: teamId, type: 0, text: `text ${idClient}`, ...extra } });

  beforeAll(async () => {
    started = await startServer();
  });
  afterEach(() => world.closeAll());
  afterAll(() => started.server.close());

  it('getTeamHistoryMsgs pages a team’s messages for members only; searchTeamHistoryMsgs needs a keyword or types', async () => {
    const owner = account('th_owner');
    const [amy, out] = [account('th_amy'), account('th_out')];
    const o = await world.open(owner);
    const a = await world.open(amy);
    const x = await world.open(out);
    const teamId = await world.createTeam(o, [amy]);
    for (const id of ['h-1', 'h-2', 'h-3']) expect((await o.request('sendTeamMsg', send(id, teamId))).code).toBe(200);
    expect((await a.request('sendTeamMsg', send('h-special', teamId, { text: 'Special offer' }))).code).toBe(200);

    const page = await a.request('getTeamHistoryMsgs', { scene: 1, to: teamId, limit: 2, msgTypes: [0] });
    expect(page.code).toBe(200);
    expect(page.body.msgs?.map((m) => m.idClient)).toEqual(['h-special', 'h-3']);
    expect(page.body.msgs?.[0]).toMatchObject({ sessionId: `team-${teamId}`, flow: 'out' });
    const next = await a.request('getTeamHistoryMsgs', { scene: 1, to: teamId, limit: 100, lastMsgId: page.body.msgs?.[1].idServer });
    expect(next.body.msgs?.filter((m) => m.type === 0).map((m) => m.idClient)).toEqual(['h-2', 'h-1']);
    expect((await a.request('getTeamHistoryMsgs', { scene: 1, to: teamId, limit: 101 })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await x.request('getTeamHistoryMsgs', { scene: 1, to: teamId })).code).toBe(ResponseCode.NOT_IN_TEAM);
    expect((await x.request('getTeamHistoryMsgs', { scene: 1, to: '999999999' })).code).toBe(ResponseCode.TEAM_MISSING_OR_UNCHANGED);

    expect((await a.request('searchTeamHistoryMsgs', { scene: 1, to: teamId })).code).toBe(ResponseCode.PARAMETER_ERROR);
    const found = await o.request('searchTeamHistoryMsgs', { scene: 1, to: teamId, keyword: 'special' });
    expect(found.body.msgs?.map((m) => m.idClient)).toEqual(['h-special']);
  });

  it('read receipts: only messages that asked (814), recipients only (804), counts and details for members, the sender told; at most 50', async () => {
    const owner = account('tr2_owner');
    const [ben, cy, out] = [account('tr2_ben'), account('tr2_cy'), account('tr2_out')];
    const o = await world.open(owner);
    const b = await world.open(ben);
    const c = await world.open(cy);
    const x = await world.open(out);
    const teamId = await world.createTeam(o, [ben, cy]);
    const asked = await o.request('sendTeamMsg', send('r-asked', teamId, { needMsgReceipt: true }));
    expect(asked.body.msg?.needMsgReceipt).toBe(true);
    expect((await b.waitForPush('teamMsg', (m) => m.msg?.idClient === 'r-asked')).msg?.needMsgReceipt).toBe(true);
    const plain = await o.request('sendTeamMsg', send('r-plain', teamId));
    const receipt = { teamId, idServer: asked.body.msg?.idServer as string };

    expect((await b.request('sendTeamMsgReceipt', { receipts: [{ teamId, idServer: plain.body.msg?.idServer as string }] })).code).toBe(ResponseCode.TEAM_RECEIPT_FORBIDDEN);
    expect((await x.request('sendTeamMsgReceipt', { receipts: [receipt] })).code).toBe(ResponseCode.NOT_IN_TEAM);
    expect((await b.request('sendTeamMsgReceipt', { receipts: [{ teamId, idServer: '999999999' }] })).code).toBe(ResponseCode.NOT_FOUND);
    expect((await b.request('sendTeamMsgReceipt', { receipts: [] })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await b.request('getTeamMsgReads', { receipts: Array.from({ length: 51 }, () => receipt) })).code).toBe(ResponseCode.PARAMETER_ERROR);

    const before = await o.request('getTeamMsgReads', { receipts: [receipt] });
    expect(before.body.receipts).toEqual([expect.objectContaining({ idServer: receipt.idServer, read: 0, unread: 2 })]);

    const read = await b.request('sendTeamMsgReceipt', { receipts: [receipt] });
    expect(read.code).toBe(200);
    expect(read.body.receipts).toEqual([expect.objectContaining({ read: 1, unread: 1 })]);
    expect((await o.waitForPush('teamMsgReceipt')).receipts).toEqual([expect.objectContaining({ idServer: receipt.idServer, read: 1, unread: 1 })]);
    // Reading twice counts once.
    expect((await b.request('sendTeamMsgReceipt', { receipts: [receipt] })).body.receipts?.[0]).toMatchObject({ read: 1, unread: 1 });
    const detail = await c.request('getTeamMsgReadAccounts', { receipt });
    expect(detail.body.detail).toEqual({ idClient: 'r-asked', readAccounts: [ben], unreadAccounts: [cy] });
    expect((await x.request('getTeamMsgReadAccounts', { receipt })).code).toBe(ResponseCode.NOT_IN_TEAM);

    // Team history and sync mark the messages that asked for receipts.
    const history = await c.request('getTeamHistoryMsgs', { scene: 1, to: teamId, msgTypes: [0] });
    expect(Object.fromEntries(history.body.msgs?.map((m) => [m.idClient, m.needMsgReceipt === true]) ?? [])).toEqual({ 'r-asked': true, 'r-plain': false });
    const synced = (await world.syncFrom(c, {})).named('roamingMsgs').flatMap((p) => (p.msgs as { idClient: string; type: number; needMsgReceipt?: boolean }[]) ?? []);
    expect(Object.fromEntries(synced.filter((m) => m.type === 0).map((m) => [m.idClient, m.needMsgReceipt === true]))).toEqual({ 'r-asked': true, 'r-plain': false });
  });

  it('getTeamMemberInvitorAccid: who invited whom, at most 200 accounts, members only', async () => {
    const owner = account('ti_owner');
    const [dee, eli] = [account('ti_dee'), account('ti_eli')];
    const o = await world.open(owner);
    const d = await world.open(dee);
    await world.open(eli);
    const teamId = await world.createTeam(o, [dee]);
    expect((await o.request('updateTeam', { team: { teamId, inviteMode: 1 } })).code).toBe(200);
    expect((await d.request('addTeamMembers', { teamId, accounts: [eli] })).code).toBe(200);
    const invitors = await d.request('getTeamMemberInvitorAccid', { teamId, accounts: [dee, eli, account('ti_none')] });
    expect(Object.fromEntries(invitors.body.invitors?.map((m) => [m.account, m.invitorAccid]) ?? [])).toEqual({ [dee]: owner, [eli]: dee });
    expect((await d.request('getTeamMemberInvitorAccid', { teamId, accounts: Array.from({ length: 201 }, (_, i) => `a${i}`) })).code).toBe(ResponseCode.PARAMETER_ERROR);
  });
});
