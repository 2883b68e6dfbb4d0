import { defineConfig } from '@playwright/test';
import { useStackOfThisWorker } from './support/worker-stack';

// Every worker process loads this file: point its E2E_*_URL variables at its own stack (global-setup.ts).
useStackOfThisWorker();

/**
 * Workers, each with a stack of its own; E2E_WORKERS=1 runs the suite on one stack. Two: a fresh-clone run with three
 * kept the machine's two cores 99 % busy through e2e and was no faster per test (1,145 s for 144 tests against 856 s
 * for 123 with two), and a browser recording lost frames under that load (docs/performance.md "Test suite time").
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/**
 * Files that spend minutes waiting on the servers' windows rather than the CPU, run first. Playwright hands files to
 * the workers in name order, and shop-settlement (three check codes to one mobile, one a minute: ~3.2 min, most of it
 * waiting) came near the end, where one worker ran it while the other had nothing left: the suite's tail. First,
 * the other worker runs the short files beside it. Their project's name prefixes their lines ('[waits first] › …').
 */
const WAIT_BOUND_FIRST = ['shop-settlement.spec.ts'];

/** Debian's chromium: Playwright's own browser download does not work on this network. */
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // report.json: tools/test.mjs prints the failed tests from it just before its summary (tools/e2e-failures.mjs).
  reporter: [['list'], ['json', { outputFile: './test-results/report.json' }]],
  outputDir: './test-results',
  // In order: Playwright queues the first project's files before the second's (a worker moving on to the next
  // project restarts its process once; its stack, from global-setup, stays).
  projects: [
    { name: 'waits first', testMatch: WAIT_BOUND_FIRST },
    { name: '', testIgnore: WAIT_BOUND_FIRST },
  ],
  use: {
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS },
    // Tracing records DOM snapshots and a screencast of every test to keep those of the failures: on CI's two saturated
    // cores that cost 0.8x of e2e's wall time (docs/performance.md "Test suite time"). CI keeps the screenshot and
    // error-context.md of a failure; local runs keep the trace as well.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
