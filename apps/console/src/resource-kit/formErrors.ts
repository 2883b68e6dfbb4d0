// Field errors of the console's forms in the merchant's language (issue 25 §1). A contract's rule
// reports a code and its parameters (api-contracts problemOf: never its text); the form keeps that
// problem on the field, and the one translator of api-contracts says it with the label the merchant
// sees on the field: "请选择商品" / "Item is required". Which fields are required is read from the same
// schema, so the labels carry the `*` the rule enforces.
import type { i18n as I18n, TFunction } from 'i18next';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import { describeRuleProblem, isRuleCode, problemOf, valueAtPath, type RuleProblem } from '@merchant/api-contracts';
import type { z } from 'zod';
import { formLanguage } from './formLanguage';
import type { ResourceFormField } from './types';

/** A problem as a form keeps it: the rule, and the wire field it was found on (for its label). */
export interface FormProblem extends RuleProblem {
  /** The last named segment of the wire path (`lines.0.quantity` → `quantity`), '' for the whole form. */
  field: string;
}

/** The field name a path's label is looked up by: its last segment that is not an index. */
export const fieldNameOf = (path: readonly PropertyKey[]) => String([...path].reverse().find((key) => typeof key === 'string') ?? '');

// react-hook-form keeps a string message: the problem travels in it as JSON, never as a sentence.
export const encodeProblem = (problem: FormProblem): string => JSON.stringify(problem);

/** The problem a form error carries, or undefined when it carries none (an error set by hand). */
export function decodeProblem(message: string | undefined): FormProblem | undefined {
  if (!message || !message.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(message) as Partial<FormProblem>;
    return isRuleCode(value.rule) ? { ...value, rule: value.rule, field: value.field ?? '' } : undefined;
  } catch {
    return undefined;
  }
}


/**
 * A react-hook-form resolver checking what the form will send with a contract's schema, so the form
 * refuses exactly what store-server would. `toBiz` turns the values into the biz (default: as they are);
 * `mapPath` moves an issue back to the input it came from when the biz leaves some rows out. Valid forms
 * resolve to the parsed biz (defaults filled, text trimmed); each failing path gets its first problem,
 * a rule on the whole form goes to `root`.
 */
export function contractResolver<V extends FieldValues>(
  schema: z.ZodType,
  toBiz: (values: V) => unknown = (values) => values,
  mapPath: (path: PropertyKey[]) => PropertyKey[] = (path) => path,
): Resolver<V> {
  return async (values, _context, options) => {
    const biz = toBiz(values);
    const result = await schema.safeParseAsync(biz);
    if (result.success) return { values: result.data as V, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = mapPath(issue.path);
      const name = path.map(String).join('.') || 'root';
      if (flat[name]) continue;
      const problem = problemOf(issue, valueAtPath(biz, issue.path));
      flat[name] = { type: problem.rule, message: encodeProblem({ ...problem, field: fieldNameOf(issue.path) }) };
    }
    return { values: {}, errors: toNestErrors(flat as FieldErrors, options) };
  };
}

/** The generated forms validate their values as they are. */
export const resourceFormResolver = <V extends FieldValues>(schema: z.ZodType): Resolver<V> => contractResolver<V>(schema);

/**
 * The text of a form error: the problem in the merchant's language with the field's label. `label` is the
 * text (already translated) the merchant reads on the field; `picked` fields read "choose …" when empty.
 * An error set by hand (a server answer, a text of ours) is shown as it is.
 */
export function problemText(i18n: Pick<I18n, 'language'>, message: string | undefined, label: string, picked = false): string | undefined {
  if (message === undefined || message === '') return undefined;
  const problem = decodeProblem(message);
  if (!problem) return message;
  const rule = picked && problem.rule === 'required' ? 'choose' : problem.rule;
  return describeRuleProblem({ ...problem, rule }, label, formLanguage(i18n));
}

/** The text under a generated form's field (ResourceFormPage / ResourceFormDialog). */
export function fieldErrorText(t: TFunction, i18n: Pick<I18n, 'language'>, field: Pick<ResourceFormField, 'labelKey' | 'kind'>, message: string | undefined): string | undefined {
  return problemText(i18n, message, t(field.labelKey), field.kind === 'select');
}

/** The fields the schema refuses to leave out (those a default or `.optional()` fills are not); a field's own `required` wins. */
export function requiredFieldNames(schema: z.ZodType, fields: readonly Pick<ResourceFormField, 'name' | 'required'>[]): Set<string> {
  const result = schema.safeParse({});
  const missing = new Set(result.success ? [] : result.error.issues.filter((issue) => issue.path.length === 1 && issue.code === 'invalid_type').map((issue) => String(issue.path[0])));
  return new Set(fields.filter((field) => field.required ?? missing.has(field.name)).map((field) => field.name));
}

/**
 * The first problem of a failed parse outside react-hook-form (a dialog checking its biz before sending),
 * with labels for the wire fields the merchant can see: `labels` maps a wire field to its label.
 */
export function firstProblemText(i18n: Pick<I18n, 'language'>, error: z.ZodError, biz: unknown, labels: Readonly<Record<string, string>>): string {
  const issue = error.issues[0];
  if (!issue) return describeRuleProblem({ rule: 'invalid' }, '', formLanguage(i18n));
  const field = fieldNameOf(issue.path);
  return describeRuleProblem(problemOf(issue, valueAtPath(biz, issue.path)), labels[field] ?? '', formLanguage(i18n));
}
