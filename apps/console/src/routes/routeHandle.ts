// The typed `handle` every manifest route carries (STYLE.md "One route manifest"). The same
// fields drive the sidebar menu, breadcrumbs, tags bar, guards and document titles.
import type { AppStore } from '../app/store';
import type { ComponentType, ReactNode } from 'react';
import type { RouteObject, UIMatch } from 'react-router';
import type { SvgIconProps } from '@mui/material/SvgIcon';

export interface StoreTypeRule {
  /** Shown only to these store types (§6). */
  include?: readonly number[];
  /** Hidden from these store types (§6: storeType 3 is excluded from many items). */
  exclude?: readonly number[];
}

export interface RouteHandle {
  /** i18n key of the title (menu, breadcrumb, tag, document title). */
  title?: string;
  icon?: ComponentType<SvgIconProps>;
  /** Not listed in the sidebar. */
  hidden?: boolean;
  /** Its tag is pinned to the tags bar and cannot be closed. */
  affix?: boolean;
  /** Open without sign-in (§2). */
  public?: boolean;
  /** §6 permission code (docs/permissions.md) the user must hold to open the screen and see it in the menu. */
  permission?: string;
  /** Set false to unmount the view when the merchant leaves it; otherwise it stays mounted (hidden) while among the last few. */
  keepAlive?: boolean;
  storeTypes?: StoreTypeRule;
  /** Set false to leave the route out of the breadcrumb. */
  breadcrumb?: boolean;
}

export interface ManifestRoute {
  /** React Router's route id; set where routes are added later (the signed-in shell, routes/shellDiscovery.ts). */
  id?: string;
  path?: string;
  index?: boolean;
  element?: ReactNode;
  /** Shown while the first lazy page of the initial URL loads. */
  hydrateFallbackElement?: ReactNode;
  /**
   * Code-split page: resolved only when the route is first visited. `prefetch` starts the page's
   * first request as soon as the route matches, before the page (or the signed-in user) renders.
   */
  lazy?: () => Promise<{ Component: ComponentType; prefetch?: RoutePrefetch }>;
  handle?: RouteHandle;
  children?: ManifestRoute[];
}

/** What a route's prefetch may use: the store, and the URL being opened. */
export type PrefetchContext = Pick<AppStore, 'dispatch' | 'getState'>;

/**
 * Starts a page's first request while the router resolves the route (a first visit: in parallel with
 * loading the signed-in user and rendering the layout). It must only start requests the page itself
 * would make with the same arguments, so the page finds them in flight or cached.
 */
export type RoutePrefetch = (context: PrefetchContext, url: URL) => void;

/**
 * Manifest → react-router route objects. A lazy route with a `prefetch` gets a loader that starts it
 * and returns at once (the router never waits on it); without a prefetch context nothing is prefetched.
 */
export function toRouteObjects(routes: readonly ManifestRoute[], prefetchContext?: PrefetchContext): RouteObject[] {
  return routes.map((route): RouteObject => {
    const { children, index, lazy, ...rest } = route;
    const routeLazy = lazy
      ? async () => {
          const { Component, prefetch } = await lazy();
          if (!prefetch || !prefetchContext) return { Component };
          return {
            Component,
            loader: ({ request }: { request: Request }) => {
              prefetch(prefetchContext, new URL(request.url));
              return null;
            },
          };
        }
      : undefined;
    const common = routeLazy ? { ...rest, lazy: routeLazy } : rest;
    if (index) return { ...common, index: true } as RouteObject;
    return children ? { ...common, children: toRouteObjects(children, prefetchContext) } : common;
  });
}

