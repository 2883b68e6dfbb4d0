// Manifest entries of the auth feature: sign-in and the page after a password reset (both public).
// The other /registered screens (review result included) belong to features/registered.
import type { ManifestRoute } from '../../routes/routeHandle';

export const authRoutes: ManifestRoute[] = [
  {
    path: '/login',
    handle: { title: 'auth.login.title', public: true, hidden: true },
    lazy: () => import('./LoginPage').then((module) => ({ Component: module.LoginPage })),
  },
  {
    path: '/registered',
    handle: { public: true, hidden: true },
    children: [
      {
        path: 'resetSuccess',
        handle: { title: 'auth.resetSuccess.title', public: true, hidden: true },
        lazy: () => import('./ResetSuccessPage').then((module) => ({ Component: module.ResetSuccessPage })),
      },
    ],
  },
];
