// A/B of the DataTable's main-thread cost during a fling (1,000 px a frame over 10,000 rows) and a 200-row mount,
// two builds of ui-kit in the same run (interleaved, so machine load hits both alike), and optionally a V8 CPU
// profile of one of them (self time by function and by package) to see where the time goes.
//
//   node bench/ui-kit/profile-fling.mjs --a /tmp/uikit-dist-before --b src [--runs 5] [--step 1000] [--frames 120]
//   node bench/ui-kit/profile-fling.mjs --b src --profile [--mount]
//
// A variant is a built ui-kit dist folder (e.g. a copy of libs/ui-kit/dist made before a change) or `src`
// (libs/ui-kit/src, bundled straight from TypeScript: no nx build needed between experiments). Pages are bundled
// like run.mjs's (React in production mode), but NOT minified, so profiles keep function names.
// Figures: CPU time (trace `tdur`) of the renderer main thread's top-level tasks, which on this shared machine
// says more than wall-clock frames; the longest task is the frame that risks going over 50 ms.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const STEP = Number(option('--step', 1000));
const FRAMES = Number(option('--frames', 120));
const RUNS = Number(option('--runs', 3));
const PROFILE = process.argv.includes('--profile');
const MOUNT_PROFILE = process.argv.includes('--mount');

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = path.resolve(here, '../..');
const variants = ['--a', '--b'].map((flag) => option(flag)).filter(Boolean);

async function bundle(variant) {
  const entry = variant === 'src' ? path.join(repo, 'libs/ui-kit/src/index.ts') : path.resolve(variant, 'index.mjs');
  const result = await build({
    entryPoints: [`${here}page.tsx`],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    minify: false,
    write: false,
    outfile: 'page.js',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
    nodePaths: [path.join(repo, 'node_modules')],
    plugins: [
      {
        name: 'ui-kit-variant',
        setup(b) {
          b.onResolve({ filter: /libs\/ui-kit\/dist\/index\.mjs$/ }, () => ({ path: entry }));
        },
      },
    ],
  });
  const script = result.outputFiles.find((file) => file.path.endsWith('.js')).text;
  // esbuild marks each input in a non-minified bundle with a `// path` comment line: line → package.
  const packageAt = [];
  let current = 'page';
  for (const line of script.split('\n')) {
    const match = /^\/\/ (\S+\.(?:m?js|tsx?))$/.exec(line);
    if (match) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(match[1]);
      current = pkg ? pkg[1] : /ui-kit/.test(match[1]) ? '@merchant/ui-kit' : match[1];
    }
    packageAt.push(current);
  }
  return { variant, script, packageAt };
}
const bundles = await Promise.all(variants.map(bundle));

const html = (i) => `<!doctype html><meta charset="utf-8"><title>ui-kit ${i}</title><body style="margin:0;width:1200px"><div id="root"></div><script type="module" src="/page${i}.js"></script>`;
const server = http.createServer((request, response) => {
  const js = /^\/page(\d)\.js$/.exec(request.url);
  if (js) response.writeHead(200, { 'content-type': 'text/javascript' }).end(bundles[Number(js[1])].script);
  else response.writeHead(200, { 'content-type': 'text/html' }).end(html(Number(/\d/.exec(request.url)?.[0] ?? 0)));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--js-flags=--expose-gc'],
});

/** Top-level main-thread tasks of a trace: CPU ms each. */
function taskCpu(raw) {
  const events = JSON.parse(raw.toString('utf8')).traceEvents;
  // Each page is its own renderer process; the traced one is the main thread that ran script.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const scriptMs = (m) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'FunctionCall').reduce((sum, e) => sum + (e.tdur ?? 0), 0);
  const main = mains.map((m) => [m, scriptMs(m)]).sort((a, b) => b[1] - a[1])[0][0];
  const slices = events.filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.tdur !== undefined).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = [];
  for (const slice of slices) {
    const outer = tasks.at(-1);
    if (!outer || slice.ts >= outer.ts + outer.dur) tasks.push(slice);
  }
  return tasks.map((t) => t.tdur / 1000);
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const pct = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const fmt = (n) => n.toFixed(1);

