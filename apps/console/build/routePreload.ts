// Vite build plugin: when the first page loaded is one of the given routes, start fetching its lazy
// chunk (and what that chunk imports) together with the entry, instead of after the entry has run
// and the router asked for it — one network round trip less before the page can render. Only that
// route pays for it: other first pages fetch nothing extra. Used for /login (issue 7, Lighthouse).
import type { Plugin } from 'vite';

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
}

export interface RoutePreload {
  /** Exact pathname, e.g. '/login'. */
  path: string;
  /** The route's lazily imported module, as a path suffix, e.g. '/src/features/auth/LoginPage.tsx'. */
  module: string;
}

export function routePreload(routes: RoutePreload[]): Plugin {
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
        const alreadyLoaded = closure(chunks.filter((chunk) => chunk.isEntry));
        const table: Record<string, string[]> = {};
        for (const route of routes) {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(route.module));
          if (!chunk) throw new Error(`route preload: no chunk for ${route.module}`);
          table[route.path] = [...closure([chunk])].filter((file) => !alreadyLoaded.has(file)).map((file) => `/${file}`);
        }
        const script = `(function(t){var f=t[location.pathname];if(f)f.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)})})(${JSON.stringify(table)})`;
        // Before the runtime-config script, so the fetches start as early as the document allows.
        const anchor = '<script defer src="/runtime-config.js"></script>';
        if (!html.includes(anchor)) throw new Error('route preload: index.html lost its runtime-config script');
        return html.replace(anchor, `<script>${script}</script>\n    ${anchor}`);
      },
    },
  };
}
