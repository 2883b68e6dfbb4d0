#!/usr/bin/env node
// Initial JavaScript of a first visit to the console's /login: every script the page loads until
// the network is idle (entry, vendor chunks, the lazy LoginPage chunk and what it imports), as
// tools/serve-static.mjs sends it (gzip). Target (issue 7): ≤ 250 KB gzip.
//
//   node bench/console-load/initial-js.mjs [--baseline <dist dir>] [--list]
//
// Needs the console built (`npx nx run console:build`). With --baseline, a second build (e.g. an
// older commit's apps/console/dist) is measured in the same run and the ratio printed.
// Drives Debian's chromium through Playwright.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { serveStatic } from '../../tools/serve-static.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const argument = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const builds = [
  ...(argument('--baseline') ? [{ name: 'baseline', dist: path.resolve(argument('--baseline')) }] : []),
  { name: 'current', dist: path.join(root, 'apps/console/dist') },
];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

async function measure(dist, port) {
  const server = await serveStatic({
    root: dist,
    hosts: ['127.0.0.1'],
    port,
    runtimeConfig: { apiBase: 'http://127.0.0.1:9', imFrameUrl: 'http://127.0.0.1:9', securityMode: 'aes' },
    compress: true,
  });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push({ url: new URL(request.url()).pathname, bytes: (await request.sizes()).responseBodySize });
    });
    await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
    await page.getByTestId('login-submit').waitFor();
    await page.close();
    return scripts.sort((a, b) => b.bytes - a.bytes);
  } finally {
    await server.close();
  }
}

try {
  const results = [];
  for (const [index, build] of builds.entries()) results.push({ ...build, scripts: await measure(build.dist, 4803 + index) });
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const total = (scripts) => scripts.reduce((sum, script) => sum + script.bytes, 0);
  if (process.argv.includes('--list')) {
    for (const result of results) {
      console.log(`\n${result.name}:`);
      for (const script of result.scripts) console.log(`${kb(script.bytes).padStart(8)} KB  ${script.url}`);
    }
  }
  const base = results[0];
  console.log(`\n| build | scripts | initial JS, gzip | vs ${base.name} |\n|---|---|---|---|`);
  for (const result of results) {
    console.log(`| ${result.name} | ${result.scripts.length} | ${kb(total(result.scripts))} KB | ${(total(result.scripts) / total(base.scripts)).toFixed(2)}× |`);
  }
} finally {
  await browser.close();
}
