// Where the goods list's first load spends the main thread: a CPU profile (Chrome DevTools Protocol) of
// one navigation to the list in the built console against a real store-server (demo seed, PGlite in
// memory), self time summed by original source file through the chunks' source maps.
//
//   npx nx run console:build && node bench/console-goods/profile.mjs [--path /goods/goodList/goodAll] [--top 40] [--save /tmp/goods.cpuprofile]
//   node bench/console-goods/profile.mjs --path /login --signed-out      # the sign-in page, first visit
//
// Companion to run.mjs (which times it); this one says what to cut. Needs the build's source maps.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { importFromSource } from '../lib/source-bundle.mjs';
import { serveStatic } from '../../tools/serve-static.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
// --dist: another build of the console (e.g. an older commit's, built beside this one) to compare.
const dist = process.argv.includes('--dist') ? path.resolve(process.argv[process.argv.indexOf('--dist') + 1]) : path.join(root, 'apps/console/dist');
const option = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const LIST_PATH = option('--path', '/goods/goodList/goodAll');
const TOP = Number(option('--top', 40));
const CONSOLE_PORT = Number(process.env.BENCH_CONSOLE_PORT ?? 4831);
const { SourceMapConsumer } = createRequire(import.meta.url)('source-map-js');

const { openStoreDatabase, createStoreServer } = await importFromSource(here, path.join(root, 'bench/store-api/harness.ts'));
const handle = await openStoreDatabase({ dataDir: 'memory://', schema: 'store' });
const consoleOrigin = `http://127.0.0.1:${CONSOLE_PORT}`;
const server = await createStoreServer({ host: '127.0.0.1', port: 0, logLevel: 'silent', corsOrigins: [consoleOrigin] }, { database: handle });
const { url } = await server.listen();
const statics = await serveStatic({ root: dist, hosts: ['127.0.0.1'], port: CONSOLE_PORT, runtimeConfig: { apiBase: url, imFrameUrl: 'http://127.0.0.1:9', securityMode: 'aes' } });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

/** Original source of a position in a built chunk (node_modules grouped by package). */
const consumers = new Map();
function sourceOf(scriptUrl, line, column) {
  const pathname = scriptUrl.startsWith(consoleOrigin) ? new URL(scriptUrl).pathname : '';
  if (!pathname.endsWith('.js') || pathname === '/runtime-config.js') return scriptUrl ? `(other) ${pathname || scriptUrl}` : '(native, gc, idle)';
  if (!consumers.has(pathname)) {
    try {
      consumers.set(pathname, new SourceMapConsumer(JSON.parse(readFileSync(path.join(dist, `${pathname}.map`), 'utf8'))));
    } catch {
      consumers.set(pathname, null);
    }
  }
  const source = line < 0 ? undefined : consumers.get(pathname)?.originalPositionFor({ line: line + 1, column })?.source;
  if (!source) return pathname;
  const at = source.lastIndexOf('node_modules/');
  if (at < 0) return source.replace(/^(\.\.\/)+/, '');
  const parts = source.slice(at + 13).split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}${parts[2] && !parts[2].includes('.') ? `/${parts[2]}` : ''}` : parts[0];
}

/** The page is usable: the list's rows, or the sign-in button when signed out. */
const ready = (page) =>
  process.argv.includes('--signed-out')
    ? page.getByTestId('login-submit').waitFor({ timeout: 60_000 })
    : page.locator('.MuiDataGrid-row[data-id]').first().waitFor({ timeout: 60_000 });

try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(() => window.localStorage.setItem('console.language', 'en-US'));
  const page = await context.newPage();
  const signedOut = process.argv.includes('--signed-out');
  if (!signedOut) {
  await page.goto(`${consoleOrigin}/login?redirect=${encodeURIComponent(LIST_PATH)}`);
  await page.locator('[data-testid="login-username"] input, input[data-testid="login-username"]').first().fill('demo_merchant');
  await page.locator('[data-testid="login-password"] input, input[data-testid="login-password"]').first().fill('Demo12345');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`**${LIST_PATH}`, { timeout: 60_000 });
  await page.locator('.MuiDataGrid-row[data-id]').first().waitFor({ timeout: 60_000 });
  }
  await page.goto(`${consoleOrigin}${LIST_PATH}`); // warm the HTTP cache, as run.mjs does
  await ready(page);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const started = Date.now();
  await page.goto(`${consoleOrigin}${LIST_PATH}`, { waitUntil: 'commit' });
  await ready(page);
  if (!signedOut) await page.getByRole('search').getByRole('textbox').first().pressSequentially('7');
  else await page.waitForLoadState('networkidle');
  const elapsed = Date.now() - started;
  const { profile } = await cdp.send('Profiler.stop');
  if (option('--save')) writeFileSync(option('--save'), JSON.stringify(profile));

  // Self time per node from the samples' time deltas.
  const selfUs = new Map();
  profile.samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const bySource = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (!us) continue;
    const frame = node.callFrame;
    const key = frame.url ? sourceOf(frame.url, frame.lineNumber, frame.columnNumber) : frame.functionName === '(idle)' ? '(idle)' : `(${frame.functionName || 'native'})`;
    bySource.set(key, (bySource.get(key) ?? 0) + us);
    if (key !== '(idle)') total += us;
  }
  console.log(`\n${LIST_PATH}: navigation → ready (rows and a typed character, or the sign-in button) in ${elapsed} ms (wall); busy main-thread samples ${(total / 1000).toFixed(0)} ms\n`);
  console.log('| self ms | share | source |\n|---|---|---|');
  for (const [key, us] of [...bySource].filter(([key]) => key !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`| ${(us / 1000).toFixed(1)} | ${((us / total) * 100).toFixed(1)} % | ${key} |`);
  }
} finally {
  await browser.close();
  await statics.close();
  await server.close();
  await handle.close();
}
