// console-spec §6 "Menu visibility depends on storeType through include and exclude lists": THE table.
// Every storeType rule of the console lives here, keyed by the full path of a screen or a group; the
// manifest applies it to the route at that path and everything under it, so the sidebar and the guard
// (a typed address of an excluded screen goes to /404) read the same rule. A path whose screen is not
// built yet can hold its rule already: the route that later appears there gets it without a change here.
import type { ManifestRoute, StoreTypeRule } from './routeHandle';
import { joinPaths } from './routeHandle';

/** console-spec §4 store types: 1 flagship, 2 specialty, 3 service. */
export const STORE_TYPES = [1, 2, 3] as const;

/** §6: storeType 3 (a service store sells services: nothing shipped, no brand, no warehouse) is left out. */
const NOT_SERVICE_STORE: StoreTypeRule = { exclude: [3] };

/**
 * §6 names "freight, cartage, templates, brands, logout, inventory, coupons and others"; the others we
 * chose are the delivery screens of goods that are shipped (docs/merchant-centre.md, "Menus by store type").
 */
export const STORE_TYPE_RULES: Readonly<Record<string, StoreTypeRule>> = {
  '/shop/freightTem': NOT_SERVICE_STORE, // freight templates (+add, edit)
  '/shop/cartageTem': NOT_SERVICE_STORE, // cartage templates (+add, edit)
  '/shop/afterSale': NOT_SERVICE_STORE, // after-sale explanation templates
  '/shop/brandQuery': NOT_SERVICE_STORE, // brand apply (+add, details)
  '/shop/brandManagement': NOT_SERVICE_STORE, // brands (+detail)
  '/goods/brandApply': NOT_SERVICE_STORE, // brand apply from the goods area
  '/shop/logout': NOT_SERVICE_STORE, // store deregistration
  '/shop/storeLogoutRiskWarning': NOT_SERVICE_STORE, // its risk warning step
  '/inventoryCenter': NOT_SERVICE_STORE, // the service-provider warehouse inventory
  '/marketing/coupons': NOT_SERVICE_STORE, // coupons (+add, details, receive)
  '/shop/distributionRangeMaintenance': NOT_SERVICE_STORE, // "others": delivery range of shipped goods
  '/shop/serviceProviderDelivery': NOT_SERVICE_STORE, // "others": delivery by a service provider
};

/** The rule of a full path: the nearest table entry at or above it. */
export function storeTypeRuleFor(path: string): StoreTypeRule | undefined {
  for (let prefix = path; prefix; prefix = prefix.slice(0, prefix.lastIndexOf('/'))) {
    const rule = STORE_TYPE_RULES[prefix];
    if (rule) return rule;
  }
  return undefined;
}

/** The manifest with the table's rule on every route at or under a path it names (a route's path may span several segments). */
export function withStoreTypeRules(routes: readonly ManifestRoute[], parentPath = ''): ManifestRoute[] {
  return routes.map((route) => {
    const path = joinPaths(parentPath, route.path);
    const rule = route.path ? storeTypeRuleFor(path) : undefined;
    const handle = rule ? { ...route.handle, storeTypes: rule } : route.handle;
    const children = route.children && withStoreTypeRules(route.children, path);
    return { ...route, ...(handle ? { handle } : {}), ...(children ? { children } : {}) };
  });
}
