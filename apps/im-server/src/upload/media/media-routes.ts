import type { FastifyReply } from 'fastify';
import { ImError, parseImageOperations } from '../../protocol';
import type { ObjectStore } from '../object-store';
import { IMAGE_TYPES, imageInfo } from './image-info';
import { processImage } from './image-operations';
import { mediaError } from './media-error';
import { isMediaType, mediaInfo } from './media-info';
import { createSlots } from './slots';

/** Images are read whole into memory to be processed; larger ones are refused. */
export const MAX_IMAGE_BYTES = 32 * 1024 * 1024;

/** Images processed at once (the others wait their turn). */
export const IMAGE_SLOTS = 2;
const imageSlot = createSlots(IMAGE_SLOTS);

export interface FinishedObject {
  key: string;
  contentType: string;
  size: number;
}

/**
 * The query without the private object's read tokens (`token=`, `backSourceToken=`, checked by the route
 * before this), so only the media request itself is left to parse.
 */
const withoutToken = (rawQuery: string) => rawQuery.split('&').filter((part) => part !== '' && !part.startsWith('token=') && !part.startsWith('backSourceToken=')).join('&');
const requestOf = (rawQuery: string) => withoutToken(rawQuery).split('&', 1)[0].split('=', 1)[0];

/** Whether the query asks for media information or an image operation rather than the bytes. */
export function isMediaQuery(rawQuery: string): boolean {
  const first = requestOf(rawQuery);
  return first === 'imageInfo' || first === 'vinfo' || first === 'imageView';
}

/**
 * Answers `?imageInfo`, `?vinfo` and `?imageView&…` for a finished object (docs/im-upload.md "Media").
 * Throws UploadError (a 400 with errCode and a message) for anything refused; the route turns it into JSON.
 */
export async function serveMediaQuery(reply: FastifyReply, objects: ObjectStore, object: FinishedObject, rawQuery: string): Promise<unknown> {
  const first = requestOf(rawQuery);
  if (first === 'vinfo') {
    if (!isMediaType(object.contentType)) throw mediaError('UNSUPPORTED_TYPE', `vinfo is for audio and video; this object is ${object.contentType}`);
    return mediaInfo(() => objects.read(object.key), object.contentType, object.size);
  }
  if (!IMAGE_TYPES[object.contentType]) throw mediaError('UNSUPPORTED_TYPE', `${first} is for images (${Object.keys(IMAGE_TYPES).join(', ')}); this object is ${object.contentType}`);
  if (object.size > MAX_IMAGE_BYTES) throw mediaError('IMAGE_TOO_LARGE', `images above ${MAX_IMAGE_BYTES} bytes are not processed`);
  // Parse before reading a byte, so a malformed query costs nothing.
  const operations = first === 'imageView' ? parsed(withoutToken(rawQuery)) : undefined;
  const read = async () => Buffer.from(await objects.head(object.key, object.size));
  if (!operations) return imageInfo(await read());
  // The bytes are read inside the slot too, so waiting requests hold no image in memory.
  const image = await imageSlot(async () => processImage(await read(), operations));
  return reply
    .header('content-type', image.contentType)
    .header('content-length', image.bytes.length)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, max-age=86400')
    .send(image.bytes);
}

function parsed(rawQuery: string) {
  try {
    return parseImageOperations(rawQuery);
  } catch (error) {
    if (error instanceof ImError) throw mediaError('PARAM_ERROR', error.message);
    throw error;
  }
}
