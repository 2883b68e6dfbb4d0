#!/usr/bin/env node
// First-visit load of the console's /login and of the chat frame, measured by Lighthouse (mobile
// profile: simulated slow 4G and 4x CPU slowdown) in Debian's chromium. The baseline, measured in the
// same run, is the same build served without compression.
//
//   node bench/console-load/lighthouse.mjs [--runs 3] [--only login|im-frame]
//   node bench/console-load/lighthouse.mjs --only login --compare <dist dir>   # baseline: another console build, gzip
//   ... --dist <dist dir>   # measure this console build instead of apps/console/dist
//
// Needs the apps built (`npx nx run-many -t build --projects=console,im-frame`). Lighthouse 12.8.2 is
// installed into bench/console-load/node_modules on first use (outside the workspaces, like verdaccio);
// it runs fully offline against loopback.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../../tools/serve-static.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const lighthouseBin = path.join(benchDir, 'node_modules', '.bin', 'lighthouse');
if (!existsSync(lighthouseBin)) {
  console.log('installing lighthouse into bench/console-load ...');
  const install = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock'], { cwd: benchDir, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
const out = mkdtempSync(path.join(os.tmpdir(), 'console-load-'));

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const consoleDist = process.argv.includes('--dist') ? path.resolve(process.argv[process.argv.indexOf('--dist') + 1]) : path.join(root, 'apps/console/dist');
const allPages = [
  { name: 'console /login', dist: consoleDist, path: '/login', config: { apiBase: 'http://127.0.0.1:3100', imFrameUrl: 'http://127.0.0.1:4300', securityMode: 'aes' } },
  { name: 'im-frame', dist: path.join(root, 'apps/im-frame/dist'), path: '/?account=s_1001&token=x&lang=en-US', config: { imLbsUrl: 'http://127.0.0.1:3200/lbs', consoleOrigins: [] } },
];
const pages = allPages.filter((page) => !only || page.name.includes(only));
// --compare: the baseline is another build of the console (e.g. the previous commit's, copied aside), served
// with gzip like the current one, instead of the current build served uncompressed.
const compareDist = process.argv.includes('--compare') ? path.resolve(process.argv[process.argv.indexOf('--compare') + 1]) : undefined;
const variants = compareDist
  ? [{ name: `gzip, build ${path.relative(process.cwd(), compareDist) || compareDist} (baseline)`, compress: true, port: 4801, dist: compareDist }, { name: 'gzip', compress: true, port: 4802 }]
  : [{ name: 'uncompressed (baseline)', compress: false, port: 4801 }, { name: 'gzip', compress: true, port: 4802 }];
if (compareDist && only !== 'login') throw new Error('--compare measures the console: add --only login');

// Async on purpose: the static servers live in this process, so blocking it would stall the page loads.
async function lighthouse(url, file) {
  const child = spawn(lighthouseBin, [url, '--only-categories=performance', '--output=json', `--output-path=${file}`, `--chrome-flags=${CHROME_FLAGS}`, '--quiet'], {
    env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const status = await new Promise((resolve) => child.on('exit', resolve));
  if (status !== 0) throw new Error(`lighthouse failed for ${url}`);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const audit = (id) => report.audits[id].numericValue;
  return { score: report.categories.performance.score, fcp: audit('first-contentful-paint'), lcp: audit('largest-contentful-paint'), tbt: audit('total-blocking-time'), bytes: audit('total-byte-weight') };
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const rows = [];
try {
  for (const page of pages) {
    const servers = await Promise.all(variants.map((v) => serveStatic({ root: v.dist ?? page.dist, hosts: ['127.0.0.1'], port: v.port, runtimeConfig: page.config, compress: v.compress })));
    try {
      const samples = new Map(variants.map((v) => [v.name, []]));
      // Interleave the variants so machine load hits both alike.
      for (let i = 0; i < runs; i++) {
        for (const v of variants) samples.get(v.name).push(await lighthouse(`http://127.0.0.1:${v.port}${page.path}`, path.join(out, `${v.port}-${i}.json`)));
      }
      const base = samples.get(variants[0].name);
      for (const v of variants) {
        const s = samples.get(v.name);
        const m = (key) => median(s.map((x) => x[key]));
        const ratio = (key) => (m(key) / median(base.map((x) => x[key]))).toFixed(2);
        rows.push(`| ${page.name} | ${v.name} | ${m('score').toFixed(2)} | ${Math.round(m('fcp'))} | ${Math.round(m('lcp'))} (${ratio('lcp')}×) | ${Math.round(m('tbt'))} | ${Math.round(m('bytes') / 1024)} KB (${ratio('bytes')}×) |`);
      }
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
console.log(`\n${runs} runs per row, medians; Lighthouse 12.8.2 mobile profile; ${new Date().toISOString()}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}\n`);
console.log('| page | served | performance score | FCP ms | LCP ms (vs baseline) | TBT ms | transferred (vs baseline) |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
