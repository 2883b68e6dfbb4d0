import { z } from 'zod';
import type { LocalizedText } from './languages';
import { describeStoreCode } from './store-code-messages';
import { STORE_CODES } from './store-codes';
import { pageQueryShape } from './endpoint';

/** console-spec §5: user name 6–20 letters, digits, underscore or hyphen; trimmed at login. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{6,20}$/;
/** console-spec §5: password 8–32 characters with at least one letter and one digit. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
/** console-spec §5: mainland mobile 1[3-9] plus 9 digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** Our design: pay passwords are 6 digits, the usual wallet PIN. */
export const PAY_PASSWORD_PATTERN = /^\d{6}$/;

/**
 * Field rules of the wire (console-spec §5), shared by every contract, store-server and the console.
 * The rule texts of the shared fields in both languages: zod carries the English one, and a failed
 * parse answers the Chinese one to zh-CN callers (describeValidationErrorText).
 */
const RULES = {
  userNameRequired: { 'zh-CN': '请输入用户名', 'en-US': 'userName is required' },
  userName: { 'zh-CN': '用户名须为 6 到 20 位字母、数字、下划线或连字符', 'en-US': 'user name must be 6 to 20 letters, digits, underscores or hyphens' },
  passwordRequired: { 'zh-CN': '请输入密码', 'en-US': 'password is required' },
  passwordLength: { 'zh-CN': `密码须为 ${PASSWORD_MIN} 到 ${PASSWORD_MAX} 位`, 'en-US': `password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters` },
  passwordLetter: { 'zh-CN': '密码须至少包含一个字母', 'en-US': 'password must contain at least one letter' },
  passwordDigit: { 'zh-CN': '密码须至少包含一个数字', 'en-US': 'password must contain at least one digit' },
  mobileRequired: { 'zh-CN': '请输入手机号', 'en-US': 'mobile is required' },
  mobile: { 'zh-CN': '手机号格式错误', 'en-US': 'phone number format error' },
  checkCodeRequired: { 'zh-CN': '请输入验证码', 'en-US': 'checkCode is required' },
  checkCode: { 'zh-CN': '验证码须为 6 位数字', 'en-US': 'check code must be 6 digits' },
  payPasswordRequired: { 'zh-CN': '请输入支付密码', 'en-US': 'payPassword is required' },
  payPassword: { 'zh-CN': '支付密码须为 6 位数字', 'en-US': 'pay password must be 6 digits' },
  emailRequired: { 'zh-CN': '请输入邮箱', 'en-US': 'email is required' },
  emailLength: { 'zh-CN': '邮箱过长', 'en-US': 'email is too long' },
  email: { 'zh-CN': '邮箱格式错误', 'en-US': 'email format error' },
  tokenRequired: { 'zh-CN': '缺少 token', 'en-US': 'token is required' },
  token: { 'zh-CN': 'token 无效', 'en-US': 'token is invalid' },
} satisfies Record<string, LocalizedText>;

const CHINESE_RULE_TEXT = new Map<string, string>(Object.values(RULES).map((rule) => [rule['en-US'], rule['zh-CN']]));
const en = (rule: LocalizedText) => rule['en-US'];
/** The "required" text only for a missing value: a wrong type falls to zod's text, described by type. */
const requiredOnly =
  (rule: LocalizedText) =>
  (issue: { input?: unknown }): string | undefined =>
    issue.input === undefined ? en(rule) : undefined;

/**
 * A rule text for a module's own zod schema: returns the English text for zod and registers the
 * Chinese one, so zh-CN callers get it instead of the generic rule description.
 * E.g. `.min(1, ruleText('请输入注销原因', 'logoutReason is required'))`.
 */
export function ruleText(zhCN: string, enUS: string): string {
  CHINESE_RULE_TEXT.set(enUS, zhCN);
  return enUS;
}

export const userNameField = z.string({ error: requiredOnly(RULES.userNameRequired) }).trim().regex(USERNAME_PATTERN, en(RULES.userName));

export const passwordField = z
  .string({ error: requiredOnly(RULES.passwordRequired) })
  .min(PASSWORD_MIN, en(RULES.passwordLength))
  .max(PASSWORD_MAX, en(RULES.passwordLength))
  .regex(/[A-Za-z]/, en(RULES.passwordLetter))
  .regex(/\d/, en(RULES.passwordDigit));

export const mobileField = z.string({ error: requiredOnly(RULES.mobileRequired) }).trim().regex(MOBILE_PATTERN, en(RULES.mobile));

