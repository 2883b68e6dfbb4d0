// Assembles the console: secure client (with the §8 reactions), store, router, providers.
// main.tsx calls it with the browser router and the real client; tests with a memory router and
// a fake client.
import type { ReactElement } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppProviders } from './AppProviders';
import { createConsoleI18n, type ConsoleLanguage } from './i18n';
import { createAppStore, type AppStore } from './store';
import type { RuntimeConfig } from './runtimeConfig';
import type { TransportClient, TransportReactions } from './transport';
import { createTransportReactions } from './transportReactions';
import { startTelemetry, type Telemetry, type TelemetryTarget } from './telemetry';
import { refetchReferenceDataOnLanguageChange } from './referenceDataLanguage';
import { startManifest } from '../routes/startManifest';
import { fixedManifest } from '../routes/manifestContext';
import { discoverShellScreens, type RouteDiscovery } from '../routes/shellDiscovery';
import { toRouteObjects, type ManifestRoute } from '../routes/routeHandle';

export type ConsoleRouter = ReturnType<typeof createBrowserRouter>;

export interface CreateConsoleOptions {
  config: RuntimeConfig;
  /**
   * Builds the secure client; `translate` turns the client's message keys into the user's language,
   * `getLanguage` is the console's current language (sent as Accept-Language, so server msgs match).
   */
  createClient(setup: { reactions: TransportReactions; translate: (key: string) => string; getLanguage: () => string }): TransportClient;
  /**
   * Builds the router; `discovery` (its patchRoutesOnNavigation) adds the signed-in screens on the first
   * navigation that needs them, and must be passed on to the router (routes/shellDiscovery.ts).
   */
  createRouter(routes: RouteObject[], discovery?: RouteDiscovery): ConsoleRouter;
  /** A whole manifest of the test's own; without one the console starts with the public screens and discovers the rest. */
  manifest?: ManifestRoute[];
  language?: ConsoleLanguage;
  /** Where page hide is observed for CLOSE_APP (§7 operation log). Default: the browser window. */
  telemetryTarget?: TelemetryTarget;
}

export interface ConsoleApp {
  store: AppStore;
  router: ConsoleRouter;
  client: TransportClient;
  /** §7/§8 error reporter and operation log, started with the console. */
  telemetry: Telemetry;
  element: ReactElement;
}

/**
 * The console's start, step by step: each `yield` is a point where a browser start may hand the main
 * thread back before going on (startConsole); createConsole runs the steps without stopping.
 */
function* consoleSteps(options: CreateConsoleOptions): Generator<void, ConsoleApp, void> {
  // The client's reactions need the store and router, which need the client: resolve them lazily.
  const started: { store?: AppStore; router?: ConsoleRouter } = {};
  const reactions = createTransportReactions(() => {
    const { store, router } = started;
    if (!store || !router) throw new Error('transport reaction before the console finished starting');
    return {
      dispatch: store.dispatch,
      navigate: (to) => void router.navigate(to),
      currentPath: () => `${router.state.location.pathname}${router.state.location.search}`,
    };
  });
  const i18n = createConsoleI18n(options.language);
  yield;
  const client = options.createClient({ reactions, translate: (key) => i18n.t(key), getLanguage: () => i18n.language });
  yield;
  const store = createAppStore(client);
  refetchReferenceDataOnLanguageChange(store, i18n);
  yield;
  const discovery = options.manifest ? undefined : discoverShellScreens(startManifest, store);
  const router = options.createRouter(toRouteObjects(options.manifest ?? startManifest, store), discovery);
  const manifest = discovery?.manifest ?? fixedManifest(options.manifest ?? startManifest);
  started.store = store;
  started.router = router;
  yield;
  // §7/§8: error-report config and OPEN_APP at start, CLOSE_APP on page hide. Never throws.
  const telemetry = startTelemetry({ client, target: options.telemetryTarget ?? (typeof window === 'undefined' ? undefined : window) });
  const element = (
    <AppProviders store={store} i18n={i18n} config={options.config} manifest={manifest}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  return { store, router, client, telemetry, element };
}

export function createConsole(options: CreateConsoleOptions): ConsoleApp {
  const steps = consoleSteps(options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same start as createConsole, awaiting `pause` between its steps (i18n, secure client, store,
 * router, telemetry): with a pause that yields to the browser, each step is a task of its own, so
 * none blocks the main thread for long (main.tsx; Lighthouse total blocking time, issue 7).
 */
export async function startConsole(options: CreateConsoleOptions, pause: () => Promise<void>): Promise<ConsoleApp> {
  const steps = consoleSteps(options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}
