import type { StoreRoute } from '../../http/route';
import type { GroupBuysService } from './group-buys.service';

/** The sweep's period in seconds (GROUP_BUY_SWEEP_SECONDS, at least 5), or undefined when off (tests, GROUP_BUY_SWEEPER=0). */
export function sweeperSeconds(env: NodeJS.ProcessEnv): number | undefined {
  if (env.GROUP_BUY_SWEEPER === '0' || (env.NODE_ENV === 'test' && env.GROUP_BUY_SWEEPER !== '1')) return undefined;
  const seconds = Number(env.GROUP_BUY_SWEEP_SECONDS);
  return Number.isFinite(seconds) && seconds >= 5 ? seconds : 30;
}

/**
 * Runs the failed-team sweep on an interval while the server runs (docs/marketing.md "Group buying"); one sweep
 * at a time, and the last one is awaited before the database closes. Tests call GroupBuysService.sweep directly.
 */
export function sweeperLifecycle(service: GroupBuysService, seconds: number, log: (message: string, error: unknown) => void): StoreRoute {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = service
      .sweep()
      .then(
        () => undefined,
        (error: unknown) => log('group-buy sweep failed', error),
      )
      .finally(() => {
        running = undefined;
      });
  };
  return {
    path: '(group-buy sweeper)',
    register(app) {
      app.addHook('onReady', async () => {
        timer = setInterval(tick, seconds * 1000);
        timer.unref();
      });
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await running;
      });
    },
  };
}
