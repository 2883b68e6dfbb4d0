import { join } from 'node:path';
import { bundleServerEntry, ChildServerProcess } from '@merchant/server-db/testing';
import { TEST_APP_KEY, TEST_SECRET, wsUrlOf } from './raw-client';

export { freePort } from '@merchant/server-db/testing';

const APP_DIR = join(__dirname, '..', '..');

/** Bundles src/main.ts as it is now (as tsup does for dist), once per test process. */
export const buildServerEntry = (): Promise<string> => bundleServerEntry(APP_DIR);

/**
 * The real im-server in its own process (node + the bundled main.ts), so a test can SIGKILL it:
 * no close(), no flush, no goodbye frames. Same port and data on every start.
 */
export class ChildImServer {
  private process: ChildServerProcess | undefined;
  readonly url: string;
  readonly wsUrl: string;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string> = {},
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.wsUrl = wsUrlOf(this.url);
  }

  async start(): Promise<void> {
    this.process = new ChildServerProcess({
      entry: await buildServerEntry(),
      env: {
        HOST: '127.0.0.1',
        PORT: String(this.port),
        IM_TOKEN_SECRET: TEST_SECRET,
        IM_APP_KEY: TEST_APP_KEY,
        LOG_LEVEL: 'error',
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        ...this.env,
      },
      readyText: 'im-server listening on',
      name: 'im-server',
    });
    await this.process.start();
  }

  /** SIGKILL: the process dies at once, whatever it was doing. */
  async kill(): Promise<void> {
    await this.process?.signal('SIGKILL');
  }

  async stop(): Promise<void> {
    await this.kill();
  }
}
