import { z } from 'zod';
import type { LocalizedText, SupportedLanguage } from './languages';
import { describeStoreCode } from './store-code-messages';
import { STORE_CODES } from './store-codes';
import { pageQueryShape } from './endpoint';
import type { RuleProblem } from './rule-codes';
import { describeRuleProblem } from './rule-texts';
import { namedPattern, problemOf, valueAtPath } from './rules';

/** A text of exactly `count` digits (check codes, pay passwords, city codes). */
export const digitsPattern = (count: number) => namedPattern(new RegExp(`^\\d{${count}}$`), { rule: 'digits', limit: count });

/** console-spec §5: user name 6–20 letters, digits, underscore or hyphen; trimmed at login. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{6,20}$/;
/** console-spec §5: password 8–32 characters with at least one letter and one digit. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
/** console-spec §5: mainland mobile 1[3-9] plus 9 digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** Our design: pay passwords are 6 digits, the usual wallet PIN. */
export const PAY_PASSWORD_PATTERN = digitsPattern(6);

/** A wrong type is reported by zod as invalid_type; only a missing value reads "required" (problemOf). */

export const userNameField = z.string().trim().regex(namedPattern(USERNAME_PATTERN, { rule: 'userName' }));

export const passwordField = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .regex(namedPattern(/[A-Za-z]/, { rule: 'passwordLetter' }))
  .regex(namedPattern(/\d/, { rule: 'passwordDigit' }));

export const mobileField = z.string().trim().regex(namedPattern(MOBILE_PATTERN, { rule: 'phone' }));

export const checkCodeField = z.string().trim().regex(digitsPattern(6));

export const payPasswordField = z.string().regex(PAY_PASSWORD_PATTERN);

export const emailField = z.string().trim().max(100).email();

export const idField = () => z.coerce.number().int().positive();

export const accessTokenField = z.string().min(1).max(200);

/** The paging fields of list calls (console-spec §2), the same as endpoint.ts `pageQueryShape`. */
export const pagingFields = pageQueryShape;

/** A problem of a failed parse with the wire field it belongs to. */
export interface WireProblem {
  /** The field's path on the wire (`skus.0.price`), '' for the whole biz. */
  field: string;
  problem: RuleProblem;
}

/**
 * Every problem of a failed parse, one per field path, in the schema's order. `input` is what was
 * parsed: an empty value there reads "required" and any other says what was wrong (problemOf).
 */
export function wireProblems(error: z.ZodError, input: unknown): WireProblem[] {
  const seen = new Set<string>();
  const problems: WireProblem[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    problems.push({ field, problem: problemOf(issue, valueAtPath(input, issue.path)) });
  }
  return problems;
}

/** The first problem of a failed parse in `language`, the wire field as its label: `mobile: 手机号格式错误`-like texts. */
export function describeValidationError(error: z.ZodError, input: unknown, language: SupportedLanguage = 'en-US'): string {
  const first = wireProblems(error, input)[0];
  if (!first) return describeRuleProblem({ rule: 'invalid' }, 'biz', language);
  return describeRuleProblem(first.problem, first.field || 'biz', language);
}

/** store-server's 10100001 text in every language: `参数错误：…` / `invalid parameters: …`. */
export function describeValidationErrorText(error: z.ZodError, input: unknown): LocalizedText {
  const zh = describeStoreCode(STORE_CODES.invalidParameter, 'zh-CN');
  return { 'zh-CN': `${zh}：${describeValidationError(error, input, 'zh-CN')}`, 'en-US': describeValidationError(error, input, 'en-US') };
}
