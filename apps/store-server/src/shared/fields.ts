import { z } from 'zod';
import { STORE_CODES, describeStoreCode, type LocalizedText } from '@merchant/api-contracts';

/** console-spec §5: user name 6–20 letters, digits, underscore or hyphen; trimmed at login. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{6,20}$/;
/** console-spec §5: password 8–32 characters with at least one letter and one digit. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
/** console-spec §5: mainland mobile 1[3-9] plus 9 digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** Our design: pay passwords are 6 digits, the usual wallet PIN. */
export const PAY_PASSWORD_PATTERN = /^\d{6}$/;

export const userNameField = z
  .string({ error: 'userName is required' })
  .trim()
  .regex(USERNAME_PATTERN, 'user name must be 6 to 20 letters, digits, underscores or hyphens');

export const passwordField = z
  .string({ error: 'password is required' })
  .min(PASSWORD_MIN, `password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`)
  .max(PASSWORD_MAX, `password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`)
  .regex(/[A-Za-z]/, 'password must contain at least one letter')
  .regex(/\d/, 'password must contain at least one digit');

export const mobileField = z
  .string({ error: 'mobile is required' })
  .trim()
  .regex(MOBILE_PATTERN, 'phone number format error');

export const checkCodeField = z.string({ error: 'checkCode is required' }).trim().regex(/^\d{6}$/, 'check code must be 6 digits');

export const payPasswordField = z.string({ error: 'payPassword is required' }).regex(PAY_PASSWORD_PATTERN, 'pay password must be 6 digits');

export const emailField = z.string({ error: 'email is required' }).trim().max(100, 'email is too long').email('email format error');

export const idField = (name: string) =>
  z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be an integer`).positive(`${name} must be positive`);

export const accessTokenField = z.string({ error: 'token is required' }).min(1, 'token is required').max(200, 'token is invalid');

export const pagingFields = {
  pageNum: z.coerce.number().int().min(1, 'pageNum must be at least 1').default(1),
  /** console-spec §2: page sizes 5, 10, 20, 50, 100, 200. */
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => [5, 10, 20, 50, 100, 200].includes(n), 'pageSize must be one of 5, 10, 20, 50, 100, 200')
    .default(5),
};

/** Turns zod's first issue into the one clear message a merchant sees. */
export function describeValidationError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid parameters';
  const field = issue.path.join('.');
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${field || 'biz'} is required`;
  return field && !issue.message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${issue.message}` : issue.message;
}

/** The same first issue in Chinese, built from the issue's kind so every rule has a text: the field name stays as sent. */
function describeIssueInChinese(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.') || 'biz';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `${field} 为必填项` : `${field} 类型错误，应为 ${issue.expected}`;
    case 'too_small':
      return issue.origin === 'string'
        ? `${field} 长度不能少于 ${issue.minimum} 个字符`
        : issue.origin === 'array' || issue.origin === 'set'
          ? `${field} 至少需要 ${issue.minimum} 项`
          : `${field} 不能小于 ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `${field} 长度不能超过 ${issue.maximum} 个字符`
        : issue.origin === 'array' || issue.origin === 'set'
          ? `${field} 最多 ${issue.maximum} 项`
          : `${field} 不能大于 ${issue.maximum}`;
    case 'invalid_format':
      return `${field} 格式错误`;
    case 'invalid_value':
      return `${field} 必须是以下之一：${issue.values.map(String).join('、')}`;
    case 'not_multiple_of':
      return `${field} 必须是 ${issue.divisor} 的倍数`;
    case 'unrecognized_keys':
      return `不支持的字段：${issue.keys.join('、')}`;
    default:
      return `${field} 不符合要求`;
  }
}

/** The first issue of a failed parse in every language: `参数错误：…` / the English rule text above. */
export function describeValidationErrorText(error: z.ZodError): LocalizedText {
  const issue = error.issues[0];
  const zh = describeStoreCode(STORE_CODES.invalidParameter, 'zh-CN');
  return { 'zh-CN': issue ? `${zh}：${describeIssueInChinese(issue)}` : zh, 'en-US': describeValidationError(error) };
}
