import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A throwaway `redis-server` of the test's own (no RDB, no AOF: a restart comes back empty, as a
 * Redis without persistence does), so a test can SIGKILL and restart it without touching a shared one.
 */
export class RedisProcess {
  private child: ChildProcess | undefined;
  readonly url: string;

  constructor(readonly port: number) {
    this.url = `redis://127.0.0.1:${port}`;
  }

  /** Resolves once the server accepts connections on its port. */
  async start(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'notice'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('error', (error) => reject(new Error(`redis-server could not start (is it installed?): ${error.message}`)));
      child.once('exit', (code, signal) => reject(new Error(`redis-server exited (${code ?? signal}) before it was ready: ${output}`)));
    });
  }

  /** SIGKILL: gone at once, every connection reset, every key lost. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }
}
