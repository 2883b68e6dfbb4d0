// The console as the browser starts it: runtime config, the real secure client, the browser router.
// main.tsx imports this module once React, MUI's styling core and i18n have been evaluated.
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
} from 'react-router';
import { createSecureClient, resolveApiBase } from '@merchant/secure-transport';
import { startConsole, type ConsoleApp } from './createConsole';
import { readRuntimeConfig } from './runtimeConfig';

/**
 * Starts the console in steps, awaiting `pause` between them (startConsole). The browser router is
 * React Router's `createBrowserRouter` in two steps: created with the console (route ranking, data
 * routes, history) and initialised (its first navigation, which loads the page's lazy route) a pause
 * later, instead of both in one task (the longest of the start after the first commit's; Lighthouse
 * total blocking time on /login, docs/performance.md).
 */
export async function startBrowserConsole(pause: () => Promise<void>): Promise<ConsoleApp> {
  const config = readRuntimeConfig(window, {
    VITE_API_BASE: import.meta.env.VITE_API_BASE,
    VITE_IM_FRAME_URL: import.meta.env.VITE_IM_FRAME_URL,
    VITE_IM_APP_KEY: import.meta.env.VITE_IM_APP_KEY,
  });
  let initializeRouter: (() => void) | undefined;
  const app = await startConsole(
    {
      config,
      createClient: ({ reactions, translate, getLanguage }) =>
        createSecureClient({
          baseUrl: resolveApiBase(config.apiBase, window.localStorage),
          mode: config.securityMode,
          storage: window.sessionStorage,
          reactions,
          translate,
          getLanguage,
        }),
      // What createBrowserRouter(routes) does, less its initialize() (no server-rendered router data here).
      createRouter: (routes, discovery) => {
        const router = createRouter({ history: createBrowserHistory(), routes, mapRouteProperties, hydrationRouteProperties, ...discovery });
        initializeRouter = () => void router.initialize();
        return router;
      },
    },
    pause,
  );
  await pause();
  initializeRouter?.();
  return app;
}
