import sharp, { type FormatEnum, type Sharp } from 'sharp';
import { SYNC_THUMBNAIL_LIMIT, type ImageOperation } from '../../protocol';
import { IMAGE_PIXEL_LIMIT } from './image-info';
import { mediaError } from './media-error';

/**
 * Applies the operations of `?imageView&…` (docs/im-upload.md "Media") with sharp, in the order given.
 *
 * - The image is first turned upright by its EXIF orientation, so crop, rotate and thumbnail act on the
 *   picture as it is seen; the result's orientation is 1.
 * - Metadata (EXIF, ICC, XMP) is kept unless `stripmeta=1`; sharp would drop it by default.
 * - `quality` and `interlace` are options of the final encoding, wherever they stand in the query.
 * - Every other operation is its own sharp pass (sharp's single pipeline has a fixed order of its own); the
 *   passes hand over a lossless, uncompressed PNG that carries the metadata.
 * - The output keeps the input's format; an animated GIF keeps its first frame only.
 */

/** No side of a result may exceed this (§5's synchronous thumbnail limit); larger is refused. */
export const MAX_OUTPUT_SIDE = SYNC_THUMBNAIL_LIMIT;

const QUALITY_FORMATS = new Set(['jpeg', 'webp', 'avif', 'heif', 'tiff']);
const INTERLACE_FORMATS = new Set(['jpeg', 'png', 'gif']);
const CONTENT_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heif: 'image/avif',
  avif: 'image/avif',
  tiff: 'image/tiff',
};

type Geometric = Extract<ImageOperation, { type: 'blur' | 'crop' | 'rotate' | 'thumbnail' }>;

