import fc from 'fast-check';
import { ALL_PERMISSION_CODES, PERMISSIONS, type PermissionCode } from '../permissions';
import { OWNER_ONLY_CODES, codeGrantRefusal } from './staff';

const holding = (codes: readonly PermissionCode[]) => (code: PermissionCode) => codes.includes(code);

describe('codeGrantRefusal: the grant rule for one code (store-server checks and the console role form share it)', () => {
  it('lets the owner give every code, owner-only ones included', () => {
    for (const code of ALL_PERMISSION_CODES) expect(codeGrantRefusal(code, { isOwner: true, holds: () => false })).toBeNull();
  });

  it('refuses an owner-only code to a staff member even when they hold it', () => {
    for (const code of OWNER_ONLY_CODES) expect(codeGrantRefusal(code, { isOwner: false, holds: () => true })).toBe('ownerOnly');
  });

  it('lets a staff member give a code they hold and refuses one they lack', () => {
    const giver = { isOwner: false, holds: holding([PERMISSIONS.goodsView]) };
    expect(codeGrantRefusal(PERMISSIONS.goodsView, giver)).toBeNull();
    expect(codeGrantRefusal(PERMISSIONS.goodsEdit, giver)).toBe('notHeld');
  });

  it('never lets a staff member give a code outside what they hold, nor any owner-only code', () => {
    const codes = ALL_PERMISSION_CODES;
    fc.assert(
      fc.property(fc.subarray([...codes]), fc.constantFrom(...codes), (held, code) => {
        const given = codeGrantRefusal(code, { isOwner: false, holds: holding(held) }) === null;
        expect(given).toBe(held.includes(code) && !OWNER_ONLY_CODES.includes(code));
      }),
    );
  });
});
