// Field errors of the generated forms in the merchant's language. The contracts' schemas carry English
// texts that name the wire field ("itemId must be a number"); a merchant reads neither. The resolver
// keeps what failed (a rule and its limit, from zod's issue, not from its text) and the form draws it
// with the field's own label: "请选择商品" / "item is required". Which fields are required is read from
// the same schema, so the labels carry the `*` the rule enforces.
import type { TFunction } from 'i18next';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import type { z } from 'zod';
import type { ResourceFormField } from './types';

/** What a field's value broke; the texts are `resourceKit.validation.<rule>`. */
export type FieldRule = 'required' | 'choose' | 'number' | 'integer' | 'positive' | 'notNegative' | 'min' | 'max' | 'minLength' | 'maxLength' | 'minItems' | 'maxItems' | 'format' | 'option' | 'invalid';

export interface FieldProblem {
  rule: FieldRule;
  limit?: number;
}

type Issue = z.core.$ZodIssue;

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (typeof value === 'number' && Number.isNaN(value));

/** Refinements only have their text: the contracts' usual phrasings of a rule (goods, inventory, after-sales). */
const CUSTOM_RULES: ReadonlyArray<{ pattern: RegExp; rule: FieldRule }> = [
  { pattern: /must be (?:an integer|a whole number|whole seconds)$/, rule: 'integer' },
  { pattern: /must be positive$/, rule: 'positive' },
  { pattern: /cannot be negative$/, rule: 'notNegative' },
  { pattern: /must be at least (\d+)$/, rule: 'min' },
  { pattern: /cannot exceed (\d+)/, rule: 'max' },
  { pattern: /must be at most (\d+) characters$/, rule: 'maxLength' },
  { pattern: /(?:is required|must be a number)$/, rule: 'required' },
];

/** The rule an issue of a field broke; `value` is the field's value in the form. */
export function fieldProblem(issue: Issue, value: unknown): FieldProblem {
  if (isEmpty(value) && (issue.code === 'invalid_type' || (issue.code === 'too_small' && issue.origin === 'string') || issue.code === 'invalid_value')) return { rule: 'required' };
  switch (issue.code) {
    case 'invalid_type':
      return { rule: issue.expected === 'int' ? 'integer' : issue.expected === 'number' ? 'number' : 'invalid' };
    case 'too_small': {
      const limit = Number(issue.minimum);
      if (issue.origin === 'string') return { rule: 'minLength', limit };
      if (issue.origin === 'array' || issue.origin === 'set') return { rule: 'minItems', limit };
      if (limit === 0) return { rule: issue.inclusive === false ? 'positive' : 'notNegative' };
      return { rule: 'min', limit };
    }
    case 'too_big': {
      const limit = Number(issue.maximum);
      if (issue.origin === 'string') return { rule: 'maxLength', limit };
      if (issue.origin === 'array' || issue.origin === 'set') return { rule: 'maxItems', limit };
      return { rule: 'max', limit };
    }
    case 'invalid_format':
      return { rule: 'format' };
    case 'invalid_value':
      return { rule: 'option' };
    case 'custom': {
      for (const { pattern, rule } of CUSTOM_RULES) {
        const match = pattern.exec(issue.message);
        if (match) return match[1] === undefined ? { rule } : { rule, limit: Number(match[1]) };
      }
      return { rule: 'invalid' };
    }
    default:
      return { rule: 'invalid' };
  }
}

// react-hook-form keeps a string message: the problem travels as `rule` or `rule:limit`.
const encode = ({ rule, limit }: FieldProblem) => (limit === undefined ? rule : `${rule}:${limit}`);
function decode(message: string): FieldProblem {
  const [rule, limit] = message.split(':');
  return limit === undefined ? { rule: rule as FieldRule } : { rule: rule as FieldRule, limit: Number(limit) };
}

/**
 * A react-hook-form resolver validating the form with the definition's schema: valid forms resolve to the
 * parsed values (defaults filled, text trimmed), each failing field gets its first problem.
 */
export function resourceFormResolver<V extends FieldValues>(schema: z.ZodType): Resolver<V> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data as V, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const name = issue.path.length > 0 ? String(issue.path[0]) : '';
      if (!name || flat[name]) continue;
      const problem = fieldProblem(issue, (values as Record<string, unknown>)[name]);
      flat[name] = { type: problem.rule, message: encode(problem) };
    }
    return { values: {}, errors: toNestErrors(flat as FieldErrors, options) };
  };
}

/** The text under a field: its label and the rule, in the merchant's language; never the schema's own text. */
export function fieldErrorText(t: TFunction, field: Pick<ResourceFormField, 'labelKey' | 'kind'>, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const problem = decode(message);
  const rule = problem.rule === 'required' && field.kind === 'select' ? 'choose' : problem.rule;
  return t(`resourceKit.validation.${rule}`, { field: t(field.labelKey), limit: problem.limit });
}

/** The fields the schema refuses to leave out (those a default or `.optional()` fills are not); a field's own `required` wins. */
export function requiredFieldNames(schema: z.ZodType, fields: readonly Pick<ResourceFormField, 'name' | 'required'>[]): Set<string> {
  const result = schema.safeParse({});
  const missing = new Set(result.success ? [] : result.error.issues.filter((issue) => issue.path.length === 1 && issue.code === 'invalid_type').map((issue) => String(issue.path[0])));
  return new Set(fields.filter((field) => field.required ?? missing.has(field.name)).map((field) => field.name));
}
