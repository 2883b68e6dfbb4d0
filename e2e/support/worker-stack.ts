// Which stack a Playwright worker talks to. global-setup.ts starts one stack per worker and records each
// one's addresses as E2E_CONSOLE_URL_<n> …; a worker's tests read the plain E2E_CONSOLE_URL …, which
// `useStackOfThisWorker` (called from playwright.config.ts, which every worker process loads after
// Playwright has set TEST_PARALLEL_INDEX) points at stack n. Workers are started after the global set-up,
// so they inherit the numbered names; TEST_PARALLEL_INDEX stays 0..workers-1 when a worker is replaced.
export const STACK_URL_NAMES = ['E2E_CONSOLE_URL', 'E2E_FRAME_URL', 'E2E_STORE_URL', 'E2E_IM_LBS_URL'] as const;

export const stackUrlName = (name: (typeof STACK_URL_NAMES)[number], index: number) => `${name}_${index}`;

export function useStackOfThisWorker(env: NodeJS.ProcessEnv = process.env): void {
  const index = Number(env.TEST_PARALLEL_INDEX ?? 0);
  for (const name of STACK_URL_NAMES) {
    const url = env[stackUrlName(name, index)];
    if (url) env[name] = url;
  }
}
