import { ImError, ImErrorName } from '../errors';

// Image operations of im-client-spec §3 and §5 "Image processing" (issue 13): each checked, normalised,
// and written as the object store's query (docs/im-upload.md "Image operations").

export type ThumbnailMode = 'cover' | 'contain' | 'crop';

export type ImageOperation =
  | { type: 'stripmeta'; strip?: boolean }
  | { type: 'quality'; quality: number }
  | { type: 'blur'; radius: number; sigma: number }
  | { type: 'crop'; x: number; y: number; width: number; height: number }
  | { type: 'rotate'; angle: number }
  | { type: 'thumbnail'; mode: ThumbnailMode; width?: number; height?: number; axis?: { x?: number; y?: number } }
  | { type: 'interlace'; interlace?: boolean };

export const IMAGE_OPERATION_TYPES = ['stripmeta', 'quality', 'blur', 'crop', 'rotate', 'thumbnail', 'interlace'] as const;

/** §9: "Thumbnail modes: cover z, contain x, crop y". */
export const THUMBNAIL_MODE_CODES: Record<ThumbnailMode, 'z' | 'x' | 'y'> = { cover: 'z', contain: 'x', crop: 'y' };

/** §5: crop axis x and y run 0 to 10, default 5 (the centre). */
export const DEFAULT_CROP_AXIS = 5;

/** §5: synchronous thumbnails only below 4096 on both sides. */
export const SYNC_THUMBNAIL_LIMIT = 4096;

