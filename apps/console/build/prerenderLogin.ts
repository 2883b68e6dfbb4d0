// Vite build plugin: the sign-in page painted from HTML, before any script runs (issue 7, Lighthouse on
// /login). After the bundle is written, the built console is opened in Chromium at /login in each
// language; the page's markup and the styles emotion inserted are kept in index.html as one <template>
// per language. An inline script, at parse time, copies the right one into #root when the visit is a
// first one to /login with the default look (no token, light theme, default size); React's first render
// then replaces it with the same page. The copy is `inert` inside a disabled fieldset (no focus, no
// clicks, no typing that React would drop) and `aria-hidden`, so a screen reader, a user and a browser
// test all wait for the live page, as before.
// Without Chromium (CHROMIUM_PATH or /usr/bin/chromium) the build goes on without the copy.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, ResolvedConfig } from 'vite';

export interface PrerenderLoginOptions {
  /** localStorage/sessionStorage keys whose value means "not the default first visit". */
  tokenKey: string;
  languageKey: string;
  themeModeKey: string;
  layoutSizeKey: string;
  defaultLanguage: string;
  languages: readonly string[];
}

/** The inline script: which template (if any) fills #root. Kept small and ES5: it runs before anything else. */
export function prerenderScript(options: PrerenderLoginOptions): string {
  const o = JSON.stringify(options);
  return `(function(o){try{if(location.pathname!=='/login')return;var l=localStorage,s=sessionStorage;if(l.getItem(o.tokenKey)||s.getItem(o.tokenKey))return;var m=l.getItem(o.themeModeKey),z=l.getItem(o.layoutSizeKey);if((m&&m!=='light')||(z&&z!=='medium'))return;var g=l.getItem(o.languageKey);if(o.languages.indexOf(g)<0)g=o.defaultLanguage;var t=document.getElementById('prerender-'+g),r=document.getElementById('root');if(t&&r&&!r.firstChild)r.appendChild(t.content.cloneNode(true))}catch(e){}})(${o})`;
}

async function capture(root: string, dist: string, options: PrerenderLoginOptions, chromiumPath: string): Promise<Map<string, string>> {
  // The repository's static server (what start and e2e serve with) and playwright-core, loaded only here.
  const { serveStatic } = (await import(pathToFileURL(path.resolve(root, '../../tools/serve-static.mjs')).href)) as {
    serveStatic(options: object): Promise<{ close(): Promise<void> }>;
  };
  const { chromium } = await import('playwright-core');
  const port = 4890 + (process.pid % 100);
  const server = await serveStatic({
    root: dist,
    hosts: ['127.0.0.1'],
    port,
    // Nothing is called before the sign-in page paints; an unreachable API keeps it that way.
    runtimeConfig: { apiBase: 'http://127.0.0.1:9', imFrameUrl: 'http://127.0.0.1:9', securityMode: 'aes' },
    compress: false,
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  const pages = new Map<string, string>();
  try {
    for (const language of options.languages) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(
        ([key, value]) => window.localStorage.setItem(key, value),
        [options.languageKey, language] as const,
      );
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
      await page.getByTestId('login-submit').waitFor();
      const { html, css } = await page.evaluate(() => ({
        html: document.getElementById('root')?.innerHTML ?? '',
        // Emotion inserts its rules with insertRule (no text in its <style> tags): read them back.
        css: [...document.styleSheets]
          .filter((sheet) => (sheet.ownerNode as HTMLElement | null)?.dataset?.emotion !== undefined)
          .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
          .join(''),
      }));
      await context.close();
      if (!html.includes('data-testid="login-submit"')) throw new Error(`prerender /login (${language}): no sign-in form rendered`);
      // display: contents keeps the copy's layout exactly the page's own. A disabled fieldset on top of
      // inert: whoever acts on the copy (a quick hand, a browser test) waits for the live page's controls.
      pages.set(language, `<style>${css}</style><fieldset disabled inert aria-hidden="true" style="display:contents">${html}</fieldset>`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return pages;
}

export function prerenderLogin(options: PrerenderLoginOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'console-prerender-login',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
      if (!existsSync(chromiumPath)) {
        config.logger.warn(`prerender /login skipped: no Chromium at ${chromiumPath} (the page still works, it paints after its scripts)`);
        return;
      }
      const dist = path.resolve(config.root, config.build.outDir);
      const indexFile = path.join(dist, 'index.html');
      const pages = await capture(config.root, dist, options, chromiumPath);
      const templates = [...pages].map(([language, markup]) => `<template id="prerender-${language}">${markup}</template>`).join('');
      const anchor = '<div id="root"></div>';
      const html = readFileSync(indexFile, 'utf8');
      if (!html.includes(anchor)) throw new Error('prerender /login: index.html lost its empty #root');
      writeFileSync(indexFile, html.replace(anchor, `${anchor}\n    ${templates}\n    <script>${prerenderScript(options)}</script>`));
    },
  };
}
