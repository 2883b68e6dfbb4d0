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

/** console-spec §9 allowed document types (pdf has an icon in §2 but is not an allowed upload). */
export const ALLOWED_DOCUMENT_SUFFIXES = ['xlsx', 'csv', 'xls', 'doc', 'docx', 'mp3', 'wma', 'rm', 'wav', 'midi', 'ape', 'flac', 'ppt', 'pptx', 'zip', 'rar', 'txt'] as const;
/** Everything the library accepts for upload: images, videos and the §9 document types. */
export const ALLOWED_UPLOAD_SUFFIXES: readonly string[] = [...new Set<string>([...IMAGE_SUFFIXES, ...VIDEO_SUFFIXES, ...ALLOWED_DOCUMENT_SUFFIXES])];

const MIB = 1024 * 1024;
/** console-spec §5, §9: video max 30MB. */
export const MAX_VIDEO_BYTES = 30 * MIB;
/** Our design: the server refuses any single object over 30MB (the §9 video maximum; images are suggested under 500KB). */
export const MAX_UPLOAD_BYTES = 30 * MIB;
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
/**
 * Our design: plain HTTP paths of the local-folder store, served by store-server. The upload ticket's
 * `action` points at the first (the POST-policy form); file URLs at the second (signed GET).
 */
export const MEDIA_UPLOAD_ACTION_PATH = '/v1/store/media/objects/upload';
export const MEDIA_OBJECT_PATH = '/v1/store/media/objects/get';
/** Tags: at most 20 per file, 1 to 20 characters each (our design). */
export const MAX_TAGS_PER_FILE = 20;
export const MAX_TAG_LENGTH = 20;
/** console-spec §7: directory tree default path. */
export const DEFAULT_CATALOG_PATH = '/';

export interface MediaLibraryPaths {
  verifyObjectMd5ByPath: string;
  callbackResourceFile: string;
  queryResourceFileListByPath: string;
  queryCatalogListByPath: string;
  /** Our design (the spec leaves them open): delete files and replace a file's tags. */
  deleteResourceFile: string;
  updateResourceFileTags: string;
}

/** console-spec §7: the media-library endpoints under a given `{url}`. */
export function mediaLibraryPaths(url: string = DEFAULT_MEDIA_URL): MediaLibraryPaths {
  return {
    verifyObjectMd5ByPath: `/v1/store/${url}/file/verifyObjectMd5ByPath`,
    callbackResourceFile: `/v1/store/${url}/file/callbackResourceFile`,
    queryResourceFileListByPath: `/v1/store/${url}/file/queryResourceFileListByPath`,
    queryCatalogListByPath: `/v1/admin/${url}/catalog/queryCatalogListByPath`,
    deleteResourceFile: `/v1/store/${url}/file/deleteResourceFile`,
    updateResourceFileTags: `/v1/store/${url}/file/updateResourceFileTags`,
  };
}
