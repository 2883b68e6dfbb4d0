// The errInfo of a 10100001 answer (issue 25 §2): every field the contract refused, with the rule it
// broke, so a form shows each problem on its own field in the merchant's language (rule-texts.ts) while
// `msg` keeps the first problem's text. store-server answers it, the console's fakes answer it, the
// console's forms read it, and the OpenAPI document describes it from this schema.
import { z } from 'zod';
import { wireProblems, type WireProblem } from './fields';
import { RULE_CODES, type RuleProblem } from './rule-codes';

export const ruleProblemSchema = z.object({
  rule: z.enum(RULE_CODES),
  limit: z.number().optional(),
  upper: z.number().optional(),
  values: z.array(z.union([z.string(), z.number()])).readonly().optional(),
  other: z.string().optional(),
});

export const wireProblemSchema = z.object({
  field: z.string().describe("The field's path in biz (`lines.0.quantity`), '' for the whole biz"),
  problem: ruleProblemSchema,
});

/** 10100001's errInfo: one problem per refused field (its first), in the schema's order. */
export const validationErrInfo = z.object({ problems: z.array(wireProblemSchema) });

export interface ValidationErrInfo {
  problems: WireProblem[];
}

// The schema and the types the translator reads must describe the same thing.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameProblem: Same<z.output<typeof ruleProblemSchema>, RuleProblem> = true;
const sameErrInfo: Same<z.output<typeof validationErrInfo>, ValidationErrInfo> = true;
void sameProblem;
void sameErrInfo;

/** What store-server answers as errInfo when `input` fails its contract with `error`. */
export function validationErrInfoOf(error: z.ZodError, input: unknown): ValidationErrInfo {
  return { problems: wireProblems(error, input) };
}

/** A 10100001 answer's errInfo as a client reads it: the problems, or undefined when it carries none. */
export function readValidationErrInfo(errInfo: unknown): ValidationErrInfo | undefined {
  const parsed = validationErrInfo.safeParse(errInfo);
  return parsed.success ? parsed.data : undefined;
}
