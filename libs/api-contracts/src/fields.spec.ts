import { z } from 'zod';
import { describeValidationError, describeValidationErrorText, idField, userNameField } from './fields';

const failure = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error;
};

describe('describeValidationError: only a missing value is "required" (zod 4)', () => {
  const schema = z.object({ pageNum: z.number().int(), title: z.string(), tags: z.array(z.string()), on: z.boolean() });
  const valid = { pageNum: 1, title: 't', tags: [], on: true };

  it.each([
    ['a missing number', { ...valid, pageNum: undefined }, 'pageNum is required', 'pageNum 为必填项'],
    ['a wrong type', { ...valid, pageNum: 'x' }, 'pageNum must be a number', 'pageNum 类型错误，应为数字'],
    ['null', { ...valid, pageNum: null }, 'pageNum must be a number', 'pageNum 类型错误，应为数字'],
    ['a non-integer', { ...valid, pageNum: 1.5 }, 'pageNum must be an integer', 'pageNum 必须是整数'],
    ['a number for a string', { ...valid, title: 3 }, 'title must be a string', 'title 类型错误，应为字符串'],
    ['a string for a list', { ...valid, tags: 'a' }, 'tags must be a list', 'tags 类型错误，应为数组'],
    ['a string for a boolean', { ...valid, on: 'yes' }, 'on must be true or false', 'on 类型错误，应为布尔值（true 或 false）'],
  ])('%s, with or without the input', (_kind, value, english, chinese) => {
    const error = failure(schema, value);
    expect(describeValidationError(error, value)).toBe(english);
    expect(describeValidationError(error)).toBe(english);
    expect(describeValidationErrorText(error, value)).toEqual({ 'zh-CN': `参数错误：${chinese}`, 'en-US': english });
  });

  it('names a nested path', () => {
    const nested = z.object({ skus: z.array(z.object({ stock: z.number().int() })) });
    expect(describeValidationError(failure(nested, { skus: [{ stock: 2.5 }] }))).toBe('skus.0.stock must be an integer');
    expect(describeValidationError(failure(nested, { skus: [{}] }), { skus: [{}] })).toBe('skus.0.stock is required');
  });

  it('a shared field with its own "required" text says so only when the value is missing', () => {
    const object = z.object({ userName: userNameField });
    expect(describeValidationError(failure(object, {}))).toBe('userName is required');
    expect(describeValidationError(failure(object, { userName: 12345678 }))).toBe('userName must be a string');
    expect(describeValidationError(failure(object, { userName: 12345678 }), { userName: 12345678 })).toBe('userName must be a string');
    expect(describeValidationErrorText(failure(object, { userName: 12345678 }))['zh-CN']).toBe('参数错误：userName 类型错误，应为字符串');
  });

  it('idField keeps integer and type texts apart', () => {
    const object = z.object({ goodsId: idField('goodsId') });
    expect(describeValidationError(failure(object, { goodsId: 'abc' }), { goodsId: 'abc' })).toBe('goodsId must be a number');
    expect(describeValidationError(failure(object, { goodsId: 1.5 }), { goodsId: 1.5 })).toBe('goodsId must be an integer');
    expect(describeValidationError(failure(object, { goodsId: 1.5 }))).toBe('goodsId must be an integer');
  });
});
