import type { ImMessage, ImSession, ImSysMsg, ImTeam } from './entities';
import { sessionIdOf, teamMemberIdOf } from './entities';
import type { Store } from './store';

// A conformance suite every Store implementation must pass (MemoryStore here, IndexedDbStore in
// @merchant/im-db), written without a test framework so it can ship in the library:
// `for (const c of STORE_CONFORMANCE_CASES) it(c.name, () => c.run(freshStore()))`.

export interface StoreConformanceCase {
  name: string;
  run(store: Store): Promise<void>;
}

class StoreConformanceError extends Error {
  override readonly name = 'StoreConformanceError';
}

function assertSame(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new StoreConformanceError(`${what}: expected ${e}, got ${a}`);
}

/** Builds a message row for the cases (and for callers' own tests). */
export function sampleMessage(overrides: Partial<ImMessage> & Pick<ImMessage, 'idClient' | 'time'>): ImMessage {
  const to = overrides.to ?? 'c_demo1';
  return {
    sessionId: sessionIdOf('p2p', to),
    scene: 'p2p',
    from: 'c_demo1',
    to: 's_1001',
    type: 'text',
    text: `text ${overrides.idClient}`,
    flow: 'in',
    status: 'success',
    ...overrides,
  };
}

/** Builds a session row for the cases. */
export function sampleSession(overrides: Partial<ImSession> & Pick<ImSession, 'id'>): ImSession {
  return { scene: 'p2p', to: overrides.id.replace(/^p2p-/, ''), ack: 0, unread: 0, lastMsg: null, updateTime: 0, isDeleted: false, ...overrides };
}

const team = (teamId: string): ImTeam => ({
  teamId, type: 'advanced', name: `team ${teamId}`, owner: 's_1001', valid: true, validToCurrentUser: true,
  memberNum: 2, createTime: 1, updateTime: 1,
});

const sysMsg = (idServer: string, time: number, category: ImSysMsg['category']): ImSysMsg => ({
  idServer, category, type: 'applyFriend', from: 'c_demo1', to: 's_1001', time, read: false, state: 'init',
});

