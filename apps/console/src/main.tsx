// Browser entry: runtime config → secure client → console, rendered into #root.
//
// The start is spread over short tasks (issues 7 and 9). This module imports nothing else up front:
// each step imports, and so evaluates, one group of modules (React; MUI's styling core; i18n and the
// texts; the store; the console) in a task of its own, and the console's own start (startConsole) pauses between
// its steps too, yielding to the browser each time. Evaluating every module and starting the console
// in one go was one task of 1.4–2 s under Lighthouse's 4× CPU slowdown (total blocking time on
// /login). The steps import the app's own modules, not the libraries' (a dynamic import keeps every
// export of the module it names). The chunks are fetched in parallel from the start
// (build/routePreload.ts lists them).
import { yieldToBrowser } from './app/yieldToBrowser';

async function start(): Promise<void> {
  const { renderConsoleInto } = await import('./app/reactRoot');
  await yieldToBrowser();
  await import('./app/theme');
  await yieldToBrowser();
  await import('./app/i18n');
  await yieldToBrowser();
  // The store and its slices, with Redux (a vendor chunk of its own, vite.config.ts).
  await import('./app/store');
  await yieldToBrowser();
  const { startBrowserConsole } = await import('./app/browserConsole');
  await yieldToBrowser();
  const consoleApp = await startBrowserConsole(yieldToBrowser);
  await yieldToBrowser();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html must contain #root');
  // A painted copy of the page (build/prerenderLogin.ts) stays until the page's lazy screen has loaded,
  // rather than giving way to the router's "loading" placeholder for a moment. Without a copy the
  // placeholder shows at once, as before.
  const { router } = consoleApp;
  if (container.firstChild && !router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  }
  renderConsoleInto(container, consoleApp.element);
}

// A failed start (a chunk that did not load) surfaces as the uncaught error it was when the imports were static.
start().catch((error: unknown) => {
  setTimeout(() => {
    throw error;
  });
});
