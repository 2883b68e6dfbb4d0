import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  MAX_UPLOAD_BYTES,
  MEDIA_OBJECT_PATH,
  MEDIA_UPLOAD_ACTION_PATH,
  type CatalogNode,
  type VerifyEntry,
} from '@merchant/media-library';
import { fileTypeFromBuffer } from 'file-type';
import type { Caller } from '../../http/route';
import { addSeconds, toEpochSeconds, type Clock } from '../../shared/clock';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { MEDIA_OBJECT_KEY_PARAM, type LocalizedText } from '@merchant/api-contracts';
import { contentMatchesSuffix, contentTypeOfSuffix } from './content-rules';
import type { CallbackEntry, FileListQuery, LibraryFileView, VerifyInput } from './media.schemas';
import { MediaFileStatus, nameOfPath, type MediaFileRow, type MediaRepository } from './media.repository';
import { signPostPolicy, verifyPostPolicy, type PostPolicyForm } from './post-policy';
import { scopedStorage, storeKeyPrefix, type ObjectStorage } from './storage/object-storage';

/** An upload ticket lives 30 minutes; a signed file URL one day (our design). */
const TICKET_SECONDS = 30 * 60;
const OBJECT_URL_SECONDS = 24 * 60 * 60;
/** Objects are private: the x-obs-acl field the policy binds. */
const OBJECT_ACL = 'private';

export interface MediaServiceOptions {
  storage: ObjectStorage;
  /** Signs upload policies and file URLs. */
  signingSecret: string;
}



/** Thrown by the upload and object endpoints: an HTTP status and an envelope-style code. */
export class MediaHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly localized: LocalizedText,
  ) {
    super(localized['en-US']);
  }
}

/** Where the browser reaches store-server: the upload action and file URLs are absolute. */
export type Origin = string;

export class MediaService {
  private readonly storage: ObjectStorage;
  private readonly signingSecret: string;

  constructor(
    private readonly repository: MediaRepository,
    private readonly clock: Clock,
    options: MediaServiceOptions,
  ) {
    this.storage = options.storage;
    this.signingSecret = options.signingSecret;
  }

  /** console-spec §7 queryCatalogListByPath: the tree below `path`; the two roots always exist. */
  async catalogTree(caller: Caller, path: string): Promise<CatalogNode[]> {
    await this.repository.ensureCatalog(caller.storeId, '/noWatermark', nameOfPath);
    await this.repository.ensureCatalog(caller.storeId, '/watermark', nameOfPath);
    const rows = await this.repository.catalogs(caller.storeId);
    const childrenOf = (parent: string): CatalogNode[] =>
      rows
        .filter((row) => parentOf(row.path) === parent)
        .map((row) => {
          const catalogList = childrenOf(row.path);
          return catalogList.length ? { path: row.path, name: row.name, catalogList } : { path: row.path, name: row.name };
        });
    return childrenOf(path === '/' ? '/' : path.replace(/\/$/, ''));
  }

  /** console-spec §7 verifyObjectMd5ByPath: dedupe by md5, otherwise a signed POST-policy ticket per file. */
  async verify(
    caller: Caller,
    origin: Origin,
    input: VerifyInput,
  ): Promise<{ list: VerifyEntry[] }> {
    await this.repository.ensureCatalog(caller.storeId, input.path, nameOfPath);
    const list: VerifyEntry[] = [];
    for (const file of input.filesMd5List) {
      const existing = await this.repository.findByMd5(caller.storeId, file.objectMd5);
      if (existing && existing.status !== MediaFileStatus.awaitingUpload) {
        list.push({ objectMd5: file.objectMd5, fileId: existing.id, exists: true });
        continue;
      }
      const contentType = contentTypeOfSuffix(file.objectSuffix);
      const objectKey = `${storeKeyPrefix(caller.storeId)}${file.objectMd5}.${file.objectSuffix}`;
      let fileId: number;
      if (existing) {
        fileId = existing.id;
        await this.repository.retarget(caller.storeId, fileId, { catalogPath: input.path, objectName: file.objectName });
      } else {
        fileId = await this.repository.insertFile({
          storeId: caller.storeId,
          catalogPath: input.path,
          objectName: file.objectName,
          objectSuffix: file.objectSuffix,
          objectMd5: file.objectMd5,
          objectKey,
          contentType,
        });
      }
      const row = (await this.repository.findByIds(caller.storeId, [fileId]))[0];
      const key = row?.objectKey ?? objectKey;
      const signed = signPostPolicy(this.signingSecret, caller.storeId, {
        key,
        keyPrefix: storeKeyPrefix(caller.storeId),
        contentType: row?.contentType ?? contentType,
        acl: OBJECT_ACL,
        minBytes: 1,
        maxBytes: MAX_UPLOAD_BYTES,
        expiresAt: addSeconds(this.clock.now(), TICKET_SECONDS),
      });
      list.push({
        objectMd5: file.objectMd5,
        fileId,
        exists: false,
        uploadTicket: {
          objectKey: key,
          contentType: row?.contentType ?? contentType,
          xobsAcl: OBJECT_ACL,
          policy: signed.policy,
          signature: signed.signature,
          accessKey: signed.accessKeyId,
          action: `${origin}${MEDIA_UPLOAD_ACTION_PATH}`,
        },
      });
    }
    return { list };
  }

