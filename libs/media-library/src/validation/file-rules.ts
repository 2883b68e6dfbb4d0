import {
  ALLOWED_UPLOAD_SUFFIXES,
  DOCUMENT_SUFFIXES,
  IMAGE_SUFFIXES,
  MAX_FILES_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_SECONDS,
  MIN_VIDEO_SECONDS,
  SIZE_LIMITED_IMAGE_SUFFIXES,
  VIDEO_SUFFIXES,
} from '../constants';
import { mediaText, type MediaLocale, type MediaNotice } from '../i18n/messages';

/** Lowercase suffix without the dot; '' when the name has none. */
export function fileSuffix(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isImageName(name: string): boolean {
  return (IMAGE_SUFFIXES as readonly string[]).includes(fileSuffix(name));
}

export function isVideoName(name: string): boolean {
  return (VIDEO_SUFFIXES as readonly string[]).includes(fileSuffix(name));
}

export type FileKind = 'image' | 'video' | keyof typeof DOCUMENT_SUFFIXES | 'other';

/** What a file row shows: a thumbnail for images, otherwise a type icon (console-spec §2). */
export function fileKindOf(name: string): FileKind {
  if (isImageName(name)) return 'image';
  if (isVideoName(name)) return 'video';
  const suffix = fileSuffix(name);
  for (const [kind, suffixes] of Object.entries(DOCUMENT_SUFFIXES) as [FileKind, readonly string[]][]) {
    if (suffixes.includes(suffix)) return kind;
  }
  return 'other';
}

export interface CandidateFile {
  name: string;
  size: number;
}

export interface FileRuleOptions {
  /** Image size limit in MB (console-spec §5 imgSize); no limit when absent. */
  imgSize?: number;
  /** Word used in the size message, e.g. 'cover image'; defaults to the table's 'image'. */
  imgText?: string;
  /** Duration of a video in seconds, when known (read it with readVideoDuration in a browser). */
  videoDurationSeconds?: number;
  /** Language of the default imgText. */
  locale?: MediaLocale;
}

/**
 * What the server accepts for any upload (the same suffixes and size as api-contracts' MEDIA_WIRE_RULES
 * and store-server's upload policy): null when the file may be sent. The server refuses the whole
 * verification when one file breaks these, so a file that does must never be sent.
 */
export function checkUploadableFile(file: CandidateFile): MediaNotice | null {
  const suffix = fileSuffix(file.name);
  if (!suffix) return { key: 'fileTypeMissing' };
  if (!ALLOWED_UPLOAD_SUFFIXES.includes(suffix)) return { key: 'fileTypeNotAllowed', values: { suffix: `.${suffix}` } };
  if (file.size > MAX_UPLOAD_BYTES) return { key: 'fileTooLarge', values: { max: Math.round(MAX_UPLOAD_BYTES / (1024 * 1024)) } };
  return null;
}

/** console-spec §5 media rules for one file, after the server's type and size rules; null when the file may be added. */
export function checkCandidateFile(file: CandidateFile, options: FileRuleOptions = {}): MediaNotice | null {
  const suffix = fileSuffix(file.name);
  if (!ALLOWED_UPLOAD_SUFFIXES.includes(suffix)) return checkUploadableFile(file);
  if (isVideoName(file.name)) {
    if (file.size > MAX_VIDEO_BYTES) return { key: 'videoTooLarge' };
    const duration = options.videoDurationSeconds;
    if (duration !== undefined && (duration < MIN_VIDEO_SECONDS || duration > MAX_VIDEO_SECONDS)) {
      return { key: 'videoDurationOutOfRange' };
    }
    return null;
  }
  const { imgSize } = options;
  if (imgSize !== undefined && file.size / (1024 * 1024) > imgSize) {
    // §5: the format message wins when an over-size file is not one of the size-limited formats.
    if (!(SIZE_LIMITED_IMAGE_SUFFIXES as readonly string[]).includes(fileSuffix(file.name))) {
      return { key: 'imageFormatInvalid' };
    }
    const imgText = options.imgText ?? mediaText('defaultImageText', options.locale);
    return { key: 'imageTooLarge', values: { imgText, imgSize } };
  }
  return checkUploadableFile(file);
}

export interface BatchPlan<F> {
  accepted: F[];
  /** Files beyond the per-upload maximum, dropped without a message (console-spec §5). */
  dropped: F[];
}

/** Keeps only as many newly chosen files as still fit into the pending list. */
export function planFileBatch<F>(chosen: readonly F[], pendingCount: number, maxFiles = MAX_FILES_PER_UPLOAD): BatchPlan<F> {
  const room = Math.max(0, maxFiles - pendingCount);
  return { accepted: chosen.slice(0, room), dropped: chosen.slice(room) };
}

/** console-spec §5: "HTTP status 200 to 300" counts as uploaded, read as the 2xx range 200–299. */
export function isUploadSuccessStatus(status: number): boolean {
  return status >= 200 && status < 300;
}
