// Business constants of the media library, each defined once with its spec section.

/** console-spec §5: image suffixes. */
export const IMAGE_SUFFIXES = ['png', 'jpg', 'jpeg', 'gif', 'tiff', 'raw', 'bmp', 'jfif', 'webp'] as const;
/** console-spec §5: video suffixes. */
export const VIDEO_SUFFIXES = ['mp4', 'avi', 'wmv', 'mpg', 'mpeg', 'mov', 'rm', 'ram', 'swf', 'flv'] as const;
/** console-spec §5: formats accepted when an imgSize limit applies. */
export const SIZE_LIMITED_IMAGE_SUFFIXES = ['png', 'jpg', 'jpeg', 'gif', 'tiff', 'bmp', 'jfif'] as const;

/** console-spec §9: allowed document types, used to pick the row icon. */
export const DOCUMENT_SUFFIXES = {
  spreadsheet: ['xlsx', 'csv', 'xls'],
  word: ['doc', 'docx'],
  audio: ['mp3', 'wma', 'rm', 'wav', 'midi', 'ape', 'flac'],
  presentation: ['ppt', 'pptx'],
  pdf: ['pdf'],
  archive: ['zip', 'rar'],
  txt: ['txt'],
} as const;

const MIB = 1024 * 1024;
/** console-spec §5, §9: video max 30MB. */
export const MAX_VIDEO_BYTES = 30 * MIB;
/** console-spec §5, §9: video duration 6 to 120 seconds inclusive. */
export const MIN_VIDEO_SECONDS = 6;
export const MAX_VIDEO_SECONDS = 120;
/** console-spec §5, §9: 50 files per upload. */
export const MAX_FILES_PER_UPLOAD = 50;
/** console-spec §9: suggested image size under 500KB (a hint, not enforced). */
export const SUGGESTED_IMAGE_BYTES = 500 * 1024;
/** console-spec §9: default thumbnail 100px by 100px. */
export const DEFAULT_THUMBNAIL_PX = 100;
/** console-spec §9: dialogs 800px (upload) and 1000px (select image). */
export const UPLOAD_DIALOG_WIDTH_PX = 800;
export const SELECT_IMAGE_DIALOG_WIDTH_PX = 1000;
/** console-spec §9: file chooser opens 200 ms after an auto-select dialog mounts. */
export const AUTO_SELECT_CHOOSER_DELAY_MS = 200;
/** console-spec §9: drag animation 300 ms. */
export const DRAG_ANIMATION_MS = 300;
/** Bytes hashed per step: large enough for hash-wasm's speed, small enough for smooth progress. */
export const DEFAULT_HASH_CHUNK_BYTES = 4 * MIB;

/** console-spec §7: `{url}` defaults to 'eshop/resources'. */
export const DEFAULT_MEDIA_URL = 'eshop/resources';
/** console-spec §7: table list path defaults. */
export const DEFAULT_LIST_PATH = '/noWatermark';
export const WATERMARK_LIST_PATH = '/watermark';
/** console-spec §7: directory tree default path. */
export const DEFAULT_CATALOG_PATH = '/';

export interface MediaLibraryPaths {
  verifyObjectMd5ByPath: string;
  callbackResourceFile: string;
  queryResourceFileListByPath: string;
  queryCatalogListByPath: string;
}

/** console-spec §7: the media-library endpoints under a given `{url}`. */
export function mediaLibraryPaths(url: string = DEFAULT_MEDIA_URL): MediaLibraryPaths {
  return {
    verifyObjectMd5ByPath: `/v1/store/${url}/file/verifyObjectMd5ByPath`,
    callbackResourceFile: `/v1/store/${url}/file/callbackResourceFile`,
    queryResourceFileListByPath: `/v1/store/${url}/file/queryResourceFileListByPath`,
    queryCatalogListByPath: `/v1/admin/${url}/catalog/queryCatalogListByPath`,
  };
}
