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

/**
 * ES5 source of a function returning the language whose copy this visit shows, or '' when it shows none:
 * a first visit to /login with the default look (no token, light theme, default size). Shared by the
 * inline script that shows the copy and by the boot script (build/routePreload.ts), which lets the copy
 * paint before it fetches the scripts.
 */
export function copyLanguageSource(options: PrerenderLoginOptions): string {
  const o = JSON.stringify(options);
  return `function(){var o=${o};try{if(location.pathname!=='/login')return '';var l=localStorage,s=sessionStorage;if(l.getItem(o.tokenKey)||s.getItem(o.tokenKey))return '';var m=l.getItem(o.themeModeKey),z=l.getItem(o.layoutSizeKey);if((m&&m!=='light')||(z&&z!=='medium'))return '';var g=l.getItem(o.languageKey);return o.languages.indexOf(g)<0?o.defaultLanguage:g}catch(e){return ''}}`;
}

/**
 * The inline script: which template (if any) fills #root. Kept small and ES5: it runs before anything else.
 * The copy's global styles (`<style data-emotion="css-global …">`, see capture) go to <head>: React empties
 * #root before its first commit's effects run, and emotion's Global looks for them there.
 */
export function prerenderScript(options: PrerenderLoginOptions): string {
  return `(function(g){var d=document,t=g&&d.getElementById('prerender-'+g),r=d.getElementById('root'),c,s;if(t&&r&&!r.firstChild){c=t.content.cloneNode(true);s=c.querySelectorAll('style[data-emotion^="css-global "]');for(var i=0;i<s.length;i++)d.head.appendChild(s[i]);r.appendChild(c)}})((${copyLanguageSource(options)})())`;
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
      // Emotion's <Global> (MUI's CssBaseline) looks for a server-rendered copy of its styles as
      // `style[data-emotion="css-global <name>"]` before it compiles and inserts them: note the names it asks for.
      await context.addInitScript(() => {
        const names: string[] = [];
        (window as unknown as { __globalStyleNames: string[] }).__globalStyleNames = names;
        const querySelector = Document.prototype.querySelector;
        Document.prototype.querySelector = function (this: Document, selector: string) {
          const name = /^style\[data-emotion="css-global ([^"]+)"\]$/.exec(selector)?.[1];
          if (name) names.push(name);
          return querySelector.call(this, selector);
        } as typeof querySelector;
      });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
      await page.getByTestId('login-submit').waitFor();
      const { html, globals, classCss, classNames } = await page.evaluate(() => {
        // Emotion inserts its rules with insertRule (no text in its <style> tags): read them back. Rules
        // of its class sheet (data-emotion="css") are keyed by the class they style (.css-<name>); every
        // <Global> has a sheet of its own (data-emotion="css-global"), in the order they were created.
        const globalSheets: { key: string; css: string }[] = [];
        const classes: string[] = [];
        const names = new Set<string>();
        for (const sheet of document.styleSheets) {
          const key = (sheet.ownerNode as HTMLElement | null)?.dataset?.emotion;
          if (key === undefined) continue;
          const other: string[] = [];
          for (const rule of sheet.cssRules) {
            const name = key === 'css' ? /\.css-([a-zA-Z0-9_-]+)/.exec(rule.cssText)?.[1] : undefined;
            if (name) {
              classes.push(rule.cssText);
              names.add(name);
            } else other.push(rule.cssText);
          }
          if (other.length) globalSheets.push({ key, css: other.join('') });
        }
        // When the <Global>s' sheets are exactly those that asked for a copy, each copy is named after its
        // own. Other rules without a class (keyframes of the class sheet) stay plain.
        const asked = (window as unknown as { __globalStyleNames: string[] }).__globalStyleNames;
        const ofGlobals = globalSheets.filter((sheet) => sheet.key === 'css-global');
        const named = asked.length === ofGlobals.length;
        return {
          html: document.getElementById('root')?.innerHTML ?? '',
          globals: globalSheets.map((sheet) => ({ css: sheet.css, name: named && sheet.key === 'css-global' ? asked[ofGlobals.indexOf(sheet)] : undefined })),
          classCss: classes.join(''),
          classNames: [...names],
        };
      });
      await context.close();
      if (!html.includes('data-testid="login-submit"')) throw new Error(`prerender /login (${language}): no sign-in form rendered`);
      // The class rules go in the form emotion's server rendering writes (<style data-emotion="css name …">):
      // when the app starts, emotion moves that tag to <head> and counts those classes as inserted, so the
      // live page's first commit neither compiles nor inserts them again (the commit was the longest task
      // after first paint) and they stay when React replaces the copy. Global styles are
      // written as the server-rendered copies of the <Global>s that inserted them (MUI's CssBaseline, each
      // input's autofill keyframes): data-emotion="css-global <name>", which the inline script moves to
      // <head> and each Global adopts instead of compiling and inserting the same rules in the live page's
      // first commit (the longest task after first paint).
      // display: contents keeps the copy's layout exactly the page's own. A disabled fieldset on top of
      // inert: whoever acts on the copy (a quick hand, a browser test) waits for the live page's controls.
      const globalTags = globals.map(({ css, name }) => `${name ? `<style data-emotion="css-global ${name}">` : '<style>'}${css}</style>`).join('');
      pages.set(
        language,
        `${globalTags}<style data-emotion="css ${classNames.join(' ')}">${classCss}</style><fieldset disabled inert aria-hidden="true" style="display:contents">${html}</fieldset>`,
      );
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
