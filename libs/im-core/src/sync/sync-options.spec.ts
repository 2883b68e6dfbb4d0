import type { ImPush } from '../connection/im-connection';
import { SceneCode, MessageTypeCode } from '../protocol/constants';
import type { MessageRecordValue } from '../protocol/records';
import { MemoryStore } from '../store/memory-store';
import { SyncEngine } from './sync-engine';
import { resolveSyncOptions, SYNC_OPTION_DEFAULTS, SYNC_OPTION_NAMES, type SyncOptions } from './sync-options';
import type { SyncNotification } from './sync-notification';

const ME = 's_1001';
const wireMsg = (idClient: string, scene: number, to: string): MessageRecordValue => ({
  idClient, idServer: `srv-${idClient}`, scene, from: 'c_demo1', to, time: 10, type: MessageTypeCode.text, text: idClient,
});

/** One page carrying one push of every kind an option governs. */
const EVERY_KIND: ImPush[] = [
  { name: 'syncRelations', body: { blacklist: [{ account: 'spam', isBlacked: '1' }], timetag: 40 } },
  { name: 'syncFriends', body: { friends: [{ account: 'c_f', valid: true }], timetag: 40 } },
  { name: 'syncTeams', body: { teams: [{ teamId: 't1', owner: ME, type: 1, valid: true, validToCurrentUser: true }], timetag: 40 } },
  { name: 'syncMyTeamMembers', body: { members: [{ teamId: 't1', account: ME, type: 1, valid: true }], timetag: 40 } },
  { name: 'syncSuperTeams', body: { teams: [{ teamId: 'st1', owner: ME, valid: true, validToCurrentUser: true }], timetag: 40 } },
  { name: 'syncMsgReceipts', body: { sessions: [{ id: 'p2p-c_demo1', msgReceiptTime: 5 }], timetag: 40 } },
  { name: 'roamingMsgs', body: { msgs: [wireMsg('p2p', SceneCode.p2p, ME), wireMsg('super', SceneCode.superTeam, 'st1')], timetag: 40 } },
  { name: 'offlineMsgs', body: { msgs: [wireMsg('offline', SceneCode.p2p, ME)] } },
  { name: 'offlineFilterMsgs', body: { msgs: [wireMsg('filtered', SceneCode.p2p, ME)] } },
];

async function syncOnce(syncOptions: SyncOptions, stored: Record<string, number> = {}) {
  const store = new MemoryStore();
  await store.putTimetags(stored);
  const requests: { timetags: Record<string, number>; offKinds?: string[] }[] = [];
  const notified: SyncNotification[] = [];
  const engine: SyncEngine = new SyncEngine({
    connection: {
      async request(_name, body) {
        requests.push(body as (typeof requests)[number]);
        setTimeout(() => [...EVERY_KIND, { name: 'syncDone', body: { timetag: 50 } } as ImPush].forEach((p) => engine.handlePush(p)), 0);
        return {};
      },
    },
    store, account: ME, syncOptions, notify: (n) => notified.push(n),
  });
  await engine.run();
  const kinds = notified.map((n) => n.kind);
  const messages = notified.flatMap((n) => ('messages' in n ? n.messages.map((m) => m.idClient) : []));
  return { request: requests[0], kinds, messages, timetags: await store.getTimetags(), store };
}

