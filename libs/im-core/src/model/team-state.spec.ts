import type { ImTeam, ImTeamMember } from '../store/entities';
import { MemoryStore } from '../store/memory-store';
import {
  assertTeamDeletable,
  changeMemberTypes,
  invalidateTeam,
  mergeTeamMembers,
  ownerMember,
  removeMembers,
  setMemberMute,
  setTeamMuteType,
  sortMembers,
  transferOwnership,
} from './team-state';
import { fromWireTeamMember, toWireMemberUpdate, toWireTeamSettings } from './team-wire';

const team: ImTeam = { teamId: 't1', type: 'advanced', name: 'shop', owner: 'o', valid: true, validToCurrentUser: true, memberNum: 3, createTime: 1, updateTime: 1 };
const member = (account: string, type: ImTeamMember['type'], valid = true): ImTeamMember => ({
  id: `t1-${account}`, teamId: 't1', account, type, joinTime: 1, updateTime: 1, valid,
});
const members = [member('o', 'owner'), member('m', 'manager'), member('n', 'normal'), member('gone', 'normal', false)];

describe('team state (im-client-spec §4 Team)', () => {
  it('creating a team makes the creator owner', () => {
    expect(ownerMember('t1', 'me', 5)).toEqual({ id: 't1-me', teamId: 't1', account: 'me', type: 'owner', joinTime: 5, updateTime: 5, valid: true });
  });

  it.each([
    ['add managers: normal becomes manager', ['n', 'o', 'gone'], 'normal', 'manager', [['n', 'manager']]],
    ['remove managers: manager becomes normal', ['m', 'n'], 'manager', 'normal', [['m', 'normal']]],
  ] as const)('%s (owners, others and invalid rows untouched)', (_case, accounts, from, to, expected) => {
    expect(changeMemberTypes(members, accounts, from, to, 9).map((m) => [m.account, m.type])).toEqual(expected);
  });

  it('transfer makes the old owner normal and the new owner owner; with leave the old owner is out', () => {
    const kept = transferOwnership(team, members, 'n', false, 9);
    expect(kept.team.owner).toBe('n');
    expect(kept.members.map((m) => [m.account, m.type, m.valid])).toEqual([['o', 'normal', true], ['n', 'owner', true]]);
    const left = transferOwnership(team, members, 'm', true, 9);
    expect(left.members.map((m) => [m.account, m.type, m.valid])).toEqual([['o', 'normal', false], ['m', 'owner', true]]);
    expect([left.team.valid, left.team.validToCurrentUser, left.team.memberNum]).toEqual([true, false, 2]);
  });

  it('leaving or dismissing marks the team and its members invalid', () => {
    const left = invalidateTeam(team, members, 9);
    // Left: invalid to me; the team lives on for the others.
    expect([left.team.valid, left.team.validToCurrentUser]).toEqual([true, false]);
    expect(left.members.map((m) => [m.account, m.valid])).toEqual([['o', false], ['m', false], ['n', false]]);
    const dismissed = invalidateTeam(team, members, 9, 'dismissed');
    expect([dismissed.team.valid, dismissed.team.validToCurrentUser]).toEqual([false, false]);
  });

  it('deleting a team still valid for the current user fails with Still_In_Team', () => {
    expect(() => assertTeamDeletable(team)).toThrow(expect.objectContaining({ errorName: 'Still_In_Team' }));
    expect(() => assertTeamDeletable({ ...team, validToCurrentUser: false })).not.toThrow();
    expect(() => assertTeamDeletable(undefined)).not.toThrow();
  });

  it('kicked members become invalid and the count drops; mute toggles a per-member flag; team mute none/normal/all', () => {
    const kicked = removeMembers(team, members, ['n', 'gone'], 9);
    expect(kicked.members.map((m) => [m.account, m.valid])).toEqual([['n', false]]);
    expect(kicked.team?.memberNum).toBe(2);
    expect(setMemberMute(members, 'n', true, 9).map((m) => [m.account, m.mute])).toEqual([['n', true]]);
    expect([setTeamMuteType(team, 'all', 9).mute, setTeamMuteType(team, 'none', 9).mute, setTeamMuteType(team, 'normal', 9).muteType]).toEqual([true, false, 'normal']);
  });

  it('members sort owner, managers, others, then by join time', () => {
    expect(sortMembers([member('b', 'normal'), member('m', 'manager'), member('a', 'normal'), member('o', 'owner')]).map((m) => m.account)).toEqual(['o', 'm', 'a', 'b']);
  });

  it('merging members keeps a per-team member timetag that only moves forward', async () => {
    const store = new MemoryStore();
    await mergeTeamMembers(store, [member('n', 'normal')], { t1: 20 });
    await mergeTeamMembers(store, [], { t1: 10, t2: 5 });
    const tags = await store.getTimetags();
    expect([tags['teamMembers-t1'], tags['teamMembers-t2']]).toEqual([20, 5]);
    expect((await store.getTeamMembers('t1')).map((m) => m.account)).toEqual(['n']);
  });
});

describe('team wire mapping', () => {
  it('settings go as the TeamRecord codes (type 1 advanced, beInviteMode 0 needVerify, modes 0 manager / 1 all)', () => {
    expect(toWireTeamSettings({ type: 'advanced', name: 'shop', joinMode: 'rejectAll', beInviteMode: 'needVerify', inviteMode: 'all', updateTeamMode: 'manager', updateCustomMode: 'all' })).toEqual({
      type: 1, name: 'shop', joinMode: 2, beInviteMode: 0, inviteMode: 1, updateTeamMode: 0, updateCustomMode: 1,
    });
  });

  it('member records: type 0/1/2 normal/owner/manager, muteTeam in bit 0 of bits', () => {
    expect(fromWireTeamMember({ teamId: 't1', account: 'a', type: 2, bits: 3, mute: true, joinTime: 4 })).toMatchObject({ id: 't1-a', type: 'manager', muteTeam: true, mute: true, joinTime: 4, valid: true });
    expect(fromWireTeamMember({ teamId: 't1', account: 'a', type: 1, bits: 2, valid: false })).toMatchObject({ type: 'owner', muteTeam: false, valid: false });
    expect(fromWireTeamMember({ teamId: 't1' })).toBeUndefined();
    expect(toWireMemberUpdate({ teamId: 't1', muteTeam: true, nickInTeam: 'boss' }, 'me')).toEqual({ id: 't1-me', teamId: 't1', account: 'me', nickInTeam: 'boss', bits: 1 });
  });
});
