// console-spec §6 menus by store type: the one table (storeTypeRules.ts) walked for storeType 1, 2 and 3,
// against the real manifest's menu and guard.
import { screen } from '@testing-library/react';
import { ALL_PERMISSION_CODES } from '@merchant/api-contracts';
import { renderConsole, waitForPath } from '../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer } from '../../test/fakeStoreServer';
import { routeManifest } from './manifest';
import { buildMenu, joinPaths, type ManifestRoute, type MenuEntry } from './routeHandle';
import { STORE_TYPES, STORE_TYPE_RULES, storeTypeRuleFor, withStoreTypeRules } from './storeTypeRules';

interface Walked {
  path: string;
  route: ManifestRoute;
  /** The guard checks every route of the match: the rules on the way down. */
  chain: ManifestRoute[];
}

function walk(routes: readonly ManifestRoute[], parentPath = '', chain: ManifestRoute[] = []): Walked[] {
  return routes.flatMap((route) => {
    const path = joinPaths(parentPath, route.path);
    const here = [...chain, route];
    return [{ path, route, chain: here }, ...walk(route.children ?? [], path, here)];
  });
}

const menuPaths = (entries: MenuEntry[]) => entries.flatMap((entry) => (entry.kind === 'group' ? [entry.path, ...entry.items.map((item) => item.path)] : [entry.path]));
const menuFor = (storeType: number) => menuPaths(buildMenu(routeManifest, { storeType, permissions: ALL_PERMISSION_CODES }));
const excludes = (path: string, storeType: number) => {
  const rule = storeTypeRuleFor(path);
  return Boolean(rule && ((rule.include && !rule.include.includes(storeType)) || rule.exclude?.includes(storeType)));
};
const ruled = (path: string) => Object.keys(STORE_TYPE_RULES).some((key) => path === key || path.startsWith(`${key}/`));

describe('§6 menus by store type: one table', () => {
  const routes = walk(routeManifest);

  it('every storeType rule of the manifest is the table’s (no feature declares its own)', () => {
    for (const { path, route } of routes) {
      expect({ path, rule: route.handle?.storeTypes }).toEqual({ path, rule: route.path ? storeTypeRuleFor(path) : undefined });
    }
  });

  it('the built screens the table names are the inventory centre and the goods brand apply (at least)', () => {
    const built = routes.filter(({ path, route }) => ruled(path) && (route.lazy || route.element)).map(({ path }) => path);
    expect(built).toEqual(expect.arrayContaining(['/goods/brandApply', '/inventoryCenter/serviceWarehouse/inventoryCount']));
  });

  it.each(STORE_TYPES)('storeType %i: the menu offers a ruled screen exactly when its rule admits the type', (storeType) => {
    const menu = menuFor(storeType);
    const offered = routes.filter(({ path, route }) => ruled(path) && route.handle?.title && !route.handle.hidden && (route.lazy || route.element));
    expect(offered.length).toBeGreaterThan(0);
    for (const { path } of offered) expect({ path, inMenu: menu.includes(path) }).toEqual({ path, inMenu: !excludes(path, storeType) });
    // Types 1 and 2 lose nothing; type 3 loses every ruled screen.
    expect(offered.every(({ path }) => menu.includes(path))).toBe(storeType !== 3);
  });

  it.each(STORE_TYPES)('storeType %i: the guard refuses exactly the screens whose rule excludes the type', (storeType) => {
    for (const { path, chain } of routes.filter(({ route }) => route.lazy || route.element)) {
      const refused = chain.some((route) => route.handle?.storeTypes?.exclude?.includes(storeType));
      expect({ path, refused }).toEqual({ path, refused: excludes(path, storeType) });
    }
  });

  it('a table path without a screen yet holds its rule for the route that later appears there', () => {
    const later = withStoreTypeRules([{ path: '/shop', handle: { title: 'shop' }, children: [{ path: 'freightTem/freightTemTen', handle: { title: 'freight' }, element: <span /> }, { path: 'accountMgmt/accountInfo', handle: { title: 'account' }, element: <span /> }] }]);
    expect(menuPaths(buildMenu(later, { storeType: 3, permissions: [] }))).toEqual(['/shop', '/shop/accountMgmt/accountInfo']);
    expect(menuPaths(buildMenu(later, { storeType: 2, permissions: [] }))).toEqual(['/shop', '/shop/freightTem/freightTemTen', '/shop/accountMgmt/accountInfo']);
  });

  it.each(['/shop/freightTem', '/shop/cartageTem', '/shop/brandQuery', '/shop/brandManagement', '/shop/logout', '/inventoryCenter', '/marketing/coupons'])('names %s (an item §6 lists)', (path) => {
    expect(STORE_TYPE_RULES[path]?.exclude).toEqual([3]);
  });
});

describe('§6 guard: a typed address of an excluded screen', () => {
  const userOfType = (storeType: number) => ({ ...DEMO_USER, token: `token-type-${storeType}`, info: { ...DEMO_USER.info, storeType, permissions: [...ALL_PERMISSION_CODES] } });

  it.each(['/inventoryCenter/serviceWarehouse/inventoryList', '/goods/brandApply', '/shop/cartageTem/cartageTemTen', '/shop/distributionRangeMaintenance/ineffect'])('storeType 3 opening %s is sent to /404', async (path) => {
    const user = userOfType(3);
    const { location } = renderConsole({ path, token: user.token, server: createFakeStoreServer([user]) });
    await waitForPath(location, '/404');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it.each([1, 2])('storeType %i opens the inventory list', async (storeType) => {
    const user = userOfType(storeType);
    const path = '/inventoryCenter/serviceWarehouse/inventoryList';
    const { location } = renderConsole({ path, token: user.token, server: createFakeStoreServer([user]) });
    expect(await screen.findByTestId('sidebar')).toBeInTheDocument();
    expect(location()).toBe(path);
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });
});
