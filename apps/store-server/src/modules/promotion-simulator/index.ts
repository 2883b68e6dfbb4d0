// The demo promotion simulator (issue 28 "Buyer side"; docs/marketing.md "Demo simulator"): while the development
// stack runs, the demo store's buyers claim and use coupons, join group-buy teams and buy in the running
// time-limited sale, through the promotions' own services. Same switch and interval as the orders module's demo
// simulator (DEMO_ORDER_SIMULATOR), never in production.
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { takeTaskTurn } from '../../shared/task-turns';
import { simulatorSettings } from '../orders';
import { PromotionSimulatorRepository } from './promotion-simulator.repository';
import { DemoPromotionSimulator, type SimulatorPromotions } from './promotion-simulator.service';

/** The demo promotion simulator's row in store_task_turn. */
export const DEMO_PROMOTION_SIMULATOR_TASK = 'demo-promotion-simulator';

export { DemoPromotionSimulator, SIMULATOR_STEPS, type SimulatorPromotions, type SimulatorTick } from './promotion-simulator.service';

/** Starts the simulator with the server and stops it before the database closes (no envelope path). */
function simulatorLifecycle(simulator: DemoPromotionSimulator): StoreRoute {
  return {
    path: '(demo promotion simulator)',
    register(app) {
      app.addHook('onReady', async () => {
        simulator.start({
          debug: (message) => app.log.debug(message),
          error: (message, error) => app.log.error({ err: error }, message),
        });
        app.log.info('demo promotion simulator on (DEMO_ORDER_SIMULATOR=0 turns it off)');
      });
      app.addHook('onClose', () => simulator.stop());
    },
  };
}

/** The simulator on the demo store; its lifecycle route only when the demo simulator switch is on. */
export function promotionSimulatorModule(deps: {
  db: Kysely<StoreDatabase>;
  clock: Clock;
  promotions: SimulatorPromotions;
  env?: NodeJS.ProcessEnv;
  storeId?: number;
  /** Names this process in the simulator's turns (config.instanceId). */
  instanceId?: string;
}): {
  routes: StoreRoute[];
  simulator: DemoPromotionSimulator;
} {
  const settings = simulatorSettings(deps.env ?? process.env);
  // One tick per interval across every instance on the database, not one per instance.
  const takeTurn = settings ? () => takeTaskTurn(deps.db, DEMO_PROMOTION_SIMULATOR_TASK, settings.intervalSeconds, deps.instanceId ?? 'store-server') : undefined;
  const simulator = new DemoPromotionSimulator(new PromotionSimulatorRepository(deps.db), deps.promotions, deps.clock, settings ?? { intervalSeconds: 0 }, deps.storeId, takeTurn);
  return { routes: settings ? [simulatorLifecycle(simulator)] : [], simulator };
}
