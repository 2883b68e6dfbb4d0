import { ImError } from '../errors';
import type { ImPush } from '../connection/im-connection';
import type { TeamMemberRecordValue, TeamRecordValue } from '../protocol/records';
import { MemoryStore } from '../store/memory-store';
import { teamMemberIdOf } from '../store/entities';
import { SyncEngine, type SyncEngineOptions } from './sync-engine';
import type { SyncNotification } from './sync-notification';
import type { TeamMembersRequester } from './sync-team-members';

const ME = 's_1001';
const team = (teamId: string, over: Partial<TeamRecordValue> = {}): TeamRecordValue => ({ teamId, owner: ME, type: 1, name: teamId, valid: true, validToCurrentUser: true, ...over });
const member = (teamId: string, account: string, over: Partial<TeamMemberRecordValue> = {}): TeamMemberRecordValue => ({ teamId, account, type: 0, joinTime: 1, valid: true, ...over });

/** A sync server that answers each sync request with one scripted page, and getTeamMembers from a table. */
function setup(pages: ImPush[][], options: Partial<SyncEngineOptions> & { members?: Record<string, (timetag: number) => unknown> } = {}) {
  const store = new MemoryStore();
  const syncRequests: { timetags: Record<string, unknown> }[] = [];
  const memberRequests: Record<string, unknown>[] = [];
  const notified: SyncNotification[] = [];
  const errors: ImError[] = [];
  const connection = {
    async request(_name: 'sync', body: unknown) {
      syncRequests.push(body as { timetags: Record<string, unknown> });
      const pushes = pages[syncRequests.length - 1] ?? [];
      setTimeout(() => [...pushes, { name: 'syncDone', body: { timetag: 100 * syncRequests.length } } as ImPush].forEach((p) => engine.handlePush(p)), 0);
      return {};
    },
  };
  /** syncTeamMembers answers every team from its table (timetag: the largest head) and fails as a whole when one team fails, as im-server does. */
  const teamMembersConnection = {
    async request(name: 'getTeamMembers' | 'syncTeamMembers', body: { teamId?: string; timetag?: number; teamIds?: string[]; timetags?: { teamMembers?: { teamId?: string; timetag?: number }[] } }) {
      memberRequests.push(name === 'getTeamMembers' ? { name, teamId: body.teamId, timetag: body.timetag } : { name, teams: (body.timetags?.teamMembers ?? []).map((t) => [t.teamId, t.timetag]) });
      const read = (teamId: string | undefined, timetag: number) => {
        const answer = options.members?.[teamId ?? ''];
        if (!answer) throw new ImError('Server_Error', `no members scripted for ${teamId}`, { code: 804 });
        return answer(timetag) as { members?: TeamMemberRecordValue[]; timetag?: number };
      };
      if (name === 'getTeamMembers') return read(body.teamId, body.timetag ?? 0);
      let pages: { members?: TeamMemberRecordValue[]; timetag?: number }[];
      try {
        pages = (body.timetags?.teamMembers ?? []).map((t) => read(t.teamId, t.timetag ?? 0));
      } catch {
        throw new ImError('Server_Error', 'user not in team', { code: 804 });
      }
      return { members: pages.flatMap((p) => p.members ?? []), timetag: Math.max(0, ...pages.map((p) => p.timetag ?? 0)) };
    },
  } as unknown as TeamMembersRequester;
  const engine: SyncEngine = new SyncEngine({
    connection, store, account: ME, notify: (n) => notified.push(n), teamMembersConnection, onTeamMembersError: (e) => errors.push(e), ...options,
  });
  return { engine, store, syncRequests, memberRequests, notified, errors };
}

const kinds = (notified: SyncNotification[]) => notified.map((n) => n.kind);

