import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { mediaConfigFromEnv } from './media.config';
import { MediaRepository } from './media.repository';
import { mediaRoutes, originOf } from './media.routes';
import { ensureDemoMediaObjects } from './media.seed';
import { MediaService } from './media.service';

export { mediaConfigFromEnv } from './media.config';
export { originOf } from './media.routes';
export type { ObjectStorage } from './storage/object-storage';

/** What other modules may ask the media library: fresh signed URLs of a store's own files. */
export interface MediaFileUrls {
  /** fileId → a signed URL reachable from the caller's address; files of other stores (or deleted) are absent. */
  signedUrls(storeId: number, fileIds: readonly number[], request: FastifyRequest): Promise<Map<number, string>>;
}

type MediaDeps = { db: Kysely<StoreDatabase>; clock: Clock; dataDir: string; env?: NodeJS.ProcessEnv };

/** The media library module: its calls, its storage (env-configured) and the demo objects. */
export function mediaModule(deps: MediaDeps): StoreRoute[] {
  return createMediaModule(deps).routes;
}

/** The module's routes and its public face for other modules (goods sign their images by fileId). */
export function createMediaModule(deps: MediaDeps): { routes: StoreRoute[]; fileUrls: MediaFileUrls } {
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
  const fileUrls: MediaFileUrls = {
    signedUrls: (storeId, fileIds, request) => (fileIds.length === 0 ? Promise.resolve(new Map()) : service.signedUrlsOf(storeId, fileIds, originOf(request))),
  };
  return { routes: [...mediaRoutes(service), demoObjects], fileUrls };
}
