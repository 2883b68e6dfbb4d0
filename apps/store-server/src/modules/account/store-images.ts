import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../http/route';
// A type-only import: the account module reaches the media library through the face it is handed, so loading it
// never loads the media module's routes and their ESM-only dependencies (file-type).
import type { MediaFileUrls } from '../media';

/**
 * Stored image URLs → URLs signed now, for the caller's store and address (docs/merchant-centre.md "Images of the
 * shop profile"). Only the store's own library files are in the answer; other URLs are answered as stored.
 */
export type FreshStoredUrls = (urls: readonly string[]) => Promise<Map<string, string>>;

/** No media module (unit wiring): stored URLs are answered as they are. */
export const keepStoredUrls: FreshStoredUrls = async () => new Map();

/** The one signer of the module's routes: the caller's own library files, signed for the address the browser called. */
export function storeImageSigner(media: MediaFileUrls | undefined, caller: Caller, request: FastifyRequest): FreshStoredUrls {
  return media ? (urls) => media.freshUrlsOfStoredUrls(caller.storeId, urls, request) : keepStoredUrls;
}

const stringsOf = (value: unknown): string[] => (typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * Copies of stored shop-profile records (store_info, a draft, a change's fields) with every library URL signed afresh:
 * top-level strings and strings in top-level arrays, whatever the field is called, so an image field added later is
 * covered too. One lookup for all the records.
 */
export async function withFreshImages<T extends Record<string, unknown>>(records: readonly T[], fresh: FreshStoredUrls): Promise<T[]> {
  const urls = new Set(records.flatMap((record) => Object.values(record).flatMap(stringsOf)));
  if (urls.size === 0 || fresh === keepStoredUrls) return [...records];
  const signed = await fresh([...urls]);
  if (signed.size === 0) return [...records];
  const swap = (value: unknown): unknown => {
    if (typeof value === 'string') return signed.get(value) ?? value;
    return Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? (signed.get(item) ?? item) : item)) : value;
  };
  return records.map((record) => Object.fromEntries(Object.entries(record).map(([field, value]) => [field, swap(value)])) as T);
}

/** One record with its library URLs signed afresh. */
export async function withFreshImagesOf<T extends Record<string, unknown>>(record: T, fresh: FreshStoredUrls): Promise<T> {
  return (await withFreshImages([record], fresh))[0]!;
}
