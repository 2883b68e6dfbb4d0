import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The same launcher as `npm start`, on other ports and a throwaway data folder.
import { startStack } from '../tools/stack.mjs';

// E2E_PORT_OFFSET lets two checkouts (or two developers on one machine) run the suite side by side.
// The four servers take four consecutive ports, so any two offsets at least 4 apart never collide
// (the old layout, 100 apart per server, made offsets 500 and 600 share a port).
const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
const E2E_BASE_PORT = 13100;
export const E2E_PORTS = {
  store: E2E_BASE_PORT + PORT_OFFSET,
  im: E2E_BASE_PORT + PORT_OFFSET + 1,
  console: E2E_BASE_PORT + PORT_OFFSET + 2,
  frame: E2E_BASE_PORT + PORT_OFFSET + 3,
};
export const E2E_IM_TOKEN_SECRET = 'e2e-im-shared-key';

export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'merchant-e2e-'));
  // ENABLE_TEST_HOOKS: store-server lets tests read the SMS check codes it would send (never in production).
  const stack = await startStack({ ports: E2E_PORTS, dataDir, quiet: true, imTokenSecret: E2E_IM_TOKEN_SECRET, env: { ENABLE_TEST_HOOKS: '1' } });
  process.env.E2E_CONSOLE_URL = stack.urls.console;
  process.env.E2E_FRAME_URL = stack.urls.frame;
  process.env.E2E_STORE_URL = stack.urls.store;
  process.env.E2E_IM_LBS_URL = `${stack.urls.im}/lbs`;
  process.env.E2E_IM_TOKEN_SECRET = E2E_IM_TOKEN_SECRET;
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
