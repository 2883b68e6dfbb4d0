// RTK Query endpoints typed by their contract (libs/api-contracts): the path, the biz type and the
// data type come from one definition, so a screen cannot ask what the server does not take.
import type { AnyEndpoint } from '@merchant/api-contracts';
import type { EnvelopeRequest } from '../app/transport';

type Tags = readonly (string | { type: string; id?: string | number })[];

/**
 * `build.query<EndpointData<C>, EndpointBiz<C>>(contractQuery(contract, ['Goods']))`. Queries are
 * silent: a table shows a failed load's msg as its empty text (console-spec §8), a detail page in its
 * error state, so no snackbar repeats it.
 */
export function contractQuery<C extends AnyEndpoint>(contract: C, providesTags: Tags) {
  return { query: (biz: unknown): EnvelopeRequest => ({ path: contract.path, biz, options: { silent: true } }), providesTags: providesTags as never };
}

/** `build.mutation<EndpointData<C>, EndpointBiz<C>>(contractMutation(contract, ['Goods']))`. */
export function contractMutation<C extends AnyEndpoint>(contract: C, invalidatesTags: Tags) {
  return { query: (biz: unknown): EnvelopeRequest => ({ path: contract.path, biz }), invalidatesTags: invalidatesTags as never };
}
