// Field problems in a server refusal: store-server answers 10100001 with `errInfo.problems`, one per wire
// path (api-contracts validation-answer.ts). A form shows each on its field, with the translator's text and
// the field's label; problems on paths that are no field of the form are listed above its buttons.
import { readValidationErrInfo, type WireProblem } from '@merchant/api-contracts';
import { isApiError } from '../app/transport';

/** The field problems of a rejected mutation (RTK Query rejects with the transport's `{ code, msg, errInfo }`); none for any other failure. */
export function serverProblemsOf(error: unknown): WireProblem[] {
  if (!isApiError(error)) return [];
  return readValidationErrInfo(error.errInfo)?.problems ?? [];
}
