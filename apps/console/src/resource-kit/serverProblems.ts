// Field problems in a server refusal: store-server answers 10100001 with `errInfo.problems`, one per wire
// path (api-contracts WireProblem). A form shows each on its field, with the translator's text and the
// field's label; problems on paths that are no field of the form are listed above its buttons.
import { isRuleCode, type WireProblem } from '@merchant/api-contracts';
import { isApiError } from '../app/transport';

function isWireProblem(value: unknown): value is WireProblem {
  const candidate = value as Partial<WireProblem> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.field === 'string' && typeof candidate.problem === 'object' && candidate.problem !== null && isRuleCode(candidate.problem.rule);
}

/** The field problems of a rejected mutation (RTK Query rejects with the transport's `{ code, msg, errInfo }`); none for any other failure. */
export function serverProblemsOf(error: unknown): WireProblem[] {
  if (!isApiError(error)) return [];
  const problems = (error.errInfo as { problems?: unknown } | null | undefined)?.problems;
  return Array.isArray(problems) ? problems.filter(isWireProblem) : [];
}
