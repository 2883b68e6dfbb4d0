import { defineConfig } from '@playwright/test';

/** Debian's chromium: Playwright's own browser download does not work on this network. */
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // report.json: tools/test.mjs prints the failed tests from it just before its summary (tools/e2e-failures.mjs).
  reporter: [['list'], ['json', { outputFile: './test-results/report.json' }]],
  outputDir: './test-results',
  use: {
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
