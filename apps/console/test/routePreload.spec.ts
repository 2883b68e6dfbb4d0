import { routePreload } from '../build/routePreload';

const chunk = (fileName: string, imports: string[], extra: { isEntry?: boolean; facadeModuleId?: string } = {}) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  isEntry: extra.isEntry ?? false,
  facadeModuleId: extra.facadeModuleId ?? null,
});
const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', ['assets/vendor-react.js'], { isEntry: true, facadeModuleId: '/app/index.html' }),
    chunk('assets/vendor-react.js', []),
    chunk('assets/LoginPage.js', ['assets/vendor-react.js', 'assets/Button.js'], { facadeModuleId: '/app/src/features/auth/LoginPage.tsx' }),
    chunk('assets/Button.js', ['assets/ButtonBase.js']),
    chunk('assets/ButtonBase.js', []),
    chunk('assets/Goods.js', ['assets/Button.js'], { facadeModuleId: '/app/src/features/goods/GoodsPage.tsx' }),
  ].map((item) => [item.fileName, item]),
);
const HTML = '<head>\n    <script defer src="/runtime-config.js"></script>\n</head>';

function transform(html: string, routes = [{ path: '/login', module: '/src/features/auth/LoginPage.tsx' }]): string {
  const hook = routePreload(routes).transformIndexHtml as { handler: (html: string, ctx: unknown) => string };
  return hook.handler(html, { bundle });
}
const table = (html: string) => JSON.parse(/\}\)\((\{.*\})\)<\/script>/.exec(html)![1]) as Record<string, string[]>;

describe('routePreload build plugin', () => {
  it("lists the route chunk and its imports the entry does not already load, before the runtime-config script", () => {
    const html = transform(HTML);
    expect(table(html)).toEqual({ '/login': ['/assets/LoginPage.js', '/assets/Button.js', '/assets/ButtonBase.js'] });
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('runtime-config.js'));
  });

  it('adds the links only on that exact path', () => {
    const script = /<script>(.*)<\/script>/.exec(transform(HTML))![1];
    for (const [pathname, expected] of [['/login', 3], ['/goods', 0], ['/login/x', 0]] as const) {
      document.head.innerHTML = '';
      window.history.pushState({}, '', pathname);
      new Function(script)();
      const links = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
      expect([pathname, links.length]).toEqual([pathname, expected]);
    }
  });

  it('fails the build when the route module has no chunk or the anchor is gone', () => {
    expect(() => transform(HTML, [{ path: '/x', module: '/src/missing.tsx' }])).toThrow('no chunk for /src/missing.tsx');
    expect(() => transform('<head></head>')).toThrow('lost its runtime-config script');
  });
});
