import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { mediaConfigFromEnv } from './media.config';
import { MediaRepository } from './media.repository';
import { mediaRoutes } from './media.routes';
import { ensureDemoMediaObjects } from './media.seed';
import { MediaService } from './media.service';

/** The media library module: its calls, its storage (env-configured) and the demo objects. */
export function mediaModule(deps: { db: Kysely<StoreDatabase>; clock: Clock; dataDir: string; env?: NodeJS.ProcessEnv }): StoreRoute[] {
  const config = mediaConfigFromEnv(deps.env ?? process.env, deps.dataDir);
  const service = new MediaService(new MediaRepository(deps.db), deps.clock, config);
  const demoObjects: StoreRoute = {
    path: 'media:demo-objects',
    register(app) {
      app.addHook('onReady', async () => {
        await ensureDemoMediaObjects(config.storage);
        app.log.info(`media library stores files in ${config.description}`);
      });
    },
  };
  return [...mediaRoutes(service), demoObjects];
}
