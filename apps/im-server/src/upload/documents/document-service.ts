import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { DOCUMENT_LIST_MAX_LIMIT, DOCUMENT_TYPES, documentListLimit, documentTypeOf } from '../../protocol';
import type { DocumentTable, ImDatabase } from '../../db/schema';
import type { ObjectStore } from '../object-store';
import { IM_BUCKET, UploadError } from '../upload-error';
import { RenderError, renderPdf, type RenderLimits } from './pdf-renderer';

/** Bounds of one conversion (docs/im-upload.md "Documents"). */
export const DOCUMENT_CONVERSION_LIMITS: Omit<RenderLimits, 'format'> = {
  maxPages: 200,
  maxPixelsPerPage: 4_000_000,
  // 1.5 × 72 dpi: an A4 page becomes 892 × 1263, sharp enough to read on a screen.
  scale: 1.5,
  timeoutMs: 120_000,
};
/** The largest source the converter reads into memory. */
export const DOCUMENT_MAX_BYTES = 100 * 1024 * 1024;

export type DocumentState = DocumentTable['state'];

/** What fetchFile and fetchFileList answer: the spec's File fields plus the conversion's state. */
export interface DocumentRecord {
  docId: string;
  url: string;
  name: string;
  ext: string;
  size: number;
  md5: string;
  docType: number;
  transcodeType: number;
  state: DocumentState;
  pageCount: number;
  pageUrls: string[];
  reason: string;
  createTime: number;
}

/** The document fields a token carries from getNosToken to the last chunk. */
export interface DocumentClaims {
  docType: number;
  transcodeType: 10 | 11;
  name: string;
}

type Row = Pick<DocumentTable, 'doc_id' | 'object_key' | 'name' | 'ext' | 'doc_type' | 'transcode_type' | 'size' | 'state' | 'created_at'> & {
  md5: string;
  page_count: number;
  pages: string;
  reason: string;
};

/**
 * Document registry and converter (issue 13, §5 Files, §7 fetchFile/fetchFileList/removeFile). A
 * document is registered in the transaction that completes its upload; the converter then renders it
 * in the background, one document at a time, and stores each page as an object of its own. Each account
 * sees only its own documents: another's docId answers "not found", as a missing one does.
 */
export class DocumentService {
  private running: Promise<void> | undefined;
  private wanted = false;
  private stopped = true;
  private abort: AbortController | undefined;

  constructor(
    private readonly db: Kysely<ImDatabase>,
    private readonly objects: ObjectStore,
    private readonly now: () => number,
    private readonly publicBase: () => string,
    private readonly log: { error(object: unknown, message: string): void } = console,
  ) {}

  /**
   * getNosToken's document fields, checked with the client's own rules: the file name's extension must
   * be a document type and agree with docType; transcodeType is 10 (jpg, the default) or 11 (png).
   */
  static claims(fileName: string | undefined, docType: number | undefined, transcodeType: number | undefined): DocumentClaims | undefined {
    if (docType === undefined && transcodeType === undefined) return undefined;
    if (typeof fileName !== 'string' || fileName.length > 255) throw new UploadError(400, 'PARAM_ERROR', 'a document needs its fileName (at most 255 characters)');
    let type: number;
    try {
      type = documentTypeOf({ name: fileName });
    } catch (error) {
      throw new UploadError(400, 'PARAM_ERROR', (error as Error).message);
    }
    if (docType !== undefined && docType !== type) throw new UploadError(400, 'PARAM_ERROR', `docType ${docType} does not match the file's extension (type ${type})`);
    const transcode = transcodeType ?? 10;
    if (transcode !== 10 && transcode !== 11) throw new UploadError(400, 'PARAM_ERROR', 'transcodeType must be 10 (jpg) or 11 (png)');
    return { docType: type, transcodeType: transcode, name: fileName };
  }

