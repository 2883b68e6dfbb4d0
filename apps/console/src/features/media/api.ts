// Media-library calls (console-spec §7, {url} = 'eshop/resources'): directory tree, paged file list,
// verify and callback of the upload flow, tags and delete. The list is cached under the MediaFile
// tag: a callback, a tag change or a delete invalidates it, so tables reload without a manual refresh.
import {
  mediaLibraryPaths,
  type CallbackRequest,
  type CatalogNode,
  type FileListQuery,
  type LibraryFile,
  type VerifyEntry,
  type VerifyRequest,
} from '@merchant/media-library';
import type { TablePage } from '@merchant/ui-kit';
import { consoleApi } from '../../app/api';

const PATHS = mediaLibraryPaths();
// The upload dialog shows the outcome messages itself (§8); these calls stay silent.
const silent = { silent: true } as const;

/** A library file as store-server lists it. */
export type MediaFile = LibraryFile & { fileId: number; catalogPath: string; createDate: number; referenceCount: number };

export const mediaApi = consoleApi.enhanceEndpoints({ addTagTypes: ['MediaFile', 'MediaCatalog'] }).injectEndpoints({
  endpoints: (build) => ({
    mediaCatalogs: build.query<CatalogNode[], void>({
      query: () => ({ path: PATHS.queryCatalogListByPath, biz: { path: '/' } }),
      providesTags: ['MediaCatalog'],
    }),
    mediaFiles: build.query<TablePage<MediaFile>, FileListQuery>({
      query: (biz) => ({ path: PATHS.queryResourceFileListByPath, biz, options: silent }),
      providesTags: ['MediaFile'],
    }),
    verifyMediaFiles: build.mutation<{ list: VerifyEntry[] }, VerifyRequest>({
      query: (biz) => ({ path: PATHS.verifyObjectMd5ByPath, biz, options: silent }),
    }),
    registerMediaFiles: build.mutation<{ list: MediaFile[] }, CallbackRequest>({
      query: (biz) => ({ path: PATHS.callbackResourceFile, biz, options: silent }),
      invalidatesTags: ['MediaFile', 'MediaCatalog'],
    }),
    updateMediaTags: build.mutation<{ fileId: number; tagList: string[] }, { fileId: number; tagList: string[] }>({
      query: (biz) => ({ path: PATHS.updateResourceFileTags, biz }),
      invalidatesTags: ['MediaFile'],
    }),
    deleteMediaFiles: build.mutation<{ fileIdList: number[] }, { fileIdList: number[] }>({
      query: (biz) => ({ path: PATHS.deleteResourceFile, biz }),
      invalidatesTags: ['MediaFile'],
    }),
  }),
});

export const { useMediaCatalogsQuery, useUpdateMediaTagsMutation, useDeleteMediaFilesMutation } = mediaApi;
