// ui-kit DataTable figures in Debian's Chromium (issue 8): a 200-row table renders in ≤ 50 ms, and
// 10,000 rows scroll with no frame > 50 ms. Baseline in the same run: a plain MUI Table with the same
// rows and formatters. Also the gzip size each variant adds to a page (decision 0003).
//
//   npx nx build @merchant/ui-kit && node bench/ui-kit/run.mjs [--quick]
//
// The page (page.tsx) imports the BUILT library (libs/ui-kit/dist) and is bundled by esbuild, minified,
// React in production mode; it is served on loopback and driven by playwright-core.
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const quick = process.argv.includes('--quick');
const RENDER_RUNS = quick ? 5 : 15;
const SCROLL_RUNS = quick ? 1 : 3;
const SCROLL_FRAMES = quick ? 60 : 240;
// Two speeds: a fast mouse-wheel scroll (200 px a frame, 12,000 px/s) and a fling (1,000 px a frame).
const SCROLL_STEPS_PX = [200, 1_000];

const here = fileURLToPath(new URL('.', import.meta.url));
const bundled = await build({
  entryPoints: [`${here}page.tsx`],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'chrome120',
  minify: true,
  write: false,
  outfile: 'page.js',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
  metafile: true,
});
const script = bundled.outputFiles.find((file) => file.path.endsWith('.js')).text;

// Bytes the grid brings: the minified inputs from @mui/x-* packages in the bundle, gzip of the whole page.
const inputsBytes = (match) =>
  Object.entries(bundled.metafile.outputs)
    .flatMap(([, output]) => Object.entries(output.inputs))
    .filter(([file]) => match.test(file))
    .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
