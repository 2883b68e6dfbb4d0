// Manifest helpers: menu groups and storeType include/exclude (console-spec §2, §6), redirects.
import { buildMenu, collectAffixRoutes, isAllowedForStoreType, type ManifestRoute } from './routeHandle';
import { decideRoute, loginPathFor, safeRedirectTarget } from './routeDecision';
import { routeManifest } from './manifest';
import type { UserInfo } from '../features/auth/userInfo';

const Page = () => null;
const lazyPage = () => Promise.resolve({ Component: Page });
const manifest: ManifestRoute[] = [
  {
    element: null,
    children: [
      { path: '/login', handle: { title: 'login', public: true, hidden: true }, lazy: lazyPage },
      { path: '/dashboard', handle: { title: 'dashboard', affix: true }, lazy: lazyPage },
      {
        path: '/shop',
        handle: { title: 'shop' },
        children: [
          { path: 'freightTem', handle: { title: 'freight', storeTypes: { exclude: [3] } }, lazy: lazyPage },
          { path: 'settlement', handle: { title: 'settlement' }, lazy: lazyPage },
          { path: 'settlement/edit', handle: { title: 'edit', hidden: true }, lazy: lazyPage },
        ],
      },
      { path: '/service', handle: { title: 'service', storeTypes: { include: [3] } }, children: [{ path: 'desk', handle: { title: 'desk' }, lazy: lazyPage }] },
    ],
  },
];

describe('menu from the manifest', () => {
  it('shows first-level routes as items and groups, leaving hidden ones out', () => {
    expect(buildMenu(manifest, 1)).toEqual([
      { kind: 'item', path: '/dashboard', titleKey: 'dashboard', icon: undefined },
      {
        kind: 'group',
        path: '/shop',
        titleKey: 'shop',
        icon: undefined,
        items: [
          { path: '/shop/freightTem', titleKey: 'freight', icon: undefined },
          { path: '/shop/settlement', titleKey: 'settlement', icon: undefined },
        ],
      },
    ]);
  });

  it('applies storeType include and exclude lists', () => {
    const menu = buildMenu(manifest, 3);
    const shop = menu.find((entry) => entry.path === '/shop');
    expect(shop?.kind === 'group' && shop.items.map((item) => item.path)).toEqual(['/shop/settlement']);
    expect(menu.some((entry) => entry.path === '/service')).toBe(true);
    expect(isAllowedForStoreType({ storeTypes: { include: [3] } }, null)).toBe(false);
  });

  it('finds the affixed dashboard in the real manifest', () => {
    expect(collectAffixRoutes(routeManifest)).toEqual([{ path: '/dashboard', titleKey: 'dashboard.title' }]);
  });
});

describe('route decisions', () => {
  const user: UserInfo = { roles: ['admin'], nickname: '', avatarUrl: '', uid: '1', storeStatus: 2, storeType: 1, storeName: '', forbiddenReason: '' };
  const base = { search: '', isPublic: false, allowedForStoreType: true, token: 't', user };

  it('keeps the redirect value readable and refuses foreign or looping targets', () => {
    expect(loginPathFor('/order/orderList')).toBe('/login?redirect=/order/orderList');
    expect(safeRedirectTarget('?redirect=/message')).toBe('/message');
    expect(safeRedirectTarget('?redirect=https://evil.example')).toBeNull();
    expect(safeRedirectTarget('?redirect=//evil.example')).toBeNull();
    expect(safeRedirectTarget('?redirect=/login')).toBeNull();
  });

  it('waits for the user on private paths and sends excluded store types to /404', () => {
    expect(decideRoute({ ...base, pathname: '/dashboard', user: null })).toEqual({ kind: 'wait' });
    expect(decideRoute({ ...base, pathname: '/shop/freightTem', allowedForStoreType: false })).toEqual({ kind: 'redirect', to: '/404' });
    expect(decideRoute({ ...base, pathname: '/dashboard', user: { ...user, storeStatus: 0 } })).toEqual({ kind: 'redirect', to: '/registered/resultReg' });
    expect(decideRoute({ ...base, pathname: '/login', isPublic: true, search: '?redirect=/message' })).toEqual({ kind: 'redirect', to: '/message' });
  });
});
