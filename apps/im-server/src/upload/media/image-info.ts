import sharp from 'sharp';
import { mediaError } from './media-error';

/**
 * Sniffed types the object store processes as images: what sharp's bundled libvips decodes. HEIC (HEVC) is
 * not among them: sharp's prebuilt binaries decode AVIF only.
 */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/tiff': 'tiff',
};

/** Decoded images are refused above 50 megapixels (a decompression bomb costs no more than that). */
export const IMAGE_PIXEL_LIMIT = 50_000_000;

/** §7 "GET {file}?imageInfo returns Width, Height, Orientation, Type, Size". */
export interface ImageInfo {
  /** As stored (before EXIF orientation is applied). */
  Width: number;
  Height: number;
  /** The EXIF orientation, 1 when there is none. */
  Orientation: number;
  /** The format sharp reads: jpeg, png, webp, gif, avif (heif), tiff. */
  Type: string;
  /** The object's size in bytes. */
  Size: number;
}

/** Reads the header only (sharp's metadata does not decode pixels). */
export async function imageInfo(bytes: Buffer): Promise<ImageInfo> {
  const metadata = await sharp(bytes).metadata().catch(() => {
    throw mediaError('BAD_IMAGE', 'the image could not be read');
  });
  if (!metadata.width || !metadata.height) throw mediaError('BAD_IMAGE', 'the image has no size');
  return {
    Width: metadata.width,
    Height: metadata.height,
    Orientation: metadata.orientation ?? 1,
    Type: metadata.format === 'heif' ? 'avif' : String(metadata.format),
    Size: bytes.length,
  };
}
