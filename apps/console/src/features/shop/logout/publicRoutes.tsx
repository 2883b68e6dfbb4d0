// The public manifest entry of closing the shop (console-spec §2): /logouting, the result read by the
// request's reference, open without sign-in. Apart from routes.tsx because public route tables are part of
// /login's JavaScript (routes/startManifest.tsx) and the signed-in ones load later (routes/shellDiscovery.ts).
import type { ManifestRoute } from '../../../routes/routeHandle';

export const logoutPublicRoutes: ManifestRoute[] = [
  {
    path: '/logouting',
    handle: { title: 'shopLogout.menu.result', public: true, hidden: true, breadcrumb: false },
    lazy: () => import('./LogoutResultPage').then((m) => ({ Component: m.LogoutResultPage })),
  },
];
