// Starts the whole product from built output: store-server, im-server, and the two static apps on
// two origins. Used by `npm start` (tools/start.mjs) and by the e2e suite's global setup, so both
// run exactly the same thing.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { serveStatic } from './serve-static.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULT_PORTS = { store: 3100, im: 3200, console: 4200, frame: 4300 };
export const DEMO_SIGN_IN = { userName: 'demo_merchant', password: 'Demo12345' };
export const DEV_IM_TOKEN_SECRET = 'dev-im-shared-key-change-me';
export const IM_APP_KEY = 'merchant-im';

/**
 * Polls `url` until `ready(response)` holds (default: a 2xx answer), failing at once if `child` exits.
 * 120 s by default: a fresh PGlite initdb plus migrations takes well over a minute on a loaded 2-core machine.
 */
export async function waitForHealth(url, child, name, { timeoutMs = 120_000, ready = (response) => response.ok } = {}) {
  const deadline = Date.now() + timeoutMs;
  const tail = () => (child.logTail?.length ? `\n--- ${name} output ---\n${child.logTail.slice(-40).join('\n')}` : '');
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} during start-up${tail()}`);
    try {
      if (await ready(await fetch(url))) return;
    } catch {
      /* not listening yet */
    }
    // fixed wait: the poll interval of this deadline-bounded start-up wait
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not become healthy at ${url} within ${timeoutMs} ms${tail()}`);
}

function startServer(name, entry, env, options) {
  if (!existsSync(entry)) throw new Error(`${name} is not built (${path.relative(root, entry)} missing): run the build first`);
  return spawnService(process.execPath, [entry], { ...process.env, ...env }, options);
}

/** Starts a service process; `quiet` keeps its last 200 lines in `child.logTail` (for errors) instead of printing them. */
export function spawnService(command, args, env, { quiet }) {
  const child = spawn(command, args, { cwd: root, env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'] });
  if (quiet) {
    // Keep the last lines to explain a failure without flooding the test output.
    const tail = [];
    const keep = (chunk) => {
      tail.push(...chunk.toString().split('\n'));
      if (tail.length > 200) tail.splice(0, tail.length - 200);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.logTail = tail;
  }
  return child;
}

/** SIGTERM, then SIGKILL after 8 s; resolves once the process has exited (at once when there is none). */
export function stopChild(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * @param {{ ports?: Partial<typeof DEFAULT_PORTS>, dataDir?: string, quiet?: boolean, env?: Record<string,string>, imTokenSecret?: string, apiBase?: string }} options
 *   apiBase: where the console sends its calls, when not straight to this stack's store-server (a balancer in front of several)
 */
export async function startStack(options = {}) {
  const ports = { ...DEFAULT_PORTS, ...options.ports };
  const dataDir = options.dataDir ?? path.join(root, '.data');
  const secret = options.imTokenSecret ?? process.env.IM_TOKEN_SECRET ?? DEV_IM_TOKEN_SECRET;
  const urls = {
    store: `http://127.0.0.1:${ports.store}`,
    im: `http://127.0.0.1:${ports.im}`,
    console: `http://localhost:${ports.console}`,
    frame: `http://127.0.0.1:${ports.frame}`,
  };
  const consoleOrigins = [urls.console, `http://127.0.0.1:${ports.console}`];
  const shared = { IM_TOKEN_SECRET: secret, IM_APP_KEY, HOST: '127.0.0.1', ...options.env };
  const children = [];
  const statics = [];
  const stop = async () => {
    await Promise.all(statics.map((s) => s.close()));
    await Promise.all(children.map(stopChild));
  };
  try {
    const store = startServer('store-server', path.join(root, 'apps/store-server/dist/main.js'), {
      ...shared, PORT: String(ports.store), DATA_DIR: path.join(dataDir, 'store-server'), CORS_ORIGINS: consoleOrigins.join(','),
    }, options);
    children.push(store);
    const im = startServer('im-server', path.join(root, 'apps/im-server/dist/main.js'), {
      ...shared, PORT: String(ports.im), DATA_DIR: path.join(dataDir, 'im-server'), IM_PUBLIC_WS_URL: `ws://127.0.0.1:${ports.im}/ws`,
    }, options);
    children.push(im);
    await Promise.all([
      waitForHealth(`${urls.store}/healthz`, store, 'store-server'),
      waitForHealth(`${urls.im}/healthz`, im, 'im-server'),
    ]);
    statics.push(await serveStatic({
      root: path.join(root, 'apps/console/dist'), hosts: ['127.0.0.1', '::1'], port: ports.console,
      runtimeConfig: { apiBase: options.apiBase ?? urls.store, imFrameUrl: urls.frame, imAppKey: IM_APP_KEY, securityMode: options.securityMode ?? 'aes' },
    }));
    statics.push(await serveStatic({
      root: path.join(root, 'apps/im-frame/dist'), hosts: ['127.0.0.1'], port: ports.frame,
      runtimeConfig: { imLbsUrl: `${urls.im}/lbs`, imAppKey: IM_APP_KEY, consoleOrigins },
    }));
  } catch (error) {
    const tails = children.filter((c) => c.logTail).map((c) => c.logTail.slice(-40).join('\n'));
    await stop();
    // waitForHealth already names the failing server's output; the others' is added when it has not.
    if (tails.length && !/ output ---\n/.test(error.message)) error.message += `\n--- server output ---\n${tails.join('\n---\n')}`;
    throw error;
  }
  return { urls, ports, secret, children, stop };
}
