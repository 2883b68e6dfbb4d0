// "Refresh" on a tab (§2): the view remounts (new key in KeepAliveOutlet) and its data is fetched
// again: every query that provides tags is invalidated, except the shell's own identity data.
import type { AppThunk } from '../app/store';
import { consoleApi } from '../app/api';
import { viewRefreshed } from './layoutSlice';

/** Shell data that a page refresh must not disturb (re-fetching the IM token would reload the chat). */
const SHELL_TAG_TYPES = new Set(['CurrentUser', 'ImToken']);

/** Tag types some cached query provides, read from RTK Query's invalidation state. */
function providedTagTypes(provided: unknown): string[] {
  if (!provided || typeof provided !== 'object') return [];
  // RTK Query ≥ 2.8 keeps `{ tags: { [type]: … }, keys: … }`; earlier versions `{ [type]: … }`.
  const tags = 'tags' in provided && typeof provided.tags === 'object' && provided.tags !== null ? provided.tags : provided;
  return Object.keys(tags);
}

export const refreshView =
  (path: string): AppThunk =>
  (dispatch, getState) => {
    dispatch(viewRefreshed(path));
    const types = providedTagTypes(getState()[consoleApi.reducerPath].provided).filter((type) => !SHELL_TAG_TYPES.has(type));
    if (types.length > 0) dispatch(consoleApi.util.invalidateTags(types as never[]));
  };
