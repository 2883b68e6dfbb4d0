// What fills the long tasks of the goods list's first load: a Chromium trace (devtools timeline) and a
// CPU profile of one navigation, taken together. Every main-thread task of ≥ --min ms (default 50) until
// the search field took a typed character is listed with its time by kind (script evaluation and
// compilation, JS calls, style, layout, paint, GC) and the original source files its JS samples fall in.
//
//   npx nx run console:build && node bench/console-goods/trace.mjs [--path /goods/goodList/goodAll] [--min 50] [--save /tmp/goods.trace.json]
//   node bench/console-goods/trace.mjs --path /login --signed-out       # the sign-in page, first visit
//
// Companion to profile.mjs (self time for the whole load) and run.mjs (the timed figure).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { importFromSource } from '../lib/source-bundle.mjs';
import { serveStatic } from '../../tools/serve-static.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const option = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const dist = path.resolve(option('--dist', path.join(root, 'apps/console/dist')));
const LIST_PATH = option('--path', '/goods/goodList/goodAll');
const MIN_MS = Number(option('--min', 50));
const TOP = Number(option('--top', 8));
const signedOut = process.argv.includes('--signed-out');
const CONSOLE_PORT = Number(process.env.BENCH_CONSOLE_PORT ?? 4841);
const { SourceMapConsumer } = createRequire(import.meta.url)('source-map-js');

const { openStoreDatabase, createStoreServer } = await importFromSource(here, path.join(root, 'bench/store-api/harness.ts'));
const handle = await openStoreDatabase({ dataDir: 'memory://', schema: 'store' });
const consoleOrigin = `http://127.0.0.1:${CONSOLE_PORT}`;
const server = await createStoreServer({ host: '127.0.0.1', port: 0, logLevel: 'silent', corsOrigins: [consoleOrigin] }, { database: handle });
const { url } = await server.listen();
const statics = await serveStatic({ root: dist, hosts: ['127.0.0.1'], port: CONSOLE_PORT, runtimeConfig: { apiBase: url, imFrameUrl: 'http://127.0.0.1:9', securityMode: 'aes' } });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

