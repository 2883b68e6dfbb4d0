import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { systemClock } from '../../shared/clock';
import { promotionSimulatorModule, type SimulatorPromotions } from '.';
import type { PromotionSimulatorRepository } from './promotion-simulator.repository';
import { DemoPromotionSimulator } from './promotion-simulator.service';

// The promotion simulator's switch and timer (docs/marketing.md "Demo simulator"), on fake timers.
const nothingRunning = {
  couponTemplatesToClaim: async () => [],
  skusInStock: async () => [],
  runningGroupBuy: async () => undefined,
  salesInWindow: async () => [],
} as unknown as PromotionSimulatorRepository;
const untouched = new Proxy(
  {},
  {
    get: () => {
      throw new Error('a promotion was called');
    },
  },
) as SimulatorPromotions;

describe('promotion simulator switch', () => {
  const db = {} as Kysely<StoreDatabase>;
  const routesWith = (env: NodeJS.ProcessEnv) => promotionSimulatorModule({ db, clock: systemClock, promotions: untouched, env }).routes.map((route) => route.path);

  it('has its lifecycle route only when the orders simulator switch is on, never in production', () => {
    expect(routesWith({})).toEqual([]);
    expect(routesWith({ DEMO_ORDER_SIMULATOR: '0' })).toEqual([]);
    expect(routesWith({ DEMO_ORDER_SIMULATOR: '1', NODE_ENV: 'production' })).toEqual([]);
    expect(routesWith({ DEMO_ORDER_SIMULATOR: '1' })).toEqual(['(demo promotion simulator)']);
  });
});

describe('promotion simulator timer', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('ticks half an interval in, then every interval, and not after stop', async () => {
    const simulator = new DemoPromotionSimulator(nothingRunning, untouched, systemClock, { intervalSeconds: 10 });
    const runOnce = jest.spyOn(simulator, 'runOnce');
    const log = { debug: jest.fn(), error: jest.fn() };
    simulator.start(log);
    await jest.advanceTimersByTimeAsync(4_999);
    expect(runOnce).toHaveBeenCalledTimes(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(runOnce).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(20_000);
    expect(runOnce).toHaveBeenCalledTimes(3);
    await simulator.stop();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(runOnce).toHaveBeenCalledTimes(3);
    // Nothing running: each step skipped at debug, no error.
    expect(log.debug).toHaveBeenCalledTimes(3);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logs a failed tick as an error and keeps ticking', async () => {
    const simulator = new DemoPromotionSimulator(nothingRunning, untouched, systemClock, { intervalSeconds: 10 });
    jest.spyOn(simulator, 'runOnce').mockRejectedValue(new Error('connection lost'));
    const log = { debug: jest.fn(), error: jest.fn() };
    simulator.start(log);
    await jest.advanceTimersByTimeAsync(15_000);
    await simulator.stop();
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith('demo promotion simulator: a tick failed', expect.any(Error));
  });
});
