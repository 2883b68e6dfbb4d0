// The console as the browser starts it: runtime config, the real secure client, the browser router.
// main.tsx imports this module once React, MUI's styling core and i18n have been evaluated.
import { createBrowserRouter } from 'react-router';
import { createSecureClient, resolveApiBase } from '@merchant/secure-transport';
import { startConsole, type ConsoleApp } from './createConsole';
import { readRuntimeConfig } from './runtimeConfig';

/** Starts the console in steps, awaiting `pause` between them (startConsole). */
export function startBrowserConsole(pause: () => Promise<void>): Promise<ConsoleApp> {
  const config = readRuntimeConfig(window, {
    VITE_API_BASE: import.meta.env.VITE_API_BASE,
    VITE_IM_FRAME_URL: import.meta.env.VITE_IM_FRAME_URL,
    VITE_IM_APP_KEY: import.meta.env.VITE_IM_APP_KEY,
  });
  return startConsole(
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
      createRouter: (routes) => createBrowserRouter(routes),
    },
    pause,
  );
}
