// A list screen's first page, started by the router as soon as the screen's route matches
// (routes/routeHandle.ts `prefetch`): on a first visit it runs while the signed-in user loads and the
// layout renders, instead of after them. The argument is the one ResourceListPage's table derives
// from the same URL, so the page finds the request in flight (RTK Query shares it) or cached.
import { readTableQuery } from '@merchant/ui-kit';
import type { RoutePrefetch } from '../routes/routeHandle';
import { listArg } from './listArg';
import type { ResourceDefinition } from './types';

export function listPrefetch<Row, Arg>(resource: Pick<ResourceDefinition<Row, Arg>, 'key' | 'list'>): RoutePrefetch {
  const toArg = resource.list.toArg ?? listArg<Arg>();
  return ({ dispatch, getState }, url) => {
    // Signed out: the guard sends the merchant to sign-in; nothing to fetch.
    if (!getState().auth.token) return;
    const query = readTableQuery(url.searchParams, resource.key);
    // Not subscribed: the page's own query subscribes when it renders; until then RTK Query keeps the result.
    dispatch(resource.list.endpoint.initiate(toArg(query), { subscribe: false }) as never);
  };
}
