// Lazy route discovery of the signed-in shell's screens (React Router's patchRoutesOnNavigation).
// The console starts with startManifest: public screens, the shell without children, the fallback.
// The first navigation the start cannot place on a screen of its own (anything but the public
// screens: it only reaches the fallback) loads the whole manifest (routes/manifest.tsx, a chunk of
// its own), adds the shell's screens to the router and hands the whole manifest to the menu, the tags
// and the guard. /login never downloads the signed-in areas' route tables.
import type { PatchRoutesOnNavigationFunction } from 'react-router';
import type { ManifestSource } from './manifestContext';
import { toRouteObjects, type ManifestRoute, type PrefetchContext } from './routeHandle';
import { SHELL_ROUTE_ID, shellScreensOf } from './startManifest';

export interface RouteDiscovery {
  patchRoutesOnNavigation: PatchRoutesOnNavigationFunction;
}

export interface ShellDiscovery extends RouteDiscovery {
  /** The manifest as known so far: the start's until the shell's screens arrive, the whole one after. */
  manifest: ManifestSource;
}

/** The whole manifest, loaded once (its chunk holds every signed-in area's route table). */
export type LoadManifest = () => Promise<readonly ManifestRoute[]>;

const loadWholeManifest: LoadManifest = () => {
  // The shell's own chunk at the same time: the router asks for it only once the screens are patched in.
  import('../layout/AppShell').catch(() => undefined); // a failure is the router's to report, when it loads the route
  return import('./manifest').then((module) => module.routeManifest);
};

export function discoverShellScreens(start: readonly ManifestRoute[], prefetchContext?: PrefetchContext, load: LoadManifest = loadWholeManifest): ShellDiscovery {
  let current = start;
  let patched = false;
  let loading: Promise<readonly ManifestRoute[]> | undefined;
  const listeners = new Set<() => void>();

  const manifest: ManifestSource = {
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ patch, signal }) => {
    if (patched) return;
    // A failed load is tried again by the next navigation (the router shows its error for this one).
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    const whole = await loading;
    if (patched || signal.aborted) return;
    patch(SHELL_ROUTE_ID, toRouteObjects(shellScreensOf(whole), prefetchContext));
    patched = true;
    current = whole;
    for (const listener of listeners) listener();
  };

  return { manifest, patchRoutesOnNavigation };
}