describe('sync of teams and team members (im-client-spec §3, §5 Sync options, §8)', () => {
  it('merges syncTeams and my own member rows (syncMyTeamMembers) with their cursors; teams before team members', async () => {
    const { engine, store, syncRequests, notified } = setup([[
      { name: 'syncMyTeamMembers', body: { members: [member('t1', ME, { type: 1, bits: 1, nickInTeam: 'boss' })], timetag: 90 } },
      { name: 'syncTeams', body: { teams: [team('t1', { memberNum: 3 })], timetag: 80 } },
    ]]);
    await engine.run();
    expect(syncRequests[0].timetags).toMatchObject({ teams: 0, myTeamMembers: 0 });
    expect((await store.getTeam('t1'))?.memberNum).toBe(3);
    expect(await store.getTeamMembers('t1')).toEqual([
      { id: teamMemberIdOf('t1', ME), teamId: 't1', account: ME, type: 'owner', nickInTeam: 'boss', muteTeam: true, joinTime: 1, updateTime: 0, valid: true },
    ]);
    expect(await store.getTimetags()).toMatchObject({ teams: 80, myTeamMembers: 90 });
    expect(kinds(notified).filter((k) => k.startsWith('team'))).toEqual(['teams', 'teamMembers']);
  });

  it('a team that arrives no longer valid to me (left, dismissed) marks its stored members invalid (§4)', async () => {
    const { engine, store } = setup([[{ name: 'syncTeams', body: { teams: [team('t1', { valid: false })], timetag: 5 } }]]);
    await store.putTeamMembers([
      { id: 't1-a', teamId: 't1', account: 'a', type: 'normal', joinTime: 1, updateTime: 1, valid: true },
      { id: 't1-b', teamId: 't1', account: 'b', type: 'manager', joinTime: 1, updateTime: 1, valid: true },
    ]);
    await store.putTimetags({ 'teamMembers-t1': 8 });
    await engine.run();
    expect((await store.getTeamMembers('t1')).map((m) => [m.account, m.valid])).toEqual([['a', false], ['b', false]]);
    expect((await store.getTeam('t1'))?.valid).toBe(false);
    // A rejoin reads every member again: the team's member timetag is back at 0.
    expect((await store.getTimetags())['teamMembers-t1']).toBe(0);
  });

  it('syncTeams false: team pushes are dropped and the team cursors stay where they were', async () => {
    const { engine, store, notified } = setup([[
      { name: 'syncTeams', body: { teams: [team('t1')], timetag: 80 } },
      { name: 'syncMyTeamMembers', body: { members: [member('t1', ME)], timetag: 90 } },
    ]], { syncTeams: false });
    await store.putTimetags({ teams: 7 });
    await engine.run();
    expect(await store.getTeams()).toEqual([]);
    expect(await store.getTeamMembers('t1')).toEqual([]);
    const tags = await store.getTimetags();
    expect([tags.teams, tags.myTeamMembers, tags.friends]).toEqual([7, undefined, 100]);
    expect(kinds(notified)).not.toContain('teams');
  });

  it('syncTeamMembers on: one syncTeamMembers request for the teams whose memberUpdateTime passed their member timetag, each from its own timetag', async () => {
    const { engine, store, memberRequests, notified } = setup(
      [[{ name: 'syncTeams', body: { teams: [team('t1', { memberUpdateTime: 12 }), team('t2', { memberUpdateTime: 4 }), team('gone', { validToCurrentUser: false, memberUpdateTime: 50 })] } }]],
      {
        syncTeamMembers: () => true,
        members: {
          t1: () => ({ members: [member('t1', 'a'), member('t1', 'b', { valid: false }), member('other', 'x')], timetag: 12 }),
          t2: () => ({}),
        },
      },
    );
    await store.putTimetags({ 'teamMembers-t1': 3, 'teamMembers-t2': 4 });
    await engine.run();
    // t2 is up to date (4 = 4), gone is not mine any more: only t1 is asked, from its own timetag.
    expect(memberRequests).toEqual([{ name: 'syncTeamMembers', teams: [['t1', 3]] }]);
    expect((await store.getTeamMembers('t1')).map((m) => [m.account, m.valid])).toEqual([['a', true], ['b', false]]);
    expect(await store.getTeamMembers('other')).toEqual([]);
    expect((await store.getTimetags())['teamMembers-t1']).toBe(12);
    const teamMembers = notified.find((n) => n.kind === 'teamMembers');
    expect(teamMembers?.kind === 'teamMembers' && teamMembers.members.map((m) => m.account)).toEqual(['a', 'b']);
  });

  it('several teams in one syncTeamMembers: each team takes its memberUpdateTime (never past the answer), so nothing is skipped', async () => {
    const { engine, store } = setup(
      [[{ name: 'syncTeams', body: { teams: [team('t1', { memberUpdateTime: 7 }), team('t2', { memberUpdateTime: 30 })] } }]],
      { syncTeamMembers: () => true, members: { t1: () => ({ members: [member('t1', 'a')], timetag: 9 }), t2: () => ({ members: [member('t2', 'b')], timetag: 25 }) } },
    );
    await engine.run();
    const tags = await store.getTimetags();
    // The answer's one timetag is 25 (the largest head): t1 takes its own 7, t2 is capped at 25.
    expect([tags['teamMembers-t1'], tags['teamMembers-t2']]).toEqual([7, 25]);
    expect((await store.getTeamMembers('t2')).map((m) => m.account)).toEqual(['b']);
  });

  it('406 on team members is cleared and treated as nothing to merge: the connection resolves it as an answer without rows', async () => {
    // What the real connection hands over for a 406 answer (a no-error code, errors/codes.ts): its body.
    const { engine, store, memberRequests, errors } = setup([[{ name: 'syncTeams', body: { teams: [team('t1')] } }]], {
      syncTeamMembers: () => true,
      members: { t1: () => ({ timetag: 2 }) },
    });
    await engine.run();
    expect(memberRequests.map((r) => r.name)).toEqual(['syncTeamMembers']);
    expect(await store.getTeamMembers('t1')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a failed batch falls back to one getTeamMembers per team: an answer without rows merges nothing; a failure is SYNC_TEAM_MEMBERS_ERROR and the sync still ends', async () => {
    const { engine, store, errors, memberRequests } = setup([[{ name: 'syncTeams', body: { teams: [team('t1'), team('t2'), team('t3')] } }]], {
      syncTeamMembers: () => true,
      members: {
        t1: () => ({}),
        t3: () => ({ members: [member('t3', 'c')], timetag: 6 }),
      },
    });
    const summary = await engine.run();
    expect(summary.timetag).toBe(100);
    expect(memberRequests.map((r) => r.name)).toEqual(['syncTeamMembers', 'getTeamMembers', 'getTeamMembers', 'getTeamMembers']);
    expect(await store.getTeamMembers('t1')).toEqual([]);
    expect((await store.getTimetags())['teamMembers-t1']).toBeUndefined();
    expect((await store.getTeamMembers('t3')).map((m) => m.account)).toEqual(['c']);
    expect((await store.getTimetags())['teamMembers-t3']).toBe(6);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ errorName: 'SYNC_TEAM_MEMBERS_ERROR' });
    expect(errors[0].message).toContain('members of t2 could not');
  });

  it('syncTeamMembers off (the default): no member reads', async () => {
    const { engine, memberRequests } = setup([[{ name: 'syncTeams', body: { teams: [team('t1')] } }]], { members: { t1: () => ({}) } });
    await engine.run();
    expect(memberRequests).toEqual([]);
  });
});
