// Issue 7 §7: the last few views stay mounted, hidden with React's <Activity>, so switching tabs
// keeps what the merchant typed, scrolled or filtered. Views are keyed by path (as tags are: a
// table's query changes stay in the same view) plus their refresh count; a refreshed view gets a new key and remounts. Closed tabs drop their view.
import { Activity, useRef, type ReactNode } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { handleOf, pageMatch } from '../routes/routeHandle';

/** How many views stay mounted, the one shown included. */
export const KEEP_ALIVE_LIMIT = 8;

interface KeptView {
  path: string;
  element: ReactNode;
}

export function viewKey(path: string, refreshCount: number): string {
  return `${path}#${refreshCount}`;
}

export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const page = pageMatch(useMatches());
  const { refreshCounts, visitedTags } = useAppSelector((state) => state.layout);
  const views = useRef(new Map<string, KeptView>());
  const keepAlive = Boolean(page) && handleOf(page!)?.keepAlive !== false;
  const currentKey = viewKey(pathname, refreshCounts[pathname] ?? 0);

  const kept = views.current;
  // Drop views that were refreshed since (stale key) or whose tab was closed.
  const openPaths = new Set(visitedTags.map((tag) => tag.path));
  for (const [key, view] of kept) {
    const stale = key !== viewKey(view.path, refreshCounts[view.path] ?? 0);
    if (stale || (key !== currentKey && !openPaths.has(view.path))) kept.delete(key);
  }
  if (keepAlive) {
    // Re-inserted so the map's order is least recently shown first.
    kept.delete(currentKey);
    kept.set(currentKey, { path: pathname, element: outlet });
    while (kept.size > KEEP_ALIVE_LIMIT) kept.delete(kept.keys().next().value as string);
  }

  return (
    <>
      {[...kept].map(([key, view]) => (
        <Activity key={key} mode={key === currentKey ? 'visible' : 'hidden'}>
          <div data-view={view.path} style={{ display: 'contents' }}>
            {view.element}
          </div>
        </Activity>
      ))}
      {keepAlive ? null : <div key={currentKey} style={{ display: 'contents' }}>{outlet}</div>}
    </>
  );
}
