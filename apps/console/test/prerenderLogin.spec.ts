// The inline script of build/prerenderLogin.ts: which visits get the sign-in page's pre-rendered copy.
import { prerenderScript, type PrerenderLoginOptions } from '../build/prerenderLogin';

const options: PrerenderLoginOptions = {
  tokenKey: 'console.accessToken',
  languageKey: 'console.language',
  themeModeKey: 'console.themeMode',
  layoutSizeKey: 'console.layoutSize',
  defaultLanguage: 'zh-CN',
  languages: ['zh-CN', 'en-US'],
};

function pageAt(pathname: string): HTMLElement {
  window.history.replaceState(null, '', pathname);
  document.body.innerHTML = `<div id="root"></div>
    <template id="prerender-zh-CN"><p>登录</p></template>
    <template id="prerender-en-US"><p>sign in</p></template>`;
  // The script as index.html runs it.
  new Function(prerenderScript(options))();
  return document.getElementById('root')!;
}

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('pre-rendered sign-in page', () => {
  it('fills #root on a first visit to /login, in the default language', () => {
    expect(pageAt('/login').textContent).toBe('登录');
  });

  it('uses the stored language', () => {
    window.localStorage.setItem('console.language', 'en-US');
    expect(pageAt('/login').textContent).toBe('sign in');
  });

  it.each([
    ['another path', '/goods/goodList/goodAll', () => undefined],
    ['a stored token', '/login', () => window.sessionStorage.setItem('console.accessToken', 't')],
    ['a remembered token', '/login', () => window.localStorage.setItem('console.accessToken', 't')],
    ['the dark theme', '/login', () => window.localStorage.setItem('console.themeMode', 'dark')],
    ['another layout size', '/login', () => window.localStorage.setItem('console.layoutSize', 'small')],
  ])('leaves #root empty with %s', (_name, pathname, arrange) => {
    arrange();
    expect(pageAt(pathname).childNodes).toHaveLength(0);
  });

  it("moves the copy's global styles for emotion's <Global> to <head>, where they outlive React emptying #root", () => {
    window.history.replaceState(null, '', '/login');
    document.head.innerHTML = '';
    document.body.innerHTML = `<div id="root"></div>
      <template id="prerender-zh-CN"><style data-emotion="css-global abc123">body{margin:0}</style><style data-emotion="css-global k1">@keyframes k{}</style><style data-emotion="css x1">.css-x1{color:red}</style><p>登录</p></template>`;
    new Function(prerenderScript(options))();
    const root = document.getElementById('root')!;
    expect(document.head.querySelector('style[data-emotion="css-global abc123"]')?.textContent).toBe('body{margin:0}');
    expect(document.head.querySelector('style[data-emotion="css-global k1"]')).not.toBeNull();
    expect(root.querySelector('style[data-emotion^="css-global"]')).toBeNull();
    // The class rules stay with the copy (emotion's cache takes them from there when it is created).
    expect(root.querySelector('style[data-emotion="css x1"]')).not.toBeNull();
    expect(root.textContent).toContain('登录');
    root.replaceChildren();
    expect(document.head.querySelector('style[data-emotion="css-global abc123"]')).not.toBeNull();
  });
});
