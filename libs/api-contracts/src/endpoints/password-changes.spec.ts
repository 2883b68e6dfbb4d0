import { wireProblems } from '../fields';
import { accountEndpoints } from './account';
import { payEndpoints } from './pay';

/** The problems a biz gets from its contract (none when it passes). */
const problemsOf = (schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, biz: unknown) => {
  const result = schema.safeParse(biz);
  return result.success ? [] : wireProblems(result.error as never, biz);
};

describe('password changes', () => {
  it('refuses the same sign-in password again on the new one, as the rule sameAsCurrent', () => {
    const biz = accountEndpoints.updatePasswordByToken.biz;
    expect(problemsOf(biz, { oldPassword: 'Demo12345', newPassword: 'Demo12345' })).toEqual([{ field: 'newPassword', problem: { rule: 'sameAsCurrent' } }]);
    expect(problemsOf(biz, { oldPassword: 'Demo12345', newPassword: 'Better2026' })).toEqual([]);
  });

  it('refuses the same pay password again on the new one, as the rule sameAsCurrent', () => {
    const biz = payEndpoints.updatePayPassword.biz;
    expect(problemsOf(biz, { oldPayPassword: '111111', newPayPassword: '111111' })).toEqual([{ field: 'newPayPassword', problem: { rule: 'sameAsCurrent' } }]);
    expect(problemsOf(biz, { oldPayPassword: '111111', newPayPassword: '222222' })).toEqual([]);
  });
});
