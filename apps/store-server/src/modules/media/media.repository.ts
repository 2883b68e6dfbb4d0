import { sql, type ColumnType, type Generated, type Kysely, type Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** The tables of migration 0007-media-library (kept here: only this module touches them). */
type MediaTables = {
  store_media_catalog: { id: Generated<number>; store_id: number; path: string; name: string; created_at: CreatedAt };
  store_media_file: {
    id: Generated<number>;
    store_id: number;
    catalog_path: string;
    object_name: string;
    object_suffix: string;
    object_md5: string;
    object_key: string;
    content_type: string;
    size_bytes: ColumnType<string | null, number | null | undefined, number | null>;
    status: number;
    reference_count: Generated<number>;
    created_at: CreatedAt;
    updated_at: CreatedAt;
  };
  store_media_file_tag: { file_id: number; tag: string };
};

type MediaDb = Kysely<StoreDatabase & MediaTables>;

/** File status (our design): 0 awaiting upload, 1 bytes stored, 2 registered by the callback (listed). */
export const MediaFileStatus = { awaitingUpload: 0, stored: 1, registered: 2 } as const;

export interface MediaFileRow {
  id: number;
  storeId: number;
  catalogPath: string;
  objectName: string;
  objectSuffix: string;
  objectMd5: string;
  objectKey: string;
  contentType: string;
  status: number;
  referenceCount: number;
  createdAt: Date;
  tags: string[];
}

export interface FileListFilter {
  storeId: number;
  path: string;
  searchKey?: string;
  referenceCount?: number;
  limit: number;
  offset: number;
}

export interface NewMediaFile {
  storeId: number;
  catalogPath: string;
  objectName: string;
  objectSuffix: string;
  objectMd5: string;
  objectKey: string;
  contentType: string;
}

const FILE_COLUMNS = [
  'f.id',
  'f.store_id',
  'f.catalog_path',
  'f.object_name',
  'f.object_suffix',
  'f.object_md5',
  'f.object_key',
  'f.content_type',
  'f.status',
  'f.reference_count',
  'f.created_at',
] as const;

/** SQL of the media library; every query is scoped by store id. */
export class MediaRepository {
  private readonly db: MediaDb;

  constructor(db: Kysely<StoreDatabase>) {
    this.db = db.withTables<MediaTables>();
  }

  transaction<T>(run: (repository: MediaRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => run(new MediaRepository(trx as unknown as Transaction<StoreDatabase>)));
  }

  async catalogs(storeId: number): Promise<{ path: string; name: string }[]> {
    return this.db.selectFrom('store_media_catalog').select(['path', 'name']).where('store_id', '=', storeId).orderBy('path').execute();
  }

  /** Creates the directory and its missing parents. */
  async ensureCatalog(storeId: number, path: string, nameOf: (path: string) => string): Promise<void> {
    const parts = path.split('/').filter(Boolean);
    const rows = parts.map((_, index) => {
      const sub = `/${parts.slice(0, index + 1).join('/')}`;
      return { store_id: storeId, path: sub, name: nameOf(sub) };
    });
    if (rows.length === 0) return;
    await this.db.insertInto('store_media_catalog').values(rows).onConflict((oc) => oc.columns(['store_id', 'path']).doNothing()).execute();
  }

  async findByMd5(storeId: number, md5: string): Promise<MediaFileRow | undefined> {
    return (await this.findWhere(storeId, (q) => q.where('f.object_md5', '=', md5)))[0];
  }

  async findByIds(storeId: number, ids: readonly number[]): Promise<MediaFileRow[]> {
    if (ids.length === 0) return [];
    return this.findWhere(storeId, (q) => q.where('f.id', 'in', [...ids]));
  }

  async findByKey(storeId: number, key: string): Promise<MediaFileRow | undefined> {
    return (await this.findWhere(storeId, (q) => q.where('f.object_key', '=', key)))[0];
  }

  async findByKeys(storeId: number, keys: readonly string[]): Promise<MediaFileRow[]> {
    if (keys.length === 0) return [];
    return this.findWhere(storeId, (q) => q.where('f.object_key', 'in', [...keys]));
  }

  private async findWhere(storeId: number, narrow: (query: FileQuery) => FileQuery): Promise<MediaFileRow[]> {
    return this.withTags(await narrow(fileQuery(this.db, storeId)).execute());
  }

  private async withTags(rows: FileQueryRow[]): Promise<MediaFileRow[]> {
    const ids = rows.map((row) => row.id);
    const tags = ids.length
      ? await this.db.selectFrom('store_media_file_tag').select(['file_id', 'tag']).where('file_id', 'in', ids).orderBy('tag').execute()
      : [];
    return rows.map((row) => ({
      id: row.id,
      storeId: row.store_id,
      catalogPath: row.catalog_path,
      objectName: row.object_name,
      objectSuffix: row.object_suffix,
      objectMd5: row.object_md5,
      objectKey: row.object_key,
      contentType: row.content_type,
      status: row.status,
      referenceCount: row.reference_count,
      createdAt: row.created_at,
      tags: tags.filter((tag) => tag.file_id === row.id).map((tag) => tag.tag),
    }));
  }

  /** Registered files in a directory and its sub-directories, newest first. */
  async listRegistered(filter: FileListFilter): Promise<{ rows: MediaFileRow[]; total: number }> {
    let query = fileQuery(this.db, filter.storeId)
      .where('f.status', '=', MediaFileStatus.registered)
      .where((eb) => eb.or([eb('f.catalog_path', '=', filter.path), eb('f.catalog_path', 'like', `${escapeLike(filter.path.replace(/\/$/, ''))}/%`)]));
    if (filter.searchKey) {
      const pattern = `%${escapeLike(filter.searchKey)}%`;
      query = query.where((eb) =>
        eb.or([
          eb('f.object_name', 'ilike', pattern),
          eb.exists(
            eb.selectFrom('store_media_file_tag as t').select('t.file_id').whereRef('t.file_id', '=', 'f.id').where('t.tag', 'ilike', pattern),
          ),
        ]),
      );
    }
    if (filter.referenceCount !== undefined) query = query.where('f.reference_count', '=', filter.referenceCount);
    const { total } = await query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await query.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(filter.limit).offset(filter.offset).execute();
    return { rows: await this.withTags(rows), total: Number(total) };
  }

  async insertFile(file: NewMediaFile): Promise<number> {
    const row = await this.db
      .insertInto('store_media_file')
      .values({
        store_id: file.storeId,
        catalog_path: file.catalogPath,
        object_name: file.objectName,
        object_suffix: file.objectSuffix,
        object_md5: file.objectMd5,
        object_key: file.objectKey,
        content_type: file.contentType,
        status: MediaFileStatus.awaitingUpload,
      })
      // Two verifications of the same md5 at once: the second reuses the first row.
      .onConflict((oc) => oc.columns(['store_id', 'object_md5']).doUpdateSet({ updated_at: sql`now()` }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A pending row is re-pointed at the latest directory and name the merchant chose. */
  async retarget(storeId: number, id: number, change: { catalogPath: string; objectName: string }): Promise<void> {
    await this.db
      .updateTable('store_media_file')
      .set({ catalog_path: change.catalogPath, object_name: change.objectName, updated_at: sql`now()` })
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .execute();
  }

  async setStatus(storeId: number, ids: readonly number[], status: number, sizeBytes?: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('store_media_file')
      .set({ status, updated_at: sql`now()`, ...(sizeBytes === undefined ? {} : { size_bytes: sizeBytes }) })
      .where('store_id', '=', storeId)
      .where('id', 'in', [...ids])
      .execute();
  }

  async addTags(fileId: number, tags: readonly string[]): Promise<void> {
    if (tags.length === 0) return;
    await this.db
      .insertInto('store_media_file_tag')
      .values(tags.map((tag) => ({ file_id: fileId, tag })))
      .onConflict((oc) => oc.columns(['file_id', 'tag']).doNothing())
      .execute();
  }

  async replaceTags(fileId: number, tags: readonly string[]): Promise<void> {
    await this.db.deleteFrom('store_media_file_tag').where('file_id', '=', fileId).execute();
    await this.addTags(fileId, tags);
  }

  async deleteFiles(storeId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('store_media_file').where('store_id', '=', storeId).where('id', 'in', [...ids]).execute();
  }

  /** Reference counts move when goods or adverts start or stop using a file (never below zero). */
  async adjustReferenceCount(storeId: number, id: number, delta: number): Promise<void> {
    await this.db
      .updateTable('store_media_file')
      .set({ reference_count: sql`greatest(0, reference_count + ${delta})` })
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .execute();
  }

  async insertRegistered(file: NewMediaFile & { referenceCount: number; sizeBytes: number; tags: readonly string[]; createdAt: Date }): Promise<void> {
    const row = await this.db
      .insertInto('store_media_file')
      .values({
        store_id: file.storeId,
        catalog_path: file.catalogPath,
        object_name: file.objectName,
        object_suffix: file.objectSuffix,
        object_md5: file.objectMd5,
        object_key: file.objectKey,
        content_type: file.contentType,
        size_bytes: file.sizeBytes,
        status: MediaFileStatus.registered,
        reference_count: file.referenceCount,
        created_at: file.createdAt,
      })
      .onConflict((oc) => oc.columns(['store_id', 'object_md5']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) await this.addTags(row.id, file.tags);
  }
}

function fileQuery(db: MediaDb, storeId: number) {
  return db.selectFrom('store_media_file as f').select(FILE_COLUMNS).where('f.store_id', '=', storeId);
}
type FileQuery = ReturnType<typeof fileQuery>;
type FileQueryRow = Awaited<ReturnType<FileQuery['execute']>>[number];

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A directory's name is its last segment. */
export function nameOfPath(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1) || '/';
}
