import { SUPPORTED_LANGUAGES } from './languages';
import { ALL_PERMISSION_CODES, PERMISSIONS, PERMISSION_AREAS, PERMISSION_LABELS, hasPermission, isPermissionCode } from './permissions';

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

describe('permission labels and areas', () => {
  it('names and describes every code in every language, and nothing else', () => {
    expect(Object.keys(PERMISSION_LABELS).sort()).toEqual([...ALL_PERMISSION_CODES].sort());
    for (const code of ALL_PERMISSION_CODES) {
      for (const language of SUPPORTED_LANGUAGES) {
        expect({ code, language, name: PERMISSION_LABELS[code].name[language].trim().length > 0 }).toEqual({ code, language, name: true });
        expect({ code, language, description: PERMISSION_LABELS[code].description[language].trim().length > 0 }).toEqual({ code, language, description: true });
      }
    }
  });

  it('gives every code one area, in catalogue order, and every area a name in every language', () => {
    expect(PERMISSION_AREAS.flatMap((area) => area.codes)).toEqual([...ALL_PERMISSION_CODES]);
    expect(new Set(PERMISSION_AREAS.map((area) => area.key)).size).toBe(PERMISSION_AREAS.length);
    for (const area of PERMISSION_AREAS) for (const language of SUPPORTED_LANGUAGES) expect(area.name[language]).not.toBe('');
  });
});
