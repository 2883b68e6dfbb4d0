import { ImError, ImErrorName } from '../errors';
import { safeShortUrlProblem } from './nos-rules';

// Upload rules of im-client-spec §5 "Files", §4 "Upload" and §9 "Upload" (issue 13). Pure checks the
// upload layer runs before it asks for a token or sends a byte; the design is docs/im-upload.md.

/** §9: the common (single request) upload maximum, 100 MB. */
export const COMMON_UPLOAD_MAX_BYTES = 104_857_600;
/** §9: chunked uploads send 4 MB chunks. */
export const UPLOAD_CHUNK_BYTES = 4_194_304;
/** §9: the chunked upload maximum. */
export const CHUNK_UPLOAD_MAX_BYTES = 41_943_040_000;
/** §5/§9: the smallest nosSurvivalTime; anything below means "unlimited". */
export const MIN_NOS_SURVIVAL_SECONDS = 86_400;

/** §5: the sources a send or preview call may name; exactly one must be given. */
export const UPLOAD_SOURCE_KEYS = ['dataURL', 'blob', 'fileInput', 'filePath', 'wxFilePath', 'fileObject', 'file'] as const;
export type UploadSourceKey = (typeof UPLOAD_SOURCE_KEYS)[number];

/** The kinds of file a message can carry; 'file' accepts any content. */
export const UPLOAD_FILE_TYPES = ['image', 'audio', 'video', 'file'] as const;
export type UploadFileType = (typeof UPLOAD_FILE_TYPES)[number];

export interface UploadOptions {
  type: UploadFileType;
  maxSize?: unknown;
  commonUpload?: unknown;
  nosSurvivalTime?: unknown;
  [source: string]: unknown;
}

export interface CheckedUploadOptions {
  type: UploadFileType;
  source: UploadSourceKey;
  maxSize: number | undefined;
  /** true: one request (≤ 100 MB); false (default): 4 MB chunks, resumable. */
  commonUpload: boolean;
  /** Seconds the object lives; undefined = unlimited (absent, or below the 86,400 minimum). */
  nosSurvivalTime: number | undefined;
}

function paramError(message: string): ImError {
  return new ImError(ImErrorName.Param_Error, message, { code: 414 });
}

/**
 * §5: exactly one source; maxSize a number; commonUpload a boolean; nosSurvivalTime a number, kept when
 * at least 86,400 s and otherwise unlimited. Throws Param_Error naming the parameter.
 */
export function checkUploadOptions(options: UploadOptions): CheckedUploadOptions {
  if (typeof options !== 'object' || options === null) throw paramError('upload options are required');
  if (!(UPLOAD_FILE_TYPES as readonly string[]).includes(options.type)) throw paramError(`type must be one of ${UPLOAD_FILE_TYPES.join(', ')}`);
  const given = UPLOAD_SOURCE_KEYS.filter((key) => options[key] !== undefined && options[key] !== null);
  if (given.length !== 1) {
    throw paramError(`exactly one of ${UPLOAD_SOURCE_KEYS.join(', ')} is required${given.length > 1 ? ` (got ${given.join(', ')})` : ''}`);
  }
  if (options.maxSize !== undefined && (typeof options.maxSize !== 'number' || !Number.isFinite(options.maxSize) || options.maxSize < 0)) {
    throw paramError('maxSize must be a number');
  }
  if (options.commonUpload !== undefined && typeof options.commonUpload !== 'boolean') throw paramError('commonUpload must be a boolean');
  return {
    type: options.type,
    source: given[0],
    maxSize: options.maxSize as number | undefined,
    commonUpload: (options.commonUpload as boolean | undefined) ?? false,
    nosSurvivalTime: checkNosSurvivalTime(options.nosSurvivalTime),
  };
}

/** §5: "nosSurvivalTime a number of at least 86400 (otherwise unlimited)". */
export function checkNosSurvivalTime(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || Number.isNaN(value)) throw paramError('nosSurvivalTime must be a number');
  return value >= MIN_NOS_SURVIVAL_SECONDS && Number.isFinite(value) ? Math.floor(value) : undefined;
}

/** What the upload layer knows of a chosen file before sending it. */
export interface UploadCandidate {
  /** undefined or 0 when the source holds no file (an empty file input, an empty blob or data URL). */
  size: number | undefined;
  /** MIME type when known (File/Blob), else ''. */
  mimeType?: string;
  /** The file name or path, for its extension when the MIME type is unknown. */
  name?: string;
}

