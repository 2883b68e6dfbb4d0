// The manifest's frame: the public screens, the signed-in shell and the fallback. /login's JavaScript
// holds this and the public screens' route tables only; the shell's screens (routes/manifest.tsx) are
// discovered on the first navigation that needs them (routes/shellDiscovery.ts), so a new signed-in
// screen costs /login nothing (docs/performance.md, initial JavaScript of /login).
import type { ManifestRoute } from './routeHandle';
import { PageLoading, RootLayout } from './RootLayout';
import { authRoutes } from '../features/auth/routes';
import { registeredRoutes } from '../features/registered/routes';
import { fallbackRoute, systemRoutes } from '../features/system/routes';
import { logoutPublicRoutes } from '../features/shop/logout/publicRoutes';
import { withStoreTypeRules } from './storeTypeRules';
import { withAreaTexts } from './areaTexts';

/** The id of the signed-in shell's route, whose children are added when discovered. */
export const SHELL_ROUTE_ID = 'shell';

/** The whole tree around the shell's screens; §6 storeType rules come from one table (storeTypeRules.ts), applied to every route. */
export function consoleManifest(shellScreens: ManifestRoute[]): ManifestRoute[] {
  return withStoreTypeRules([
    {
      element: <RootLayout />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        // Before authRoutes: the onboarding screens own /registered/resultReg. Their texts (3 KB gzip) come with them.
        withAreaTexts(() => import('../features/registered/messages').then((module) => [module.registeredMessages]), registeredRoutes),
        ...authRoutes,
        ...systemRoutes,
        ...logoutPublicRoutes,
        {
          id: SHELL_ROUTE_ID,
          // The signed-in layout is its own chunk: /login never downloads the sidebar, navbar and tabs.
          lazy: () => import('../layout/AppShell').then((module) => ({ Component: module.AppShell })),
          children: shellScreens,
        },
        fallbackRoute,
      ],
    },
  ]);
}

/** What the console starts with: the shell without its screens. */
export const startManifest: ManifestRoute[] = consoleManifest([]);

/** The shell route's children in a manifest. */
export function shellScreensOf(manifest: readonly ManifestRoute[]): ManifestRoute[] {
  for (const route of manifest) {
    if (route.id === SHELL_ROUTE_ID) return route.children ?? [];
    const inner = shellScreensOf(route.children ?? []);
    if (inner.length > 0) return inner;
  }
  return [];
}
