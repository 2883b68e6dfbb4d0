// A small static file server for the built apps: SPA fallback to index.html, long caching for
// hashed assets, and a generated /runtime-config.js so one build runs on any ports (start and e2e).
import http from 'node:http';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.wasm': 'application/wasm', '.map': 'application/json',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map']);

/**
 * @param {{ root: string, hosts: string[], port: number, runtimeConfig: Record<string, unknown>, compress?: boolean }} options
 * @returns {Promise<{ close(): Promise<void> }>}
 */
export async function serveStatic({ root, hosts, port, runtimeConfig, compress = true }) {
  const configScript = `window.__MERCHANT_CONFIG__ = ${JSON.stringify(runtimeConfig)};\n`;
  // Each file is compressed once per version (path, size and mtime: index.html changes on a rebuild while
  // the server runs); the JS of a first visit shrinks ~3.5×, the pre-rendered index.html ~5×.
  const gzipped = new Map();
  const gzippedFile = (file) => {
    const { size, mtimeMs } = statSync(file);
    const key = `${file}\0${size}\0${mtimeMs}`;
    if (!gzipped.has(key)) gzipped.set(key, gzipSync(readFileSync(file), { level: 6 }));
    return gzipped.get(key);
  };
  const handler = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/runtime-config.js') {
      res.writeHead(200, { 'content-type': TYPES['.js'], 'cache-control': 'no-store' });
      res.end(configScript);
      return;
    }
    // Resolve inside root only (no path traversal).
    const wanted = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
    let file = wanted.startsWith(root) && existsSync(wanted) && statSync(wanted).isFile() ? wanted : null;
    if (!file && !path.extname(url.pathname)) file = path.join(root, 'index.html');
    if (!file || !existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const isHashedAsset = file.includes(`${path.sep}assets${path.sep}`);
    const headers = {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    if (compress && COMPRESSIBLE.has(path.extname(file)) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      const body = gzippedFile(file);
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': body.length });
      res.end(body);
      return;
    }
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  };
  const servers = [];
  for (const host of hosts) {
    const server = http.createServer(handler);
    try {
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, resolve);
      });
      servers.push(server);
    } catch (error) {
      // ::1 is missing on some machines; one loopback address is enough.
      if (host === '::1' && servers.length > 0) continue;
      throw error;
    }
  }
  return {
    close: () => Promise.all(servers.map((s) => new Promise((r) => { s.closeAllConnections?.(); s.close(() => r()); }))).then(() => undefined),
  };
}