try {
  const pages = [];
  for (let i = 0; i < bundles.length; i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (error) => console.error(`page ${bundles[i].variant} error:`, error));
    await page.goto(`${base}${i}`);
    await page.waitForFunction(() => window.benchReady === true);
    // Warm-up (JIT): a mount and a short fling.
    await page.evaluate(() => window.bench.mount('grid', 200));
    await page.evaluate(() => window.bench.mount('grid', 10_000));
    await page.evaluate(([frames, px]) => window.bench.scroll(frames, px), [30, STEP]);
    pages.push(page);
  }

  if (PROFILE) {
    const page = pages.at(-1);
    const { packageAt } = bundles.at(-1);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    if (!MOUNT_PROFILE) await page.evaluate(() => window.bench.mount('grid', 10_000));
    const profiles = [];
    await cdp.send('Profiler.start');
    if (MOUNT_PROFILE) {
      await cdp.send('Profiler.stop');
      for (let i = 0; i < 10; i++) {
        await page.evaluate(() => window.bench.prepare(200));
        await cdp.send('Profiler.start');
        await page.evaluate(() => window.bench.mount('grid', 200));
        if (i < 9) profiles.push((await cdp.send('Profiler.stop')).profile);
      }
    }
    else await page.evaluate(([frames, px]) => window.bench.scroll(frames, px), [FRAMES, STEP]);
    profiles.push((await cdp.send('Profiler.stop')).profile);
    const byFunction = new Map();
    const byPackage = new Map();
    let total = 0;
    for (const profile of profiles) {
      const byId = new Map(profile.nodes.map((node) => [node.id, node]));
      for (let i = 0; i < profile.samples.length; i++) {
        const { callFrame } = byId.get(profile.samples[i]);
        const us = profile.timeDeltas[i + 1] ?? 0;
        if (callFrame.functionName === '(idle)' || callFrame.functionName === '(program)') continue;
        total += us;
        const pkg = callFrame.url.includes('/page') ? (packageAt[callFrame.lineNumber] ?? '?') : callFrame.url ? 'other' : callFrame.functionName;
        const key = `${callFrame.functionName || '(anonymous)'} ${pkg}:${callFrame.lineNumber + 1}`;
        byFunction.set(key, (byFunction.get(key) ?? 0) + us);
        byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
      }
    }
    const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
    console.log(`profile of ${bundles.at(-1).variant} (${MOUNT_PROFILE ? '10 × 200-row mount' : `${FRAMES} frames at ${STEP} px`}): self time ${fmt(total / 1000)} ms without idle`);
    for (const [pkg, us] of top(byPackage, 12)) console.log(`  ${fmt(us / 1000).padStart(8)} ms  ${pkg}`);
    for (const [fn, us] of top(byFunction, 45)) console.log(`  ${fmt(us / 1000).padStart(8)} ms  ${fn}`);
  } else {
    const results = bundles.map(() => ({ longest: [], p95: [], over33: [], over50: [], cpuPerFrame: [], mountCpu: [], wallLongest: [] }));
    for (let run = 0; run < RUNS; run++) {
      for (let i = 0; i < pages.length; i++) {
        const page = pages[i];
        const r = results[i];
        await page.evaluate(() => window.bench.prepare(200));
        await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
        await page.evaluate(() => window.bench.mount('grid', 200));
        r.mountCpu.push(taskCpu(await browser.stopTracing()).reduce((a, b) => a + b, 0));
        await page.evaluate(() => window.bench.mount('grid', 10_000));
        await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
        const scrolled = await page.evaluate(([frames, px]) => window.bench.scroll(frames, px), [FRAMES, STEP]);
        const raw = await browser.stopTracing();
        if (process.env.TRACE_DUMP) (await import('node:fs')).writeFileSync(`${process.env.TRACE_DUMP}.${i}.json`, raw);
        const cpu = taskCpu(raw).filter((ms) => ms > 0.5);
        r.longest.push(Math.max(...cpu));
        r.p95.push(pct(cpu, 95));
        r.over33.push(cpu.filter((ms) => ms > 33).length);
        r.over50.push(cpu.filter((ms) => ms > 50).length);
        r.cpuPerFrame.push(cpu.reduce((a, b) => a + b, 0) / FRAMES);
        r.wallLongest.push(Math.max(...scrolled.frameMs));
      }
    }
    console.log(`${RUNS} runs, ${FRAMES} frames at ${STEP} px/frame, 10,000 rows; medians over runs (per-run values in brackets)`);
    for (let i = 0; i < bundles.length; i++) {
      const r = results[i];
      const show = (name, values) => `${name} ${fmt(median(values))} [${values.map(fmt).join(' ')}]`;
      console.log(`${bundles[i].variant}:`);
      console.log(`  fling: ${show('longest task CPU', r.longest)}; ${show('p95 task', r.p95)}; ${show('CPU per frame', r.cpuPerFrame)}`);
      console.log(`  fling: tasks > 33 ms ${r.over33.join(' ')}; > 50 ms ${r.over50.join(' ')}; ${show('longest frame wall', r.wallLongest)}`);
      console.log(`  ${show('200-row mount CPU', r.mountCpu)}`);
    }
  }
} finally {
  await browser.close();
  server.close();
}