export const checkCodeField = z.string({ error: requiredOnly(RULES.checkCodeRequired) }).trim().regex(/^\d{6}$/, en(RULES.checkCode));

export const payPasswordField = z.string({ error: requiredOnly(RULES.payPasswordRequired) }).regex(PAY_PASSWORD_PATTERN, en(RULES.payPassword));

export const emailField = z.string({ error: requiredOnly(RULES.emailRequired) }).trim().max(100, en(RULES.emailLength)).email(en(RULES.email));

export const idField = (name: string) =>
  z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be an integer`).positive(`${name} must be positive`);

export const accessTokenField = z.string({ error: requiredOnly(RULES.tokenRequired) }).min(1, en(RULES.tokenRequired)).max(200, en(RULES.token));

/** The paging fields of list calls (console-spec §2), the same as endpoint.ts `pageQueryShape`. */
export const pagingFields = pageQueryShape;

/** "Nothing was given" when the parse did not keep the inputs (zod 4 only keeps them with `reportInput`). */
const NO_INPUT: unique symbol = Symbol('no input');
type ParsedInput = unknown | typeof NO_INPUT;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Whether an invalid_type issue is a missing value (only `undefined` is "required"; a wrong type or a
 * non-integer is not). zod 4 drops `issue.input` unless asked, so the parsed input is walked by the
 * issue's path when the caller passes it; otherwise zod's own text ("…, received undefined") tells.
 */
function isMissing(issue: z.core.$ZodIssue, input: ParsedInput): boolean {
  if (issue.code !== 'invalid_type') return false;
  if (input !== NO_INPUT) return valueAt(input, issue.path) === undefined;
  if ('input' in issue) return issue.input === undefined;
  // zod's own text, or a schema's "required" text (the shared fields give it only for undefined: requiredOnly).
  return /received undefined$/.test(issue.message) || / is required$/.test(issue.message);
}

/** Whether the wrong-type issue is a failed `.int()` (zod 4 reports it as invalid_type "int"). */
const isIntegerIssue = (issue: z.core.$ZodIssue) => issue.code === 'invalid_type' && (issue.expected === 'int' || issue.expected === 'bigint');

const EXPECTED_EN: Record<string, string> = {
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  int: 'an integer',
  bigint: 'an integer',
  date: 'a date',
};
const EXPECTED_ZH: Record<string, string> = {
  number: '数字',
  string: '字符串',
  boolean: '布尔值（true 或 false）',
  array: '数组',
  object: '对象',
  int: '整数',
  bigint: '整数',
  date: '日期',
};

/**
 * Turns zod's first issue into the one clear message a merchant sees. Pass the parsed input so a wrong
 * type is never called "required" even where a schema set its own text.
 */
export function describeValidationError(error: z.ZodError, input: ParsedInput = NO_INPUT): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid parameters';
  const field = issue.path.join('.');
  if (issue.code === 'invalid_type') {
    if (isMissing(issue, input)) return `${field || 'biz'} is required`;
    // Without the input a schema's own text is all there is (the shared fields only say "required" for undefined).
    if (input === NO_INPUT && !/^Invalid input/.test(issue.message)) return issue.message;
    return `${field || 'biz'} must be ${EXPECTED_EN[String(issue.expected)] ?? `of type ${String(issue.expected)}`}`;
  }
  return field && !issue.message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${issue.message}` : issue.message;
}

/** The same first issue in Chinese, built from the issue's kind so every rule has a text: the field name stays as sent. */
function describeIssueInChinese(issue: z.core.$ZodIssue, input: ParsedInput): string {
  const field = issue.path.join('.') || 'biz';
  if (issue.code === 'invalid_type') {
    if (isMissing(issue, input)) return `${field} 为必填项`;
    if (isIntegerIssue(issue)) return `${field} 必须是整数`;
    return `${field} 类型错误，应为${EXPECTED_ZH[String(issue.expected)] ?? ` ${String(issue.expected)}`}`;
  }
  const known = CHINESE_RULE_TEXT.get(issue.message);
  if (known) return known;
  switch (issue.code) {
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
export function describeValidationErrorText(error: z.ZodError, input: ParsedInput = NO_INPUT): LocalizedText {
  const issue = error.issues[0];
  const zh = describeStoreCode(STORE_CODES.invalidParameter, 'zh-CN');
  return { 'zh-CN': issue ? `${zh}：${describeIssueInChinese(issue, input)}` : zh, 'en-US': describeValidationError(error, input) };
}
