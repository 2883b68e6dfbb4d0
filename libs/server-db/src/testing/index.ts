// Test support for both servers' integration tests that need a server in a process of its own (a node lost for good,
// two instances on one database, a crash between two writes): bundle the app's src/main.ts as it is now, find a free
// port, and start the bundle until it says it listens. Tests only (jest maps `@merchant/server-db/testing` to this
// file); the library's build does not include it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename, join } from 'node:path';
import { build, type Plugin } from 'esbuild';

/** npm packages stay external (resolved from the repo's node_modules); workspace sources are bundled, as tsup does. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@merchant/') ? undefined : { path: args.path, external: true }));
  },
};

const bundles = new Map<string, Promise<string>>();

/**
 * Bundles `<appDir>/src/main.ts` as it is now (not a dist another run may be rebuilding), once per test process,
 * into the repo's node_modules/.cache (inside the repo, so the external packages resolve).
 */
export function bundleServerEntry(appDir: string): Promise<string> {
  let bundle = bundles.get(appDir);
  if (!bundle) {
    bundle = (async () => {
      const outdir = join(appDir, '..', '..', 'node_modules', '.cache', `${basename(appDir)}-child`);
      mkdirSync(outdir, { recursive: true });
      const outfile = join(outdir, `main-${process.pid}.mjs`);
      await build({
        entryPoints: [join(appDir, 'src', 'main.ts')],
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'esm',
        outfile,
        tsconfig: join(appDir, 'tsconfig.json'),
        plugins: [externalPackages],
        logLevel: 'error',
      });
      return outfile;
    })();
    bundles.set(appDir, bundle);
  }
  return bundle;
}

/** A port nothing listens on now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ChildServerOptions {
  /** The bundle from bundleServerEntry. */
  entry: string;
  /** The whole environment: only PATH is passed on from the test's own. */
  env: Record<string, string>;
  /** The line the server logs once it listens. */
  readyText: string;
  /** Names the server in the error when it exits before listening. */
  name: string;
}

/** A server process started from a bundle; its output is kept for the test's error messages. */
export class ChildServerProcess {
  private child: ChildProcess | undefined;
  output = '';

  constructor(private readonly options: ChildServerOptions) {}

  /** Resolves once the server logged readyText; rejects, with its output, if it exits first. */
  async start(): Promise<void> {
    const { entry, env, readyText, name } = this.options;
    const child = spawn(process.execPath, [entry], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        this.output += chunk.toString();
        if (this.output.includes(readyText)) resolve();
      });
      child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
      child.once('exit', (code, signal) => reject(new Error(`${name} exited (${code ?? signal}) before listening: ${this.output.slice(-4000)}`)));
    });
  }

  /** Sends the signal (SIGKILL: dies at once, whatever it was doing) and waits for the exit. */
  async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }
}
