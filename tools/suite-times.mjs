#!/usr/bin/env node
// Where a suite's time went, per file, from the reports the runners already write:
//   node tools/suite-times.mjs e2e [e2e/test-results/report.json]   Playwright's JSON report (e2e/playwright.config.ts)
//   node tools/suite-times.mjs jest <file.json>                      `npx jest … --json --outputFile=<file.json>`
// e2e: each file's time (its tests' durations summed), the slowest first, then each worker's busy time and when it
// finished its last test: a worker that ends minutes before the other shows a tail that a file order could fill.
// jest: each file's time from jest's own start and end of the file (not the wall clock of a shared machine).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [kind, file = kind === 'e2e' ? 'e2e/test-results/report.json' : undefined, top = '25'] = process.argv.slice(2);
if (!['e2e', 'jest'].includes(kind) || !file) {
  console.error('usage: node tools/suite-times.mjs e2e [report.json] [top] | jest <file.json> [top]');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);

function* playwrightTests(suite) {
  for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) yield { file: spec.file, results: test.results ?? [] };
  for (const child of suite.suites ?? []) yield* playwrightTests(child);
}

if (kind === 'e2e') {
  const files = new Map();
  const workers = new Map();
  let suiteStart = Infinity;
  for (const suite of report.suites ?? []) {
    for (const { file: name, results } of playwrightTests(suite)) {
      for (const result of results) {
        const start = Date.parse(result.startTime);
        suiteStart = Math.min(suiteStart, start);
        const entry = files.get(name) ?? { ms: 0, tests: 0 };
        entry.ms += result.duration;
        entry.tests += 1;
        files.set(name, entry);
        const worker = workers.get(result.parallelIndex) ?? { ms: 0, end: 0, tests: 0 };
        worker.ms += result.duration;
        worker.end = Math.max(worker.end, start + result.duration);
        worker.tests += 1;
        workers.set(result.parallelIndex, worker);
      }
    }
  }
  const total = [...files.values()].reduce((sum, f) => sum + f.ms, 0);
  console.log(`e2e: ${files.size} files, ${seconds(total).trim()} s of test time; slowest files:`);
  for (const [name, { ms, tests }] of [...files].sort((a, b) => b[1].ms - a[1].ms).slice(0, Number(top))) {
    console.log(`${seconds(ms)} s  ${String(tests).padStart(3)} tests  ${name}`);
  }
  console.log('workers (parallel index): busy time, last test ended after the first test began');
  for (const [index, { ms, end, tests }] of [...workers].sort((a, b) => a[0] - b[0])) {
    console.log(`  ${index}: ${seconds(ms).trim()} s busy, ${tests} tests, done at ${seconds(end - suiteStart).trim()} s`);
  }
} else {
  const rows = (report.testResults ?? []).map((t) => ({ ms: t.endTime - t.startTime, tests: t.assertionResults?.length ?? 0, name: path.relative(process.cwd(), t.name) }));
  const total = rows.reduce((sum, r) => sum + r.ms, 0);
  console.log(`jest: ${rows.length} files, ${seconds(total).trim()} s summed over files; slowest:`);
  for (const { ms, tests, name } of rows.sort((a, b) => b.ms - a.ms).slice(0, Number(top))) {
    console.log(`${seconds(ms)} s  ${String(tests).padStart(3)} tests  ${name}`);
  }
}
