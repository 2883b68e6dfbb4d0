import { GOODS_MEDIA_UNAVAILABLE_URL, type OrderItem } from '@merchant/api-contracts';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../http/route';
import type { MediaFileUrls } from '../media';
import type { StoredOrderItem } from './orders.repository';

/**
 * Fresh signed URLs of the caller's own library files by id (the media module's public face, bound to the
 * caller's store and the address the browser called); another store's or a deleted file is absent.
 */
export type SignFileUrls = (fileIds: readonly number[]) => Promise<Map<number, string>>;

/** No media module (unit wiring): stored URLs are answered as they are. */
export const keepStoredUrls: SignFileUrls = async () => new Map();

/** The signer of one call: the caller's store, the request's address; without a media module, stored URLs stay. */
export function orderImageSigner(media: MediaFileUrls | undefined, caller: Caller, request: FastifyRequest): SignFileUrls {
  return media ? (fileIds) => media.signedUrls(caller.storeId, fileIds, request) : keepStoredUrls;
}

/**
 * Order lines as answered (docs/orders.md "Item images"): the image copied at placement is a library file,
 * whose stored URL does not load by itself, so every read signs it afresh for the reading store. A file the
 * store does not own (deleted since, or another store's) answers GOODS_MEDIA_UNAVAILABLE_URL, never its URL.
 * A line without a library file (an outside URL) keeps its stored URL.
 */
export async function answeredItems(stored: Map<number, StoredOrderItem[]>, sign: SignFileUrls): Promise<Map<number, OrderItem[]>> {
  const fileIds = [...new Set([...stored.values()].flat().flatMap((item) => (item.imageFileId === null ? [] : [item.imageFileId])))];
  const signing = sign !== keepStoredUrls && fileIds.length > 0;
  const urls = signing ? await sign(fileIds) : new Map<number, string>();
  const answered = new Map<number, OrderItem[]>();
  for (const [orderId, items] of stored) {
    answered.set(
      orderId,
      items.map(({ service: _service, imageFileId, ...item }) =>
        imageFileId === null || !signing ? item : { ...item, imageUrl: urls.get(imageFileId) ?? GOODS_MEDIA_UNAVAILABLE_URL },
      ),
    );
  }
  return answered;
}
