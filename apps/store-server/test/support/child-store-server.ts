import { join } from 'node:path';
import { bundleServerEntry, ChildServerProcess } from '@merchant/server-db/testing';

export { freePort } from '@merchant/server-db/testing';

const APP_DIR = join(__dirname, '..', '..');

/** Bundles src/main.ts as it is now, once per test process. */
export const buildStoreServerEntry = (): Promise<string> => bundleServerEntry(APP_DIR);

/**
 * A real store-server in its own process (node + the bundled main.ts), so two of them share nothing but the
 * database, and a test can SIGKILL one: no close(), no goodbye.
 */
export class ChildStoreServer {
  private process: ChildServerProcess | undefined;
  readonly url: string;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Everything the process printed so far. */
  get output(): string {
    return this.process?.output ?? '';
  }

  async start(): Promise<void> {
    this.process = new ChildServerProcess({
      entry: await buildStoreServerEntry(),
      env: { HOST: '127.0.0.1', PORT: String(this.port), LOG_LEVEL: 'info', ...this.env },
      readyText: 'store-server listening at',
      name: 'store-server',
    });
    await this.process.start();
  }

  /** SIGKILL: the process dies at once, whatever it was doing. */
  async kill(): Promise<void> {
    await this.process?.signal('SIGKILL');
  }

  /** SIGTERM: closes as on a deploy (streams ended, the job in progress requeued, the database closed). */
  async stop(): Promise<void> {
    await this.process?.signal('SIGTERM');
  }
}