  /**
   * The storage "action" of the local-folder store: checks the POST policy (signature, expiry, key
   * under the store's prefix, fields, size), that the bytes match the verified md5 and that the
   * content really is what the suffix says (file-type), then stores the object.
   */
  async receiveUpload(form: PostPolicyForm, file: Uint8Array): Promise<{ fileId: number }> {
    const check = verifyPostPolicy(this.signingSecret, form, file.byteLength, this.clock.now(), storeKeyPrefix);
    if (!check.ok) {
      const status = check.reason === 'size-out-of-range' ? 413 : check.reason === 'missing-field' ? 400 : 403;
      const code = status === 403 ? STORE_CODES.permissionDenied : STORE_CODES.invalidParameter;
      throw new MediaHttpError(status, code, text(`上传被拒绝：${check.reason}`, `upload refused: ${check.reason}`));
    }
    const row = await this.repository.findByKey(check.storeId, check.key);
    if (!row) throw new MediaHttpError(404, STORE_CODES.notFound, text('没有为此对象键校验过的文件', 'no file was verified for this key'));
    if (createHash('md5').update(file).digest('hex') !== row.objectMd5) {
      throw new MediaHttpError(400, STORE_CODES.invalidParameter, text('文件内容与其校验值不符', 'the file content does not match its checksum'));
    }
    const detected = await fileTypeFromBuffer(file);
    if (!contentMatchesSuffix(row.objectSuffix, detected, file)) {
      throw new MediaHttpError(
        415,
        STORE_CODES.invalidParameter,
        text(`文件内容不是 ${row.objectSuffix} 文件`, `the file content is not a ${row.objectSuffix} file`),
      );
    }
    await scopedStorage(this.storage, storeKeyPrefix(check.storeId)).put(row.objectKey, file, row.contentType);
    if (row.status === MediaFileStatus.awaitingUpload) {
      await this.repository.setStatus(check.storeId, [row.id], MediaFileStatus.stored, file.byteLength);
    }
    return { fileId: row.id };
  }

  /**
   * console-spec §7 callbackResourceFile: registers uploaded files with their tags, all or nothing.
   * Answers the registered files as the table lists them, so an auto-select picker can use them at once.
   */
  async callback(caller: Caller, origin: Origin, list: readonly CallbackEntry[]): Promise<{ list: LibraryFileView[] }> {
    return this.repository.transaction(async (repository) => {
      const ids = [...new Set(list.map((entry) => entry.fileId))];
      const rows = await repository.findByIds(caller.storeId, ids);
      const missing = ids.find((id) => !rows.some((row) => row.id === id));
      if (missing !== undefined) throw new StoreError(STORE_CODES.notFound, text(`文件 ${missing} 不存在`, `file ${missing} does not exist`));
      const notUploaded = rows.find((row) => row.status === MediaFileStatus.awaitingUpload);
      if (notUploaded) throw new StoreError(
          STORE_CODES.notAllowedInCurrentState,
          text(`文件 ${notUploaded.id} 尚未上传`, `file ${notUploaded.id} has not been uploaded`),
        );
      await repository.setStatus(caller.storeId, ids, MediaFileStatus.registered);
      for (const entry of list) await repository.addTags(entry.fileId, entry.tagList);
      const registered = await repository.findByIds(caller.storeId, ids);
      return { list: ids.map((id) => this.view(registered.find((row) => row.id === id)!, origin)) };
    });
  }

  /** console-spec §7 queryResourceFileListByPath, paged as the §3 table response. */
  async list(
    caller: Caller,
    origin: Origin,
    query: FileListQuery,
  ) {
    const { rows, total } = await this.repository.listRegistered({
      storeId: caller.storeId,
      path: query.path,
      searchKey: query.searchKey,
      referenceCount: query.referenceCount,
      limit: query.pageSize,
      offset: (query.pageNum - 1) * query.pageSize,
    });
    return { list: rows.map((row) => this.view(row, origin)), pageNum: query.pageNum, pageSize: query.pageSize, total };
  }

