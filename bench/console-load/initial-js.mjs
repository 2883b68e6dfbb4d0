#!/usr/bin/env node
// Initial JavaScript of a first visit to the console's /login: every script the page loads before
// it is idle (entry, vendor chunks, the lazy LoginPage chunk and its imports), gzip-compressed as
// tools/serve-static.mjs sends them. Target (issue 7): ≤ 250 KB gzip.
//
//   node bench/console-load/initial-js.mjs [--path /login]
//
// Needs the console built (`npx nx run console:build`). Drives Debian's chromium through Playwright.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { serveStatic } from '../../tools/serve-static.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pagePath = process.argv.includes('--path') ? process.argv[process.argv.indexOf('--path') + 1] : '/login';
const port = 4803;
const server = await serveStatic({
  root: path.join(root, 'apps/console/dist'),
  hosts: ['127.0.0.1'],
  port,
  runtimeConfig: { apiBase: 'http://127.0.0.1:9', imFrameUrl: 'http://127.0.0.1:9', securityMode: 'aes' },
  compress: true,
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const sizes = await response.request().sizes();
    scripts.push({ url: new URL(response.url()).pathname, bytes: sizes.responseBodySize });
  });
  await page.goto(`http://127.0.0.1:${port}${pagePath}`, { waitUntil: 'networkidle' });
  await page.getByTestId('login-submit').waitFor();
  scripts.sort((a, b) => b.bytes - a.bytes);
  for (const script of scripts) console.log(`${(script.bytes / 1024).toFixed(1).padStart(8)} KB  ${script.url}`);
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  console.log(`\n${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB transferred (gzip) for ${pagePath}`);
} finally {
  await browser.close();
  await server.close();
}
