import { ImError, MemoryStore, isPartialAdd, type ImClient, type ImMessage, type ImSysMsg, type ImTeam } from '@merchant/im-core';
import { imCoreClient, waitFor } from './support/im-core-clients';
import { account, startServer, type StartedServer } from './support/test-server';

/** im-core's super teams service (libs/im-core/src/services/super-teams-service.ts) against the real im-server and database. */
describe('im-core super teams against im-server', () => {
  let started: StartedServer;
  const clients: ImClient[] = [];
  const client = async (name: string, store = new MemoryStore()) => {
    const created = imCoreClient(started.url, name, { store });
    clients.push(created);
    await created.connect();
    return created;
  };

  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(async () => {
    for (const c of clients) await c.destroy();
    await started.server.close();
  });

  it('a member receives a super team message live, syncs the team, its session and what it missed after reconnecting, and leaves', async () => {
    const [ownerName, memberName] = [account('stc_owner'), account('stc_member')];
    const owner = await client(ownerName);
    const memberStore = new MemoryStore();
    const member = await client(memberName, memberStore);
    const { team } = await started.server.createSuperTeam({ owner: ownerName, name: 'All stores', members: [memberName] });
    const received: ImMessage[] = [];
    member.on('msg', (m) => received.push(m));

    const fetched = await member.superTeams.getSuperTeam(team.teamId);
    expect(fetched).toMatchObject({ teamId: team.teamId, name: 'All stores', owner: ownerName, validToCurrentUser: true, memberNum: 2 });
    expect((await member.superTeams.list()).map((t) => t.teamId)).toEqual([team.teamId]);

    const sent = await owner.superTeams.sendText({ teamId: team.teamId, text: 'hello everyone' });
    expect(sent).toMatchObject({ status: 'success', scene: 'superTeam', sessionId: `superTeam-${team.teamId}` });
    await waitFor(() => received.some((m) => m.idClient === sent.idClient), 5000, 'the member receives the message');
    expect(received.find((m) => m.idClient === sent.idClient)).toMatchObject({ scene: 'superTeam', text: 'hello everyone', from: ownerName });

    // Offline: two more messages; after reconnecting the sync brings them, the session counts them unread.
    await member.destroy();
    await owner.superTeams.sendText({ teamId: team.teamId, text: 'while you were away 1' });
    await owner.superTeams.sendText({ teamId: team.teamId, text: 'while you were away 2' });
    const back = await client(memberName, memberStore);
    await waitFor(async () => (await memberStore.getSession(`superTeam-${team.teamId}`))?.lastMsg?.text === 'while you were away 2', 8000, 'the sync brings the missed messages');
    const session = await memberStore.getSession(`superTeam-${team.teamId}`);
    expect(session?.unread).toBeGreaterThanOrEqual(2);

    // Member lookups: by join time, by accounts (§5: at most 20, checked before sending).
    expect((await back.superTeams.getMembers({ teamId: team.teamId, limit: 10 })).map((m) => m.account).sort()).toEqual([memberName, ownerName].sort());
    expect((await back.superTeams.getMembersByAccounts({ teamId: team.teamId, accounts: [ownerName] }))[0]).toMatchObject({ account: ownerName, type: 'owner' });
    await expect(back.superTeams.getMembersByAccounts({ teamId: team.teamId, accounts: Array.from({ length: 21 }, (_, i) => `a${i}`) })).rejects.toMatchObject({ code: 414, message: 'accounts must hold at most 20 accounts' });
    await expect(back.superTeams.muteMembers({ teamId: team.teamId, accounts: Array.from({ length: 11 }, (_, i) => `a${i}`), mute: true })).rejects.toMatchObject({ code: 414, message: 'accounts must hold at most 10 accounts' });
    // The server's refusal keeps its §8 code: a normal member may not mute (802).
    const refused = await back.superTeams.muteMembers({ teamId: team.teamId, accounts: [ownerName], mute: true }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ImError);
    expect((refused as ImError).code).toBe(802);

    // A new device with an empty store gets the super team from the sync alone.
    const freshStore = new MemoryStore();
    // (It logs in on the same platform, which takes over from `back`, §4 kick.)
    const fresh = await client(memberName, freshStore);
    await waitFor(async () => (await freshStore.getSuperTeams()).some((t: ImTeam) => t.teamId === team.teamId && t.validToCurrentUser), 8000, 'syncSuperTeams stores the team');

    await fresh.superTeams.leave(team.teamId);
    expect(await fresh.superTeams.list()).toEqual([]);
    expect((await fresh.superTeams.localSuperTeam(team.teamId))?.validToCurrentUser).toBe(false);
  });

  it('addMembers past the level: the members that fit are added, the team is read again, and the 813 error lists the rest (abortedAccidList)', async () => {
    const [ownerName, a, b, c] = [account('stc_p_owner'), account('stc_p_a'), account('stc_p_b'), account('stc_p_c')];
    const owner = await client(ownerName);
    for (const name of [a, b, c]) await client(name);
    const { team } = await started.server.createSuperTeam({ owner: ownerName, name: 'Two places', members: [], level: 2, beInviteMode: 1 });
    await owner.superTeams.getSuperTeam(team.teamId);
    const failure = await owner.superTeams.addMembers({ teamId: team.teamId, accounts: [a, b, c] }).catch((error: unknown) => error);
    expect(isPartialAdd(failure)).toBe(true);
    expect(failure).toMatchObject({ code: 813, abortedAccidList: [b, c] });
    expect((await owner.superTeams.localSuperTeam(team.teamId))?.memberNum).toBe(2);
    expect((await owner.superTeams.getMembersByAccounts({ teamId: team.teamId, accounts: [a, b] })).filter((m) => m.valid).map((m) => m.account)).toEqual([a]);
  });

  it('an application arrives as a super team system message; passing it lets the applicant in; reading it acks 21/19', async () => {
    const [ownerName, applicantName] = [account('stc2_owner'), account('stc2_applicant')];
    const owner = await client(ownerName);
    const applicant = await client(applicantName);
    const { team } = await started.server.createSuperTeam({ owner: ownerName, name: 'Ask first', joinMode: 1 });
    const sysMsgs: ImSysMsg[] = [];
    owner.on('sysMsg', (s) => sysMsgs.push(s));
    expect(await applicant.superTeams.apply({ teamId: team.teamId, ps: 'please' })).toMatchObject({ validToCurrentUser: false });
    await waitFor(() => sysMsgs.some((s) => s.type === 'applySuperTeam'), 5000, 'the application arrives');
    const application = sysMsgs.find((s) => s.type === 'applySuperTeam')!;
    expect(application).toMatchObject({ category: 'superTeam', from: applicantName, state: 'init', ps: 'please' });
    await owner.superTeams.passApply({ teamId: team.teamId, from: applicantName, idServer: application.idServer });
    expect((await owner.localStore?.getSysMsg(application.idServer))?.state).toBe('passed');
    expect(await applicant.superTeams.getSuperTeam(team.teamId)).toMatchObject({ validToCurrentUser: true, memberNum: 2 });
    await owner.systemMessages.markRead([application.idServer]);
    expect((await owner.localStore?.getSysMsg(application.idServer))?.read).toBe(true);
    await expect(applicant.superTeams.action({ action: 'mute', teamId: '' })).rejects.toMatchObject({ code: 414, message: 'teamId is required' });
  });
});
