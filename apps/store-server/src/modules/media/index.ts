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
  /** objectKey → a signed URL reachable from the caller's address; keys of other stores' (or deleted) files are absent. */
  signedUrlsOfKeys(storeId: number, objectKeys: readonly string[], request: FastifyRequest): Promise<Map<string, string>>;
}

/**
 * One store file's URL signed afresh by object key (the IM avatar, console-spec §3 avatar object); '' when there
 * is no key or the store has no such file (any longer), so a deleted avatar shows as none rather than a dead link.
 */
export async function signedUrlOfKey(media: MediaFileUrls, storeId: number, objectKey: string | null, request: FastifyRequest): Promise<string> {
  if (!objectKey) return '';
  return (await media.signedUrlsOfKeys(storeId, [objectKey], request)).get(objectKey) ?? '';
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
    signedUrlsOfKeys: (storeId, objectKeys, request) =>
      objectKeys.length === 0 ? Promise.resolve(new Map()) : service.signedUrlsOfKeys(storeId, objectKeys, originOf(request)),
  };
  return { routes: [...mediaRoutes(service), demoObjects], fileUrls };
}
