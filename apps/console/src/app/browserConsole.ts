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
import { answerSessionAsks, askOpenTabsForSession, SESSION_CHANNEL_NAME, type HandoffChannel } from '../features/auth/sessionHandoff';
import { readStoredToken, storeToken } from '../features/auth/tokenStorage';

const sessionChannel = (): HandoffChannel | null => (typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL_NAME) : null);

/**
 * A new tab of a signed-in console takes the session of an open tab (features/auth/sessionHandoff.ts), before
 * the store reads the token. Not on the sign-in page itself, where a visitor should not wait for it.
 */
async function takeSessionFromOpenTab(): Promise<void> {
  if (readStoredToken() || window.location.pathname === '/login') return;
  const channel = sessionChannel();
  if (!channel) return;
  const token = await askOpenTabsForSession(channel, { id: crypto.randomUUID() });
  (channel as unknown as BroadcastChannel).close();
  if (token && !readStoredToken()) storeToken({ token, remember: false });
}

/**
 * Starts the console in steps, awaiting `pause` between them (startConsole). The browser router is
 * React Router's `createBrowserRouter` in two steps: created with the console (route ranking, data
 * routes, history) and initialised (its first navigation, which loads the page's lazy route) a pause
 * later, instead of both in one task (the longest of the start after the first commit's; Lighthouse
 * total blocking time on /login, docs/performance.md).
 */
export async function startBrowserConsole(pause: () => Promise<void>): Promise<ConsoleApp> {
  await takeSessionFromOpenTab();
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
  // This tab answers new tabs in turn, while it holds a session-only token.
  const channel = sessionChannel();
  if (channel) answerSessionAsks(channel, readStoredToken);
  return app;
}
