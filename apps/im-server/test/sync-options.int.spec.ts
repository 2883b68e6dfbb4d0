import { MemoryStore, SYNC_OPTION_DEFAULTS, type ImClient, type ImMessage, type SyncNotification, type SyncOptions } from '@merchant/im-core';
import { imCoreClient, waitFor } from './support/im-core-clients';
import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

/**
 * im-client-spec §5 "Sync options" against the real im-server: for each option, a fresh device of one
 * account syncs with the option at its default and flipped, and what arrives differs exactly in that
 * option's data. The raw rows show the server itself leaves the data out (the request's offKinds);
 * the im-core rows show what the client asks for and merges. docs/im-sync.md "Sync options".
 */
describe('§5 sync options, end to end', () => {
  let started: StartedServer;
  const clients: ImClient[] = [];
  const raws: RawImClient[] = [];
  const [me, peer, friend, spam] = [account('so_me'), account('so_peer'), account('so_friend'), account('so_spam')];
  let teamId = '';
  let superTeamId = '';

  const connect = async (name: string, extra: Parameters<typeof imCoreClient>[2] = {}) => {
    const client = imCoreClient(started.url, name, { store: new MemoryStore(), ...extra });
    clients.push(client);
    await client.connect();
    return client;
  };

  beforeAll(async () => {
    started = await startServer({ rateRules: { '*': { limit: 1_000_000, windowMs: 1000 } } });
    const storeA = new MemoryStore();
    const meA = await connect(me, { store: storeA });
    const peerClient = await connect(peer);
    await connect(friend);
    await connect(spam);

    await meA.friends.addFriend({ account: friend });
    await meA.relations.markInBlacklist({ account: spam, isAdd: true });
    const { team } = await meA.teams.createTeam({ type: 'normal', name: 'sync options', accounts: [peer] });
    teamId = team.teamId;
    await meA.teams.sendText({ teamId, text: 'team-1' });
    superTeamId = (await started.server.createSuperTeam({ owner: me, name: 'sync options', members: [peer] })).team.teamId;
    await peerClient.superTeams.sendText({ teamId: superTeamId, text: 'st-1' });
    // A receipt for my message (msgReceipts) and a message to me that my first device receives (m1).
    const atPeer: ImMessage[] = [];
    peerClient.on('msg', (m) => atPeer.push(m));
    const mine = await meA.messages.sendText({ scene: 'p2p', to: peer, text: 'mine' });
    await waitFor(() => atPeer.some((m) => m.idClient === mine.idClient), 5000, 'the peer receives my message');
    await peerClient.sessions.sendMsgReceipt(atPeer.find((m) => m.idClient === mine.idClient)!);
    await peerClient.messages.sendText({ scene: 'p2p', to: me, text: 'm1' });
    await waitFor(async () => (await storeA.getSessionMessages({ sessionId: `p2p-${peer}`, limit: 10 })).some((m) => m.text === 'm1'), 5000, 'my first device receives m1');

    // My first device syncs twice more from its store: the second sync's cursor tells the server it has
    // everything so far (the delivered mark). Then m2 comes while no device of mine is online: offline.
    await meA.destroy();
    await (await connect(me, { store: storeA })).destroy();
    await (await connect(me, { store: storeA })).destroy();
    await peerClient.messages.sendText({ scene: 'p2p', to: me, text: 'm2' });
  });

  afterAll(async () => {
    for (const raw of raws) raw.close();
    for (const client of clients) await client.destroy();
    await started.server.close();
  });

  /** What a fresh im-core device of mine merges in its first sync with `options`. */
  const freshDevice = async (options: SyncOptions) => {
    const notified: SyncNotification[] = [];
    const client = imCoreClient(started.url, me, { store: new MemoryStore(), ...options });
    clients.push(client);
    client.on('syncData', (n) => notified.push(n));
    await client.connect();
    await client.destroy();
    const of = <K extends SyncNotification['kind']>(kind: K) => notified.filter((n): n is Extract<SyncNotification, { kind: K }> => n.kind === kind);
    return {
      blacklist: of('blacklist').flatMap((n) => n.relations.map((r) => r.account)),
      friends: of('friends').flatMap((n) => n.friends.map((f) => f.account)),
      users: of('users').flatMap((n) => n.users.map((u) => u.account)),
      teams: of('teams').flatMap((n) => n.teams.map((t) => t.teamId)),
      superTeams: of('superTeams').flatMap((n) => n.teams.map((t) => t.teamId)),
      teamMembers: of('teamMembers').flatMap((n) => n.members.map((m) => `${m.teamId}/${m.account}`)),
      superTeamMembers: of('superTeamMembers').flatMap((n) => n.members.map((m) => `${m.teamId}/${m.account}`)),
      msgReceipts: of('msgReceipts').flatMap((n) => n.sessions.map((s) => s.id)),
      messages: [...of('roamingMsgs'), ...of('offlineMsgs')].flatMap((n) => n.messages.filter((m) => m.type === 'text').map((m) => m.text ?? '')),
    };
  };
  type Merged = Awaited<ReturnType<typeof freshDevice>>;

  /** The pushes one raw sync from 0 brings, with `offKinds`. */
  const rawSync = async (offKinds: string[]) => {
    // Another platform (Android) than the im-core devices, so neither kicks the other.
    const raw = await RawImClient.loggedIn(started.wsUrl, me, { clientType: 1, deviceId: `raw-${offKinds.join('-')}` });
    raws.push(raw);
    raw.pushes.splice(0);
    expect((await raw.request('sync', { timetags: {}, ...(offKinds.length ? { offKinds } : {}) })).code).toBe(200);
    await raw.waitForPush('syncDone');
    const frames = raw.pushes.splice(0);
    raw.close();
    const bodies = (name: string) => frames.filter((f) => f.name === name).map((f) => f.body as Record<string, unknown[] | undefined>);
    const list = (name: string, field: string, key: string) => bodies(name).flatMap((b) => (b[field] ?? []).map((r) => String((r as Record<string, unknown>)[key])));
    // Text messages only (type 0): team and super team notifications ride the same pushes.
    const texts = (name: string) => bodies(name).flatMap((b) => (b.msgs ?? []) as { type?: number; text?: string }[]).filter((m) => (m.type ?? 0) === 0).map((m) => m.text ?? '');
    return {
      blacklist: list('syncRelations', 'blacklist', 'account'),
      friends: list('syncFriends', 'friends', 'account'),
      users: list('syncFriendUsers', 'users', 'account'),
      teams: list('syncTeams', 'teams', 'teamId'),
      superTeams: list('syncSuperTeams', 'teams', 'teamId'),
      myTeamMembers: list('syncMyTeamMembers', 'members', 'teamId'),
      msgReceipts: list('syncMsgReceipts', 'sessions', 'id'),
      roamingMsgs: texts('roamingMsgs'),
      offlineMsgs: texts('offlineMsgs'),
    };
  };
  type Pushed = Awaited<ReturnType<typeof rawSync>>;

  let defaults: Merged;
  let rawDefaults: Pushed;
  beforeAll(async () => {
    defaults = await freshDevice({});
    rawDefaults = await rawSync([]);
  });

  it('defaults: every kind arrives, members are not read, roaming and offline messages both come', () => {
    expect(defaults.blacklist).toContain(spam);
    expect(defaults.friends).toContain(friend);
    expect(defaults.users).toEqual(expect.arrayContaining([friend, peer]));
    expect(defaults.teams).toContain(teamId);
    expect(defaults.superTeams).toContain(superTeamId);
    expect(defaults.teamMembers).toContain(`${teamId}/${me}`);
    expect(defaults.teamMembers).not.toContain(`${teamId}/${peer}`);
    expect(defaults.superTeamMembers).toEqual([]);
    expect(defaults.msgReceipts).toContain(`p2p-${peer}`);
    expect(defaults.messages).toEqual(expect.arrayContaining(['mine', 'm1', 'm2', 'team-1', 'st-1']));
    expect(rawDefaults).toMatchObject({ blacklist: [spam], friends: [friend], teams: [teamId], superTeams: [superTeamId], myTeamMembers: [teamId], msgReceipts: [`p2p-${peer}`], offlineMsgs: [] });
    expect(rawDefaults.roamingMsgs).toEqual(expect.arrayContaining(['mine', 'm1', 'm2', 'team-1', 'st-1']));
  });

  /**
   * option flipped from its default, the request's offKind (none for the steps after the pages), what the
   * im-core device then merges differently, and what the server then pushes differently.
   */
  const ROWS: [keyof SyncOptions, string | undefined, (m: Merged) => void, ((p: Pushed) => void)?][] = [
    ['syncRelations', 'relations', (m) => expect(m.blacklist).toEqual([]), (p) => expect(p.blacklist).toEqual([])],
    ['syncFriends', 'friends', (m) => expect(m.friends).toEqual([]), (p) => expect(p.friends).toEqual([])],
    [
      'syncFriendUsers', 'friendUsers',
      (m) => expect(m.users).toEqual([peer]),
      // The profiles of session parties still come (the session list needs them); my friend's does not.
      (p) => expect(p.users).toEqual([peer]),
    ],
    [
      'syncTeams', 'teams',
      (m) => (expect(m.teams).toEqual([]), expect(m.teamMembers).toEqual([]), expect(m.messages).toContain('team-1')),
      (p) => (expect(p.teams).toEqual([]), expect(p.myTeamMembers).toEqual([])),
    ],
    ['syncSuperTeams', 'superTeams', (m) => (expect(m.superTeams).toEqual([]), expect(m.messages).toContain('st-1')), (p) => expect(p.superTeams).toEqual([])],
    [
      'syncRoamingMsgs', 'roamingMsgs',
      // m1, mine and team-1 are on my first device already (roaming); m2 is on none (offline).
      (m) => expect(m.messages.sort()).toEqual(['m2', 'st-1']),
      (p) => (expect(p.roamingMsgs).toEqual(['st-1']), expect(p.offlineMsgs).toEqual(['m2'])),
    ],
    [
      'syncSuperTeamRoamingMsgs', 'superTeamRoamingMsgs',
      (m) => (expect(m.messages).not.toContain('st-1'), expect(m.messages).toEqual(expect.arrayContaining(['m1', 'm2']))),
      (p) => (expect(p.roamingMsgs).not.toContain('st-1'), expect(p.roamingMsgs).toContain('m1')),
    ],
    ['syncMsgReceipts', 'msgReceipts', (m) => expect(m.msgReceipts).toEqual([]), (p) => expect(p.msgReceipts).toEqual([])],
    [
      'syncExtraTeamInfo', 'myTeamMembers',
      (m) => (expect(m.teams).toContain(teamId), expect(m.teamMembers).toEqual([])),
      (p) => (expect(p.teams).toEqual([teamId]), expect(p.myTeamMembers).toEqual([])),
    ],
    ['syncTeamMembers', undefined, (m) => expect(m.teamMembers).toEqual(expect.arrayContaining([`${teamId}/${me}`, `${teamId}/${peer}`]))],
    ['syncSuperTeamMembers', undefined, (m) => expect(m.superTeamMembers.sort()).toEqual([`${superTeamId}/${me}`, `${superTeamId}/${peer}`].sort())],
  ];

  // Rows as objects: a row function with more parameters than the row has values would be taken for jest's done callback.
  const CASES = ROWS.map(([option, offKind, merged, pushed]) => ({ option, offKind: offKind ?? 'none', merged, pushed }));
  it.each(CASES)('$option flipped (offKind $offKind): only that data changes', async ({ option, offKind, merged, pushed }) => {
    const got = await freshDevice({ [option]: !SYNC_OPTION_DEFAULTS[option] });
    merged(got);
    // Everything the option does not govern still arrives.
    const untouched: (keyof Merged)[] = ['blacklist', 'friends', 'superTeams', 'msgReceipts'];
    const governs: Partial<Record<keyof SyncOptions, (keyof Merged)[]>> = {
      syncRelations: ['blacklist'], syncFriends: ['friends'], syncSuperTeams: ['superTeams'], syncMsgReceipts: ['msgReceipts'],
    };
    for (const key of untouched.filter((k) => !(governs[option] ?? []).includes(k))) expect(got[key]).toEqual(defaults[key]);
    if (pushed) pushed(await rawSync([offKind]));
  });
});
