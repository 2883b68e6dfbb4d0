import { IMAGE_SUFFIXES, VIDEO_SUFFIXES } from '@merchant/media-library';

/** What file-type detected in the first bytes; undefined for plain text and unknown formats. */
export interface DetectedType {
  ext: string;
  mime: string;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', jfif: 'image/jpeg', gif: 'image/gif', tiff: 'image/tiff',
  bmp: 'image/bmp', webp: 'image/webp', raw: 'image/x-raw',
  mp4: 'video/mp4', avi: 'video/x-msvideo', wmv: 'video/x-ms-wmv', mpg: 'video/mpeg', mpeg: 'video/mpeg', mov: 'video/quicktime',
  rm: 'application/vnd.rn-realmedia', ram: 'audio/x-pn-realaudio', swf: 'application/x-shockwave-flash', flv: 'video/x-flv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', xls: 'application/vnd.ms-excel', csv: 'text/csv',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp3: 'audio/mpeg', wma: 'audio/x-ms-wma', wav: 'audio/wav', midi: 'audio/midi', ape: 'audio/ape', flac: 'audio/flac',
  zip: 'application/zip', rar: 'application/vnd.rar', txt: 'text/plain',
};

/** The content type a file of this suffix is stored and served with. */
export function contentTypeOfSuffix(suffix: string): string {
  return CONTENT_TYPES[suffix] ?? 'application/octet-stream';
}

const OLE_OFFICE = ['cfb'];
const ZIP_OFFICE = (ext: string) => (detected: DetectedType | undefined) => detected?.ext === ext || detected?.ext === 'zip';
const TEXT_ONLY = (detected: DetectedType | undefined, bytes: Uint8Array) => detected === undefined && isUtf8Text(bytes);

/** Per suffix: does the sniffed content fit? (A renamed .exe is refused even when its name ends in .png.) */
const DOCUMENT_RULES: Record<string, (detected: DetectedType | undefined, bytes: Uint8Array) => boolean> = {
  xlsx: ZIP_OFFICE('xlsx'),
  docx: ZIP_OFFICE('docx'),
  pptx: ZIP_OFFICE('pptx'),
  xls: (d) => OLE_OFFICE.includes(d?.ext ?? ''),
  doc: (d) => OLE_OFFICE.includes(d?.ext ?? ''),
  ppt: (d) => OLE_OFFICE.includes(d?.ext ?? ''),
  csv: TEXT_ONLY,
  txt: TEXT_ONLY,
  zip: (d) => d?.ext === 'zip',
  rar: (d) => d?.ext === 'rar',
  mp3: (d) => d?.mime === 'audio/mpeg',
  wma: (d) => d?.ext === 'asf' || d?.ext === 'wma',
  wav: (d) => d?.ext === 'wav',
  midi: (d) => d?.ext === 'mid',
  ape: (d) => d?.ext === 'ape',
  flac: (d) => d?.ext === 'flac',
};

const isImage = (suffix: string) => (IMAGE_SUFFIXES as readonly string[]).includes(suffix);
const isVideo = (suffix: string) => (VIDEO_SUFFIXES as readonly string[]).includes(suffix);

export function contentMatchesSuffix(suffix: string, detected: DetectedType | undefined, bytes: Uint8Array): boolean {
  if (isImage(suffix)) return detected?.mime.startsWith('image/') === true;
  if (isVideo(suffix)) {
    return detected !== undefined && (detected.mime.startsWith('video/') || ['swf', 'rm', 'asf'].includes(detected.ext));
  }
  const rule = DOCUMENT_RULES[suffix];
  return rule ? rule(detected, bytes) : false;
}

function isUtf8Text(bytes: Uint8Array): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 64 * 1024), { stream: true });
    return !text.includes('\u0000');
  } catch {
    return false;
  }
}
