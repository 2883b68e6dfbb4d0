import { ALL_PERMISSION_CODES, PERMISSIONS, hasPermission, isPermissionCode } from './permissions';

describe('permission catalogue', () => {
  it('has distinct <area>:<action> codes', () => {
    expect(new Set(ALL_PERMISSION_CODES).size).toBe(ALL_PERMISSION_CODES.length);
    for (const code of ALL_PERMISSION_CODES) expect(code).toMatch(/^[a-z][a-z-]*:[a-z][a-z-]*$/);
  });

  it('holds the codes other areas use today', () => {
    expect(PERMISSIONS.payPassword).toBe('pay:password');
    expect(PERMISSIONS.mediaDelete).toBe('media:delete');
    expect(ALL_PERMISSION_CODES).toEqual(expect.arrayContaining(['pay:password', 'media:delete']));
  });

  it('recognises only catalogue codes', () => {
    expect(isPermissionCode('pay:password')).toBe(true);
    expect(isPermissionCode('pay:*')).toBe(false);
    expect(isPermissionCode('admin')).toBe(false);
    expect(isPermissionCode(42)).toBe(false);
  });

  it('allows what needs no code, and otherwise only a granted code', () => {
    expect(hasPermission([], undefined)).toBe(true);
    expect(hasPermission(['goods:view'], PERMISSIONS.payPassword)).toBe(false);
    expect(hasPermission(['pay:password'], PERMISSIONS.payPassword)).toBe(true);
  });
});
