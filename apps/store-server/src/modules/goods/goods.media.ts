import { GOODS_MEDIA_UNAVAILABLE_URL, type GoodsDetail, type GoodsImage } from '@merchant/api-contracts';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../http/route';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { MediaFileUrls } from '../media';

/**
 * Fresh signed URLs of the caller's store files by id (the media module's public face, bound to the
 * store and the request's address by the routes). Files of another store are never in the answer.
 */
export type SignFileUrls = (fileIds: readonly number[]) => Promise<Map<number, string>>;

/** No media module (unit wiring): stored URLs are answered as they are. */
export const keepStoredUrls: SignFileUrls = async () => new Map();

/**
 * The one signer of the module's routes: the caller's own library files, signed for the address the
 * browser called (docs/goods.md "Images"); without a media module, stored URLs stay.
 */
export function signerFor(media: MediaFileUrls | undefined, caller: Caller, request: FastifyRequest): SignFileUrls {
  return media ? (fileIds) => media.signedUrls(caller.storeId, fileIds, request) : keepStoredUrls;
}

type WithFile = { fileId?: number; objectUrl: string };

/**
 * Goods keep `fileId` + `objectUrl`, but the library's URLs are signed and expire (docs/goods.md
 * "Images"): every read answers a fresh URL signed for the file. A fileId the store does not own
 * (deleted, or another store's) answers GOODS_MEDIA_UNAVAILABLE_URL, never that file's URL.
 */
function resign<T extends WithFile>(item: T, urls: Map<number, string>, signing: boolean): T {
  if (item.fileId === undefined || !signing) return item;
  return { ...item, objectUrl: urls.get(item.fileId) ?? GOODS_MEDIA_UNAVAILABLE_URL };
}

const fileIdsOf = (items: ReadonlyArray<WithFile | null | undefined>) =>
  items.flatMap((item) => (item?.fileId === undefined ? [] : [item.fileId]));

/** The detail (edit, preview, snapshot) with its images, video and detail images signed afresh. */
export async function signGoodsDetail(detail: GoodsDetail, sign: SignFileUrls): Promise<GoodsDetail> {
  const images = (detail.images ?? []) as GoodsImage[];
  const detailImages = (detail.detailImages ?? []) as GoodsImage[];
  const ids = fileIdsOf([...images, ...detailImages, detail.video]);
  if (ids.length === 0) return detail;
  const urls = await sign(ids);
  const signing = sign !== keepStoredUrls;
  return {
    ...detail,
    images: images.map((image) => resign(image, urls, signing)),
    detailImages: detailImages.map((image) => resign(image, urls, signing)),
    video: detail.video ? resign(detail.video, urls, signing) : detail.video,
  };
}

/** List rows with their thumbnail (the first image) signed afresh; `mainFileIds` maps goodsId → fileId. */
export async function signMainImages<Row extends { goodsId: number; mainImageUrl: string }>(
  rows: readonly Row[],
  mainFileIds: Map<number, number>,
  sign: SignFileUrls,
): Promise<Row[]> {
  if (sign === keepStoredUrls || mainFileIds.size === 0) return [...rows];
  const urls = await sign([...mainFileIds.values()]);
  return rows.map((row) => {
    const fileId = mainFileIds.get(row.goodsId);
    return fileId === undefined ? row : { ...row, mainImageUrl: urls.get(fileId) ?? GOODS_MEDIA_UNAVAILABLE_URL };
  });
}

/**
 * Saving goods (draft or submit): every image, detail image and video naming a `fileId` must be a file of
 * the caller's own library; otherwise 10100001 names the ids and nothing is saved.
 */
export async function refuseForeignFiles(
  fields: { images?: ReadonlyArray<WithFile> | null; detailImages?: ReadonlyArray<WithFile> | null; video?: WithFile | null },
  sign: SignFileUrls,
): Promise<void> {
  if (sign === keepStoredUrls) return;
  const ids = [...new Set(fileIdsOf([...(fields.images ?? []), ...(fields.detailImages ?? []), fields.video]))];
  if (ids.length === 0) return;
  const owned = await sign(ids);
  const foreign = ids.filter((id) => !owned.has(id));
  if (foreign.length > 0) {
    throw new StoreError(STORE_CODES.invalidParameter, text(`图片或视频不在本店素材库中：${foreign.join('、')}`, `media files are not in your media library: ${foreign.join(', ')}`));
  }
}
