import {
  friendRequestProblem,
  friendUpdateProblem,
  isValidBirth,
  MAX_USER_LOOKUP,
  profileUpdateProblem,
  relationTargetProblem,
  userLookupProblem,
  validateFriendUpdate,
  validateProfileUpdate,
  validateUserLookup,
} from './user-rules';

describe('user rules (im-client-spec §5 "Users and friends")', () => {
  it.each([
    [{ gender: 'other' }, 'gender'],
    [{ email: 'shop.example' }, 'email'],
    [{ email: '@shop.example' }, 'email'],
    [{ email: 'me@' }, 'email'],
    [{ birth: '1990-1-1' }, 'birth'],
    [{ birth: '2023-02-30' }, 'birth'],
    [{ tel: '138 0000' }, 'tel'],
    [{ tel: 'abc' }, 'tel'],
    [{ nick: 'x'.repeat(65) }, 'nick'],
    [{ custom: '[1]' }, 'custom'],
    [{ account: 'someone' }, 'unknown user field'],
    [{}, 'at least one field'],
    [null, 'required'],
  ])('refuses %j (%s)', (update, reason) => {
    expect(profileUpdateProblem(update)).toContain(reason);
    expect(() => validateProfileUpdate(update as never)).toThrow(expect.objectContaining({ errorName: 'Param_Error', code: 414 }));
  });

  it('accepts the §5 formats, and empty strings that clear a field', () => {
    expect(profileUpdateProblem({ gender: 'female', email: 'a@b', birth: '2024-02-29', tel: '+86-(10)12345678', custom: '{"vip":1}' })).toBeUndefined();
    expect(profileUpdateProblem({ email: '', birth: '', tel: '' })).toBeUndefined();
    expect(isValidBirth('2023-02-29')).toBe(false);
    expect(isValidBirth('2000-12-31')).toBe(true);
  });

  it('looks up at most 150 accounts, non-empty, deduplicated', () => {
    const many = Array.from({ length: MAX_USER_LOOKUP + 1 }, (_, i) => `a${i}`);
    expect(userLookupProblem(many)).toContain('150');
    expect(userLookupProblem([])).toBeTruthy();
    expect(userLookupProblem(many.slice(0, 150))).toBeUndefined();
    expect(validateUserLookup(['a', 'b', 'a'])).toEqual(['a', 'b']);
  });

  it('a friend update needs account and alias or custom; requests need another account and a known kind', () => {
    expect(friendUpdateProblem({ account: 'c_demo1' })).toContain('alias or custom');
    expect(friendUpdateProblem({ alias: 'x' })).toContain('account');
    expect(validateFriendUpdate({ account: 'c_demo1', custom: '{}' })).toEqual({ account: 'c_demo1', custom: '{}' });
    expect(friendRequestProblem({ account: 'me', type: 'applyFriend' }, 'me')).toContain('yourself');
    expect(friendRequestProblem({ account: 'you', type: 'poke' }, 'me')).toContain('type');
    expect(friendRequestProblem({ account: 'you', type: 'applyFriend', ps: 'p'.repeat(5001) }, 'me')).toContain('ps');
    expect(friendRequestProblem({ account: 'you', type: 'passFriendApply' }, 'me')).toBeUndefined();
    expect(relationTargetProblem('me', 'me')).toBeTruthy();
    expect(relationTargetProblem('has space', 'me')).toBeTruthy();
    expect(relationTargetProblem('you', 'me')).toBeUndefined();
  });
});
