import { z } from 'zod';
import { describeValidationError, mobileField, passwordField, userNameField } from './fields';

const parse = <T>(schema: z.ZodType<T>, value: unknown) => schema.safeParse(value);

describe('console-spec §5 field rules', () => {
  it.each(['demo_merchant', 'abc-12', 'A'.repeat(20), '  trimmed_ok  '])('accepts user name %p', (name) => {
    expect(parse(userNameField, name).success).toBe(true);
  });
  it.each(['short', 'A'.repeat(21), 'has space', 'bad!chars', ''])('rejects user name %p', (name) => {
    expect(parse(userNameField, name).success).toBe(false);
  });
  it('trims the user name', () => {
    expect(userNameField.parse('  demo_merchant ')).toBe('demo_merchant');
  });

  it.each(['Demo12345', 'a1234567', 'x'.repeat(31) + '1'])('accepts password %p', (pw) => {
    expect(parse(passwordField, pw).success).toBe(true);
  });
  it.each([
    ['Demo123', 'biz must be at least 8 characters'],
    ['a'.repeat(32) + '1', 'biz must be at most 32 characters'],
    ['12345678', 'password must contain at least one letter'],
    ['abcdefgh', 'password must contain at least one digit'],
  ])('rejects password %p with %p', (pw, message) => {
    const result = parse(passwordField, pw);
    expect(result.success).toBe(false);
    if (!result.success) expect(describeValidationError(result.error, pw)).toBe(message);
  });

  it('accepts mainland mobiles only', () => {
    expect(parse(mobileField, '13800001001').success).toBe(true);
    expect(parse(mobileField, '12800001001').success).toBe(false);
    expect(parse(mobileField, '1380000100').success).toBe(false);
  });

  it('names a missing field', () => {
    const result = z.object({ userName: userNameField }).safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) expect(describeValidationError(result.error, {})).toBe('userName is required');
  });
});
