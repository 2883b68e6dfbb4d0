import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import { addSeconds, type Clock } from '../../shared/clock';
import { settleDue } from '../ledger';

/** The e2e stack's settlement hook (ENABLE_TEST_HOOKS outside production only, like http/test-hooks.ts). */
export const TEST_SETTLE_PATH = '/__test__/ledger/settle';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * POST /__test__/ledger/settle?storeId=&days=: one store's settlement run as the sweep would make it `days` from now,
 * i.e. with the test server's clock advanced for that store's T+N settlement only (a whole-server clock jump would
 * expire every session of the stack's other specs). Answers the settlements it made.
 */
export function walletTestHookRoutes(db: Kysely<StoreDatabase>, clock: Clock): StoreRoute[] {
  return [
    {
      path: TEST_SETTLE_PATH,
      register(app) {
        app.post<{ Querystring: { storeId?: string; days?: string } }>(TEST_SETTLE_PATH, async (request, reply) => {
          const storeId = Number(request.query.storeId);
          const days = Number(request.query.days ?? 0);
          if (!Number.isSafeInteger(storeId) || storeId <= 0 || !Number.isFinite(days) || days < 0) return reply.code(400).send({ error: 'storeId and days (>= 0) are required' });
          const settlements = await settleDue(db, addSeconds(clock.now(), Math.round(days * DAY_SECONDS)), storeId);
          return { settlements };
        });
      },
    },
  ];
}
