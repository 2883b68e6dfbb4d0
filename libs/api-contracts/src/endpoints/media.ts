// console-spec §7 media-library calls under `{url}` = 'eshop/resources' (docs/media-library.md): directory
// tree, file list, verify (dedupe by md5, upload tickets), callback with tags, and our delete and tag calls.
// The upload action and file URLs are plain HTTP (not envelope calls) and have no contract.
//
// The limits below are also constants of @merchant/media-library (the browser side), which this private
// library may not import; store-server's media.contract.spec.ts fails when the two differ.
import { z } from 'zod';
import { defineEndpoint, endpointsUnder, pageResult } from '../endpoint';
import { idField, pagingFields } from '../fields';
import { PERMISSIONS } from '../permissions';
import { STORE_CODES } from '../store-codes';
import { namedPattern, rule } from '../rules';

/** console-spec §7 `{url}`. */
export const MEDIA_URL = 'eshop/resources';

/** What the wire allows (console-spec §5, §9 and our design); mirrors @merchant/media-library's constants. */
export const MEDIA_WIRE_RULES = {
  /** console-spec §5, §9: 50 files per upload (also per callback and per delete). */
  maxFilesPerUpload: 50,
  /** Tags: at most 20 per file, 1 to 20 characters each (our design). */
  maxTagsPerFile: 20,
  maxTagLength: 20,
  /** Images, videos and the §9 document types. */
  allowedSuffixes: [
    'png', 'jpg', 'jpeg', 'gif', 'tiff', 'raw', 'bmp', 'jfif', 'webp',
    'mp4', 'avi', 'wmv', 'mpg', 'mpeg', 'mov', 'rm', 'ram', 'swf', 'flv',
    'xlsx', 'csv', 'xls', 'doc', 'docx', 'mp3', 'wma', 'wav', 'midi', 'ape', 'flac', 'ppt', 'pptx', 'zip', 'rar', 'txt',
  ] as readonly string[],
  /** console-spec §7 defaults of the list and the tree. */
  defaultListPath: '/noWatermark',
  defaultCatalogPath: '/',
} as const;

/** Lowercase suffix without the dot; '' when the name has none (the library's fileSuffix). */
const suffixOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
};

/** Directory names: letters (any script), digits, underscore, hyphen; at most 5 levels (our design). */
const DIRECTORY_PATH = /^(\/[\p{L}\p{N}_-]{1,40}){1,5}$/u;
/** Files live under one of the two roots of console-spec §7. */
const UPLOAD_ROOTS = ['/noWatermark', '/watermark'];
const { maxFilesPerUpload, maxTagsPerFile, maxTagLength } = MEDIA_WIRE_RULES;

/** '' and null mean "not given" (a cleared search field). */
const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

const directoryPath = z
  .string()
  .trim()
  .regex(DIRECTORY_PATH)
  .refine((path) => UPLOAD_ROOTS.some((root) => path === root || path.startsWith(`${root}/`)), rule('uploadRoot'));

const tagList = z
  .array(z.string().trim().min(1).max(maxTagLength))
  .max(maxTagsPerFile)
  .default([])
  .transform((tags) => [...new Set(tags)]);

const fileMd5Entry = z
  .object({
    objectMd5: z.string().trim().toLowerCase().regex(namedPattern(/^[0-9a-f]{32}$/, { rule: 'md5' })),
    objectName: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .refine((name) => ![...name].some((char) => char === '/' || char === '\\' || char.charCodeAt(0) < 32), rule('fileNameChars')),
    objectSuffix: z.string().trim().toLowerCase(),
  })
  .refine((file) => file.objectSuffix === suffixOf(file.objectName), rule('suffixMismatch', { path: ['objectSuffix'] }))
  .refine((file) => MEDIA_WIRE_RULES.allowedSuffixes.includes(file.objectSuffix), rule('fileType', { path: ['objectSuffix'] }));

export const mediaVerifyBiz = z.object({
  path: directoryPath,
  // console-spec §5's own sentence for an empty upload, so a refinement named by its rule rather than min(1).
  filesMd5List: z
    .array(fileMd5Entry)
    .max(maxFilesPerUpload)
    .refine((files) => files.length > 0, rule('noUploadFile'))
    .meta({ minItems: 1 }),
});

export const mediaCallbackBiz = z.object({
  callbackFileList: z
    .array(z.object({ fileId: idField(), tagList }))
    .min(1)
    .max(maxFilesPerUpload),
});

export const mediaFileListBiz = z.object({
  path: z.preprocess(blankAsAbsent, directoryPath.default(MEDIA_WIRE_RULES.defaultListPath)),
  searchKey: z.string().trim().max(50).optional().transform((key) => key || undefined),
  referenceCount: z.preprocess(
    blankAsAbsent,
    z.coerce.number().int().min(0).optional(),
  ),
  ...pagingFields,
});

