import { Navigate } from 'react-router';
import type { ManifestRoute } from '../../routes/routeHandle';
import { NOT_FOUND_PATH } from '../../routes/routeDecision';
import { RedirectBack } from './RedirectBack';
import { NotFoundRedirect } from './NotFoundRedirect';

/** Public system screens outside the shell (none yet: /404 lives inside the layout). */
export const systemRoutes: ManifestRoute[] = [];

/** Inside the shell: `/` → dashboard, the refresh bounce, and /404 with the layout around it. */
export const shellSystemRoutes: ManifestRoute[] = [
  { path: '/', element: <Navigate to="/dashboard" replace /> },
  { path: `/redirect/*`, handle: { hidden: true }, element: <RedirectBack /> },
  {
    path: NOT_FOUND_PATH,
    handle: { title: 'system.notFound.title', hidden: true, keepAlive: false },
    lazy: () => import('./NotFoundPage').then((module) => ({ Component: module.NotFoundPage })),
  },
];

/**
 * Unknown paths (§2): to /404, carrying the typed address so the page can show it. Not public,
 * so signed-out visitors go to sign-in first and come back to what they typed.
 */
export const fallbackRoute: ManifestRoute = { path: '*', element: <NotFoundRedirect /> };