export function joinPaths(parent: string, child: string | undefined): string {
  if (!child) return parent || '/';
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/+$/, '')}/${child}`;
}

export function isAllowedForStoreType(handle: RouteHandle | undefined, storeType: number | null | undefined): boolean {
  const rule = handle?.storeTypes;
  if (!rule) return true;
  if (rule.include && (storeType == null || !rule.include.includes(storeType))) return false;
  if (rule.exclude && storeType != null && rule.exclude.includes(storeType)) return false;
  return true;
}

/** What the menu and the guard know of the signed-in user. */
export interface MenuViewer {
  storeType: number | null | undefined;
  permissions: readonly string[];
}

export function isAllowedFor(handle: RouteHandle | undefined, viewer: MenuViewer): boolean {
  if (!isAllowedForStoreType(handle, viewer.storeType)) return false;
  return !handle?.permission || viewer.permissions.includes(handle.permission);
}

/** A route that renders a screen (a path without one is never offered in the menu). */
function hasScreen(route: ManifestRoute): boolean {
  return Boolean(route.lazy || route.element);
}

export function handleOf(match: UIMatch): RouteHandle | undefined {
  return (match.handle ?? undefined) as RouteHandle | undefined;
}

export function isPublicMatch(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => handleOf(match)?.public === true);
}

/** The deepest route of the match with a title (the page being shown). */
export function pageMatch(matches: readonly UIMatch[]): UIMatch | undefined {
  return [...matches].reverse().find((match) => handleOf(match)?.title);
}

export interface MenuItem {
  path: string;
  titleKey: string;
  icon?: ComponentType<SvgIconProps>;
}

export interface MenuGroup {
  path: string;
  titleKey: string;
  icon?: ComponentType<SvgIconProps>;
  items: MenuItem[];
}

export type MenuEntry = ({ kind: 'item' } & MenuItem) | ({ kind: 'group' } & MenuGroup);

/** Menu items of a group: its descendants with a title and a screen, flattened in manifest order. */
function groupItems(routes: readonly ManifestRoute[], viewer: MenuViewer, parentPath: string): MenuItem[] {
  return routes.flatMap((child): MenuItem[] => {
    const childHandle = child.handle;
    if (child.index || childHandle?.hidden || !isAllowedFor(childHandle, viewer)) return [];
    const path = joinPaths(parentPath, child.path);
    const own = childHandle?.title && hasScreen(child) ? [{ path, titleKey: childHandle.title, icon: childHandle.icon }] : [];
    return [...own, ...groupItems(child.children ?? [], viewer, path)];
  });
}

/**
 * Sidebar entries (§2: first-level items as top groups): a first-level route with children is a
 * group of its visible descendants; one without is an item. Filtered by storeType and permission
 * (§6); a path without a screen is left out.
 */
export function buildMenu(routes: readonly ManifestRoute[], viewer: MenuViewer, parentPath = ''): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const route of routes) {
    const handle = route.handle;
    if (route.index || handle?.hidden || !isAllowedFor(handle, viewer)) continue;
    const path = joinPaths(parentPath, route.path);
    const children = route.children ?? [];
    if (children.length > 0 && handle?.title) {
      const items = groupItems(children, viewer, path);
      if (items.length > 0) entries.push({ kind: 'group', path, titleKey: handle.title, icon: handle.icon, items });
    } else if (handle?.title && hasScreen(route)) {
      entries.push({ kind: 'item', path, titleKey: handle.title, icon: handle.icon });
    } else if (!handle?.title && children.length > 0) {
      // A pathless layout route (the shell): its children are first-level entries.
      entries.push(...buildMenu(children, viewer, path));
    }
  }
  return entries;
}


/** Every full path declared by the manifest (for "is this screen built yet" checks). */
export function collectPaths(routes: readonly ManifestRoute[], parentPath = ''): string[] {
  return routes.flatMap((route) => {
    const path = joinPaths(parentPath, route.path);
    const own = route.path && !route.path.includes('*') ? [path] : [];
    return [...own, ...collectPaths(route.children ?? [], path)];
  });
}

export function collectAffixRoutes(routes: readonly ManifestRoute[], parentPath = ''): Array<{ path: string; titleKey: string }> {
  return routes.flatMap((route) => {
    const path = joinPaths(parentPath, route.path);
    const own = route.handle?.affix && route.handle.title ? [{ path, titleKey: route.handle.title }] : [];
    return [...own, ...collectAffixRoutes(route.children ?? [], path)];
  });
}
