import { ImError } from '../errors';
import {
  MAX_SUPER_TEAM_MEMBER_LOOKUP, MAX_SUPER_TEAM_MUTE_ACCOUNTS, superTeamActionProblem, superTeamMemberLookupProblem, superTeamMembersPageProblem,
  superTeamMuteProblem, validateSuperTeamAction, validateSuperTeamMemberLookup, validateSuperTeamMute,
} from './super-team-rules';

const accounts = (n: number) => Array.from({ length: n }, (_, i) => `a${i}`);

describe('super team rules (im-client-spec §5 Teams)', () => {
  it('superTeamAction needs action and teamId', () => {
    expect(superTeamActionProblem({ teamId: '1' })).toBe('action is required');
    expect(superTeamActionProblem({ action: ' ', teamId: '1' })).toBe('action is required');
    expect(superTeamActionProblem({ action: 'mute' })).toBe('teamId is required');
    expect(superTeamActionProblem(undefined)).toBe('action is required');
    expect(superTeamActionProblem({ action: 'explode', teamId: '1' })).toBe('action must be one of addMembers, removeMembers, addManagers, removeManagers, mute, unmute, leave, dismiss');
    expect(superTeamActionProblem({ action: 'leave', teamId: '1' })).toBeUndefined();
    expect(() => validateSuperTeamAction({ action: 'mute', teamId: '' })).toThrow(expect.objectContaining({ code: 414, message: 'teamId is required' }));
  });

  it('member lookup by accounts is non-empty and at most 20', () => {
    expect(MAX_SUPER_TEAM_MEMBER_LOOKUP).toBe(20);
    expect(superTeamMemberLookupProblem({ teamId: '1', accounts: [] })).toBe('accounts must be a non-empty array');
    expect(superTeamMemberLookupProblem({ teamId: '1', accounts: accounts(21) })).toBe('accounts must hold at most 20 accounts');
    expect(superTeamMemberLookupProblem({ teamId: '1', accounts: accounts(20) })).toBeUndefined();
    expect(superTeamMemberLookupProblem({ accounts: ['a'] })).toBe('teamId is required');
    expect(validateSuperTeamMemberLookup({ teamId: '1', accounts: ['a', 'a'] }).accounts).toEqual(['a']);
  });

  it('mute takes at most 10 accounts and a boolean', () => {
    expect(MAX_SUPER_TEAM_MUTE_ACCOUNTS).toBe(10);
    expect(superTeamMuteProblem({ teamId: '1', accounts: accounts(11), mute: true })).toBe('accounts must hold at most 10 accounts');
    expect(superTeamMuteProblem({ teamId: '1', accounts: accounts(10), mute: true })).toBeUndefined();
    expect(superTeamMuteProblem({ teamId: '1', accounts: ['a'], mute: 'yes' })).toBe('mute must be a boolean');
    expect(superTeamMuteProblem({ teamId: '1', accounts: [], mute: true })).toBe('accounts must be a non-empty array');
    let thrown: unknown;
    try {
      validateSuperTeamMute({ teamId: '1', accounts: accounts(11), mute: true });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ImError);
    expect(thrown).toMatchObject({ code: 414, message: 'accounts must hold at most 10 accounts' });
  });

  it('members by join time: a join time in ms and a page of 1 to 100', () => {
    expect(superTeamMembersPageProblem({ teamId: '1' })).toBeUndefined();
    expect(superTeamMembersPageProblem({ teamId: '1', joinTime: -1 })).toBe('joinTime must be a time in ms');
    expect(superTeamMembersPageProblem({ teamId: '1', limit: 0 })).toBe('limit must be 1 to 100');
    expect(superTeamMembersPageProblem({ teamId: '1', limit: 101 })).toBe('limit must be 1 to 100');
    expect(superTeamMembersPageProblem({ teamId: '1', reverse: 'no' })).toBe('reverse must be a boolean');
    expect(superTeamMembersPageProblem({ joinTime: 0 })).toBe('teamId is required');
  });
});
