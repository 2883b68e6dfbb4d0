// Browser entry: runtime config → secure client → console, rendered into #root.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { createSecureClient, resolveApiBase } from '@merchant/secure-transport';
import { createConsole } from './app/createConsole';
import { readRuntimeConfig } from './app/runtimeConfig';

const config = readRuntimeConfig(window, {
  VITE_API_BASE: import.meta.env.VITE_API_BASE,
  VITE_IM_FRAME_URL: import.meta.env.VITE_IM_FRAME_URL,
  VITE_IM_APP_KEY: import.meta.env.VITE_IM_APP_KEY,
});

const consoleApp = createConsole({
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
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');
// The first render runs as a transition so React yields to the browser every few milliseconds
// instead of blocking the main thread for the whole tree (Lighthouse total blocking time on /login).
const root = createRoot(container);
startTransition(() => root.render(<StrictMode>{consoleApp.element}</StrictMode>));