export interface ProcessedImage {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

const open = (bytes: Buffer): Sharp => sharp(bytes, { limitInputPixels: IMAGE_PIXEL_LIMIT, failOn: 'error' });

export async function processImage(input: Buffer, operations: readonly ImageOperation[]): Promise<ProcessedImage> {
  const source = await decoded(() => sharp(input).metadata());
  if (!source.width || !source.height || !source.format) throw mediaError('BAD_IMAGE', 'the image could not be read');
  if (source.width * source.height > IMAGE_PIXEL_LIMIT) {
    throw mediaError('IMAGE_TOO_LARGE', `the image has ${source.width}x${source.height} pixels; images above ${IMAGE_PIXEL_LIMIT} pixels are not processed`);
  }
  let strip = false;
  let quality: number | undefined;
  let interlace = false;
  let current = input;
  let upright = false;
  for (const operation of operations) {
    if (operation.type === 'stripmeta') strip = operation.strip ?? true;
    else if (operation.type === 'quality') quality = Math.round(operation.quality);
    else if (operation.type === 'interlace') interlace = operation.interlace ?? true;
    else {
      if (!upright) {
        current = await decoded(() => open(current).autoOrient().keepMetadata().png({ compressionLevel: 0 }).toBuffer());
        upright = true;
      }
      current = await applyStep(current, operation);
    }
  }
  const format = source.format === 'heif' ? 'avif' : source.format;
  let output = open(current).autoOrient();
  // JPEG has no alpha: transparent corners (an odd rotation) become white, not black.
  if (format === 'jpeg') output = output.flatten({ background: '#ffffff' });
  if (!strip) output = output.keepMetadata();
  output = output.toFormat(format as keyof FormatEnum, {
    ...(quality !== undefined && QUALITY_FORMATS.has(format) ? { quality: Math.max(1, quality) } : {}),
    ...(interlace && INTERLACE_FORMATS.has(format) ? { progressive: true } : {}),
  });
  const { data, info } = await decoded(() => output.toBuffer({ resolveWithObject: true }));
  return { bytes: data, contentType: CONTENT_TYPES[format] ?? 'application/octet-stream', width: info.width, height: info.height };
}

async function applyStep(bytes: Buffer, operation: Geometric): Promise<Buffer> {
  const { width = 0, height = 0 } = await decoded(() => sharp(bytes).metadata());
  let step = open(bytes).keepMetadata();
  switch (operation.type) {
    case 'blur':
      step = step.blur(blurSigma(operation.radius, operation.sigma));
      break;
    case 'crop': {
      const left = Math.floor(operation.x);
      const top = Math.floor(operation.y);
      if (left >= width || top >= height) {
        throw mediaError('PARAM_ERROR', `crop ${operation.x}_${operation.y}_${operation.width}_${operation.height} starts outside the ${width}x${height} image`);
      }
      // A side of 0 runs to the edge; a side past the edge is clipped to it.
      const side = (wanted: number, room: number) => (wanted === 0 ? room : Math.min(Math.max(1, Math.round(wanted)), room));
      step = step.extract({ left, top, width: side(operation.width, width - left), height: side(operation.height, height - top) });
      break;
    }
    case 'rotate': {
      if (operation.angle === 0) return bytes;
      const box = rotatedBox(width, height, operation.angle);
      checkSides(box.width, box.height);
      // A right angle is exact; any other fills the corners with transparency (white where there is no alpha).
      step = step.rotate(operation.angle, { background: { r: 255, g: 255, b: 255, alpha: 0 } });
      break;
    }
    case 'thumbnail': {
      checkSides(operation.width ?? 0, operation.height ?? 0);
      step = thumbnail(step, operation, width, height);
      break;
    }
  }
  const { data, info } = await decoded(() => step.png({ compressionLevel: 0 }).toBuffer({ resolveWithObject: true }));
  checkSides(info.width, info.height);
  return data;
}

function thumbnail(step: Sharp, operation: Extract<ImageOperation, { type: 'thumbnail' }>, width: number, height: number): Sharp {
  const box = { width: operation.width, height: operation.height, withoutEnlargement: true };
  // §9: cover z (the whole box covered, nothing cut), contain x (fits inside the box), crop y (covers, then cut to the box).
  if (operation.mode === 'contain') return step.resize({ ...box, fit: 'inside' });
  if (operation.mode === 'cover') return step.resize({ ...box, fit: 'outside' });
  // Crop: the scale of 'outside', then the box cut at the axis (0 left/top edge, 5 centre, 10 right/bottom edge).
  const scale = Math.min(1, Math.max(operation.width! / width, operation.height! / height));
  const scaledWidth = Math.max(1, Math.round(width * scale));
  const scaledHeight = Math.max(1, Math.round(height * scale));
  const cutWidth = Math.min(operation.width!, scaledWidth);
  const cutHeight = Math.min(operation.height!, scaledHeight);
  const axis = operation.axis ?? { x: 5, y: 5 };
  return step.resize({ width: scaledWidth, height: scaledHeight, fit: 'fill' }).extract({
    left: Math.round(((scaledWidth - cutWidth) * (axis.x ?? 5)) / 10),
    top: Math.round(((scaledHeight - cutHeight) * (axis.y ?? 5)) / 10),
    width: cutWidth,
    height: cutHeight,
  });
}

/**
 * §5 gives blur a radius (1–50) and a sigma (≥ 0), as ImageMagick's -blur RxS does; sharp takes a sigma only
 * (0.3–1000) and sizes its kernel from it. The Gaussian's sigma is the given one, at most the radius (a kernel
 * of radius r cannot hold a wider bell); a sigma of 0 means "from the radius": r / 2. sharp's floor is 0.3.
 */
export function blurSigma(radius: number, sigma: number): number {
  const wanted = sigma > 0 ? Math.min(sigma, radius) : radius / 2;
  return Math.max(0.3, wanted);
}

function rotatedBox(width: number, height: number, angle: number): { width: number; height: number } {
  const radians = (angle * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return { width: Math.round(width * cos + height * sin), height: Math.round(width * sin + height * cos) };
}

function checkSides(width: number, height: number): void {
  if (width > MAX_OUTPUT_SIDE || height > MAX_OUTPUT_SIDE) {
    throw mediaError('IMAGE_TOO_LARGE', `the result would be ${Math.round(width)}x${Math.round(height)}; at most ${MAX_OUTPUT_SIDE} per side`);
  }
}

/** sharp's own failures (a corrupt or truncated image, the pixel limit) become a clear 400. */
async function decoded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw mediaError('IMAGE_TOO_LARGE', `images above ${IMAGE_PIXEL_LIMIT} pixels are not processed`);
    }
    throw mediaError('BAD_IMAGE', `the image could not be processed (${error instanceof Error ? error.message : String(error)})`);
  }
}
