// RTK Query endpoints typed by their contract (libs/api-contracts): the path, the biz type and the
// data type come from one definition, so a screen cannot ask what the server does not take.
import { IDEMPOTENCY_KEY_FIELD, type AnyEndpoint } from '@merchant/api-contracts';
import type { EnvelopeRequest } from '../app/transport';
import { newIdempotencyKey } from './idempotency';

type Tags = readonly (string | { type: string; id?: string | number })[];

/**
 * `build.query<EndpointData<C>, EndpointBiz<C>>(contractQuery(contract, ['Goods']))`. Queries are
 * silent: a table shows a failed load's msg as its empty text (console-spec §8), a detail page in its
 * error state, so no snackbar repeats it.
 */
export function contractQuery<C extends AnyEndpoint>(contract: C, providesTags: Tags) {
  return { query: (biz: unknown): EnvelopeRequest => ({ path: contract.path, biz, options: { silent: true } }), providesTags: providesTags as never };
}

/**
 * `build.mutation<EndpointData<C>, EndpointBiz<C>>(contractMutation(contract, ['Goods']))`. An idempotent
 * contract's call carries the caller's `idempotencyKey` (the form kit's, one per submit) or, from a screen
 * that gives none, a fresh one: each such call is then one submit.
 */
export function contractMutation<C extends AnyEndpoint>(contract: C, invalidatesTags: Tags) {
  return {
    query: (biz: unknown): EnvelopeRequest => ({ path: contract.path, biz: contract.idempotent ? withIdempotencyKey(biz) : biz }),
    invalidatesTags: invalidatesTags as never,
  };
}

function withIdempotencyKey(biz: unknown): unknown {
  if (typeof biz !== 'object' || biz === null || Array.isArray(biz)) return biz;
  if ((biz as Record<string, unknown>)[IDEMPOTENCY_KEY_FIELD] !== undefined) return biz;
  return { ...biz, [IDEMPOTENCY_KEY_FIELD]: newIdempotencyKey() };
}
