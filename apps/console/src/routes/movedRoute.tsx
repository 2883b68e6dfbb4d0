// Old addresses of screens that moved to their console-spec §2 paths: each is a hidden route that
// sends the visitor on to the new path with the same query and hash, so bookmarks and links keep working.
import { Navigate, useLocation } from 'react-router';
import type { ManifestRoute } from './routeHandle';

function MovedTo({ pathname }: { pathname: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname, search, hash }} replace />;
}

/** A route at `from` (relative to its group, or absolute) that redirects to the absolute path `to`, query kept. */
export function movedRoute(from: string, to: string): ManifestRoute {
  return { path: from, handle: { hidden: true }, element: <MovedTo pathname={to} /> };
}
