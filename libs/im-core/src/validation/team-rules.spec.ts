import {
  createTeamProblem,
  invitorLookupProblem,
  MAX_INVITOR_LOOKUP,
  SYNC_TEAM_MEMBERS_DEPRECATED,
  teamAccountsProblem,
  teamIdProblem,
  teamMemberUpdateProblem,
  teamMuteTypeProblem,
  updateTeamProblem,
  validateCreateTeam,
  validateInvitorLookup,
  validateSyncTeamMembers,
  validateTeamAccounts,
  validateTeamMemberUpdate,
  validateTeamMuteType,
  validateUpdateTeam,
  teamReceiptsProblem,
  validateTeamReceipts,
  MAX_TEAM_RECEIPTS,
} from './team-rules';

const paramError = (message: string) => expect.objectContaining({ errorName: 'Param_Error', code: 414, message });
const accounts = (n: number) => Array.from({ length: n }, (_, i) => `c_${i}`);

describe('team rules (im-client-spec §5 "Teams")', () => {
  describe('create: type and name required, type normal or advanced, modes', () => {
    it.each([
      ['no team', undefined, 'team is required'],
      ['no type', { name: 'shop' }, 'type is required'],
      ['empty type', { type: '', name: 'shop' }, 'type is required'],
      ['an unknown type', { type: 'super', name: 'shop' }, 'type must be normal or advanced'],
      ['no name', { type: 'normal' }, 'name is required'],
      ['a blank name', { type: 'advanced', name: '  ' }, 'name is required'],
      ['a long name', { type: 'advanced', name: 'n'.repeat(65) }, 'name must be at most 64 characters'],
      ['a bad joinMode', { type: 'advanced', name: 'shop', joinMode: 'open' }, 'joinMode must be one of noVerify, needVerify, rejectAll'],
      ['a bad beInviteMode', { type: 'advanced', name: 'shop', beInviteMode: 'rejectAll' }, 'beInviteMode must be needVerify or noVerify'],
      ['a bad inviteMode', { type: 'advanced', name: 'shop', inviteMode: 'owner' }, 'inviteMode must be manager or all'],
      ['a bad updateTeamMode', { type: 'advanced', name: 'shop', updateTeamMode: 1 }, 'updateTeamMode must be manager or all'],
      ['a bad updateCustomMode', { type: 'advanced', name: 'shop', updateCustomMode: 'none' }, 'updateCustomMode must be manager or all'],
      ['accounts not a list', { type: 'normal', name: 'shop', accounts: 'c_1' }, 'accounts must be a non-empty array'],
      ['a blank account', { type: 'normal', name: 'shop', accounts: ['c_1', ''] }, 'accounts must contain only non-empty account strings'],
    ])('refuses %s', (_case, input, message) => {
      expect(createTeamProblem(input)).toBe(message);
      expect(() => validateCreateTeam(input as never)).toThrow(paramError(message));
    });

    it('fills the §5 defaults: beInviteMode needVerify; invite, update-team and update-custom modes manager', () => {
      expect(validateCreateTeam({ type: 'normal', name: 'shop', accounts: [] })).toEqual({
        type: 'normal', name: 'shop', accounts: [], beInviteMode: 'needVerify', inviteMode: 'manager', updateTeamMode: 'manager', updateCustomMode: 'manager',
      });
      expect(validateCreateTeam({ type: 'advanced', name: 'shop', joinMode: 'noVerify', beInviteMode: 'noVerify', inviteMode: 'all' })).toMatchObject({
        joinMode: 'noVerify', beInviteMode: 'noVerify', inviteMode: 'all', updateTeamMode: 'manager',
      });
    });

    it.each(['noVerify', 'needVerify', 'rejectAll'])('accepts joinMode %s', (joinMode) => {
      expect(createTeamProblem({ type: 'advanced', name: 'shop', joinMode })).toBeUndefined();
    });
  });

  describe('update: teamId required, no type', () => {
    it.each([
      ['no team', null, 'team is required'],
      ['no teamId', { name: 'new' }, 'teamId is required'],
      ['a type', { teamId: 't1', type: 'normal', name: 'new' }, 'type cannot be updated'],
      ['an empty name', { teamId: 't1', name: '' }, 'name must not be empty'],
      ['an unknown field', { teamId: 't1', owner: 'c_1' }, 'unknown team field owner'],
      ['nothing to change', { teamId: 't1' }, 'team update needs at least one field'],
      ['a bad joinMode', { teamId: 't1', joinMode: 'closed' }, 'joinMode must be one of noVerify, needVerify, rejectAll'],
      ['a bad inviteMode', { teamId: 't1', inviteMode: 'everyone' }, 'inviteMode must be manager or all'],
      ['a bad beInviteMode', { teamId: 't1', beInviteMode: 'x' }, 'beInviteMode must be needVerify or noVerify'],
      ['a long announcement', { teamId: 't1', announcement: 'a'.repeat(5001) }, 'announcement must be at most 5000 characters'],
    ])('refuses %s', (_case, input, message) => {
      expect(updateTeamProblem(input)).toBe(message);
      expect(() => validateUpdateTeam(input as never)).toThrow(paramError(message));
    });

    it('accepts a change of modes and drops undefined fields', () => {
      expect(validateUpdateTeam({ teamId: 't1', joinMode: 'rejectAll', updateCustomMode: 'all', intro: undefined })).toEqual({
        teamId: 't1', joinMode: 'rejectAll', updateCustomMode: 'all',
      });
    });
  });

  describe('member update: teamId and at least one of nickInTeam, muteTeam, muteNotiType, custom', () => {
    it.each([
      ['no member', undefined, 'member is required'],
      ['no teamId', { nickInTeam: 'boss' }, 'teamId is required'],
      ['no field', { teamId: 't1' }, 'member update needs at least one of nickInTeam, muteTeam, muteNotiType, custom'],
      ['a long nick', { teamId: 't1', nickInTeam: 'n'.repeat(65) }, 'nickInTeam must be a string of at most 64 characters'],
      ['muteTeam not a boolean', { teamId: 't1', muteTeam: 1 }, 'muteTeam must be a boolean'],
      ['an unknown muteNotiType', { teamId: 't1', muteNotiType: 3 }, 'muteNotiType must be 0, 1 or 2'],
      ['custom not a string', { teamId: 't1', custom: { a: 1 } }, 'custom must be a string of at most 5000 characters'],
    ])('refuses %s', (_case, input, message) => {
      expect(teamMemberUpdateProblem(input)).toBe(message);
      expect(() => validateTeamMemberUpdate(input as never)).toThrow(paramError(message));
    });

    it.each([
      [{ teamId: 't1', nickInTeam: '' }],
      [{ teamId: 't1', muteTeam: false }],
      [{ teamId: 't1', muteNotiType: 0 }],
      [{ teamId: 't1', custom: '{}' }],
    ])('accepts %j', (input) => {
      expect(teamMemberUpdateProblem(input)).toBeUndefined();
    });
  });

  describe('invitor lookup: at most 200 accounts', () => {
    it.each([
      ['no teamId', { accounts: ['c_1'] }, 'teamId is required'],
      ['no accounts', { teamId: 't1', accounts: [] }, 'accounts must be a non-empty array'],
      ['201 accounts', { teamId: 't1', accounts: accounts(MAX_INVITOR_LOOKUP + 1) }, 'accounts must hold at most 200 accounts'],
    ])('refuses %s', (_case, input, message) => {
      expect(invitorLookupProblem(input)).toBe(message);
      expect(() => validateInvitorLookup(input as never)).toThrow(paramError(message));
    });

    it('accepts 200 accounts and deduplicates', () => {
      expect(invitorLookupProblem({ teamId: 't1', accounts: accounts(200) })).toBeUndefined();
      expect(validateInvitorLookup({ teamId: 't1', accounts: ['a', 'b', 'a'] }).accounts).toEqual(['a', 'b']);
    });
  });

  describe('mute types none, normal, all', () => {
    it.each(['none', 'normal', 'all'])('accepts %s', (muteType) => {
      expect(teamMuteTypeProblem(muteType)).toBeUndefined();
    });
    it.each([[0], ['managers'], [undefined]])('refuses %j', (muteType) => {
      expect(() => validateTeamMuteType(muteType as never)).toThrow(paramError('muteType must be one of none, normal, all'));
    });
  });

  describe('member lists (add, remove, managers) and team ids', () => {
    it.each([
      [{ teamId: '', accounts: ['c_1'] }, 'teamId is required'],
      [{ teamId: 't1', accounts: [] }, 'accounts must be a non-empty array'],
      [{ teamId: 't1', accounts: [7] }, 'accounts must contain only non-empty account strings'],
    ])('refuses %j', (input, message) => {
      expect(() => validateTeamAccounts(input as never)).toThrow(paramError(message));
    });
    it('deduplicates accounts and checks a bound when given', () => {
      expect(validateTeamAccounts({ teamId: 't1', accounts: ['c_1', 'c_1'] }).accounts).toEqual(['c_1']);
      expect(teamAccountsProblem(['a', 'b', 'c'], 2)).toBe('accounts must hold at most 2 accounts');
      expect(teamIdProblem(undefined)).toBe('teamId is required');
    });
  });

  describe('sync options (§5): enabling syncTeamMembers while teams exist throws', () => {
    it.each([
      [true, 1, SYNC_TEAM_MEMBERS_DEPRECATED],
      [true, 0, undefined],
      [false, 3, undefined],
    ])('enable=%s with %i stored teams', (enable, teams, message) => {
      if (message) expect(() => validateSyncTeamMembers(enable, teams)).toThrow(paramError('sync team members api deprecated!'));
      else expect(() => validateSyncTeamMembers(enable, teams)).not.toThrow();
    });
  });

  describe('team read receipts: 1 to 50 team messages with idServer (§5 receipts max 50)', () => {
    const teamMessage = (i: number) => ({ scene: 'team', to: 't1', idServer: `${i}`, idClient: `c${i}` });
    it.each([
      ['no messages', []],
      ['51 messages', Array.from({ length: MAX_TEAM_RECEIPTS + 1 }, (_, i) => teamMessage(i))],
      ['not a list', 'c1'],
    ])('refuses %s', (_case, messages) => {
      expect(() => validateTeamReceipts(messages as never)).toThrow(paramError('receipts must name 1 to 50 team messages'));
    });
    it.each([
      ['a p2p message', { scene: 'p2p', to: 'c_a', idServer: '1', idClient: 'c1' }],
      ['a message the server has not answered', { scene: 'team', to: 't1', idClient: 'c1' }],
    ])('refuses %s', (_case, message) => {
      expect(() => validateTeamReceipts([message] as never)).toThrow(paramError('a receipt needs a team message the server has answered (scene team, idServer)'));
    });
    it('accepts 50 team messages', () => {
      expect(teamReceiptsProblem(Array.from({ length: 50 }, (_, i) => teamMessage(i)))).toBeUndefined();
    });
  });
});
