// The manifest reaches the shell through context, so layout components never import the
// manifest module (which imports the shell) and tests can pass a manifest of their own.
import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ManifestRoute } from './routeHandle';

export const RouteManifestContext = createContext<readonly ManifestRoute[]>([]);

export function useRouteManifest(): readonly ManifestRoute[] {
  return useContext(RouteManifestContext);
}

/** A manifest that may grow: the console starts without the shell's screens (routes/shellDiscovery.ts). */
export interface ManifestSource {
  current(): readonly ManifestRoute[];
  subscribe(listener: () => void): () => void;
}

export function fixedManifest(manifest: readonly ManifestRoute[]): ManifestSource {
  return { current: () => manifest, subscribe: () => () => undefined };
}

/** Provides the source's manifest, and the whole one once it has been discovered. */
export function RouteManifestProvider({ source, children }: { source: ManifestSource; children: ReactNode }) {
  const manifest = useSyncExternalStore(source.subscribe, source.current);
  return createElement(RouteManifestContext.Provider, { value: manifest }, children);
}