  /** Registers a finished upload as a document, in the upload's own transaction; answers its docId. */
  async register(trx: Transaction<ImDatabase>, account: string, objectKey: string, claims: DocumentClaims, size: number, md5: string): Promise<string> {
    const existing = await trx.selectFrom('im_document').select('doc_id').where('object_key', '=', objectKey).executeTakeFirst();
    if (existing) return existing.doc_id;
    const docId = randomBytes(12).toString('hex');
    // Strictly later than the account's last document, so "newest first" is the upload order even within one millisecond.
    const last = await trx.selectFrom('im_document').select((eb) => eb.fn.max('created_at').as('at')).where('account', '=', account).executeTakeFirst();
    const createdAt = Math.max(this.now(), Number(last?.at ?? 0) + 1);
    const ext = Object.keys(DOCUMENT_TYPES).find((key) => DOCUMENT_TYPES[key as keyof typeof DOCUMENT_TYPES] === claims.docType) ?? '';
    await trx
      .insertInto('im_document')
      .values({ doc_id: docId, account, object_key: objectKey, name: claims.name, ext, doc_type: claims.docType, transcode_type: claims.transcodeType, size, md5, state: 'converting', created_at: createdAt, updated_at: this.now() })
      .execute();
    return docId;
  }

  /** The docId registered for an object, if any (a repeated last chunk answers it again). */
  async docIdOf(objectKey: string): Promise<string | undefined> {
    return (await this.db.selectFrom('im_document').select('doc_id').where('object_key', '=', objectKey).executeTakeFirst())?.doc_id;
  }

  /** fetchFile: the caller's document. */
  async fetch(account: string, docId: string): Promise<DocumentRecord> {
    return this.record(await this.own(account, docId));
  }

