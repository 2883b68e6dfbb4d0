import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { TEST_APP_KEY, TEST_SECRET, wsUrlOf } from './raw-client';

const APP_DIR = join(__dirname, '..', '..');
const REPO_ROOT = join(APP_DIR, '..', '..');

/** npm packages stay external (resolved from the repo's node_modules); workspace sources are bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@merchant/') ? undefined : { path: args.path, external: true }));
  },
};

let built: Promise<string> | undefined;

/** Bundles src/main.ts as it is now (as tsup does for dist), once per test process. */
export function buildServerEntry(): Promise<string> {
  built ??= (async () => {
    // Inside the repo, so the external packages resolve from its node_modules.
    const outdir = join(REPO_ROOT, 'node_modules', '.cache', 'im-server-child');
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
 * The real im-server in its own process (node + the bundled main.ts), so a test can SIGKILL it:
 * no close(), no flush, no goodbye frames. Same port and data on every start.
 */
export class ChildImServer {
  private child: ChildProcess | undefined;
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
    const entry = await buildServerEntry();
    const child = spawn(process.execPath, [entry], {
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        IM_TOKEN_SECRET: TEST_SECRET,
        IM_APP_KEY: TEST_APP_KEY,
        LOG_LEVEL: 'error',
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('im-server listening on')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code, signal) => reject(new Error(`im-server exited (${code ?? signal}) before listening: ${output}`)));
    });
  }

  /** SIGKILL: the process dies at once, whatever it was doing. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    await this.kill();
  }
}
