// Types for the plain-JS launcher shared with `npm start`.
declare module '../tools/stack.mjs' {
  export function startStack(options?: {
    ports?: Partial<Record<'store' | 'im' | 'console' | 'frame', number>>;
    dataDir?: string;
    quiet?: boolean;
    imTokenSecret?: string;
    env?: Record<string, string>;
    apiBase?: string;
  }): Promise<{ urls: Record<'store' | 'im' | 'console' | 'frame', string>; stop(): Promise<void> }>;
  export const root: string;
  /** Starts a service process; `quiet` keeps its last lines in `logTail` for start-up errors. */
  export function spawnService(command: string, args: string[], env: NodeJS.ProcessEnv, options: { quiet: boolean }): import('node:child_process').ChildProcess;
  /** Polls `url` until `ready(response)` (default: a 2xx), failing at once if `child` exits. */
  export function waitForHealth(
    url: string,
    child: import('node:child_process').ChildProcess,
    name: string,
    options?: { timeoutMs?: number; ready?: (response: Response) => boolean | Promise<boolean> },
  ): Promise<void>;
  /** SIGTERM, then SIGKILL after 8 s; resolves once the process has exited. */
  export function stopChild(child: import('node:child_process').ChildProcess | undefined): Promise<void>;
  export const DEMO_SIGN_IN: { userName: string; password: string };
}