const EXTENSIONS: Record<Exclude<UploadFileType, 'file'>, readonly string[]> = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'heic', 'heif', 'tif', 'tiff', 'ico', 'svg'],
  audio: ['mp3', 'aac', 'm4a', 'wav', 'amr', 'ogg', 'oga', 'opus', 'flac', 'weba'],
  video: ['mp4', 'mov', 'm4v', 'webm', 'ogv', 'avi', 'mkv', '3gp', 'flv', 'wmv'],
};

/** The extension of a name or path, lower case, without the dot; '' when it has none. */
export function fileExtension(name: string | undefined): string {
  if (!name) return '';
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Whether a file is of the wanted kind, by MIME type first and by extension when the type is unknown. */
export function isFileOfType(type: UploadFileType, candidate: Pick<UploadCandidate, 'mimeType' | 'name'>): boolean {
  if (type === 'file') return true;
  const mime = (candidate.mimeType ?? '').toLowerCase();
  if (mime && mime !== 'application/octet-stream') return mime.startsWith(`${type}/`);
  return EXTENSIONS[type].includes(fileExtension(candidate.name));
}

/**
 * §5: an empty source gives No_File_Selected "please select a {type} file"; a file of another kind
 * Wrong_File_Type; above maxSize, or above the maximum of the chosen way (chunked or common),
 * File_Too_Large.
 */
export function checkUploadCandidate(options: CheckedUploadOptions, candidate: UploadCandidate): void {
  if (!candidate.size) throw new ImError(ImErrorName.No_File_Selected, `please select a ${options.type} file`);
  if (!isFileOfType(options.type, candidate)) {
    throw new ImError(ImErrorName.Wrong_File_Type, `${candidate.name || 'the file'} is not ${/^[aeiou]/.test(options.type) ? 'an' : 'a'} ${options.type} file`);
  }
  if (options.maxSize !== undefined && candidate.size > options.maxSize) {
    throw new ImError(ImErrorName.File_Too_Large, `the file is ${candidate.size} bytes, more than maxSize ${options.maxSize}`);
  }
  const [limit, way] = options.commonUpload ? [COMMON_UPLOAD_MAX_BYTES, 'common upload'] : [CHUNK_UPLOAD_MAX_BYTES, 'chunk upload'];
  if (candidate.size > limit) throw new ImError(ImErrorName.File_Too_Large, `the file is ${candidate.size} bytes, more than the ${way} maximum ${limit}`);
}

/** §4/§5: quick transfer is tried only with a known md5 and a size at or above the server's threshold. */
export function shouldQuickTransfer(md5: string | undefined, size: number, threshold: number | undefined): boolean {
  return typeof md5 === 'string' && /^[0-9a-f]{32}$/i.test(md5) && threshold !== undefined && threshold >= 0 && size >= threshold;
}

/** §4: progress in 0.01 % steps (a percentage with two decimals, rounded down so 100 means done). */
export function uploadProgress(loaded: number, total: number): number {
  if (total <= 0) return 100;
  const clamped = Math.min(Math.max(loaded, 0), total);
  return Math.floor((clamped / total) * 10_000) / 100;
}

/** The [start, end) byte range of the next chunk after the server's offset, or undefined when done (§4). */
export function nextChunk(offset: number, size: number, chunkBytes = UPLOAD_CHUNK_BYTES): { start: number; end: number } | undefined {
  if (offset >= size) return undefined;
  return { start: offset, end: Math.min(offset + chunkBytes, size) };
}

/** §8: upload errors read "code (message)", with "unknown" and "unknown error" when either is missing. */
export function uploadErrorText(code: string | number | undefined | null, message: string | undefined | null): string {
  const shownCode = code === undefined || code === null || code === '' ? 'unknown' : String(code);
  return `${shownCode} (${message || 'unknown error'})`;
}

/** §3: an audio file's derived mp3 address (the object store transcodes on this query). */
export function audioMp3Url(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}audioTrans&type=mp3`;
}

/** §5: "Safe short URL must be an http(s) link containing the marker im_url=1". */
export function checkSafeShortUrl(value: unknown): string {
  const problem = safeShortUrlProblem(value);
  if (problem) throw paramError(problem);
  return value as string;
}
