import { z } from 'zod';
import { describeValidationError, describeValidationErrorText, mobileField, passwordField, userNameField } from './fields';

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
    ['Demo123', 'password must be 8 to 32 characters'],
    ['a'.repeat(32) + '1', 'password must be 8 to 32 characters'],
    ['12345678', 'password must contain at least one letter'],
    ['abcdefgh', 'password must contain at least one digit'],
  ])('rejects password %p with %p', (pw, message) => {
    const result = parse(passwordField, pw);
    expect(result.success).toBe(false);
    if (!result.success) expect(describeValidationError(result.error)).toContain(message);
  });

  it('accepts mainland mobiles only', () => {
    expect(parse(mobileField, '13800001001').success).toBe(true);
    expect(parse(mobileField, '12800001001').success).toBe(false);
    expect(parse(mobileField, '1380000100').success).toBe(false);
  });

  it('names a missing field', () => {
    const result = z.object({ userName: userNameField }).safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) expect(describeValidationError(result.error)).toBe('userName is required');
  });
});

describe('describeValidationErrorText', () => {
  const first = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) throw new Error('expected a failure');
    return describeValidationErrorText(result.error);
  };

  it('names the field and the rule in Chinese (the shared fields\' own texts first), and keeps the English rule text', () => {
    const object = z.object({ userName: userNameField, pageSize: z.number().max(200), kind: z.enum(['a', 'b']) });
    expect(first(object, { pageSize: 1, kind: 'a' })).toEqual({ 'zh-CN': '参数错误：userName 为必填项', 'en-US': 'userName is required' });
    expect(first(object, { userName: 'bad name!', pageSize: 1, kind: 'a' })['zh-CN']).toBe('参数错误：用户名须为 6 到 20 位字母、数字、下划线或连字符');
    expect(first(z.object({ code: z.string().regex(/^\d+$/) }), { code: 'x' })['zh-CN']).toBe('参数错误：code 格式错误');
    expect(first(object, { userName: 'demo_merchant', pageSize: 500, kind: 'a' })['zh-CN']).toBe('参数错误：pageSize 不能大于 200');
    expect(first(object, { userName: 'demo_merchant', pageSize: 1, kind: 'c' })['zh-CN']).toBe('参数错误：kind 必须是以下之一：a、b');
    expect(first(passwordField, 'Ab1')).toEqual({ 'zh-CN': '参数错误：密码须为 8 到 32 位', 'en-US': 'password must be 8 to 32 characters' });
    expect(first(z.object({ name: z.string().min(2) }), { name: 'a' })['zh-CN']).toBe('参数错误：name 长度不能少于 2 个字符');
  });
});

describe('zod 4: a wrong type or a non-integer is not "required"', () => {
  const schema = z.object({ pageSize: z.number().int(), userName: userNameField });
  it.each([
    [{ userName: 'demo_merchant' }, 'pageSize is required'],
    [{ pageSize: '10', userName: 'demo_merchant' }, 'pageSize must be a number'],
    [{ pageSize: 2.5, userName: 'demo_merchant' }, 'pageSize must be an integer'],
    [{ pageSize: 10, userName: 42 }, 'userName must be a string'],
  ])('%p answers %p', (value, message) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(describeValidationError(result.error, value)).toBe(message);
      expect(describeValidationErrorText(result.error, value)['en-US']).toBe(message);
    }
  });
});
