// Media-library figures in Debian's Chromium (issue 8):
//   1. MD5 of 64 MiB ≥ 350 MB/s with reading included (hash-wasm over File.stream() in the media worker),
//      against spark-md5 reading the same stream in the same worker, same run, runs interleaved.
//   2. The main thread is never blocked > 50 ms while 50 files hash (long-task observer), against
//      spark-md5 on the main thread as the baseline.
//
//   npx nx build @merchant/media-library && node bench/media/run.mjs [--quick]
//
// page.js and worker.js import the BUILT library (libs/media-library/dist) and are bundled by esbuild,
// served on loopback with COOP/COEP (cross-origin isolated: precise performance.now()).
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const quick = process.argv.includes('--quick');
const here = fileURLToPath(new URL('.', import.meta.url));
const bundle = async (entry, extra = {}) =>
  (await build({ entryPoints: [`${here}${entry}`], bundle: true, format: 'esm', platform: 'browser', target: 'chrome120', minify: true, write: false, logLevel: 'warning', ...extra })).outputFiles[0].text;
const pageJs = await bundle('page.js');
const workerJs = await bundle('worker.js');
// The main-thread baseline needs spark-md5 on the page too.
const sparkJs = (await build({ stdin: { contents: "import SparkMD5 from 'spark-md5'; window.SparkMD5 = SparkMD5;", resolveDir: here }, bundle: true, format: 'esm', minify: true, write: false, logLevel: 'warning' })).outputFiles[0].text;

const isolation = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp', 'cache-control': 'no-store' };
const html = `<!doctype html><meta charset="utf-8"><title>media bench</title><script type="module" src="/spark.js"></script><script type="module" src="/page.js"></script>`;
const server = http.createServer((request, response) => {
  const js = { '/page.js': pageJs, '/worker.js': workerJs, '/spark.js': sparkJs }[request.url];
  if (js) response.writeHead(200, { ...isolation, 'content-type': 'text/javascript' }).end(js);
  else response.writeHead(200, { ...isolation, 'content-type': 'text/html' }).end(html);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
let result;
try {
  const page = await browser.newPage();
  page.on('crash', () => console.error('[bench] the page crashed'));
  // A worker that fails to load would leave runBench waiting forever: say what the page says.
  page.on('pageerror', (error) => console.error(`[bench] page error: ${error.message}`));
  page.on('console', (message) => ['error', 'info'].includes(message.type()) && console.error(`[bench] ${message.text()}`));
  page.on('worker', (worker) => worker.on('close', () => console.error('[bench] the worker closed')));
  await page.goto(url);
  await page.waitForFunction(() => window.benchReady === true && window.SparkMD5 !== undefined);
  const limitMs = (quick ? 5 : 20) * 60_000;
  let timer;
  result = await Promise.race([
    page.evaluate((options) => window.runBench(options), { runs: quick ? 3 : 7, files: 50, fileMiB: quick ? 1 : 2 }),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the bench page did not finish within ${limitMs / 60_000} min`)), limitMs);
    }),
  ]).finally(() => clearTimeout(timer));
} finally {
  await browser.close();
  server.close();
}

const { md5, batch } = result;
const fmt = (n, digits = 1) => n.toFixed(digits);
console.log(`\nmedia-library in Chromium (${cpus().length} cores, load ${loadavg().map((n) => n.toFixed(2)).join(' ')}), ${quick ? 'quick' : 'full'} run\n`);
console.log('| MD5 of 64 MiB, reading included (worker) | median ms | MB/s | target |');
console.log('|---|---|---|---|');
console.log(`| hash-wasm over File.stream() (library) | ${fmt(md5.hashWasmMedianMs)} | ${fmt(md5.hashWasmMBps)} | ≥ 350 MB/s ${md5.hashWasmMBps >= 350 ? '✓' : '✗'} |`);
console.log(`| spark-md5 over File.stream() (baseline) | ${fmt(md5.sparkMedianMs)} | ${fmt(md5.sparkMBps)} | |`);
console.log(`| ratio | | ${fmt(md5.hashWasmMBps / md5.sparkMBps, 2)}× | same digests: ${md5.sameDigest} |`);
console.log(`| reference: hash-wasm on bytes already in memory (no reading) | ${fmt(md5.noReadingMedianMs)} | ${fmt(md5.noReadingMBps)} | |`);
console.log('\n| 50 files hashing at once | value | target |');
console.log('|---|---|---|');
console.log(`| files × size | ${batch.files} × ${batch.fileMiB} MiB (${batch.distinctDigests} distinct digests) | |`);
console.log(`| batch time | ${fmt(batch.batchMs)} ms | |`);
console.log(`| main-thread long tasks > 50 ms (worker) | ${batch.longTasksOver50} (longest ${fmt(batch.longestTaskMs)} ms) | 0 ${batch.longTasksOver50 === 0 ? '✓' : '✗'} |`);
console.log(`| longest gap between frames (worker) | ${fmt(batch.longestFrameGapMs)} ms | |`);
console.log(`| longest main-thread task, spark-md5 on the main thread, 10 of the files (baseline) | ${fmt(batch.mainThreadSparkLongestTaskMs)} ms | |`);