  /**
   * fetchFileList: the caller's documents newest first. `fromDocId` is the last docId of the previous
   * page (exclusive); `total` counts all of the caller's documents.
   */
  async list(account: string, options: { limit?: number; fromDocId?: string }): Promise<{ files: DocumentRecord[]; total: number }> {
    const limit = documentListLimit(options.limit);
    let query = this.db.selectFrom('im_document').selectAll().where('account', '=', account);
    if (options.fromDocId) {
      const from = await this.own(account, options.fromDocId);
      const at = Number(from.created_at);
      query = query.where((eb) => eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('doc_id', '<', from.doc_id)])]));
    }
    const rows = await query.orderBy('created_at', 'desc').orderBy('doc_id', 'desc').limit(Math.min(limit, DOCUMENT_LIST_MAX_LIMIT)).execute();
    const total = await this.db.selectFrom('im_document').select((eb) => eb.fn.countAll<number>().as('n')).where('account', '=', account).executeTakeFirstOrThrow();
    return { files: rows.map((row) => this.record(row)), total: Number(total.n) };
  }

  /** removeFile: the row and its page images (the uploaded file itself stays: a message may link it). */
  async remove(account: string, docId: string): Promise<void> {
    const row = await this.own(account, docId);
    await this.db.deleteFrom('im_document').where('doc_id', '=', row.doc_id).execute();
    await this.removePages(pageKeys(row.pages));
  }

  private async own(account: string, docId: string): Promise<Row> {
    const row = typeof docId === 'string' && docId.length <= 64 ? await this.db.selectFrom('im_document').selectAll().where('doc_id', '=', docId).where('account', '=', account).executeTakeFirst() : undefined;
    if (!row) throw new UploadError(404, 'NOT_FOUND', 'no such document');
    return row;
  }

  private record(row: Row): DocumentRecord {
    const base = this.publicBase();
    return {
      docId: row.doc_id,
      url: `${base}/${row.object_key}`,
      name: row.name,
      ext: row.ext,
      size: Number(row.size),
      md5: row.md5,
      docType: row.doc_type,
      transcodeType: row.transcode_type,
      state: row.state,
      pageCount: row.page_count,
      pageUrls: pageKeys(row.pages).map((key) => `${base}/${key}`),
      reason: row.reason,
      createTime: Number(row.created_at),
    };
  }

  /** Starts the converter: documents left converting by a stop or a crash are picked up now. */
  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Stops the converter; a conversion under way is cut and left converting for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort?.abort();
    await this.running;
  }

  /** A document was registered: convert it (after the ones before it). Never blocks the caller. */
  wake(): void {
    if (this.stopped) return;
    this.wanted = true;
    if (this.running) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.wanted && !this.stopped) this.wake();
    });
  }

  private async drain(): Promise<void> {
    while (this.wanted && !this.stopped) {
      this.wanted = false;
      for (;;) {
        if (this.stopped) return;
        const row = await this.db.selectFrom('im_document').selectAll().where('state', '=', 'converting').orderBy('created_at').orderBy('doc_id').executeTakeFirst();
        if (!row) break;
        try {
          await this.convert(row);
        } catch (error) {
          if (this.stopped) return;
          // A database or store failure is not the document's fault: log it and try again on the next wake.
          this.log.error({ err: error, docId: row.doc_id }, 'document conversion failed');
          return;
        }
      }
    }
  }

  private async convert(row: Row): Promise<void> {
    const ext = row.ext;
    if (ext !== 'pdf') return this.finish(row, [], `conversion of ${ext} is not available on this server`);
    if (Number(row.size) > DOCUMENT_MAX_BYTES) return this.finish(row, [], `the document is larger than ${DOCUMENT_MAX_BYTES} bytes`);
    // A source swept by its nosSurvivalTime (or lost) fails the document, not the queue behind it.
    const stored = await this.db.selectFrom('im_upload').select('complete').where('object_key', '=', row.object_key).executeTakeFirst();
    if (!stored?.complete) return this.finish(row, [], 'the uploaded file is no longer stored');
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of this.objects.read(row.object_key)) chunks.push(chunk as Buffer);
    } catch (error) {
      return this.finish(row, [], `the uploaded file could not be read (${(error as Error).message})`);
    }
    const format = row.transcode_type === 11 ? 'png' : 'jpg';
    this.abort = new AbortController();
    let rendered;
    try {
      rendered = await renderPdf(Buffer.concat(chunks), { ...DOCUMENT_CONVERSION_LIMITS, format, signal: this.abort.signal });
    } catch (error) {
      if (this.stopped) throw error;
      if (error instanceof RenderError) return this.finish(row, [], error.message);
      throw error;
    } finally {
      this.abort = undefined;
    }
    // Page keys are fixed by docId and number, so converting again after a restart rewrites the same objects.
    const keys: string[] = [];
    for (const [index, page] of rendered.pages.entries()) {
      const key = `${IM_BUCKET}/doc-${row.doc_id}/${index + 1}.${format}`;
      await this.objects.writeAt(key, 0, page.bytes);
      await this.objects.finish(key, page.bytes.length);
      await this.db
        .insertInto('im_upload')
        .values({ object_key: key, account: '', size: page.bytes.length, received: page.bytes.length, context: '', complete: true, content_type: format === 'png' ? 'image/png' : 'image/jpeg', created_at: this.now(), updated_at: this.now() })
        .onConflict((c) => c.column('object_key').doUpdateSet({ size: page.bytes.length, received: page.bytes.length, updated_at: this.now() }))
        .execute();
      keys.push(key);
    }
    await this.finish(row, keys, '');
  }

  private async finish(row: Row, keys: string[], reason: string): Promise<void> {
    const updated = await this.db
      .updateTable('im_document')
      .set({ state: reason ? 'failed' : 'done', page_count: keys.length, pages: JSON.stringify(keys), reason, updated_at: this.now() })
      .where('doc_id', '=', row.doc_id)
      .where('state', '=', 'converting')
      .executeTakeFirst();
    // Removed while it was converting: its pages go too.
    if (Number(updated.numUpdatedRows) === 0) await this.removePages(keys);
  }

  private async removePages(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.objects.remove(key);
      await this.db.deleteFrom('im_upload').where('object_key', '=', key).execute();
    }
  }
}

function pageKeys(pages: string): string[] {
  try {
    const keys: unknown = JSON.parse(pages);
    return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}
