// What the benches that run the real im-server share: a PostgreSQL client for one call, a free loopback
// port, fresh databases dropped afterwards, and child processes started until they print a "ready" line.
// Everything created is remembered, so cleanUp() (in a finally) kills the children and drops the
// databases a failed run left behind.
import { spawn } from 'node:child_process';
import net from 'node:net';
import process from 'node:process';
import pg from 'pg';

/** Runs `fn` with a connected client of `url`, closed after. */
export async function withPg(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A TCP port free on 127.0.0.1 now (the OS picks it). */
export async function freePort() {
  const server = net.createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * Databases on the PostgreSQL server of `pgUrl` and child processes, each tracked until it is dropped
 * or stopped. `cwd` is where children run (the repository root, so their imports resolve).
 */
export function benchResources(pgUrl, cwd) {
  const children = new Set();
  const databases = new Set();
  return {
    /** Creates database `name` and answers its URL. */
    async createDatabase(name) {
      await withPg(pgUrl, (c) => c.query(`CREATE DATABASE ${name}`));
      databases.add(name);
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async dropDatabase(name) {
      await withPg(pgUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name}`));
      databases.delete(name);
    },
    /**
     * Starts `node <script>` with only PATH and `env`, resolves once its output contains `ready`;
     * rejects with its output when it exits first. stop(): SIGTERM, SIGKILL after `stopTimeoutMs`.
     */
    async startChild(script, env, ready, stopTimeoutMs = 15_000) {
      const child = spawn(process.execPath, [script], { cwd, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      children.add(child);
      let output = '';
      await new Promise((resolve, reject) => {
        child.stdout.on('data', (d) => {
          output += d;
          if (output.includes(ready)) resolve();
        });
        child.stderr.on('data', (d) => (output += d));
        child.once('exit', (code, signal) => reject(new Error(`${script} exited (${code ?? signal}) before it was ready:\n${output}`)));
      });
      return {
        child,
        output: () => output,
        async stop() {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
          await exited;
          clearTimeout(timer);
          children.delete(child);
        },
      };
    },
    /** Kills every child still running and drops every database still there. */
    async cleanUp() {
      for (const child of children) child.kill('SIGKILL');
      for (const database of databases) await withPg(pgUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${database}`)).catch(() => {});
    },
  };
}
