import { account, startServer, type StartedServer } from './support/test-server';
import { teamWorld } from './support/team-helpers';

// Team messages, member changes and p2p messages at the same time (on PostgreSQL they really overlap):
// every request gets a clear answer (no deadlock, no 500), and each member that stayed in the team
// syncs every accepted team message exactly once (docs/im-sync.md: numbers taken in sorted account order).
describe('im-server teams under concurrent writes', () => {
  let started: StartedServer;
  const world = teamWorld(() => started);

  beforeAll(async () => {
    started = await startServer({ rateRules: { '*': { limit: 1_000_000, windowMs: 1000 } } });
  });
  afterAll(async () => {
    world.closeAll();
    await started.server.close();
  });

  it('concurrent team sends, membership changes and p2p messages all succeed, and sync carries each team message once', async () => {
    const owner = account('tc_owner');
    const names = [account('tc_m1'), account('tc_m2'), account('tc_m3'), account('tc_m4')];
    const o = await world.open(owner);
    const ports = await Promise.all(names.map((n) => world.open(n)));
    const teamId = await world.createTeam(o, names);
    const [stayers, mover] = [ports.slice(0, 3), ports[3]];

    const codes: number[] = [];
    const accepted: string[] = [];
    const sends = stayers.flatMap((port, p) =>
      Array.from({ length: 12 }, async (_, i) => {
        const idClient = `tc-${p}-${i}`;
        const answer = await port.request('sendTeamMsg', { msg: { idClient, scene: 1, to: teamId, type: 0, text: idClient } }, 30_000);
        codes.push(answer.code);
        if (answer.code === 200) accepted.push(idClient);
      }),
    );
    const p2p = stayers.flatMap((port, p) =>
      Array.from({ length: 6 }, async (_, i) => {
        const toOwner = await port.request('sendMsg', { msg: { idClient: `tc-p2p-${p}-${i}`, scene: 0, to: owner, type: 0, text: 'hi' } }, 30_000);
        const toPeer = await o.request('sendMsg', { msg: { idClient: `tc-p2p-o-${p}-${i}`, scene: 0, to: names[p], type: 0, text: 'hi' } }, 30_000);
        codes.push(toOwner.code, toPeer.code);
      }),
    );
    const membership = (async () => {
      for (let i = 0; i < 3; i++) {
        codes.push((await o.request('removeTeamMembers', { teamId, accounts: [names[3]] }, 30_000)).code);
        codes.push((await o.request('addTeamMembers', { teamId, accounts: [names[3]] }, 30_000)).code);
        codes.push((await o.request('updateTeam', { team: { teamId, announcement: `round ${i}` } }, 30_000)).code);
      }
    })();
    const moverSends = Array.from({ length: 6 }, async (_, i) => {
      const answer = await mover.request('sendTeamMsg', { msg: { idClient: `tc-mover-${i}`, scene: 1, to: teamId, type: 0, text: 'm' } }, 30_000);
      // The mover is in or out at that moment: accepted or "not in team", nothing else.
      expect([200, 804]).toContain(answer.code);
      if (answer.code === 200) accepted.push(`tc-mover-${i}`);
    });
    await Promise.all([...sends, ...p2p, membership, ...moverSends]);

    expect(codes.filter((c) => c !== 200)).toEqual([]);
    expect(accepted.length).toBeGreaterThanOrEqual(36);
    for (const port of stayers) {
      const synced = await world.syncFrom(port, {});
      expect(synced.done.hasMore).toBeFalsy();
      const got = synced
        .named('roamingMsgs')
        .flatMap((p) => (p.msgs as { idClient: string; type: number; sessionId: string }[]) ?? [])
        .filter((m) => m.sessionId === `team-${teamId}` && m.type === 0)
        .map((m) => m.idClient);
      expect([...got].sort()).toEqual([...accepted].sort());
    }
    expect((await o.request('getTeam', { teamId })).body.team?.memberNum).toBe(5);
  }, 120_000);
});