export const mediaCatalogBiz = z.object({
  path: z.preprocess(
    blankAsAbsent,
    z.union([z.literal('/'), z.string().trim().regex(DIRECTORY_PATH)]).default(MEDIA_WIRE_RULES.defaultCatalogPath),
  ),
});

export const mediaDeleteBiz = z.object({
  fileIdList: z
    .array(idField())
    .min(1)
    .max(maxFilesPerUpload)
    .transform((ids) => [...new Set(ids)]),
});

export const mediaUpdateTagsBiz = z.object({ fileId: idField(), tagList });

/** console-spec §3 directory tree node; `catalogList` only when the directory has sub-directories. */
export interface MediaCatalogNode {
  path: string;
  name: string;
  catalogList?: MediaCatalogNode[];
}
export const mediaCatalogNode: z.ZodType<MediaCatalogNode> = z.strictObject({
  path: z.string(),
  name: z.string(),
  get catalogList() {
    return z.array(mediaCatalogNode).optional();
  },
  // Recursive: the API document keeps it once, as components.schemas.MediaCatalogNode.
}).meta({ id: 'MediaCatalogNode' });

/** console-spec §3 library file as store-server answers it (createDate in seconds, §9; objectUrl signed, expiring). */
export const mediaLibraryFile = z.strictObject({
  fileId: z.number().int().positive(),
  objectName: z.string(),
  objectUrl: z.string(),
  objectSuffix: z.string(),
  catalogPath: z.string(),
  createDate: z.number().int().min(0),
  referenceCount: z.number().int().min(0),
  fileTags: z.array(z.strictObject({ tag: z.string() })),
});
export type MediaLibraryFile = z.output<typeof mediaLibraryFile>;

/** console-spec §3 upload ticket: the POST-policy form fields and where to post them. */
export const mediaUploadTicket = z.strictObject({
  objectKey: z.string(),
  contentType: z.string(),
  xobsAcl: z.string(),
  policy: z.string(),
  signature: z.string(),
  accessKey: z.string(),
  action: z.string(),
});

/** One verify entry: the store already has the bytes (`exists`), or a ticket to upload them. */
export const mediaVerifyEntry = z.strictObject({
  objectMd5: z.string(),
  fileId: z.number().int().positive(),
  exists: z.boolean(),
  uploadTicket: mediaUploadTicket.optional(),
});

const fileCall = endpointsUnder(`/v1/store/${MEDIA_URL}/file`);

export const mediaEndpoints = {
  queryCatalogListByPath: defineEndpoint({
    path: `/v1/admin/${MEDIA_URL}/catalog/queryCatalogListByPath`,
    access: 'user',
    permission: PERMISSIONS.mediaView,
    summary: 'The directory tree below a path (the two roots always exist)',
    biz: mediaCatalogBiz,
    data: z.array(mediaCatalogNode),
  }),
  queryResourceFileListByPath: fileCall('queryResourceFileListByPath', {
    access: 'user',
    permission: PERMISSIONS.mediaView,
    summary: 'One page of the library files of a directory, with signed URLs',
    biz: mediaFileListBiz,
    data: pageResult(mediaLibraryFile),
  }),
  verifyObjectMd5ByPath: fileCall('verifyObjectMd5ByPath', {
    access: 'user',
    permission: PERMISSIONS.mediaUpload,
    summary: 'Dedupe files by md5 and answer an upload ticket for each new one',
    biz: mediaVerifyBiz,
    data: z.strictObject({ list: z.array(mediaVerifyEntry) }),
  }),
  callbackResourceFile: fileCall('callbackResourceFile', {
    access: 'user',
    permission: PERMISSIONS.mediaUpload,
    summary: 'Register uploaded files with their tags, all or nothing',
    biz: mediaCallbackBiz,
    data: z.strictObject({ list: z.array(mediaLibraryFile) }),
    errors: [STORE_CODES.notFound, STORE_CODES.notAllowedInCurrentState],
  }),
  deleteResourceFile: fileCall('deleteResourceFile', {
    access: 'user',
    permission: PERMISSIONS.mediaDelete,
    summary: 'Delete files no goods or advert still uses, all or nothing',
    biz: mediaDeleteBiz,
    data: z.strictObject({ fileIdList: z.array(z.number().int().positive()) }),
    errors: [STORE_CODES.notFound, STORE_CODES.notAllowedInCurrentState],
  }),
  updateResourceFileTags: fileCall('updateResourceFileTags', {
    access: 'user',
    permission: PERMISSIONS.mediaUpload,
    summary: "Replace a file's tags",
    biz: mediaUpdateTagsBiz,
    data: z.strictObject({ fileId: z.number().int().positive(), tagList: z.array(z.string()) }),
    errors: [STORE_CODES.notFound],
  }),
} as const;
