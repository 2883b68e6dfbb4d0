// THE route manifest: every screen of the console, with the typed handle (routeHandle.ts) that
// drives the sidebar, breadcrumbs, tags, guards and document titles. Feature folders own their
// entries; this file only places them (public screens, the signed-in shell, the fallback).
import type { ManifestRoute } from './routeHandle';
import { PageLoading, RootLayout } from './RootLayout';
import { authRoutes } from '../features/auth/routes';
import { registeredRoutes } from '../features/registered/routes';
import { accountRoutes } from '../features/account/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { messageRoutes } from '../features/message/routes';
import { helpRoutes } from '../features/help/routes';
import { withMediaLibrary } from '../features/media/routes';
import { goodsRoutes } from '../features/goods/routes';
import { inventoryRoutes } from '../features/inventory/routes';
import { orderRoutes } from '../features/orders/routes';
import { fallbackRoute, shellSystemRoutes, systemRoutes } from '../features/system/routes';
import { logoutPublicRoutes, logoutShellRoutes } from '../features/shop/logout/routes';
import { withStoreTypeRules } from './storeTypeRules';

// §6 storeType rules come from one table (storeTypeRules.ts), applied here to every route.
export const routeManifest: ManifestRoute[] = withStoreTypeRules([
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      // Before authRoutes: the onboarding screens own /registered/resultReg.
      ...registeredRoutes,
      ...authRoutes,
      ...systemRoutes,
      ...logoutPublicRoutes,
      {
        // The signed-in layout is its own chunk: /login never downloads the sidebar, navbar and tabs.
        lazy: () => import('../layout/AppShell').then((module) => ({ Component: module.AppShell })),
        children: [...shellSystemRoutes, ...dashboardRoutes, ...messageRoutes, ...withMediaLibrary(accountRoutes), ...goodsRoutes, ...orderRoutes, ...inventoryRoutes, ...helpRoutes, ...logoutShellRoutes],
      },
      fallbackRoute,
    ],
  },
]);
