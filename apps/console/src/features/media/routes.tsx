// Manifest entry of the media library: a page of the merchant centre (/shop/mediaLibrary).
import PermMediaIcon from '@mui/icons-material/PermMedia';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute } from '../../routes/routeHandle';

export const MEDIA_LIBRARY_PATH = '/shop/mediaLibrary';

const mediaShopRoutes: ManifestRoute[] = [
  {
    path: 'mediaLibrary',
    handle: { title: 'media.title', icon: PermMediaIcon, permission: PERMISSIONS.mediaView },
    lazy: () => import('./MediaLibraryPage').then((module) => ({ Component: module.MediaLibraryPage })),
  },
];

/**
 * The media page joins the merchant-centre group ('/shop') another area declares, so the sidebar
 * keeps one merchant-centre group; without one, it brings its own.
 */
export function withMediaLibrary(routes: readonly ManifestRoute[]): ManifestRoute[] {
  const hasShop = routes.some((route) => route.path === '/shop');
  if (!hasShop) return [...routes, { path: '/shop', handle: { title: 'account.menu.shop', icon: StorefrontIcon }, children: mediaShopRoutes }];
  return routes.map((route) => (route.path === '/shop' ? { ...route, children: [...(route.children ?? []), ...mediaShopRoutes] } : route));
}
