import { LINKS_PER_TASK, routePreload } from '../build/routePreload';

const chunk = (fileName: string, imports: string[], extra: { isEntry?: boolean; facadeModuleId?: string; dynamicImports?: string[] } = {}) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  dynamicImports: extra.dynamicImports ?? [],
  isEntry: extra.isEntry ?? false,
  facadeModuleId: extra.facadeModuleId ?? null,
});
const bundle = Object.fromEntries(
  [
    // main.tsx: imports nothing up front, its start steps are dynamic imports (createConsole, React).
    chunk('assets/index.js', ['assets/runtime.js'], { isEntry: true, facadeModuleId: '/app/index.html', dynamicImports: ['assets/createConsole.js', 'assets/vendor-react.js'] }),
    chunk('assets/runtime.js', []),
    chunk('assets/createConsole.js', ['assets/vendor-react.js', 'assets/routes.js'], { facadeModuleId: '/app/src/app/createConsole.tsx', dynamicImports: ['assets/LoginPage.js', 'assets/Goods.js'] }),
    chunk('assets/routes.js', []),
    chunk('assets/vendor-react.js', []),
    chunk('assets/LoginPage.js', ['assets/vendor-react.js', 'assets/Button.js'], { facadeModuleId: '/app/src/features/auth/LoginPage.tsx' }),
    chunk('assets/Button.js', ['assets/ButtonBase.js']),
    chunk('assets/ButtonBase.js', []),
    chunk('assets/Goods.js', ['assets/Button.js'], { facadeModuleId: '/app/src/features/goods/GoodsPage.tsx' }),
  ].map((item) => [item.fileName, item]),
);
// What Vite hands the post hook: its entry script and modulepreload links are in the head.
const HTML = `<head>
    <script defer src="/runtime-config.js"></script>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime.js">
</head>`;
const LOGIN = [{ path: '/login', module: '/src/features/auth/LoginPage.tsx' }];

function transform(html: string, routes = LOGIN, paintFirst?: string): string {
  const hook = routePreload(routes, { paintFirst }).transformIndexHtml as { handler: (html: string, ctx: unknown) => string };
  return hook.handler(html, { bundle });
}
const inlineScript = (html: string) => /<script>(.*)<\/script>/.exec(html)![1];

/** Runs the boot script as index.html would at `pathname`; returns what it asked the browser to fetch and run. */
function boot(html: string, pathname: string) {
  document.head.innerHTML = '';
  window.history.pushState({}, '', pathname);
  new Function(inlineScript(html))();
  return {
    preloads: () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')),
    entry: () => [...document.head.querySelectorAll('script[type="module"]')].map((script) => script.getAttribute('src')),
  };
}

describe('routePreload build plugin', () => {
  const visibility = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState');
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['requestAnimationFrame'] });
    frames = [];
    window.requestAnimationFrame = (callback) => frames.push(callback);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });
  afterEach(() => {
    jest.useRealTimers();
    delete (document as { visibilityState?: unknown }).visibilityState;
    if (visibility) Object.defineProperty(Document.prototype, 'visibilityState', visibility);
  });

  it("replaces Vite's entry script and modulepreload links by one inline script, before the runtime-config script", () => {
    const html = transform(HTML);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('runtime-config.js'));
  });

  it("fetches the entry's chunks and its start steps' chunks on every path, and a route's own chunks only on that exact path", () => {
    const html = transform(HTML);
    const common = ['/assets/runtime.js', '/assets/createConsole.js', '/assets/vendor-react.js', '/assets/routes.js'];
    for (const [pathname, extra] of [
      ['/login', ['/assets/LoginPage.js', '/assets/Button.js', '/assets/ButtonBase.js']],
      ['/goods', []],
      ['/login/x', []],
    ] as const) {
      const page = boot(html, pathname);
      // A few links per task, then the entry (jsdom's document is parsed already: no waiting for it).
      expect(page.preloads().length).toBeLessThanOrEqual(LINKS_PER_TASK);
      jest.runAllTimers();
      expect([pathname, page.preloads()]).toEqual([pathname, [...common, ...extra]]);
      expect(page.entry()).toEqual(['/assets/index.js']);
    }
  });

  it('fetches nothing until the page painted when the visit shows a painted copy, then everything', () => {
    const page = boot(transform(HTML, LOGIN, "function(){return location.pathname==='/login'}"), '/login');
    expect(page.preloads()).toEqual([]);
    expect(page.entry()).toEqual([]);
    // The frame that paints the copy, then a task after it.
    frames.forEach((frame) => frame(0));
    expect(page.entry()).toEqual([]);
    jest.runAllTimers();
    expect(page.preloads()).toContain('/assets/LoginPage.js');
    expect(page.entry()).toEqual(['/assets/index.js']);

    // Another path does not wait for a frame.
    const goods = boot(transform(HTML, LOGIN, "function(){return location.pathname==='/login'}"), '/goods');
    expect(goods.preloads()).toHaveLength(LINKS_PER_TASK);
    jest.runAllTimers();
    expect(goods.entry()).toEqual(['/assets/index.js']);
  });

  it('starts at once in a hidden tab (no frames are drawn there) and when the page is hidden before its first frame', () => {
    const html = transform(HTML, LOGIN, 'function(){return true}');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    const hidden = boot(html, '/login');
    expect(hidden.preloads()).toHaveLength(LINKS_PER_TASK);
    jest.runAllTimers();
    expect(hidden.entry()).toEqual(['/assets/index.js']);

    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    const page = boot(html, '/login');
    expect(page.entry()).toEqual([]);
    document.dispatchEvent(new Event('visibilitychange'));
    jest.runAllTimers();
    expect(page.entry()).toEqual(['/assets/index.js']);
    // Once only, whatever comes later.
    frames.forEach((frame) => frame(0));
    document.dispatchEvent(new Event('visibilitychange'));
    jest.runAllTimers();
    expect(page.entry()).toEqual(['/assets/index.js']);
  });

  it('adds the entry only after DOMContentLoaded, which waits for the deferred runtime-config.js (contract 0001)', () => {
    // While deferred scripts still load, the document is parsed ('interactive') but DOMContentLoaded has not fired.
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'interactive' });
    try {
      const page = boot(transform(HTML), '/login');
      jest.runAllTimers();
      expect(page.preloads()).toContain('/assets/LoginPage.js');
      expect(page.entry()).toEqual([]);
      document.dispatchEvent(new Event('DOMContentLoaded'));
      expect(page.entry()).toEqual(['/assets/index.js']);
    } finally {
      delete (document as { readyState?: unknown }).readyState;
    }
  });

  it('fails the build when the route module has no chunk, or the entry script or the anchor is gone', () => {
    expect(() => transform(HTML, [{ path: '/x', module: '/src/missing.tsx' }])).toThrow('no chunk for /src/missing.tsx');
    expect(() => transform('<head><script defer src="/runtime-config.js"></script></head>')).toThrow('no module entry script');
    expect(() => transform('<head><script type="module" crossorigin src="/assets/index.js"></script></head>')).toThrow('lost its runtime-config script');
  });
});
