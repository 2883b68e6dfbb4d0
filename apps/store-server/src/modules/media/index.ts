import { MEDIA_OBJECT_KEY_PARAM } from '@merchant/api-contracts';
import { MEDIA_OBJECT_PATH } from '@merchant/media-library';
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
  /** Stored library URLs → the same objects signed now (freshUrlsOfStoredUrls); other URLs are absent. */
  freshUrlsOfStoredUrls(storeId: number, urls: readonly string[], request: FastifyRequest): Promise<Map<string, string>>;
}

/**
 * One store file's URL signed afresh by object key (the IM avatar, console-spec §3 avatar object); '' when there
 * is no key or the store has no such file (any longer), so a deleted avatar shows as none rather than a dead link.
 */
export async function signedUrlOfKey(media: MediaFileUrls, storeId: number, objectKey: string | null, request: FastifyRequest): Promise<string> {
  if (!objectKey) return '';
  return (await media.signedUrlsOfKeys(storeId, [objectKey], request)).get(objectKey) ?? '';
}

/**
 * The object key named by a URL of this library's signed-object path (`…/v1/store/media/objects/get?key=…`), or null
 * for anything else: an outside address, a site path such as `/static/demo/…`, not a URL at all.
 */
export function libraryObjectKeyOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return parsed.pathname === MEDIA_OBJECT_PATH ? parsed.searchParams.get(MEDIA_OBJECT_KEY_PARAM) || null : null;
}

/**
 * Stored library URLs signed afresh (the shop profile keeps the URL the picker gave, whose signature lasts 24 h):
 * stored URL → a URL of the same object signed now for the caller's address. Only files of the store's own library
 * are in the answer; any other URL (outside, `/static/…`, another store's key, a file deleted since) is absent, and
 * the caller answers it as stored.
 */
export async function freshUrlsOfStoredUrls(media: Pick<MediaFileUrls, 'signedUrlsOfKeys'>, storeId: number, urls: readonly string[], request: FastifyRequest): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  for (const url of urls) {
    const key = libraryObjectKeyOf(url);
    if (key) keys.set(url, key);
  }
  if (keys.size === 0) return new Map();
  const signed = await media.signedUrlsOfKeys(storeId, [...new Set(keys.values())], request);
  return new Map([...keys].flatMap(([url, key]) => (signed.has(key) ? [[url, signed.get(key)!] as const] : [])));
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
  const signedUrlsOfKeys: MediaFileUrls['signedUrlsOfKeys'] = (storeId, objectKeys, request) =>
    objectKeys.length === 0 ? Promise.resolve(new Map()) : service.signedUrlsOfKeys(storeId, objectKeys, originOf(request));
  const fileUrls: MediaFileUrls = {
    signedUrls: (storeId, fileIds, request) => (fileIds.length === 0 ? Promise.resolve(new Map()) : service.signedUrlsOf(storeId, fileIds, originOf(request))),
    signedUrlsOfKeys,
    freshUrlsOfStoredUrls: (storeId, urls, request) => freshUrlsOfStoredUrls({ signedUrlsOfKeys }, storeId, urls, request),
  };
  return { routes: [...mediaRoutes(service), demoObjects], fileUrls };
}