  async updateTags(caller: Caller, fileId: number, tags: string[]): Promise<{ fileId: number; tagList: string[] }> {
    return this.repository.transaction(async (repository) => {
      const [row] = await repository.findByIds(caller.storeId, [fileId]);
      if (!row || row.status !== MediaFileStatus.registered) throw new StoreError(STORE_CODES.notFound, text(`文件 ${fileId} 不存在`, `file ${fileId} does not exist`));
      await repository.replaceTags(fileId, tags);
      return { fileId, tagList: tags };
    });
  }

  /** Deletes files and their objects; a file still referenced by goods or adverts is kept. */
  async delete(caller: Caller, ids: number[]): Promise<{ fileIdList: number[] }> {
    const deleted = await this.repository.transaction(async (repository) => {
      const rows = await repository.findByIds(caller.storeId, ids);
      const missing = ids.find((id) => !rows.some((row) => row.id === id));
      if (missing !== undefined) throw new StoreError(STORE_CODES.notFound, text(`文件 ${missing} 不存在`, `file ${missing} does not exist`));
      const referenced = rows.find((row) => row.referenceCount > 0);
      if (referenced) {
        throw new StoreError(
          STORE_CODES.notAllowedInCurrentState,
          text(
            `${referenced.objectName} 仍被引用 ${referenced.referenceCount} 次，不能删除`,
            `${referenced.objectName} is still used in ${referenced.referenceCount} place(s) and cannot be deleted`,
          ),
        );
      }
      await repository.deleteFiles(caller.storeId, ids);
      return rows;
    });
    const scoped = scopedStorage(this.storage, storeKeyPrefix(caller.storeId));
    for (const row of deleted) await scoped.delete(row.objectKey);
    return { fileIdList: ids };
  }

  /** Serves a file through its signed URL. */
  async readObject(query: { key?: string; expires?: string; signature?: string }) {
    const { key, expires, signature } = query;
    if (!key || !expires || !signature) throw new MediaHttpError(400, STORE_CODES.invalidParameter, text('缺少 key、expires 或 signature', 'key, expires and signature are required'));
    const expected = Buffer.from(this.objectSignature(key, expires));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new MediaHttpError(403, STORE_CODES.permissionDenied, text('文件链接无效', 'the file link is not valid'));
    }
    if (!(Number(expires) * 1000 > this.clock.now().getTime())) throw new MediaHttpError(403, STORE_CODES.permissionDenied, text('文件链接已过期', 'the file link has expired'));
    const object = await this.storage.get(key);
    if (!object) throw new MediaHttpError(404, STORE_CODES.notFound, text('文件不存在', 'no such file'));
    return object;
  }

  private objectSignature(key: string, expires: string): string {
    return createHmac('sha256', this.signingSecret).update(`object:${key}:${expires}`).digest('base64url');
  }

  /**
   * Fresh signed URLs of the store's own files by id (goods keep fileIds while signed URLs expire).
   * Ids of another store's or deleted files are simply absent from the answer.
   */
  async signedUrlsOf(storeId: number, fileIds: readonly number[], origin: Origin): Promise<Map<number, string>> {
    const rows = await this.repository.findByIds(storeId, [...new Set(fileIds)]);
    return new Map(rows.map((row) => [row.id, this.objectUrl(origin, row.objectKey)]));
  }

  /**
   * Fresh signed URLs of the store's own uploaded files by object key (the IM avatar keeps its key, console-spec
   * §3 avatar object). Keys of another store's, deleted or not yet uploaded files are absent from the answer.
   */
  async signedUrlsOfKeys(storeId: number, objectKeys: readonly string[], origin: Origin): Promise<Map<string, string>> {
    const rows = await this.repository.findByKeys(storeId, [...new Set(objectKeys)]);
    return new Map(rows.filter((row) => row.status !== MediaFileStatus.awaitingUpload).map((row) => [row.objectKey, this.objectUrl(origin, row.objectKey)]));
  }

  /** A signed URL; the expiry is rounded to the hour so a page of thumbnails stays cacheable. */
  objectUrl(origin: Origin, key: string): string {
    const hour = 3600;
    const expires = String(Math.ceil((toEpochSeconds(this.clock.now()) ?? 0) / hour) * hour + OBJECT_URL_SECONDS);
    const query = new URLSearchParams({ [MEDIA_OBJECT_KEY_PARAM]: key, expires, signature: this.objectSignature(key, expires) });
    return `${origin}${MEDIA_OBJECT_PATH}?${query.toString()}`;
  }

  private view(row: MediaFileRow, origin: Origin): LibraryFileView {
    return {
      fileId: row.id,
      objectName: row.objectName,
      objectUrl: this.objectUrl(origin, row.objectKey),
      objectSuffix: row.objectSuffix,
      catalogPath: row.catalogPath,
      createDate: toEpochSeconds(row.createdAt) ?? 0,
      referenceCount: row.referenceCount,
      fileTags: row.tags.map((tag) => ({ tag })),
    };
  }
}

function parentOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}
