import { ImError } from '../errors';
import { MessageTypeCode } from '../protocol/constants';
import type { TeamRecordValue } from '../protocol/records';
import { MemoryStore } from '../store/memory-store';
import { FakeConnection } from '../testing/fake-connection';
import { ImClient } from './im-client';

const ME = 's_1001';
const superTeam = (teamId: string, over: Partial<TeamRecordValue> = {}): TeamRecordValue => ({
  teamId, owner: ME, type: 1, name: `super ${teamId}`, valid: true, validToCurrentUser: true, memberNum: 3, createTime: 10, updateTime: 10, ...over,
});

function makeClient() {
  const fake = new FakeConnection();
  fake.answer('sync', (_body, f) => {
    setTimeout(() => {
      f.push('syncSuperTeams', { teams: [superTeam('st1')], timetag: 0 });
      f.push('syncDone', { timetag: 50 });
    }, 0);
    return {};
  });
  let clock = 1000;
  const client = new ImClient({ account: ME, connection: fake, store: new MemoryStore(), logger: { info: jest.fn(), warn: jest.fn(), error: jest.fn() }, now: () => ++clock });
  const sent = (name: string) => fake.requests.filter((r) => r.name === name).map((r) => r.body);
  return { fake, client, sent };
}

describe('ImClient super teams (im-client-spec §5 Teams, §8)', () => {
  it('getSuperTeams: 803 is cleared and treated as nothing to merge; the synced list stands', async () => {
    const { fake, client } = makeClient();
    await client.connect();
    expect((await client.superTeams.list()).map((t) => t.teamId)).toEqual(['st1']);
    fake.answer('getSuperTeams', () => {
      throw new ImError('Server_Error', 'unchanged', { code: 803 });
    });
    expect((await client.superTeams.getSuperTeams()).map((t) => t.teamId)).toEqual(['st1']);
    fake.answer('getSuperTeams', () => ({ teams: [superTeam('st1'), superTeam('st2', { createTime: 30 })], timetag: 0 }));
    expect((await client.superTeams.getSuperTeams()).map((t) => t.teamId)).toEqual(['st1', 'st2']);
    // Any other code is the caller's to see.
    fake.answer('getSuperTeams', () => {
      throw new ImError('Server_Error', 'busy', { code: 503 });
    });
    await expect(client.superTeams.getSuperTeams()).rejects.toMatchObject({ code: 503 });
  });

  it('a refused input sends nothing; leave and dismiss mark the super team invalid here (§4)', async () => {
    const { fake, client, sent } = makeClient();
    await client.connect();
    await expect(client.superTeams.getMembersByAccounts({ teamId: 'st1', accounts: [] })).rejects.toMatchObject({ code: 414, message: 'accounts must be a non-empty array' });
    await expect(client.superTeams.muteMembers({ teamId: 'st1', accounts: Array.from({ length: 11 }, (_, i) => `a${i}`), mute: true })).rejects.toMatchObject({ code: 414 });
    await expect(client.superTeams.action({ action: 'leave', teamId: '' })).rejects.toMatchObject({ code: 414, message: 'teamId is required' });
    await expect(client.superTeams.updateSuperTeam({ teamId: 'st1', type: 'normal' } as never)).rejects.toMatchObject({ code: 414, message: 'type cannot be updated' });
    expect(sent('getSuperTeamMembersByAccounts')).toEqual([]);
    expect(sent('updateSuperTeamMembersMute')).toEqual([]);
    expect(sent('superTeamAction')).toEqual([]);

    fake.answer('leaveSuperTeam', () => ({}));
    await client.superTeams.leave('st1');
    expect(await client.superTeams.list()).toEqual([]);
    expect(await client.superTeams.localSuperTeam('st1')).toMatchObject({ valid: true, validToCurrentUser: false });
    fake.answer('dismissSuperTeam', () => ({}));
    await client.superTeams.dismiss('st1');
    expect(await client.superTeams.localSuperTeam('st1')).toMatchObject({ valid: false, validToCurrentUser: false });
  });

  it('a super team notification reads the team again; superTeamSysMsg pushes are system messages, acknowledged on 21/19', async () => {
    const { fake, client, sent } = makeClient();
    fake.answer('getSuperTeam', () => ({ team: superTeam('st1', { name: 'renamed' }) }));
    fake.answer('batchMarkRead', () => ({}));
    await client.connect();
    const changed = new Promise<string[]>((resolve) => client.on('superTeams', (teams) => resolve(teams.map((t) => t.name))));
    fake.push('superTeamMsg', { msg: { idClient: 'n1', idServer: '9', scene: 5, from: 'x', to: 'st1', type: MessageTypeCode.notification, attach: '{"type":"updateSuperTeam"}', time: 5 } });
    expect(await changed).toContain('renamed');
    // The sysMsg event is emitted after the record is stored.
    const received = new Promise<void>((resolve) => client.on('sysMsg', () => resolve()));
    fake.push('superTeamSysMsg', { sysMsg: { idServer: '77', category: 'superTeam', type: 'applySuperTeam', from: 'x', to: ME, time: 6, state: 'init', read: false } });
    await received;
    expect((await client.localStore?.getSysMsg('77'))?.category).toBe('superTeam');
    await client.systemMessages.markRead(['77']);
    expect(sent('batchMarkRead')).toEqual([{ serviceId: 21, commandId: 19, idServers: ['77'] }]);
  });
});
