// Manifest entries of the auth feature: the public sign-in and review-status screens.
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
        path: 'resultReg',
        handle: { title: 'auth.review.title', public: true, hidden: true },
        lazy: () => import('./ReviewStatusPage').then((module) => ({ Component: module.ReviewStatusPage })),
      },
      {
        path: 'resetSuccess',
        handle: { title: 'auth.resetSuccess.title', public: true, hidden: true },
        lazy: () => import('./ResetSuccessPage').then((module) => ({ Component: module.ResetSuccessPage })),
      },
    ],
  },
];