export const STORE_CONFORMANCE_CASES: readonly StoreConformanceCase[] = [
  {
    name: 'key-value rows round-trip and can be deleted',
    async run(store) {
      await store.setValue('cdnHost', { host: 'cdn.example', expire: 5 });
      assertSame(await store.getValue('cdnHost'), { host: 'cdn.example', expire: 5 }, 'stored value');
      await store.deleteValue('cdnHost');
      assertSame(await store.getValue('cdnHost'), undefined, 'deleted value');
    },
  },
  {
    name: 'timetags merge per kind',
    async run(store) {
      await store.putTimetags({ myInfo: 10, roamingMsgs: 20 });
      await store.putTimetags({ roamingMsgs: 30, 'teamMembers-t1': 5 });
      const tags = await store.getTimetags();
      assertSame([tags.myInfo, tags.roamingMsgs, tags['teamMembers-t1'], tags.friends], [10, 30, 5, undefined], 'timetags');
    },
  },
  {
    name: 'messages are keyed by idClient: putting again replaces',
    async run(store) {
      await store.putMessages([sampleMessage({ idClient: 'a', time: 1, status: 'sending', flow: 'out', from: 's_1001', to: 'c_demo1' })]);
      await store.putMessages([sampleMessage({ idClient: 'a', time: 1, status: 'success', flow: 'out', from: 's_1001', to: 'c_demo1' })]);
      assertSame((await store.getMessage('a'))?.status, 'success', 'status after second put');
      assertSame((await store.getSessionMessages({ sessionId: 'p2p-c_demo1', limit: 10 })).length, 1, 'rows for the id');
      assertSame(await store.getMessage('missing'), undefined, 'unknown idClient');
    },
  },
  {
    name: 'messages are read in bulk by idClient, in the order asked, unknown ones left out',
    async run(store) {
      await store.putMessages([sampleMessage({ idClient: 'b1', time: 1 }), sampleMessage({ idClient: 'b2', time: 2 }), sampleMessage({ idClient: 'b3', time: 3 })]);
      const ids = (list: ImMessage[]) => list.map((m) => m.idClient);
      assertSame(ids(await store.getMessages(['b3', 'nope', 'b1'])), ['b3', 'b1'], 'known ones in asked order');
      assertSame(await store.getMessages([]), [], 'nothing asked');
      assertSame(await store.getMessages(['x', 'y']), [], 'none known');
      const [copy] = await store.getMessages(['b2']);
      copy.text = 'changed by caller';
      assertSame((await store.getMessage('b2'))?.text, 'text b2', 'a copy');
    },
  },
  {
    name: 'session messages come by time, newest first by default, limited, paged and filtered by session',
    async run(store) {
      const rows = [5, 1, 4, 2, 3].map((t) => sampleMessage({ idClient: `m${t}`, time: t * 100 }));
      await store.putMessages([...rows, sampleMessage({ idClient: 'other', time: 999, to: 'c_demo2', from: 'c_demo2' })]);
      const ids = (list: ImMessage[]) => list.map((m) => m.idClient);
      assertSame(ids(await store.getSessionMessages({ sessionId: 'p2p-c_demo1', limit: 3 })), ['m5', 'm4', 'm3'], 'latest 3');
      assertSame(ids(await store.getSessionMessages({ sessionId: 'p2p-c_demo1', limit: 2, beforeTime: 300 })), ['m2', 'm1'], 'before 300');
      assertSame(ids(await store.getSessionMessages({ sessionId: 'p2p-c_demo1', limit: 10, order: 'asc', afterTime: 200 })), ['m3', 'm4', 'm5'], 'after 200 ascending');
      assertSame(ids(await store.getSessionMessages({ sessionId: 'p2p-c_demo2', limit: 10 })), ['other'], 'other session');
    },
  },
  {
    name: 'messages can be found by status and deleted',
    async run(store) {
      await store.putMessages([
        sampleMessage({ idClient: 's1', time: 1, status: 'sending', flow: 'out' }),
        sampleMessage({ idClient: 's2', time: 2, status: 'success' }),
        sampleMessage({ idClient: 's3', time: 3, status: 'sending', flow: 'out' }),
      ]);
      assertSame((await store.getMessagesByStatus('sending')).map((m) => m.idClient).sort(), ['s1', 's3'], 'sending');
      await store.deleteMessages(['s1', 's2']);
      assertSame((await store.getSessionMessages({ sessionId: 'p2p-c_demo1', limit: 10 })).map((m) => m.idClient), ['s3'], 'left');
    },
  },
  {
    name: 'rows handed out are copies',
    async run(store) {
      await store.putMessages([sampleMessage({ idClient: 'c', time: 1 })]);
      const first = await store.getMessage('c');
      if (first) first.text = 'changed by caller';
      assertSame((await store.getMessage('c'))?.text, 'text c', 'stored text');
    },
  },
  {
    name: 'sessions list newest first, leaves out deleted ones unless asked, and honours the limit',
    async run(store) {
      await store.putSessions([
        sampleSession({ id: 'p2p-a', updateTime: 10 }),
        sampleSession({ id: 'p2p-b', updateTime: 30, isDeleted: true }),
        sampleSession({ id: 'p2p-c', updateTime: 20 }),
      ]);
      assertSame((await store.getSessions({ limit: 10 })).map((s) => s.id), ['p2p-c', 'p2p-a'], 'visible');
      assertSame((await store.getSessions({ limit: 2, includeDeleted: true })).map((s) => s.id), ['p2p-b', 'p2p-c'], 'with deleted');
      assertSame((await store.getSession('p2p-b'))?.isDeleted, true, 'deleted row kept');
    },
  },
  {
    name: 'users, friends and relation lists',
    async run(store) {
      await store.putUsers([{ account: 'u1', nick: 'One' }, { account: 'u2', nick: 'Two' }]);
      assertSame((await store.getUsers(['u2', 'zz', 'u1'])).map((u) => u.nick), ['Two', 'One'], 'users in asked order');
      assertSame((await store.getUser('u1'))?.nick, 'One', 'one user');
      await store.putFriends([{ account: 'u1', createTime: 1, updateTime: 1, valid: true }, { account: 'u2', createTime: 1, updateTime: 1, valid: true }]);
      await store.deleteFriends(['u1']);
      assertSame((await store.getFriends()).map((f) => f.account), ['u2'], 'friends');
      await store.putRelations('blacklist', [{ account: 'u3', createTime: 1, updateTime: 1 }]);
      await store.putRelations('mutelist', [{ account: 'u4', createTime: 1, updateTime: 1 }]);
      assertSame((await store.getRelations('blacklist')).map((r) => r.account), ['u3'], 'blacklist');
      await store.deleteRelations('mutelist', ['u4']);
      assertSame(await store.getRelations('mutelist'), [], 'mutelist');
    },
  },
  {
    name: 'teams, super teams and team members are separate tables',
    async run(store) {
      await store.putTeams([team('t1')]);
      await store.putSuperTeams([team('st1')]);
      await store.putTeamMembers([
        { id: teamMemberIdOf('t1', 'u1'), teamId: 't1', account: 'u1', type: 'owner', joinTime: 1, updateTime: 1, valid: true },
        { id: teamMemberIdOf('t2', 'u1'), teamId: 't2', account: 'u1', type: 'normal', joinTime: 1, updateTime: 1, valid: true },
      ]);
      assertSame((await store.getTeams()).map((t) => t.teamId), ['t1'], 'teams');
      assertSame((await store.getSuperTeams()).map((t) => t.teamId), ['st1'], 'super teams');
      assertSame((await store.getTeam('t1'))?.name, 'team t1', 'team by id');
      assertSame((await store.getTeamMembers('t1')).map((m) => m.id), ['t1-u1'], 'members of t1');
    },
  },
  {
    name: 'deleteTeams removes the teams and only their members',
    async run(store) {
      const member = (teamId: string, account: string) => ({ id: teamMemberIdOf(teamId, account), teamId, account, type: 'normal' as const, joinTime: 1, updateTime: 1, valid: false });
      await store.putTeams([team('t1'), team('t2')]);
      await store.putTeamMembers([member('t1', 'u1'), member('t1', 'u2'), member('t2', 'u1')]);
      await store.deleteTeams(['t1', 'unknown']);
      assertSame((await store.getTeams()).map((t) => t.teamId), ['t2'], 'teams left');
      assertSame(await store.getTeamMembers('t1'), [], 'members of the deleted team');
      assertSame((await store.getTeamMembers('t2')).map((m) => m.id), ['t2-u1'], 'members of the other team');
    },
  },
  {
    name: 'a write batch stores team members with the team and their timetag',
    async run(store) {
      await store.writeBatch([
        { kind: 'teams', teams: [team('t3')] },
        { kind: 'teamMembers', members: [{ id: teamMemberIdOf('t3', 'u1'), teamId: 't3', account: 'u1', type: 'manager', joinTime: 2, updateTime: 2, valid: true, muteTeam: true }] },
        { kind: 'timetags', timetags: { 'teamMembers-t3': 7 } },
      ]);
      assertSame((await store.getTeamMembers('t3')).map((m) => [m.account, m.type, m.muteTeam]), [['u1', 'manager', true]], 'members of t3');
      assertSame((await store.getTimetags())['teamMembers-t3'], 7, 'member timetag of t3');
    },
  },
  {
    name: 'system messages newest first, by category',
    async run(store) {
      await store.putSysMsgs([sysMsg('x1', 1, 'friend'), sysMsg('x2', 3, 'team'), sysMsg('x3', 2, 'friend')]);
      assertSame((await store.getSysMsgs({ limit: 10 })).map((s) => s.idServer), ['x2', 'x3', 'x1'], 'all');
      assertSame((await store.getSysMsgs({ limit: 1, category: 'friend' })).map((s) => s.idServer), ['x3'], 'friend, 1');
      assertSame((await store.getSysMsg('x1'))?.state, 'init', 'by id');
    },
  },
  {
    name: 'clear empties every table',
    async run(store) {
      await store.putMessages([sampleMessage({ idClient: 'z', time: 1 })]);
      await store.putSessions([sampleSession({ id: 'p2p-z' })]);
      await store.putTimetags({ myInfo: 1 });
      await store.setValue('k', 1);
      await store.clear();
      assertSame([await store.getMessage('z'), await store.getSession('p2p-z'), await store.getValue('k')], [undefined, undefined, undefined], 'rows');
      assertSame(await store.getTimetags(), {}, 'timetags');
    },
  },
  {
    name: 'a write batch applies every write in order (data and timetags together)',
    async run(store) {
      await store.putMessages([sampleMessage({ idClient: 'wb-old', time: 1 })]);
      await store.writeBatch([
        { kind: 'messages', messages: [sampleMessage({ idClient: 'wb-1', time: 2 }), sampleMessage({ idClient: 'wb-2', time: 3 })] },
        { kind: 'deleteMessages', idClients: ['wb-old'] },
        { kind: 'sessions', sessions: [sampleSession({ id: 'p2p-c_demo1', unread: 2, updateTime: 3 })] },
        { kind: 'timetags', timetags: { roamingMsgs: 42 } },
      ]);
      const ids = (await store.getSessionMessages({ sessionId: 'p2p-c_demo1', limit: 10, order: 'asc' })).map((m) => m.idClient);
      assertSame(ids, ['wb-1', 'wb-2'], 'messages after the batch');
      assertSame((await store.getSession('p2p-c_demo1'))?.unread, 2, 'session unread');
      assertSame((await store.getTimetags()).roamingMsgs, 42, 'timetag');
    },
  },
];
