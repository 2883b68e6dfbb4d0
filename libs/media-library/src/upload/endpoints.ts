import { DEFAULT_CATALOG_PATH, DEFAULT_LIST_PATH, DEFAULT_MEDIA_URL, mediaLibraryPaths } from '../constants';
import type { LibraryFile } from '../picker/selection';
import type { CallbackRequest, VerifyRequest, VerifyResponse } from './pipeline';

/** Posts a biz body and resolves `data`; rejects with `{ code, msg }` (secure-transport's `post`). */
export type MediaPost = <T>(path: string, biz: object) => Promise<T>;

/** console-spec §3 directory tree node. */
export interface CatalogNode {
  path: string;
  name: string;
  catalogList?: CatalogNode[];
}

export interface FileListQuery {
  path?: string;
  searchKey?: string;
  referenceCount?: number | string;
  pageNum?: number;
  pageSize?: number;
}

export interface FileListPage {
  list: LibraryFile[];
  total: number;
}

export interface MediaLibraryApi {
  verify(request: VerifyRequest): Promise<VerifyResponse>;
  callback(request: CallbackRequest): Promise<unknown>;
  queryFileList(query: FileListQuery): Promise<FileListPage>;
  queryCatalog(path?: string): Promise<CatalogNode[]>;
}

/** The console-spec §7 media-library calls over an injected transport. */
export function createMediaLibraryApi(post: MediaPost, url: string = DEFAULT_MEDIA_URL): MediaLibraryApi {
  const paths = mediaLibraryPaths(url);
  return {
    verify: (request) => post<VerifyResponse>(paths.verifyObjectMd5ByPath, request),
    callback: (request) => post<unknown>(paths.callbackResourceFile, request),
    queryFileList: (query) => post<FileListPage>(paths.queryResourceFileListByPath, { path: DEFAULT_LIST_PATH, ...query }),
    queryCatalog: async (path = DEFAULT_CATALOG_PATH) => {
      const data = await post<CatalogNode[] | { catalogList?: CatalogNode[] }>(paths.queryCatalogListByPath, { path });
      return Array.isArray(data) ? data : (data?.catalogList ?? []);
    },
  };
}

/** console-spec §3 upload ticket. */
export interface UploadTicket {
  objectKey: string;
  contentType: string;
  xobsAcl: string;
  policy: string;
  signature: string;
  accessKey: string;
  action: string;
}

/** console-spec §7 direct upload: form fields in the order object storage expects, file last. */
export function buildPolicyUploadForm(ticket: UploadTicket, file: Blob, fileName?: string): FormData {
  const form = new FormData();
  form.append('key', ticket.objectKey);
  form.append('content-type', ticket.contentType);
  form.append('x-obs-acl', ticket.xobsAcl);
  form.append('policy', ticket.policy);
  form.append('signature', ticket.signature);
  form.append('accessKeyId', ticket.accessKey);
  if (fileName === undefined) form.append('file', file);
  else form.append('file', file, fileName);
  return form;
}
