import { RawImClient } from './support/raw-client';
import { makeDataDir, startServer, usingPostgres } from './support/test-server';
import { IM_DEMO } from '../src/demo/demo-seed';

// `npm start` seeds the chat's demo team (IM_DEMO_SEED=1, src/demo/demo-seed.ts), so the chat frame's
// team conversation and team panel have something to show; a restart does not seed it twice.
describe('im-server demo seed', () => {
  const data = makeDataDir();
  afterAll(() => data.remove());

  it(`seeds the demo team with its members, roles and conversation once, also across a restart on the same ${usingPostgres ? 'PostgreSQL database' : 'PGlite folder'}`, async () => {
    const { merchant, customers, team, conversation } = IM_DEMO;
    const read = async (wsUrl: string) => {
      const reader = await RawImClient.loggedIn(wsUrl, merchant.accid, { clientType: 1, deviceId: 'demo-seed-test' });
      try {
        const teams = (await reader.request('getTeams', { timetag: 0 })).body.teams ?? [];
        const demo = teams.filter((t) => t.name === team.name && t.owner === merchant.accid);
        const teamId = demo[0]?.teamId as string;
        const members = (await reader.request('getTeamMembers', { teamId, timetag: 0 })).body.members ?? [];
        const history = (await reader.request('getTeamHistoryMsgs', { scene: 1, to: teamId, limit: 100, reverse: true })).body.msgs ?? [];
        const sessions = (await reader.request('getServerSessions', {})).body.sessions ?? [];
        return { demo, members, history, session: sessions.find((s) => s.id === `team-${teamId}`) };
      } finally {
        reader.close();
      }
    };

    const first = await startServer({ dataDir: data.dataDir, demoSeed: true });
    let seeded: Awaited<ReturnType<typeof read>>;
    try {
      seeded = await read(first.wsUrl);
    } finally {
      await first.server.close();
    }
    expect(seeded.demo).toHaveLength(1);
    expect(seeded.demo[0]).toMatchObject({ type: 1, intro: team.intro, announcement: team.announcement, memberNum: 1 + customers.length });
    const roles = Object.fromEntries(seeded.members.filter((m) => m.valid !== false).map((m) => [m.account, m.type]));
    expect(roles).toEqual({ [merchant.accid]: 1, [customers[0].accid]: 2, [customers[1].accid]: 0, [customers[2].accid]: 0 });
    const said = seeded.history.filter((m) => m.type === 0).map((m) => [m.from, m.text]);
    expect(said).toEqual(conversation.map((line) => [line.from, line.text]));
    expect(seeded.history.find((m) => m.from === customers[0].accid)?.fromNick).toBe(customers[0].nick);
    // The merchant has the team's session with the customers' messages unread.
    expect(seeded.session?.unread).toBe(conversation.filter((line) => line.from !== merchant.accid).length);

    const second = await startServer({ dataDir: data.dataDir, demoSeed: true });
    try {
      const again = await read(second.wsUrl);
      expect(again.demo).toHaveLength(1);
      expect(again.history.filter((m) => m.type === 0)).toHaveLength(conversation.length);
    } finally {
      await second.server.close();
    }
  });
});
