// A picked media-library file as the contracts carry it (`{ fileId?, objectUrl }`, api-contracts
// goodsImageSchema) and as the media picker shows it (LibraryFile): the 'media' field's value and the goods
// release form's images are converted here, in one place.
import { fileSuffix, type LibraryFile } from '@merchant/media-library';
import type { GoodsImage } from '@merchant/api-contracts';

/** A picked file on the wire: the library's id when it has one, and its address. */
export type MediaRef = GoodsImage;

/** The object's file name, from the signed URL's key (or its path). */
export function fileNameFromUrl(objectUrl: string): string {
  try {
    const url = new URL(objectUrl, 'http://local.invalid');
    const key = url.searchParams.get('key') ?? url.pathname;
    return key.slice(key.lastIndexOf('/') + 1) || objectUrl;
  } catch {
    return objectUrl;
  }
}

/** A stored reference → the picker's file (a reference without an id is keyed by its address). */
export function mediaRefToFile(ref: MediaRef): LibraryFile {
  const objectName = fileNameFromUrl(ref.objectUrl);
  return { fileId: ref.fileId ?? ref.objectUrl, objectName, objectUrl: ref.objectUrl, objectSuffix: fileSuffix(objectName) || undefined };
}

/** The picker's file → the reference the contracts take (an id only when it is a library id). */
export function fileToMediaRef(file: LibraryFile): MediaRef {
  const fileId = Number(file.fileId);
  return Number.isInteger(fileId) && fileId > 0 ? { fileId, objectUrl: file.objectUrl } : { objectUrl: file.objectUrl };
}