const consumers = new Map();
function sourceOf(scriptUrl, line, column) {
  const pathname = scriptUrl.startsWith(consoleOrigin) ? new URL(scriptUrl).pathname : '';
  if (!pathname.endsWith('.js') || pathname === '/runtime-config.js') return scriptUrl ? `(other) ${pathname || scriptUrl}` : '(native)';
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
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** The function's name in its original source (minified names say nothing): the line its mapped start is on. */
function originalName(frame) {
  const pathname = frame.url?.startsWith(consoleOrigin) ? new URL(frame.url).pathname : '';
  const consumer = pathname && consumers.get(pathname);
  if (!consumer || frame.lineNumber < 0) return undefined;
  const position = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!position.source) return undefined;
  const text = consumer.sourceContentFor(position.source, true)?.split('\n')[position.line - 1] ?? '';
  const declared = /function\s*\*?\s*([\w$]+)|([\w$]+)\s*[:=]\s*(?:async\s*)?(?:function|\()|^\s*(?:async\s+)?([\w$]+)\s*\(/.exec(text);
  return declared ? declared[1] ?? declared[2] ?? declared[3] : position.name ?? undefined;
}

/** Trace event names grouped into the kinds a reader cares about (the rest is "other"). */
const KINDS = {
  'compile/evaluate module': ['v8.compileModule', 'v8.evaluateModule', 'v8.compile', 'EvaluateScript', 'v8.produceModuleCache', 'CompileScript', 'v8.produceCache'],
  'style': ['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet', 'ScheduleStyleRecalculation'],
  'layout': ['Layout', 'UpdateLayerTree', 'PrePaint'],
  'paint': ['Paint', 'PaintImage', 'Layerize', 'Commit'],
  'gc': ['MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'V8.GC_MARK_COMPACTOR', 'BlinkGC.AtomicPhase', 'V8.GCScavenger', 'V8.GCFinalizeMC', 'V8.GC_MC_BACKGROUND_MARKING'],
  'parse HTML': ['ParseHTML'],
};
const kindOf = new Map(Object.entries(KINDS).flatMap(([kind, names]) => names.map((name) => [name, kind])));

const ready = (page) =>
  signedOut ? page.getByTestId('login-submit').waitFor({ timeout: 60_000 }) : page.locator('.MuiDataGrid-row[data-id]').first().waitFor({ timeout: 60_000 });

try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(() => window.localStorage.setItem('console.language', 'en-US'));
  const page = await context.newPage();
  if (!signedOut) {
    await page.goto(`${consoleOrigin}/login?redirect=${encodeURIComponent(LIST_PATH)}`);
    await page.locator('[data-testid="login-username"] input, input[data-testid="login-username"]').first().fill('demo_merchant');
    await page.locator('[data-testid="login-password"] input, input[data-testid="login-password"]').first().fill('Demo12345');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`**${LIST_PATH}`, { timeout: 60_000 });
  }
  await page.goto(`${consoleOrigin}${LIST_PATH}`); // warm the HTTP cache, as run.mjs does
  await ready(page);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'blink.user_timing', 'loading'] });
  await cdp.send('Profiler.start');
  await page.goto(`${consoleOrigin}${LIST_PATH}`, { waitUntil: 'commit' });
  await ready(page);
  if (!signedOut) await page.getByRole('search').getByRole('textbox').first().pressSequentially('7');
  else await page.waitForLoadState('networkidle');
  await page.waitForTimeout(100);
  const { profile } = await cdp.send('Profiler.stop');
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const events = trace.traceEvents ?? trace;
  if (option('--save')) writeFileSync(option('--save'), JSON.stringify({ traceEvents: events }));

  // The renderer's main thread of the page (the one that ran the profile's samples: CrRendererMain with most events).
  const mainThreads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
  const counts = new Map(mainThreads.map((key) => [key, 0]));
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (counts.has(key)) counts.set(key, counts.get(key) + 1);
  }
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && typeof e.dur === 'number');
  const navStart = events.find((e) => e.name === 'navigationStart' && `${e.pid}:${e.tid}` === main)?.ts ?? onMain[0]?.ts ?? 0;
  // Top-level tasks only (a ThreadControllerImpl::RunTask holds a RunTask of the same span).
  const tasks = onMain
    .filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
    .filter((e) => e.ts >= navStart)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur)
    .filter((e, i, all) => !all.slice(Math.max(0, i - 3), i).some((outer) => outer.ts <= e.ts && outer.ts + outer.dur >= e.ts + e.dur));

  // Profile samples with their absolute timestamps (the profiler's clock is the trace clock).
  const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
  const sampleTimes = [];
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    sampleTimes.push([t, id]);
  });

  /** --stacks: the task's JS as a top-down tree (inclusive share of its samples), down to --depth levels. */
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const frameName = (node) => {
    const frame = node.callFrame;
    const where = frame.url ? sourceOf(frame.url, frame.lineNumber, frame.columnNumber) : '';
    return `${originalName(frame) ?? frame.functionName ?? '(anonymous)'}${where ? ` ${where}` : ''}`;
  };
  function printTopDown(from, to) {
    const tree = { count: 0, children: new Map() };
    for (const [ts, id] of sampleTimes) {
      if (ts < from || ts > to) continue;
      const stack = [];
      for (let at = id; at !== undefined; at = parentOf.get(at)) stack.unshift(nodeById.get(at));
      let level = tree;
      level.count++;
      for (const node of stack.slice(1)) {
        const key = frameName(node);
        if (!level.children.has(key)) level.children.set(key, { count: 0, children: new Map() });
        level = level.children.get(key);
        level.count++;
      }
    }
    const depth = Number(option('--depth', 40));
    const walk = (level, indent) => {
      if (indent > depth) return;
      for (const [key, child] of [...level.children].sort((a, b) => b[1].count - a[1].count)) {
        const share = child.count / tree.count;
        if (share < 0.03) continue;
        console.log(`  ${'  '.repeat(indent)}${Math.round(share * 100)}% ${key}`);
        walk(child, indent + 1);
      }
    };
    walk(tree, 1);
  }

  /**
   * --who: the app's and libraries' functions React called (components rendering, effects running), by
   * React phase: the first frame outside react-dom/scheduler on each sample's stack, inclusive.
   */
  const PHASES = [
    ['flushSpawnedWork', 'sync re-render after commit: '],
    ['flushPassiveEffects', 'passive effects: '],
    ['flushLayoutEffects', 'layout effects: '],
    ['flushMutationEffects', 'mutation: '],
    ['renderRootSync', 'render (sync): '],
    ['renderRootConcurrent', 'render (sliced): '],
  ];
  function printComponents(from, to) {
    const counts = new Map();
    let all = 0;
    for (const [ts, id] of sampleTimes) {
      if (ts < from || ts > to) continue;
      all++;
      const stack = [];
      for (let at = id; at !== undefined; at = parentOf.get(at)) stack.unshift(nodeById.get(at));
      const names = stack.map((node) => originalName(node.callFrame) ?? node.callFrame.functionName);
      const phase = PHASES.filter(([name]) => names.includes(name)).map(([, label]) => label).join('');
      const first = stack.findIndex((node, i) => i > 0 && names.slice(0, i).some((n) => n === 'performWorkOnRoot' || n === 'processRootScheduleInMicrotask') && !/react-dom|scheduler|^\(/.test(sourceOf(node.callFrame.url, node.callFrame.lineNumber, node.callFrame.columnNumber)));
      const key = `${phase}${first < 0 ? '(react itself)' : frameName(stack[first])}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, Number(option('--top-who', 30)))) console.log(`    ${Math.round((n / all) * 1000) / 10}% ${key}`);
  }

  const long = tasks.filter((task) => task.dur >= MIN_MS * 1000);
  console.log(`\n${LIST_PATH}: ${tasks.length} main-thread tasks after navigation; ${long.length} of ≥ ${MIN_MS} ms, together ${(long.reduce((s, x) => s + x.dur, 0) / 1000).toFixed(0)} ms\n`);
  for (const task of long) {
    const end = task.ts + task.dur;
    const inside = onMain.filter((e) => e.ts >= task.ts && e.ts + e.dur <= end && e !== task);
    // Time by kind: the outermost event of each kind counts (nested events of the same kind do not add up twice).
    const byKind = new Map();
    for (const [kind, names] of Object.entries(KINDS)) {
      const spans = inside.filter((e) => names.includes(e.name)).sort((a, b) => a.ts - b.ts);
      let covered = 0;
      let reach = 0;
      for (const e of spans) {
        const from = Math.max(e.ts, reach);
        const to = e.ts + e.dur;
        if (to > from) covered += to - from;
        reach = Math.max(reach, to);
      }
      if (covered) byKind.set(kind, covered);
    }
    const entry = inside.filter((e) => !kindOf.has(e.name)).sort((a, b) => b.dur - a.dur)[0];
    const bySource = new Map();
    for (const [ts, id] of sampleTimes) {
      if (ts < task.ts || ts > end) continue;
      const frame = nodeById.get(id).callFrame;
      const key = frame.url ? sourceOf(frame.url, frame.lineNumber, frame.columnNumber) : `(${frame.functionName || 'native'})`;
      bySource.set(key, (bySource.get(key) ?? 0) + 1);
    }
    const samples = [...bySource.values()].reduce((a, b) => a + b, 0) || 1;
    const kinds = [...byKind].map(([kind, us]) => `${kind} ${(us / 1000).toFixed(0)}`).join(', ');
    const top = [...bySource]
      .filter(([key]) => key !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([key, n]) => `${key} ${Math.round((n / samples) * 100)}%`)
      .join(', ');
    console.log(`- at ${((task.ts - navStart) / 1000).toFixed(0)} ms, ${(task.dur / 1000).toFixed(0)} ms (${entry ? `${entry.name} ${entry.args?.data?.url?.split('/').pop() ?? entry.args?.data?.functionName ?? ''}` : ''}): ${kinds}`);
    console.log(`  samples: ${top}`);
    if (process.argv.includes('--stacks')) printTopDown(task.ts, end);
    if (process.argv.includes('--who')) printComponents(task.ts, end);
  }
} finally {
  await browser.close();
  await statics.close();
  await server.close();
  await handle.close();
}
