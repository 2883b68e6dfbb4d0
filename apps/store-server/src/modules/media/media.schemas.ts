import {
  ALLOWED_UPLOAD_SUFFIXES,
  DEFAULT_CATALOG_PATH,
  DEFAULT_LIST_PATH,
  MAX_FILES_PER_UPLOAD,
  MAX_TAGS_PER_FILE,
  MAX_TAG_LENGTH,
  fileSuffix,
} from '@merchant/media-library';
import { z } from 'zod';
import { idField, pagingFields } from '@merchant/api-contracts';

/** Directory names: letters (any script), digits, underscore, hyphen; at most 5 levels (our design). */
const DIRECTORY_PATH = /^(\/[\p{L}\p{N}_-]{1,40}){1,5}$/u;
/** Files live under one of the two roots of console-spec §7. */
const UPLOAD_ROOTS = ['/noWatermark', '/watermark'];

const directoryPath = z
  .string({ error: 'path is required' })
  .trim()
  .regex(DIRECTORY_PATH, 'path must look like /noWatermark/banners')
  .refine((path) => UPLOAD_ROOTS.some((root) => path === root || path.startsWith(`${root}/`)), 'path must be under /noWatermark or /watermark');

const tagList = z
  .array(z.string().trim().min(1, 'tags must not be empty').max(MAX_TAG_LENGTH, `tags must be at most ${MAX_TAG_LENGTH} characters`), {
    error: 'tagList must be a list of tags',
  })
  .max(MAX_TAGS_PER_FILE, `at most ${MAX_TAGS_PER_FILE} tags per file`)
  .default([])
  .transform((tags) => [...new Set(tags)]);

const fileMd5Entry = z
  .object({
    objectMd5: z.string({ error: 'objectMd5 is required' }).trim().toLowerCase().regex(/^[0-9a-f]{32}$/, 'objectMd5 must be 32 hex digits'),
    objectName: z
      .string({ error: 'objectName is required' })
      .trim()
      .min(1, 'objectName is required')
      .max(200, 'objectName must be at most 200 characters')
      .refine((name) => ![...name].some((char) => char === '/' || char === '\\' || char.charCodeAt(0) < 32), 'objectName must not contain slashes or control characters'),
    objectSuffix: z.string({ error: 'objectSuffix is required' }).trim().toLowerCase(),
  })
  .refine((file) => file.objectSuffix === fileSuffix(file.objectName), 'objectSuffix must match the suffix of objectName')
  .refine((file) => ALLOWED_UPLOAD_SUFFIXES.includes(file.objectSuffix), 'this file type cannot be uploaded');

export const verifyBiz = z.object({
  path: directoryPath,
  filesMd5List: z
    .array(fileMd5Entry, { error: 'filesMd5List is required' })
    .min(1, 'at least one file must be selected for upload!')
    .max(MAX_FILES_PER_UPLOAD, `at most ${MAX_FILES_PER_UPLOAD} files per upload`),
});

export const callbackBiz = z.object({
  callbackFileList: z
    .array(z.object({ fileId: idField('fileId'), tagList }), { error: 'callbackFileList is required' })
    .min(1, 'callbackFileList must not be empty')
    .max(MAX_FILES_PER_UPLOAD, `at most ${MAX_FILES_PER_UPLOAD} files per callback`),
});

const optionalCount = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce.number({ error: 'referenceCount must be a number' }).int('referenceCount must be a whole number').min(0, 'referenceCount must not be negative').optional(),
);

export const fileListBiz = z.object({
  path: z.preprocess((value) => (value === '' || value === null ? undefined : value), directoryPath.default(DEFAULT_LIST_PATH)),
  searchKey: z.string().trim().max(50, 'searchKey must be at most 50 characters').optional().transform((key) => key || undefined),
  referenceCount: optionalCount,
  ...pagingFields,
});

export const catalogBiz = z.object({
  path: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.union([z.literal('/'), z.string().trim().regex(DIRECTORY_PATH, 'path must look like /noWatermark/banners')]).default(DEFAULT_CATALOG_PATH),
  ),
});

export const deleteBiz = z.object({
  fileIdList: z
    .array(idField('fileId'), { error: 'fileIdList is required' })
    .min(1, 'fileIdList must not be empty')
    .max(MAX_FILES_PER_UPLOAD, `at most ${MAX_FILES_PER_UPLOAD} files at once`)
    .transform((ids) => [...new Set(ids)]),
});

export const updateTagsBiz = z.object({ fileId: idField('fileId'), tagList });
