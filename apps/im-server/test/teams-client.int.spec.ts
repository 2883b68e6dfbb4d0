import { MemoryStore, type ImClient, type ImMessage, type ImSysMsg, type SyncNotification } from '@merchant/im-core';
import fc from 'fast-check';
import { imCoreClient, waitFor } from './support/im-core-clients';
import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

/** A team operation of the property test: who does it, what, to whom. */
type TeamOp = { actor: number; kind: 'add' | 'remove' | 'addManager' | 'removeManager' | 'mute' | 'unmute' | 'leave' | 'transfer'; target: number };
const TEAM_OP_KINDS: TeamOp['kind'][] = ['add', 'remove', 'addManager', 'removeManager', 'mute', 'unmute', 'leave', 'transfer'];

/** im-core's teams service (libs/im-core/src/services/teams-service.ts) against the real im-server and database. */
describe('im-core teams against im-server', () => {
  let started: StartedServer;
  const clients: ImClient[] = [];
  const client = async (name: string, extra: Parameters<typeof imCoreClient>[2] = {}) => {
    const created = imCoreClient(started.url, name, { store: new MemoryStore(), ...extra });
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

  it('create a team, invite a member who accepts, send a team message: the member receives it, and syncs the team after reconnecting', async () => {
    const ownerName = account('tc_owner');
    const memberName = account('tc_member');
    const owner = await client(ownerName);
    const memberStore = new MemoryStore();
    const member = await client(memberName, { store: memberStore });
    const received: ImMessage[] = [];
    member.on('msg', (m) => received.push(m));

    const { team } = await owner.teams.createTeam({ type: 'advanced', name: 'shop floor' });
    expect(team).toMatchObject({ owner: ownerName, type: 'advanced', valid: true, beInviteMode: 'needVerify', inviteMode: 'manager', updateTeamMode: 'manager', updateCustomMode: 'manager' });
    expect((await owner.teams.localMembers(team.teamId)).map((m) => [m.account, m.type])).toEqual([[ownerName, 'owner']]);

    // An advanced team's beInviteMode is needVerify by default (§5): adding invites, the invitee accepts.
    const invites: ImSysMsg[] = [];
    member.on('sysMsg', (s) => invites.push(s));
    expect(await owner.teams.addTeamMembers({ teamId: team.teamId, accounts: [memberName], ps: 'join us' })).toEqual({ abortedAccidList: [] });
    await waitFor(() => invites.some((s) => s.type === 'teamInvite'), 5000, 'the invitation arrives');
    const invite = invites.find((s) => s.type === 'teamInvite')!;
    expect(invite).toMatchObject({ category: 'team', from: ownerName, state: 'init', ps: 'join us' });
    expect(await member.teams.list()).toEqual([]);
    const joined = await member.teams.acceptTeamInvite({ teamId: team.teamId, from: ownerName, idServer: invite.idServer });
    expect(joined).toMatchObject({ teamId: team.teamId, validToCurrentUser: true });
    expect((await member.localStore?.getSysMsg(invite.idServer))?.state).toBe('passed');
    expect((await member.teams.localMembers(team.teamId)).map((m) => [m.account, m.type])).toEqual([[ownerName, 'owner'], [memberName, 'normal']]);
    // The owner hears of it live (the team's notification and teamMembersUpdated).
    await waitFor(async () => (await owner.teams.localMembers(team.teamId)).some((m) => m.account === memberName), 5000, 'the owner sees the new member');
    expect((await owner.teams.getTeamMembers(team.teamId)).map((m) => [m.account, m.type])).toEqual([[ownerName, 'owner'], [memberName, 'normal']]);

    const sent = await owner.teams.sendText({ teamId: team.teamId, text: 'welcome aboard' });
    expect(sent).toMatchObject({ status: 'success', sessionId: `team-${team.teamId}` });
    await waitFor(() => received.some((m) => m.text === 'welcome aboard'), 5000, 'the member receives the team message');
    expect(received.find((m) => m.text === 'welcome aboard')).toMatchObject({ scene: 'team', to: team.teamId, from: ownerName, flow: 'in' });

    // The member goes away; meanwhile the team is renamed and the member made a manager.
    await member.logout();
    await member.destroy();
    await owner.teams.updateTeam({ teamId: team.teamId, name: 'shop floor (north)' });
    await owner.teams.addTeamManagers({ teamId: team.teamId, accounts: [memberName] });
    await owner.teams.sendText({ teamId: team.teamId, text: 'while you were away' });

    // Back on the same local database: sync brings the team, the member's own row and the message.
    const synced: SyncNotification[] = [];
    const again = imCoreClient(started.url, memberName, { store: memberStore });
    clients.push(again);
    again.on('syncData', (n) => synced.push(n));
    await again.connect();
    expect(await again.teams.localTeam(team.teamId)).toMatchObject({ name: 'shop floor (north)', valid: true, validToCurrentUser: true });
    expect((await again.teams.localMembers(team.teamId)).find((m) => m.account === memberName)?.type).toBe('manager');
    const sessionMessages = await memberStore.getSessionMessages({ sessionId: `team-${team.teamId}`, limit: 10, order: 'asc' });
    expect(sessionMessages.filter((m) => m.type === 'text').map((m) => m.text)).toEqual(['welcome aboard', 'while you were away']);
    expect(synced.map((n) => n.kind)).toEqual(expect.arrayContaining(['teams', 'teamMembers']));
    expect((await memberStore.getTimetags()).myTeamMembers).toBeGreaterThan(0);
  });

  it('a fresh device with syncTeamMembers reads every member from the per-team member timetag; leaving makes the team invalid on every device', async () => {
    const ownerName = account('tm_owner');
    const aName = account('tm_a');
    const bName = account('tm_b');
    const owner = await client(ownerName);
    await client(aName);
    await client(bName);
    const { team } = await owner.teams.createTeam({ type: 'normal', name: 'pickers' });
    await owner.teams.addTeamMembers({ teamId: team.teamId, accounts: [aName, bName] });

    const aStore = new MemoryStore();
    const aDevice = await client(aName, { store: aStore, syncTeamMembers: true });
    expect((await aDevice.teams.localMembers(team.teamId)).map((m) => m.account).sort()).toEqual([aName, bName, ownerName].sort());
    const memberTimetag = (await aStore.getTimetags())[`teamMembers-${team.teamId}`];
    expect(memberTimetag).toBe((await aDevice.teams.localTeam(team.teamId))?.memberUpdateTime);
    // §5: turning syncTeamMembers on while teams are stored is refused.
    const bDevice = await client(bName);
    await expect(bDevice.setSyncOptions({ syncTeamMembers: true })).rejects.toMatchObject({ message: 'sync team members api deprecated!' });

    await bDevice.teams.leaveTeam(team.teamId);
    expect(await bDevice.teams.list()).toEqual([]);
    await expect(bDevice.teams.deleteLocalTeam(team.teamId)).resolves.toBeUndefined();
    // Another device of b learns it at its next sync: the team is no longer valid to b.
    const bElsewhere = await client(bName);
    expect((await bElsewhere.teams.list()).map((t) => t.teamId)).not.toContain(team.teamId);
    // And the owner's list of members, read from its timetag, no longer has b.
    await waitFor(async () => !(await owner.teams.getTeamMembers(team.teamId)).some((m) => m.account === bName), 5000, 'owner sees b gone');
  });

  it('applications: pass makes the applicant a member who learns of the team live; reject reaches the applicant; both system messages end answered', async () => {
    const ownerName = account('ta_owner');
    const joinerName = account('ta_joiner');
    const refusedName = account('ta_refused');
    const owner = await client(ownerName);
    const joiner = await client(joinerName);
    const refused = await client(refusedName);
    const ownerGot: ImSysMsg[] = [];
    owner.on('sysMsg', (s) => ownerGot.push(s));
    const refusedGot: ImSysMsg[] = [];
    refused.on('sysMsg', (s) => refusedGot.push(s));
    const { team } = await owner.teams.createTeam({ type: 'advanced', name: 'by application', joinMode: 'needVerify' });

    expect(await joiner.teams.applyTeam({ teamId: team.teamId, ps: 'let me in' })).toBeDefined();
    await refused.teams.applyTeam({ teamId: team.teamId });
    await waitFor(() => ownerGot.filter((s) => s.type === 'applyTeam').length === 2, 5000, 'both applications reach the owner');
    expect(await joiner.teams.list()).toEqual([]);
    const fromJoiner = ownerGot.find((s) => s.from === joinerName)!;
    const fromRefused = ownerGot.find((s) => s.from === refusedName)!;
    expect(fromJoiner).toMatchObject({ category: 'team', state: 'init', ps: 'let me in' });

    await owner.teams.passTeamApply({ teamId: team.teamId, from: joinerName, idServer: fromJoiner.idServer });
    await owner.teams.rejectTeamApply({ teamId: team.teamId, from: refusedName, idServer: fromRefused.idServer, ps: 'full' });
    expect((await owner.localStore?.getSysMsg(fromJoiner.idServer))?.state).toBe('passed');
    expect((await owner.localStore?.getSysMsg(fromRefused.idServer))?.state).toBe('rejected');
    expect((await owner.teams.localMembers(team.teamId)).map((m) => m.account)).toEqual([ownerName, joinerName]);
    // Members are stored before the team: once the joiner holds the team, its members are there.
    await waitFor(async () => (await joiner.teams.list()).some((t) => t.teamId === team.teamId), 5000, 'the joiner holds the team');
    expect((await joiner.teams.localMembers(team.teamId)).map((m) => m.account)).toEqual([ownerName, joinerName]);
    await waitFor(() => refusedGot.some((s) => s.type === 'rejectTeamApply'), 5000, 'the refused applicant is told');
    expect(await refused.teams.list()).toEqual([]);
    // Answering again: nothing pending any more (404), and the system message keeps its state.
    await expect(owner.teams.passTeamApply({ teamId: team.teamId, from: refusedName })).rejects.toMatchObject({ code: 404 });
  });

  it('addTeamMembers past the level through im-core: the 813 error lists the accounts left out, and the owner\'s stored members already hold the ones added', async () => {
    const [ownerName, a, b] = [account('tc_p_owner'), account('tc_p_a'), account('tc_p_b')];
    const owner = await client(ownerName);
    for (const name of [a, b]) await client(name);
    // The im-core API does not set a level; the raw protocol does (docs/protocol.md "Teams").
    const raw = await RawImClient.loggedIn(started.wsUrl, ownerName, { clientType: 1, deviceId: 'raw-tc_p' });
    const created = await raw.request('createTeam', { team: { type: 0, name: 'Two places', level: 2 } });
    raw.close();
    const teamId = created.body.team?.teamId as string;
    await owner.teams.getTeam(teamId);
    const failure = await owner.teams.addTeamMembers({ teamId, accounts: [a, b] }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 813, abortedAccidList: [b] });
    expect((await owner.teams.localMembers(teamId)).map((m) => m.account)).toEqual([ownerName, a]);
  });

  it('team read receipts: a member reads a message that asked for them, the sender gets the counts live and the details; 814 for one that did not', async () => {
    const ownerName = account('tr_owner');
    const readerName = account('tr_reader');
    const otherName = account('tr_other');
    const owner = await client(ownerName);
    const reader = await client(readerName);
    await client(otherName);
    const { team } = await owner.teams.createTeam({ type: 'normal', name: 'receipts', accounts: [readerName, otherName] });
    const got: ImMessage[] = [];
    reader.on('msg', (m) => got.push(m));
    const counts: { read: number; unread: number }[] = [];
    owner.on('teamMsgReceipts', (receipts) => counts.push(...receipts.map(({ read, unread }) => ({ read, unread }))));

    const asked = await owner.messages.sendCustom({ scene: 'team', to: team.teamId, content: '{"poll":1}', needMsgReceipt: true });
    const plain = await owner.teams.sendText({ teamId: team.teamId, text: 'no receipts for this one' });
    await waitFor(() => got.some((m) => m.idClient === asked.idClient) && got.some((m) => m.idClient === plain.idClient), 5000, 'the reader gets both messages');
    const received = got.find((m) => m.idClient === asked.idClient)!;

    expect(await reader.teams.receipts.sendTeamMsgReceipt([received])).toEqual([{ teamId: team.teamId, idServer: asked.idServer, idClient: asked.idClient, read: 1, unread: 1 }]);
    await waitFor(() => counts.some((c) => c.read === 1), 5000, 'the sender hears of the read');
    expect(counts).toEqual([{ read: 1, unread: 1 }]);
    expect(await owner.teams.receipts.getTeamMsgReads([asked])).toEqual([{ teamId: team.teamId, idServer: asked.idServer, idClient: asked.idClient, read: 1, unread: 1 }]);
    expect(await owner.teams.receipts.getTeamMsgReadAccounts(asked)).toEqual({ idClient: asked.idClient, readAccounts: [readerName], unreadAccounts: [otherName] });
    await expect(reader.teams.receipts.sendTeamMsgReceipt([got.find((m) => m.idClient === plain.idClient)!])).rejects.toMatchObject({ code: 814 });
  });

  it('property: random team operations by several members keep the server\'s member list and every member client\'s equal', async () => {
    const names = ['tp_o', 'tp_a', 'tp_b', 'tp_c'].map(account);
    const members = await Promise.all(names.map((name) => client(name)));
    // One bare port per account reads the server's list (getTeamMembers from 0 = the valid members).
    const raws = await Promise.all(names.map((name) => RawImClient.loggedIn(started.wsUrl, name, { clientType: 1, deviceId: `truth-${name}` })));
    const row = (m: { account?: string; type?: number | string; mute?: boolean }) => {
      const type = typeof m.type === 'number' ? ['normal', 'owner', 'manager'][m.type] : m.type;
      return `${m.account}:${type}${m.mute ? ':muted' : ''}`;
    };
    const serverList = async (teamId: string): Promise<string[] | undefined> => {
      for (const raw of raws) {
        const answer = await raw.request('getTeamMembers', { teamId, timetag: 0 });
        if (answer.code === 200) return (answer.body.members ?? []).filter((m) => m.valid !== false).map(row).sort();
      }
      return undefined;
    };
    const run = async (teamId: string, op: TeamOp) => {
      const actor = members[op.actor];
      const target = names[op.target];
      const teams = actor.teams;
      const calls: Record<TeamOp['kind'], () => Promise<unknown>> = {
        add: () => teams.addTeamMembers({ teamId, accounts: [target] }),
        remove: () => teams.removeTeamMembers({ teamId, accounts: [target] }),
        addManager: () => teams.addTeamManagers({ teamId, accounts: [target] }),
        removeManager: () => teams.removeTeamManagers({ teamId, accounts: [target] }),
        mute: () => teams.updateMuteStateInTeam({ teamId, account: target, mute: true }),
        unmute: () => teams.updateMuteStateInTeam({ teamId, account: target, mute: false }),
        leave: () => teams.leaveTeam(teamId),
        transfer: () => teams.transferTeam({ teamId, account: target }),
      };
      // Refusals (permissions 802, not a member 804, already in 809, the owner leaving, ...) change nothing.
      await calls[op.kind]().catch((error: { code?: number }) => {
        const refused = error?.code !== undefined && ((error.code >= 400 && error.code < 500 && error.code !== 408) || (error.code >= 801 && error.code <= 815));
        if (!refused) throw error;
      });
    };
    const op = fc.record({ actor: fc.integer({ min: 0, max: 3 }), kind: fc.constantFrom(...TEAM_OP_KINDS), target: fc.integer({ min: 0, max: 3 }) });
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
          const { team } = await members[0].teams.createTeam({ type: 'advanced', name: 'property', beInviteMode: 'noVerify', accounts: [names[1]] });
          for (const next of ops) await run(team.teamId, next);
          const truth = (await serverList(team.teamId)) ?? [];
          for (let i = 0; i < names.length; i++) {
            const inTeam = truth.some((r) => r.startsWith(`${names[i]}:`));
            // Every client converges on the server's list; one that is out no longer holds the team as its own.
            await waitFor(async () => {
              if (!inTeam) return !(await members[i].teams.list()).some((t) => t.teamId === team.teamId);
              const local = (await members[i].teams.localMembers(team.teamId)).map(row).sort();
              return JSON.stringify(local) === JSON.stringify(truth);
            }, 5000, `${names[i]} converges on ${JSON.stringify(truth)} after ${JSON.stringify(ops)}`);
          }
        }),
        { numRuns: 30, endOnFailure: true },
      );
    } finally {
      for (const raw of raws) raw.socket.close();
    }
  });
});
