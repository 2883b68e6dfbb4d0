// Manifest helpers: menu groups and storeType include/exclude (console-spec §2, §6), redirects.
import { buildMenu, collectAffixRoutes, isAllowedFor, isAllowedForStoreType, type ManifestRoute } from './routeHandle';
import { decideRoute, loginPathFor, onboardingPathFor, safeRedirectTarget } from './routeDecision';
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
          { path: 'planned', handle: { title: 'planned' } },
          { path: 'staff', handle: { title: 'staff', permission: 'staff:manage' }, lazy: lazyPage },
        ],
      },
      { path: '/wallet', handle: { title: 'wallet' } },
      { path: '/service', handle: { title: 'service', storeTypes: { include: [3] } }, children: [{ path: 'desk', handle: { title: 'desk' }, lazy: lazyPage }] },
    ],
  },
];

const owner = (storeType: number) => ({ storeType, permissions: ['staff:manage'] });

describe('menu from the manifest', () => {
  it('shows first-level routes as items and groups, leaving hidden ones and paths without a screen out', () => {
    expect(buildMenu(manifest, owner(1))).toEqual([
      { kind: 'item', path: '/dashboard', titleKey: 'dashboard', icon: undefined },
      {
        kind: 'group',
        path: '/shop',
        titleKey: 'shop',
        icon: undefined,
        items: [
          { path: '/shop/freightTem', titleKey: 'freight', icon: undefined },
          { path: '/shop/settlement', titleKey: 'settlement', icon: undefined },
          { path: '/shop/staff', titleKey: 'staff', icon: undefined },
        ],
      },
    ]);
  });

  it('leaves out items whose permission code the user does not hold', () => {
    const shop = buildMenu(manifest, { storeType: 1, permissions: [] }).find((entry) => entry.path === '/shop');
    expect(shop?.kind === 'group' && shop.items.map((item) => item.path)).toEqual(['/shop/freightTem', '/shop/settlement']);
    expect(isAllowedFor({ permission: 'staff:manage' }, { storeType: 1, permissions: [] })).toBe(false);
  });

  it('applies storeType include and exclude lists', () => {
    const menu = buildMenu(manifest, owner(3));
    const shop = menu.find((entry) => entry.path === '/shop');
    expect(shop?.kind === 'group' && shop.items.map((item) => item.path)).toEqual(['/shop/settlement', '/shop/staff']);
    expect(menu.some((entry) => entry.path === '/service')).toBe(true);
    expect(isAllowedForStoreType({ storeTypes: { include: [3] } }, null)).toBe(false);
  });

  it('finds the affixed dashboard in the real manifest', () => {
    expect(collectAffixRoutes(routeManifest)).toEqual([{ path: '/dashboard', titleKey: 'dashboard.title' }]);
  });
});

describe('route decisions', () => {
  const user: UserInfo = { roles: ['admin'], nickname: '', avatarUrl: '', uid: '1', storeStatus: 2, storeType: 1, storeName: '', forbiddenReason: '', permissions: [], owner: false };
  const base = { search: '', isPublic: false, allowedForUser: true, token: 't', user };

  it('keeps the redirect value readable and refuses foreign or looping targets', () => {
    expect(loginPathFor('/order/orderList')).toBe('/login?redirect=/order/orderList');
    expect(safeRedirectTarget('?redirect=/message')).toBe('/message');
    expect(safeRedirectTarget('?redirect=https://evil.example')).toBeNull();
    expect(safeRedirectTarget('?redirect=//evil.example')).toBeNull();
    expect(safeRedirectTarget('?redirect=/login')).toBeNull();
  });

  it('waits for the user on private paths and sends excluded store types to /404', () => {
    expect(decideRoute({ ...base, pathname: '/dashboard', user: null })).toEqual({ kind: 'wait' });
    expect(decideRoute({ ...base, pathname: '/shop/freightTem', allowedForUser: false })).toEqual({ kind: 'redirect', to: '/404' });
    expect(decideRoute({ ...base, pathname: '/login', isPublic: true, search: '?redirect=/message' })).toEqual({ kind: 'redirect', to: '/message' });
  });
});

describe('guards per console-spec §2', () => {
  const user: UserInfo = { roles: ['admin'], nickname: '', avatarUrl: '', uid: '1', storeStatus: 2, storeType: 1, storeName: '', forbiddenReason: '', permissions: [], owner: false };
  const signedOut = { search: '', isPublic: false, allowedForUser: true, token: null, user: null };
  const signedIn = { ...signedOut, token: 't', user };

  it('opens public paths without a token and sends every other path to /login?redirect={path}', () => {
    expect(decideRoute({ ...signedOut, pathname: '/registered/userReg', isPublic: true })).toEqual({ kind: 'render' });
    expect(decideRoute({ ...signedOut, pathname: '/order/orderList', search: '?page=2' })).toEqual({ kind: 'redirect', to: '/login?redirect=/order/orderList%3Fpage%3D2' });
  });

  it('sends /registered/shopMsg without a token to /login?redirect=/dashboard, even when marked public', () => {
    expect(decideRoute({ ...signedOut, pathname: '/registered/shopMsg' })).toEqual({ kind: 'redirect', to: '/login?redirect=/dashboard' });
    expect(decideRoute({ ...signedOut, pathname: '/registered/shopMsg', isPublic: true })).toEqual({ kind: 'redirect', to: '/login?redirect=/dashboard' });
  });

  it('sends status 2 and 4 away from /login to /', () => {
    expect(decideRoute({ ...signedIn, pathname: '/login', isPublic: true })).toEqual({ kind: 'redirect', to: '/' });
    expect(decideRoute({ ...signedIn, pathname: '/login', isPublic: true, user: { ...user, storeStatus: 4 } })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends status 0 to complete the shop info, 1 and 3 to the review result', () => {
    const at = (storeStatus: number, pathname = '/dashboard') => decideRoute({ ...signedIn, pathname, user: { ...user, storeStatus } });
    expect(at(0)).toEqual({ kind: 'redirect', to: '/registered/shopMsg' });
    expect(at(1)).toEqual({ kind: 'redirect', to: '/registered/resultReg' });
    expect(at(3)).toEqual({ kind: 'redirect', to: '/registered/resultReg' });
    expect(decideRoute({ ...signedIn, pathname: '/login', isPublic: true, user: { ...user, storeStatus: 3 } })).toEqual({ kind: 'redirect', to: '/registered/resultReg' });
    // The onboarding screens themselves open.
    expect(decideRoute({ ...signedIn, pathname: '/registered/resultReg', isPublic: true, user: { ...user, storeStatus: 1 } })).toEqual({ kind: 'render' });
  });

  it('falls back to the review result when the shop-info screen is not in the manifest', () => {
    expect(onboardingPathFor(0, () => false)).toBe('/registered/resultReg');
    expect(onboardingPathFor(0, (path) => path === '/registered/shopMsg')).toBe('/registered/shopMsg');
  });
});
