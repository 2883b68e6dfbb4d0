import { Navigate } from 'react-router';
import type { ManifestRoute } from '../../routes/routeHandle';
import { RedirectBack } from './RedirectBack';

/** Public system screens outside the shell. */
export const systemRoutes: ManifestRoute[] = [
  {
    path: '/404',
    handle: { title: 'system.notFound.title', public: true, hidden: true },
    lazy: () => import('./NotFoundPage').then((module) => ({ Component: module.NotFoundPage })),
  },
];

/** Helpers living inside the shell: `/` → dashboard, and the refresh bounce. */
export const shellSystemRoutes: ManifestRoute[] = [
  { path: '/', element: <Navigate to="/dashboard" replace /> },
  { path: `/redirect/*`, handle: { hidden: true }, element: <RedirectBack /> },
];

/** Unknown paths (§2): to /404. Not public, so signed-out visitors go to sign-in first. */
export const fallbackRoute: ManifestRoute = { path: '*', element: <Navigate to="/404" replace /> };
