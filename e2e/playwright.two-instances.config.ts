import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config';

/**
 * Issue 34 §2: the console against two store-server instances behind HAProxy (global-setup-two-instances.ts), on
 * PostgreSQL. Its own config, as its stack differs from the suite's (one worker, one stack, DATABASE_URL needed):
 * `npx playwright test -c playwright.two-instances.config.ts`; tools/test.mjs runs it after the suite's e2e.
 */
export default defineConfig({
  ...baseConfig,
  testDir: './two-instances',
  globalSetup: './global-setup-two-instances.ts',
  workers: 1,
  projects: undefined,
  reporter: [['list'], ['json', { outputFile: './test-results/report-two-instances.json' }]],
});
