// The manifest reaches the shell through context, so layout components never import the
// manifest module (which imports the shell) and tests can pass a manifest of their own.
import { createContext, useContext } from 'react';
import type { ManifestRoute } from './routeHandle';

export const RouteManifestContext = createContext<readonly ManifestRoute[]>([]);

export function useRouteManifest(): readonly ManifestRoute[] {
  return useContext(RouteManifestContext);
}
