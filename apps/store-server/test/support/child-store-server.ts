import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';

const APP_DIR = join(__dirname, '..', '..');
const REPO_ROOT = join(APP_DIR, '..', '..');

/** npm packages stay external (resolved from the repo's node_modules); workspace sources are bundled, as tsup does. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@merchant/') ? undefined : { path: args.path, external: true }));
  },
};

let built: Promise<string> | undefined;

/** Bundles src/main.ts as it is now (not a dist another run may be rebuilding), once per test process. */
export function buildStoreServerEntry(): Promise<string> {
  built ??= (async () => {
    const outdir = join(REPO_ROOT, 'node_modules', '.cache', 'store-server-child');
    mkdirSync(outdir, { recursive: true });
    const outfile = join(outdir, `main-${process.pid}.mjs`);
    await build({
      entryPoints: [join(APP_DIR, 'src', 'main.ts')],
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      outfile,
      tsconfig: join(APP_DIR, 'tsconfig.json'),
      plugins: [externalPackages],
      logLevel: 'error',
    });
    return outfile;
  })();
  return built;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A real store-server in its own process (node + the bundled main.ts), so two of them share nothing but the
 * database, and a test can SIGKILL one: no close(), no goodbye.
 */
export class ChildStoreServer {
  private child: ChildProcess | undefined;
  readonly url: string;
  output = '';

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    const entry = await buildStoreServerEntry();
    const child = spawn(process.execPath, [entry], {
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(this.port), LOG_LEVEL: 'info', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        this.output += chunk.toString();
        if (this.output.includes('store-server listening at')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
      child.once('exit', (code, signal) => reject(new Error(`store-server exited (${code ?? signal}) before listening: ${this.output.slice(-4000)}`)));
    });
  }

  /** SIGKILL: the process dies at once, whatever it was doing. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** SIGTERM: closes as on a deploy (streams ended, the job in progress requeued, the database closed). */
  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }
}