const byPackage = {};
for (const output of Object.values(bundled.metafile.outputs)) {
  for (const [file, input] of Object.entries(output.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
    const name = match ? match[1] : file.includes('libs/ui-kit') ? '@merchant/ui-kit' : 'page';
    byPackage[name] = (byPackage[name] ?? 0) + input.bytesInOutput;
  }
}
const sizes = {
  pageGzipKb: gzipSync(script).length / 1024,
  muiXMinKb: inputsBytes(/node_modules\/@mui\/x-/) / 1024,
  uiKitMinKb: inputsBytes(/libs\/ui-kit\/dist/) / 1024,
};

// The same page without the grid: only React, react-router and the MUI Table, to price what the grid adds.
const plainOnly = await build({
  stdin: {
    contents: `import { createRoot } from 'react-dom/client'; import { MemoryRouter } from 'react-router'; import Table from '@mui/material/Table';
      import TableBody from '@mui/material/TableBody'; import TableRow from '@mui/material/TableRow'; import TableCell from '@mui/material/TableCell';
      import TableHead from '@mui/material/TableHead'; import Box from '@mui/material/Box'; import dayjs from 'dayjs';
      window.parts = { createRoot, MemoryRouter, Table, TableBody, TableRow, TableCell, TableHead, Box, dayjs };`,
    resolveDir: here,
    loader: 'tsx',
  },
  bundle: true, format: 'esm', platform: 'browser', target: 'chrome120', minify: true, write: false,
  define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'warning',
});
sizes.plainPageGzipKb = gzipSync(plainOnly.outputFiles[0].text).length / 1024;

const html = `<!doctype html><meta charset="utf-8"><title>ui-kit bench</title><body style="margin:0;width:1200px"><div id="root"></div><script type="module" src="/page.js"></script>`;
const server = http.createServer((request, response) => {
  if (request.url === '/page.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
  else response.writeHead(200, { 'content-type': 'text/html' }).end(html);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--js-flags=--expose-gc'],
});
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
/**
 * Longest renderer main-thread task in CPU time (trace `tdur`), and the summed CPU time. Wall-clock frames
 * on a machine shared by many processes include time the page waited for a core; thread time does not.
 */
let traceCount = 0;
async function traced(page, action) {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const result = await action();
  const raw = (await browser.stopTracing()).toString('utf8');
  if (process.env.BENCH_TRACE_DUMP) (await import('node:fs')).writeFileSync(`${process.env.BENCH_TRACE_DUMP}.${traceCount++}`, raw);
  const trace = JSON.parse(raw);
  const events = trace.traceEvents ?? trace;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // Top-level slices of the main thread (RunTask, and animation-frame callbacks that are not inside one).
  const slices = events
    .filter((e) => e.ph === 'X' && main && e.pid === main.pid && e.tid === main.tid && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const topLevel = [];
  for (const slice of slices) {
    const outer = topLevel.at(-1);
    if (!outer || slice.ts >= outer.ts + outer.dur) topLevel.push(slice);
  }
  const cpuMs = topLevel.map((e) => e.tdur / 1000);
  return { result, maxTaskCpuMs: Math.max(0, ...cpuMs), tasksCpuOver50: cpuMs.filter((ms) => ms > 50).length, totalCpuMs: cpuMs.reduce((a, b) => a + b, 0) };
}
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (error) => console.error('page error:', error));
  await page.goto(url);
  await page.waitForFunction(() => window.benchReady === true);

  // Render: interleave grid and plain so machine load hits both alike; one warm-up each first.
  const render = { grid: [], plain: [] };
  for (const kind of ['grid', 'plain']) await page.evaluate(([k]) => window.bench.mount(k, 200), [kind]);
  for (let run = 0; run < RENDER_RUNS; run++) {
    for (const kind of ['grid', 'plain']) render[kind].push(await page.evaluate(([k]) => window.bench.mount(k, 200), [kind]));
  }

  // Render again under the tracer: the main thread's CPU time from the render call to laid-out rows.
  const renderCpu = { grid: [], plain: [] };
  for (let run = 0; run < RENDER_RUNS; run++) {
    for (const kind of ['grid', 'plain']) {
      // Teardown of the previous case and the forced GC happen before the traced window.
      await page.evaluate(() => window.bench.prepare(200));
      const { totalCpuMs } = await traced(page, () => page.evaluate(([k]) => window.bench.mount(k, 200), [kind]));
      renderCpu[kind].push(totalCpuMs);
    }
  }

  // Scroll: 10,000 rows, each speed; a fresh mount per run.
  const scrolls = Object.fromEntries(SCROLL_STEPS_PX.map((step) => [step, { grid: [], plain: [] }]));
  for (let run = 0; run < SCROLL_RUNS; run++) {
    for (const step of SCROLL_STEPS_PX) {
      for (const kind of ['grid', 'plain']) {
        const mountMs = await page.evaluate(([k]) => window.bench.mount(k, 10_000), [kind]);
        const { result, ...cpu } = await traced(page, () => page.evaluate(([frames, px]) => window.bench.scroll(frames, px), [SCROLL_FRAMES, step]));
        scrolls[step][kind].push({ mountMs, ...result, ...cpu });
      }
    }
  }

  const fmt = (n) => n.toFixed(1);
  console.log(`\n### ui-kit DataTable in Chromium (${new Date().toISOString()}, ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')})\n`);
  console.log('| measure | DataTable (MUI X DataGrid) | plain MUI Table (baseline) | ratio | target |');
  console.log('|---|---|---|---|---|');
  const gridRender = median(render.grid);
  const plainRender = median(render.plain);
  console.log(`| 200-row render, median of ${RENDER_RUNS} (ms) | ${fmt(gridRender)} | ${fmt(plainRender)} | ${(gridRender / plainRender).toFixed(2)}× | ≤ 50 ms |`);
  const gridCpu = median(renderCpu.grid);
  const plainCpu = median(renderCpu.plain);
  console.log(`| 200-row render, main-thread CPU time, median of ${RENDER_RUNS} (ms) | ${fmt(gridCpu)} | ${fmt(plainCpu)} | ${(gridCpu / plainCpu).toFixed(2)}× | ≤ 50 ms |`);
  const worstFrame = (runs) => median(runs.map((r) => Math.max(...r.frameMs)));
  const p95Frame = (runs) => median(runs.map((r) => percentile(r.frameMs, 95)));
  const longTasks = (runs) => median(runs.map((r) => r.longTasksMs.length));
  const mount10k = (runs) => median(runs.map((r) => r.mountMs));
  for (const step of SCROLL_STEPS_PX) {
    const scroll = scrolls[step];
    console.log(`| 10,000 rows, ${step} px/frame: longest frame, median of ${SCROLL_RUNS} runs × ${SCROLL_FRAMES} frames (ms) | ${fmt(worstFrame(scroll.grid))} | ${fmt(worstFrame(scroll.plain))} | ${(worstFrame(scroll.grid) / worstFrame(scroll.plain)).toFixed(2)}× | ≤ 50 ms |`);
    console.log(`| 10,000 rows, ${step} px/frame: p95 frame (ms) | ${fmt(p95Frame(scroll.grid))} | ${fmt(p95Frame(scroll.plain))} | ${(p95Frame(scroll.grid) / p95Frame(scroll.plain)).toFixed(2)}× | |`);
    console.log(`| 10,000 rows, ${step} px/frame: long tasks (> 50 ms wall clock) | ${longTasks(scroll.grid)} | ${longTasks(scroll.plain)} | | 0 |`);
    const maxCpu = (runs) => median(runs.map((r) => r.maxTaskCpuMs));
    console.log(`| 10,000 rows, ${step} px/frame: longest main-thread task in CPU time (ms) | ${fmt(maxCpu(scroll.grid))} | ${fmt(maxCpu(scroll.plain))} | ${(maxCpu(scroll.grid) / maxCpu(scroll.plain)).toFixed(2)}× | ≤ 50 ms |`);
    console.log(`| 10,000 rows, ${step} px/frame: main-thread tasks over 50 ms CPU | ${median(scroll.grid.map((r) => r.tasksCpuOver50))} | ${median(scroll.plain.map((r) => r.tasksCpuOver50))} | | 0 |`);
  }
  const scroll = scrolls[SCROLL_STEPS_PX[0]];
  console.log(`| 10,000 rows: mount (ms) | ${fmt(mount10k(scroll.grid))} | ${fmt(mount10k(scroll.plain))} | ${(mount10k(scroll.grid) / mount10k(scroll.plain)).toFixed(2)}× | |`);
  console.log(`| 10,000 rows: rows in the DOM after scrolling | ${scroll.grid[0].rowsInDom} | ${scroll.plain[0].rowsInDom} | | |`);
  console.log(`\nBundle: the bench page with DataTable ${sizes.pageGzipKb.toFixed(1)} kB gzip against ${sizes.plainPageGzipKb.toFixed(1)} kB for React + MUI Table alone: the grid and ui-kit add ${(sizes.pageGzipKb - sizes.plainPageGzipKb).toFixed(1)} kB gzip (MUI X ${sizes.muiXMinKb.toFixed(1)} kB, ui-kit ${sizes.uiKitMinKb.toFixed(1)} kB minified).`);
  console.log(`Minified bytes by package: ${Object.entries(byPackage).sort((a, b) => b[1] - a[1]).slice(0, 12).map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(1)} kB`).join(', ')}`);
  console.log(`Raw: ${JSON.stringify({ render, scroll: Object.fromEntries(SCROLL_STEPS_PX.map((step) => [step, Object.fromEntries(Object.entries(scrolls[step]).map(([k, runs]) => [k, runs.map((r) => ({ max: Math.max(...r.frameMs), scrolledTo: r.scrolledTo, longTasks: r.longTasksMs }))]))])) })}`);
} finally {
  await browser.close();
  server.close();
}