function paramError(message: string): ImError {
  return new ImError(ImErrorName.Param_Error, message, { code: 414 });
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function numberIn(value: unknown, name: string, min: number, max = Number.POSITIVE_INFINITY): number {
  if (!isNumber(value) || value < min || value > max) {
    throw paramError(max === Number.POSITIVE_INFINITY ? `${name} must be a number of at least ${min}` : `${name} must be a number from ${min} to ${max}`);
  }
  return value;
}

function optionalSide(value: unknown, name: string): number | undefined {
  if (value === undefined || value === 0) return undefined;
  return numberIn(value, name, 0);
}

/** Checks one operation and returns it normalised (rotation modulo 360, crop axis defaults). */
export function checkImageOperation(operation: ImageOperation): ImageOperation {
  if (typeof operation !== 'object' || operation === null) throw paramError('an image operation must be an object');
  switch (operation.type) {
    case 'stripmeta':
      return { type: 'stripmeta', strip: operation.strip ?? true };
    case 'interlace':
      return { type: 'interlace', interlace: operation.interlace ?? true };
    case 'quality':
      return { type: 'quality', quality: numberIn(operation.quality, 'quality', 0, 100) };
    case 'blur':
      return { type: 'blur', radius: numberIn(operation.radius, 'blur radius', 1, 50), sigma: numberIn(operation.sigma, 'blur sigma', 0) };
    case 'crop':
      return {
        type: 'crop',
        x: numberIn(operation.x, 'crop x', 0),
        y: numberIn(operation.y, 'crop y', 0),
        width: numberIn(operation.width, 'crop width', 0),
        height: numberIn(operation.height, 'crop height', 0),
      };
    case 'rotate': {
      if (!isNumber(operation.angle)) throw paramError('rotate angle must be a number');
      return { type: 'rotate', angle: ((operation.angle % 360) + 360) % 360 };
    }
    case 'thumbnail':
      return checkThumbnail(operation);
    default:
      throw paramError(`image operation type must be one of ${IMAGE_OPERATION_TYPES.join(', ')}`);
  }
}

function checkThumbnail(operation: Extract<ImageOperation, { type: 'thumbnail' }>): ImageOperation {
  if (!(operation.mode in THUMBNAIL_MODE_CODES)) throw paramError('thumbnail mode must be one of cover, contain, crop');
  const width = optionalSide(operation.width, 'thumbnail width');
  const height = optionalSide(operation.height, 'thumbnail height');
  if (operation.mode === 'contain') {
    if (width === undefined && height === undefined) throw paramError('a contain thumbnail needs a width or a height');
  } else if (width === undefined || height === undefined) {
    throw paramError(`a ${operation.mode} thumbnail needs both width and height`);
  }
  const checked: Extract<ImageOperation, { type: 'thumbnail' }> = { type: 'thumbnail', mode: operation.mode, width, height };
  if (operation.mode === 'crop') {
    checked.axis = {
      x: operation.axis?.x === undefined ? DEFAULT_CROP_AXIS : numberIn(operation.axis.x, 'crop axis x', 0, 10),
      y: operation.axis?.y === undefined ? DEFAULT_CROP_AXIS : numberIn(operation.axis.y, 'crop axis y', 0, 10),
    };
  }
  return checked;
}

/** §5: a thumbnail is made synchronously only when both sides are below 4096 and one is above 0. */
export function isSyncThumbnail(width: number | undefined, height: number | undefined): boolean {
  const w = width ?? 0;
  const h = height ?? 0;
  return w < SYNC_THUMBNAIL_LIMIT && h < SYNC_THUMBNAIL_LIMIT && (w > 0 || h > 0);
}

/**
 * The query that asks the object store for the processed image: `imageView` and one parameter per
 * operation, in the order given (docs/im-upload.md). Every operation is checked first.
 */
export function imageOperationsQuery(operations: readonly ImageOperation[]): string {
  if (!Array.isArray(operations) || operations.length === 0) throw paramError('at least one image operation is required');
  const parts = ['imageView'];
  for (const operation of operations.map(checkImageOperation)) {
    switch (operation.type) {
      case 'stripmeta':
        parts.push(`stripmeta=${operation.strip ? 1 : 0}`);
        break;
      case 'interlace':
        parts.push(`interlace=${operation.interlace ? 1 : 0}`);
        break;
      case 'quality':
        parts.push(`quality=${Math.round(operation.quality)}`);
        break;
      case 'blur':
        parts.push(`blur=${operation.radius}x${operation.sigma}`);
        break;
      case 'crop':
        parts.push(`crop=${operation.x}_${operation.y}_${operation.width}_${operation.height}`);
        break;
      case 'rotate':
        parts.push(`rotate=${operation.angle}`);
        break;
      case 'thumbnail': {
        parts.push(`thumbnail=${operation.width ?? 0}${THUMBNAIL_MODE_CODES[operation.mode]}${operation.height ?? 0}`);
        if (operation.axis) parts.push(`axis=${operation.axis.x}_${operation.axis.y}`);
        break;
      }
    }
  }
  return parts.join('&');
}

/** An object's http(s) URL with `query` appended (after `&` when it already has a query, e.g. a read token). */
export function objectUrlWithQuery(url: string, query: string): string {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) throw paramError('url must be an http(s) address');
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** The processed image's address: the object's URL with the operations' query. */
export function processedImageUrl(url: string, operations: readonly ImageOperation[]): string {
  return objectUrlWithQuery(url, imageOperationsQuery(operations));
}

/** At most this many operations in one query, so one request cannot ask for unbounded work. */
export const MAX_IMAGE_OPERATIONS = 16;

const UNSIGNED = /^\d+(\.\d+)?$/;
const SIGNED = /^-?\d+(\.\d+)?$/;
// A malformed number becomes NaN, so checkImageOperation answers with its own §5 message.
const numberOf = (text: string | undefined, pattern = UNSIGNED): number => (text !== undefined && pattern.test(text) ? Number(text) : Number.NaN);
const THUMBNAIL_MODES_BY_CODE: Record<string, ThumbnailMode> = { z: 'cover', x: 'contain', y: 'crop' };

function flagOf(name: string, value: string | undefined): boolean {
  if (value === '1') return true;
  if (value === '0') return false;
  throw paramError(`${name} must be 0 or 1`);
}

/**
 * Reads the query `imageOperationsQuery` writes (without the leading '?') back into checked operations, in
 * the order given: what the object store serves for `?imageView&…`. Anything else in the query is refused
 * with a Param_Error naming it, so a typo never silently returns the unprocessed image.
 */
export function parseImageOperations(query: string): ImageOperation[] {
  if (typeof query !== 'string') throw paramError('the image query must be a string');
  const parts = query.split('&').filter((part) => part !== '');
  let decoded: Array<[string, string | undefined]>;
  try {
    decoded = parts.map((part) => {
      const at = part.indexOf('=');
      const name = decodeURIComponent(at < 0 ? part : part.slice(0, at));
      return [name, at < 0 ? undefined : decodeURIComponent(part.slice(at + 1).replace(/\+/g, ' '))];
    });
  } catch {
    throw paramError('the image query is not well-formed');
  }
  if (decoded[0]?.[0] !== 'imageView' || (decoded[0][1] !== undefined && decoded[0][1] !== '')) throw paramError('the image query must start with imageView');
  const operations: ImageOperation[] = [];
  for (const [name, value] of decoded.slice(1)) {
    switch (name) {
      case 'stripmeta':
        operations.push({ type: 'stripmeta', strip: flagOf(name, value) });
        break;
      case 'interlace':
        operations.push({ type: 'interlace', interlace: flagOf(name, value) });
        break;
      case 'quality':
        operations.push({ type: 'quality', quality: numberOf(value) });
        break;
      case 'rotate':
        operations.push({ type: 'rotate', angle: numberOf(value, SIGNED) });
        break;
      case 'blur': {
        const [radius, sigma, extra] = (value ?? '').split('x');
        if (sigma === undefined || extra !== undefined) throw paramError('blur must be written radiusxsigma, e.g. blur=3x1.5');
        operations.push({ type: 'blur', radius: numberOf(radius), sigma: numberOf(sigma) });
        break;
      }
      case 'crop': {
        const sides = (value ?? '').split('_');
        if (sides.length !== 4) throw paramError('crop must be written x_y_width_height, e.g. crop=1_2_30_40');
        const [x, y, width, height] = sides.map((side) => numberOf(side));
        operations.push({ type: 'crop', x, y, width, height });
        break;
      }
      case 'thumbnail': {
        const match = /^([^xyz]*)([xyz])([^xyz]*)$/.exec(value ?? '');
        if (!match) throw paramError('thumbnail must be written width, mode code (z cover, x contain, y crop), height, e.g. thumbnail=200y100');
        operations.push({ type: 'thumbnail', mode: THUMBNAIL_MODES_BY_CODE[match[2]], width: numberOf(match[1]), height: numberOf(match[3]) });
        break;
      }
      case 'axis': {
        const previous = operations[operations.length - 1];
        if (previous?.type !== 'thumbnail' || previous.mode !== 'crop' || previous.axis) throw paramError('axis must follow a crop thumbnail (thumbnail=…y…)');
        const sides = (value ?? '').split('_');
        if (sides.length !== 2) throw paramError('axis must be written x_y, e.g. axis=2_5');
        previous.axis = { x: numberOf(sides[0]), y: numberOf(sides[1]) };
        break;
      }
      default:
        throw paramError(`unknown image operation ${name} (expected ${IMAGE_OPERATION_TYPES.join(', ')} or axis)`);
    }
    if (operations.length > MAX_IMAGE_OPERATIONS) throw paramError(`at most ${MAX_IMAGE_OPERATIONS} image operations`);
  }
  if (operations.length === 0) throw paramError('at least one image operation is required');
  return operations.map(checkImageOperation);
}
