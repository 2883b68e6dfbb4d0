// THE route manifest: every screen of the console, with the typed handle (routeHandle.ts) that
// drives the sidebar, breadcrumbs, tags, guards and document titles. Feature folders own their
// entries; this file places the signed-in ones in the shell, startManifest.tsx the public ones.
// Not part of /login's JavaScript: the console loads it on the first navigation into the shell
// (routes/shellDiscovery.ts).
import type { ManifestRoute } from './routeHandle';
import { consoleManifest } from './startManifest';
import { accountRoutes } from '../features/account/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { messageRoutes } from '../features/message/routes';
import { helpRoutes } from '../features/help/routes';
import { withMediaLibrary } from '../features/media/routes';
import { goodsRoutes } from '../features/goods/routes';
import { inventoryRoutes } from '../features/inventory/routes';
import { orderRoutes } from '../features/orders/routes';
import { marketingRoutes } from '../features/marketing/routes';
import { tradeRoutes } from '../features/trade/routes';
import { shellSystemRoutes } from '../features/system/routes';
import { logoutShellRoutes } from '../features/shop/logout/routes';

export const routeManifest: ManifestRoute[] = consoleManifest([
  ...shellSystemRoutes,
  ...dashboardRoutes,
  ...messageRoutes,
  ...withMediaLibrary(accountRoutes),
  ...goodsRoutes,
  ...orderRoutes,
  ...inventoryRoutes,
  ...marketingRoutes,
  ...tradeRoutes,
  ...helpRoutes,
  ...logoutShellRoutes,
]);
