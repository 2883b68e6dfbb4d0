import { DEFAULT_LIST_PATH, WATERMARK_LIST_PATH } from '../constants';
import { MediaLibraryError } from '../errors';

/** console-spec §7: a picker with a watermark or an imgSize limit works in '/watermark', else '/noWatermark'. */
export function libraryPathFor(options: { watermark?: string | boolean; imgSize?: number }): string {
  return options.watermark || options.imgSize !== undefined ? WATERMARK_LIST_PATH : DEFAULT_LIST_PATH;
}

export interface WatermarkStamp {
  x: number;
  y: number;
}

/**
 * Where to stamp the text, in a coordinate system centred on the image and rotated by the stamp
 * angle: a staggered grid large enough to cover the image's diagonal, so the rotated rows reach
 * every corner (console-spec §9: stamped diagonally and repeatedly).
 */
export function watermarkStamps(width: number, height: number, stepX: number, stepY: number): WatermarkStamp[] {
  if (!(width > 0 && height > 0 && stepX > 0 && stepY > 0)) return [];
  const half = Math.ceil(Math.hypot(width, height) / 2);
  const stamps: WatermarkStamp[] = [];
  let row = 0;
  for (let y = -half; y <= half; y += stepY, row++) {
    const offset = row % 2 === 0 ? 0 : stepX / 2;
    for (let x = -half - offset; x <= half; x += stepX) stamps.push({ x, y });
  }
  return stamps;
}

export interface WatermarkOptions {
  /** Degrees; −30 reads bottom-left to top-right. */
  angle?: number;
  /** The output format; defaults to the input's when it is png, jpeg or webp, else png. */
  type?: string;
}

const KEPT_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * Stamps `text` diagonally and repeatedly across an image with OffscreenCanvas: meant to run in the
 * media worker, so large photos never block the page. Browser (worker or page) only.
 */
export async function watermarkImage(blob: Blob, text: string, options: WatermarkOptions = {}): Promise<Blob> {
  if (typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap !== 'function') {
    throw new MediaLibraryError('WATERMARK_FAILED', 'this browser cannot draw watermarks off the main thread');
  }
  try {
    const bitmap = await createImageBitmap(blob);
    const { width, height } = bitmap;
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    const fontSize = Math.max(12, Math.round(Math.min(width, height) / 14));
    context.font = `${fontSize}px sans-serif`;
    context.textBaseline = 'middle';
    context.fillStyle = 'rgba(255, 255, 255, 0.45)';
    context.strokeStyle = 'rgba(0, 0, 0, 0.25)';
    context.lineWidth = Math.max(1, fontSize / 16);
    context.translate(width / 2, height / 2);
    context.rotate(((options.angle ?? -30) * Math.PI) / 180);
    const textWidth = context.measureText(text).width;
    for (const { x, y } of watermarkStamps(width, height, textWidth + fontSize * 3, fontSize * 4)) {
      context.strokeText(text, x, y);
      context.fillText(text, x, y);
    }
    const type = options.type ?? (KEPT_TYPES.includes(blob.type) ? blob.type : 'image/png');
    return await canvas.convertToBlob({ type, quality: 0.92 });
  } catch (error) {
    throw new MediaLibraryError('WATERMARK_FAILED', 'could not stamp the watermark', { cause: error });
  }
}
