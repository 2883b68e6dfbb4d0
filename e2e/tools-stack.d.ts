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
  export const DEMO_SIGN_IN: { userName: string; password: string };
}
