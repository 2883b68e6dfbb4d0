// Validation rules as codes with parameters (issue 25 §1). A contract's schema never carries the
// sentence a merchant reads: zod's own checks are known by their issue's shape (too_small on a string
// with minimum 8 → minLength 8), a named pattern by the pattern itself, and every other rule by the
// `params.rule` it puts on its custom issue. One translator (rule-texts.ts) turns a field's label and
// its problem into zh-CN or en-US, for the console's forms and search bars and store-server's 10100001.
import type { z } from 'zod';
import { isRuleCode, type RuleCode, type RuleProblem } from './rule-codes';
import { describeRuleProblem } from './rule-texts';

/** A problem from a custom issue's params, or undefined when they name no rule. */
function problemFromParams(params: Record<string, unknown> | undefined): RuleProblem | undefined {
  if (!params || !isRuleCode(params.rule)) return undefined;
  const problem: RuleProblem = { rule: params.rule };
  if (typeof params.limit === 'number') problem.limit = params.limit;
  if (typeof params.upper === 'number') problem.upper = params.upper;
  if (Array.isArray(params.values)) problem.values = params.values as (string | number)[];
  if (typeof params.other === 'string') problem.other = params.other;
  return problem;
}

/**
 * The argument of a custom check (`.refine(ok, rule('distinct'))`, `ctx.addIssue({ code: 'custom',
 * ...rule('endBeforeStart', { path: ['createTimeEnd'] }) })`): the rule travels as the issue's params;
 * zod's message is the en-US text with the wire field, for logs and the API document only.
 */
export function rule(code: RuleCode, options: Omit<RuleProblem, 'rule'> & { path?: PropertyKey[] } = {}) {
  const { path, ...parameters } = options;
  const problem: RuleProblem = { rule: code, ...parameters };
  return {
    params: { ...problem },
    ...(path ? { path } : {}),
    error: (issue: { path?: PropertyKey[] }) => describeRuleProblem(problem, issue.path?.map(String).join('.') ?? '', 'en-US'),
  };
}

/** Named patterns: a failed `.regex(namedPattern(...))` is known by its pattern, never by its text. */
const PATTERN_PROBLEMS = new Map<string, RuleProblem>();

/** Registers a pattern with the problem it reports and returns it for `.regex()` (the API document keeps the pattern). */
export function namedPattern(pattern: RegExp, problem: RuleProblem): RegExp {
  const key = String(pattern);
  const known = PATTERN_PROBLEMS.get(key);
  if (known && JSON.stringify(known) !== JSON.stringify(problem)) throw new Error(`pattern ${key} is already named ${known.rule}`);
  PATTERN_PROBLEMS.set(key, problem);
  return pattern;
}

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (typeof value === 'number' && Number.isNaN(value));

const TYPE_RULES: Readonly<Record<string, RuleCode>> = {
  number: 'number',
  int: 'integer',
  bigint: 'integer',
  string: 'text',
  boolean: 'boolean',
  array: 'list',
  object: 'object',
  record: 'object',
  date: 'date',
};

/**
 * The rule an issue reports, read from the issue's structure (its code and parameters), never from its
 * text. `value` is the value at the issue's path: an empty one is "required" whatever the check was.
 */
export function problemOf(issue: z.core.$ZodIssue, value: unknown): RuleProblem {
  const named = issue.code === 'custom' ? problemFromParams(issue.params) : undefined;
  if (named) return named;
  if (isEmpty(value) && (issue.code === 'invalid_type' || issue.code === 'too_small' || issue.code === 'invalid_value' || issue.code === 'invalid_union' || issue.code === 'invalid_format')) {
    return { rule: 'required' };
  }
  switch (issue.code) {
    case 'invalid_type':
      return { rule: TYPE_RULES[String(issue.expected)] ?? 'invalid' };
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
    case 'invalid_format': {
      if (issue.format === 'regex' && issue.pattern) return PATTERN_PROBLEMS.get(issue.pattern) ?? { rule: 'format' };
      if (issue.format === 'email') return { rule: 'email' };
      return { rule: 'format' };
    }
    case 'invalid_value':
      return { rule: 'option', values: issue.values.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number') };
    case 'invalid_union':
      return { rule: 'option' };
    case 'not_multiple_of':
      return { rule: 'integer' };
    default:
      return { rule: 'invalid' };
  }
}

/** The value at a path of the parsed input (undefined where the path leaves the input). */
export function valueAtPath(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A custom issue for `ctx.addIssue` in a superRefine: the rule, the field it belongs to, zod's en-US message. */
export function ruleIssue(code: RuleCode, path: PropertyKey[], options: Omit<RuleProblem, 'rule'> = {}) {
  const problem: RuleProblem = { rule: code, ...options };
  return { code: 'custom' as const, path, params: { ...problem }, message: describeRuleProblem(problem, path.map(String).join('.'), 'en-US') };
}
