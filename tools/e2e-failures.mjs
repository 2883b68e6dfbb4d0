// The failed e2e tests of a Playwright JSON report (e2e/playwright.config.ts writes
// e2e/test-results/report.json), told in a few lines each. tools/test.mjs prints this just
// before its summary when the e2e suite failed: the list reporter's own account of a failure
// (call log, page snapshot) can run to hundreds of lines, and a CI log that keeps only its end
// then showed the test's name without the line that failed.
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

/** Lines of an error message kept per failed test. */
const MESSAGE_LINES = 12;

/** Every test of the report with its file, line and title path (describe blocks › test). */
function* testsOf(suite, titles = []) {
  const path = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) yield { file: spec.file, line: spec.line, title: [...path, spec.title].join(' › '), test };
  }
  for (const child of suite.suites ?? []) yield* testsOf(child, path);
}

/** A digest of the report's failed tests, or '' when none failed. */
export function failedTestsDigest(report) {
  const lines = [];
  for (const suite of report.suites ?? []) {
    for (const { file, line, title, test } of testsOf(suite)) {
      const last = test.results?.at(-1);
      if (!last || last.status === 'passed' || last.status === 'skipped') continue;
      lines.push(`  ✘ ${file}:${line} › ${title} (${last.status}, ${(last.duration / 1000).toFixed(1)} s)`);
      for (const error of last.errors?.length ? last.errors : [last.error].filter(Boolean)) {
        const message = stripVTControlCharacters(error.message ?? error.value ?? '').split('\n').filter((l) => l.trim());
        for (const l of message.slice(0, MESSAGE_LINES)) lines.push(`      ${l}`);
        if (message.length > MESSAGE_LINES) lines.push(`      … ${message.length - MESSAGE_LINES} more lines`);
        if (error.location) lines.push(`      at ${error.location.file}:${error.location.line}:${error.location.column}`);
      }
      const trace = last.attachments?.find((a) => a.name === 'trace')?.path;
      if (trace) lines.push(`      trace: ${trace}`);
    }
  }
  const errors = (report.errors ?? []).map((e) => `  ✘ ${stripVTControlCharacters(e.message ?? '').split('\n')[0]}`);
  return [...lines, ...errors].join('\n');
}

/** The digest of a report file, or a line saying why there is none. */
export function failedTestsDigestOf(file) {
  if (!existsSync(file)) return `  (no ${file}: Playwright did not get as far as its report)`;
  try {
    return failedTestsDigest(JSON.parse(readFileSync(file, 'utf8'))) || '  (the report lists no failed test)';
  } catch (error) {
    return `  (${file} could not be read: ${error.message})`;
  }
}