describe('§5 Sync options', () => {
  it('nine default true, syncFilter, syncTeamMembers and syncSuperTeamMembers default false', () => {
    expect(resolveSyncOptions()).toEqual({
      syncRelations: true, syncFriends: true, syncFriendUsers: true, syncTeams: true, syncSuperTeams: true, syncRoamingMsgs: true,
      syncSuperTeamRoamingMsgs: true, syncMsgReceipts: true, syncExtraTeamInfo: true, syncFilter: false, syncTeamMembers: false, syncSuperTeamMembers: false,
    });
    expect(SYNC_OPTION_NAMES).toHaveLength(12);
    expect(resolveSyncOptions({ syncFriends: false, syncFilter: true })).toMatchObject({ syncFriends: false, syncFilter: true, syncRelations: true });
  });

  it.each(SYNC_OPTION_NAMES.map((name) => [name]))('%s must be a boolean (Param_Error, 414)', (name) => {
    for (const bad of ['true', 1, null, {}]) {
      expect(() => resolveSyncOptions({ [name]: bad } as never)).toThrow(expect.objectContaining({ errorName: 'Param_Error', code: 414, message: expect.stringContaining(name) }));
    }
    expect(() => resolveSyncOptions({ [name]: !SYNC_OPTION_DEFAULTS[name] })).not.toThrow();
  });

  it('defaults: every kind is asked for except filtered messages, and everything but them is merged', async () => {
    const { request, kinds, messages } = await syncOnce({});
    expect(request.offKinds).toEqual(['filterMsgs']);
    expect(Object.keys(request.timetags)).toEqual(expect.arrayContaining(['relations', 'friends', 'friendUsers', 'teams', 'superTeams', 'msgReceipts', 'myTeamMembers', 'roamingMsgs']));
    expect(kinds).toEqual(expect.arrayContaining(['blacklist', 'friends', 'teams', 'teamMembers', 'superTeams', 'msgReceipts', 'roamingMsgs', 'offlineMsgs']));
    expect(messages.sort()).toEqual(['offline', 'p2p', 'super']);
  });

  it.each<[keyof SyncOptions, string, string[], string[]]>([
    // option, kind in offKinds, timetag kinds left out of the request and held, notifications that disappear
    ['syncRelations', 'relations', ['relations'], ['blacklist']],
    ['syncFriends', 'friends', ['friends'], ['friends']],
    ['syncFriendUsers', 'friendUsers', ['friendUsers'], []],
    ['syncTeams', 'teams', ['teams', 'myTeamMembers'], ['teams', 'teamMembers']],
    ['syncSuperTeams', 'superTeams', ['superTeams'], ['superTeams']],
    ['syncMsgReceipts', 'msgReceipts', ['msgReceipts'], ['msgReceipts']],
    ['syncExtraTeamInfo', 'myTeamMembers', ['myTeamMembers'], ['teamMembers']],
  ])('%s false: %s is named in offKinds, its timetag is not sent and stays, its pushes are not merged', async (option, offKind, held, gone) => {
    const stored = { relations: 7, friends: 7, friendUsers: 7, teams: 7, superTeams: 7, msgReceipts: 7, myTeamMembers: 7, roamingMsgs: 7 };
    const { request, kinds, timetags } = await syncOnce({ [option]: false }, stored);
    expect(request.offKinds).toEqual(expect.arrayContaining([offKind]));
    for (const kind of held) {
      expect(request.timetags).not.toHaveProperty(kind);
      expect(timetags[kind as keyof typeof timetags]).toBe(7);
    }
    for (const kind of gone) expect(kinds).not.toContain(kind);
    // Everything else still moves on and is merged.
    expect(timetags.roamingMsgs).toBe(40);
    expect(kinds).toContain('roamingMsgs');
  });

  it('syncRoamingMsgs false: p2p and team roaming messages are not merged, offline ones are; the page cursor still moves', async () => {
    const { request, messages, timetags } = await syncOnce({ syncRoamingMsgs: false });
    expect(request.offKinds).toContain('roamingMsgs');
    expect(request.timetags.roamingMsgs).toBe(0);
    expect(messages.sort()).toEqual(['offline', 'super']);
    expect(timetags.roamingMsgs).toBe(40);
  });

  it('syncSuperTeamRoamingMsgs false: super team roaming messages are not merged, the others are', async () => {
    const { request, messages } = await syncOnce({ syncSuperTeamRoamingMsgs: false });
    expect(request.offKinds).toContain('superTeamRoamingMsgs');
    expect(messages.sort()).toEqual(['offline', 'p2p']);
  });

  it('syncFilter true: filterMsgs is not in offKinds and filtered messages are merged', async () => {
    const { request, kinds, messages } = await syncOnce({ syncFilter: true });
    expect(request.offKinds ?? []).not.toContain('filterMsgs');
    expect(kinds).toContain('offlineFilterMsgs');
    expect(messages).toContain('filtered');
  });

  it('syncTeams false also keeps syncTeamMembers from reading (no teams are kept)', async () => {
    const { store } = await syncOnce({ syncTeams: false });
    expect(await store.getTeams()).toEqual([]);
  });
});
