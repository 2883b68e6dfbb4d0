import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
// The same launcher as `npm start`, on other ports and a throwaway data folder.
import { startStack } from '../tools/stack.mjs';

import { STACK_URL_NAMES, stackUrlName } from './support/worker-stack';

// Each Playwright worker gets a stack of its own (servers, embedded databases, demo data), so workers never
// see each other's changes: the worker's tests read their stack's addresses from the E2E_*_URL variables,
// which playwright.config.ts points at the worker's stack (support/worker-stack.ts).
// E2E_PORT_OFFSET lets two checkouts (or two developers on one machine) run the suite side by side.
// A stack's four servers take four consecutive ports and worker n's stack starts 4 × n after the first,
// so two checkouts' offsets must be at least 4 × workers apart (500 apart in .ci/run's fresh-clone runs).
const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
const E2E_BASE_PORT = 13100;
const PORTS_PER_STACK = 4;
const portsOfStack = (index: number) => {
  const first = E2E_BASE_PORT + PORT_OFFSET + PORTS_PER_STACK * index;
  return { store: first, im: first + 1, console: first + 2, frame: first + 3 };
};
export const E2E_IM_TOKEN_SECRET = 'e2e-im-shared-key';

export default async function globalSetup(config: FullConfig) {
  const stacks = await Promise.all(
    Array.from({ length: config.workers }, async (_, index) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `merchant-e2e-${index}-`));
      // ENABLE_TEST_HOOKS: store-server lets tests read the SMS check codes it would send (never in production).
      const stack = await startStack({
        ports: portsOfStack(index), dataDir, quiet: true, imTokenSecret: E2E_IM_TOKEN_SECRET, env: { ENABLE_TEST_HOOKS: '1' },
      });
      const urls: Record<(typeof STACK_URL_NAMES)[number], string> = {
        E2E_CONSOLE_URL: stack.urls.console,
        E2E_FRAME_URL: stack.urls.frame,
        E2E_STORE_URL: stack.urls.store,
        E2E_IM_LBS_URL: `${stack.urls.im}/lbs`,
      };
      for (const name of STACK_URL_NAMES) process.env[stackUrlName(name, index)] = urls[name];
      return { stack, dataDir };
    }),
  );
  process.env.E2E_IM_TOKEN_SECRET = E2E_IM_TOKEN_SECRET;
  return async () => {
    await Promise.all(stacks.map(({ stack }) => stack.stop()));
    for (const { dataDir } of stacks) rmSync(dataDir, { recursive: true, force: true });
  };
}
