// Vite build plugin: how index.html starts the console's scripts (issue 7, Lighthouse on /login).
//
// - Route preload: when the first page loaded is one of the given routes, its lazy chunk (and what that
//   chunk imports) is fetched together with the entry, instead of after the entry has run and the router
//   asked for it — one network round trip less before the page can render. Other first pages fetch
//   nothing extra.
// - The entry's chunks: main.tsx imports its modules in steps (dynamic imports, one task each), so the
//   chunks those steps load are listed too and fetched in parallel from the start.
// - Paint first: Vite's `<script type="module">` and `<link rel="modulepreload">` tags are replaced by one
//   inline script that adds them. When `paintFirst` says the page shows a painted copy before any script
//   (build/prerenderLogin.ts), nothing is fetched until that copy has painted (the frame after the
//   document is parsed): scripts requested before the first paint count towards Lighthouse's simulated
//   first contentful paint, and the copy needs none of them. Otherwise the links are added at once and
//   the entry runs when the document is parsed, as Vite's tags did. Either way the entry runs after the
//   deferred runtime-config.js (contract 0001): it is added after DOMContentLoaded, which waits for it
//   (readyState is already 'interactive' while deferred scripts still load, so the script listens for
//   the event itself rather than reading readyState).
import type { Plugin } from 'vite';

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  dynamicImports?: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
}

export interface RoutePreload {
  /** Exact pathname, e.g. '/login'. */
  path: string;
  /** The route's lazily imported module, as a path suffix, e.g. '/src/features/auth/LoginPage.tsx'. */
  module: string;
}

export interface BootOptions {
  /** ES5 source of a function: truthy when this visit paints a copy of its page before any script runs. */
  paintFirst?: string;
}

const ENTRY_TAG = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD_TAG = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The inline boot script: entry, chunks every page loads, per-route chunks, paint-first condition.
 * The links are added a few per task (starting a fetch costs the main thread a few milliseconds each on a
 * slow device), then the entry script, once the document is parsed.
 */
export function bootScript(entry: string, common: string[], routes: Record<string, string[]>, paintFirst = 'function(){return false}'): string {
  return `(function(e,c,t,p){var d=document,w=window,s=0,r=0;d.addEventListener('DOMContentLoaded',function(){r=1});function go(){if(s)return;s=1;var q=c.concat(t[location.pathname]||[]);(function next(){q.splice(0,${LINKS_PER_TASK}).forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});if(q.length)setTimeout(next,0);else parsed(function(){var x=d.createElement('script');x.type='module';x.crossOrigin='';x.src=e;d.head.appendChild(x)})})()}function parsed(f){if(r||d.readyState==='complete')f();else d.addEventListener('DOMContentLoaded',f)}var a=0;try{a=p()}catch(r){}if(!a||!w.requestAnimationFrame||d.visibilityState!=='visible'){go();return}parsed(function(){w.requestAnimationFrame(function(){setTimeout(go,0)})});d.addEventListener('visibilitychange',go)})(${JSON.stringify(entry)},${JSON.stringify(common)},${JSON.stringify(routes)},${paintFirst})`;
}

/**
 * Links added per task by the boot script. One: in a Lighthouse trace each added modulepreload link cost
 * the main thread about 6 ms (the fetch's start, with the network instrumentation Lighthouse enables),
 * so four per task made 25–29 ms tasks, over 100 ms each once Lighthouse multiplies by 4 (total
 * blocking time on /login, docs/performance.md).
 */
export const LINKS_PER_TASK = 1;

export function routePreload(routes: RoutePreload[], options: BootOptions = {}): Plugin {
  return {
    name: 'console-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((item): item is BundleChunk & typeof item => item.type === 'chunk') as unknown as BundleChunk[];
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (start: BundleChunk[]) => {
          const seen = new Set<string>();
          const visit = (chunk: BundleChunk) => {
            if (seen.has(chunk.fileName)) return;
            seen.add(chunk.fileName);
            for (const file of chunk.imports) {
              const next = byFile.get(file);
              if (next) visit(next);
            }
          };
          start.forEach(visit);
          return seen;
        };
        const entryChunks = chunks.filter((chunk) => chunk.isEntry);
        // The entry's own dynamic imports are its start steps (main.tsx), not lazy screens.
        const steps = entryChunks.flatMap((chunk) => chunk.dynamicImports ?? []).flatMap((file) => byFile.get(file) ?? []);
        const alreadyLoaded = closure([...entryChunks, ...steps]);
        const table: Record<string, string[]> = {};
        for (const route of routes) {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(route.module));
          if (!chunk) throw new Error(`route preload: no chunk for ${route.module}`);
          table[route.path] = [...closure([chunk])].filter((file) => !alreadyLoaded.has(file)).map((file) => `/${file}`);
        }
        const entry = ENTRY_TAG.exec(html);
        if (!entry) throw new Error('route preload: index.html has no module entry script');
        const entryFile = entry[1];
        const common = [...alreadyLoaded].map((file) => `/${file}`).filter((file) => file !== entryFile);
        const script = bootScript(entryFile, common, table, options.paintFirst);
        // Before the runtime-config script, so the fetches start as early as the document allows.
        const anchor = '<script defer src="/runtime-config.js"></script>';
        if (!html.includes(anchor)) throw new Error('route preload: index.html lost its runtime-config script');
        return html
          .replace(ENTRY_TAG, '')
          .replace(PRELOAD_TAG, '')
          .replace(anchor, `<script>${script}</script>\n    ${anchor}`);
      },
    },
  };
}
