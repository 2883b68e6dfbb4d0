import { createHash, randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Kysely, Transaction } from 'kysely';
import type { ImDatabase } from '../db/schema';
import { ChunkLengthError, isSafeObjectKey, type ObjectStore } from './object-store';
import { RunningMd5 } from './running-md5';
import { signBackSourceToken, signUploadToken, verifyBackSourceToken, verifyUploadToken, type UploadClaims } from './upload-token';
import type { DocumentClaims, DocumentService } from './documents/document-service';
import { IM_BUCKET, UploadError } from './upload-error';
import { IMAGE_TYPES } from './media/image-info';
import { MAX_IMAGE_BYTES } from './media/media-routes';
import {
  COMMON_UPLOAD_MAX_BYTES,
  ImError,
  imageOperationsQuery,
  objectNameOfSafeShortUrl,
  parseImageOperations,
  parseTranscodeResult,
  safeShortUrlOf,
  safeShortUrlProblem,
  transcodeResultProblem,
} from '../protocol';

// Callers of the service (routes, gateway handlers) get its error from here too.
export { UploadError };

/** §9: chunks are 4 MB; the server takes no bigger body. */
export const UPLOAD_CHUNK_BYTES = 4_194_304;
/** §9: the chunked upload maximum. */
export const CHUNK_UPLOAD_MAX_BYTES = 41_943_040_000;
/** How long a token from getNosToken writes (ours; the client asks again after). */
export const UPLOAD_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Quick transfer (§4): a file at least this big whose md5 the account already uploaded is not sent again.
 * Smaller files go up normally: asking costs about as much as sending them.
 */
export const QUICK_TRANSFER_THRESHOLD = 256 * 1024;
/** How long an access token to a private object reads (ours; the owner asks again after). */
export const ACCESS_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a back-source token lets a CDN read a private object (ours; the owner asks again after). */
export const BACK_SOURCE_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** The nosScene that makes an upload private (docs/protocol.md "Upload tokens and the object store"). */
export const PRIVATE_NOS_SCENE = 'private';
/** §5: the smallest nosSurvivalTime; below it, objects live without limit. */
const MIN_SURVIVAL_SECONDS = 86_400;

export interface TokenRequest {
  account: string;
  /** The exact size of the file to upload. */
  size: number;
  fileName?: string;
  nosSurvivalTime?: number;
  count?: number;
  /** Served only with an access token (nosScene 'private'). */
  private?: boolean;
  /** A document to register for conversion once complete (DocumentService.claims). */
  document?: DocumentClaims;
}

export interface IssuedToken {
  bucket: string;
  objectName: string;
  token: string;
  expireTime: number;
  /** The object's safe short link (§5 `im_url=1`), resolved by getNosOriginUrl and served at /nos-s/. */
  shortUrl: string;
}

/** getNosTokenTrans: the source upload's token and what the transcoding result is. */
export interface TranscodeTokenRequest {
  account: string;
  /** The source's StorageToken as the client holds it. */
  nosToken: { bucket?: string; objectName?: string; token?: string };
  /** The transcoding result as JSON {size, fileName?} (nos-rules transcodeResultProblem). */
  responseBody: string | undefined;
  private?: boolean;
  nosSurvivalTime?: number;
}

/** A simple (one-request) upload: the whole file under one token (docs/im-upload.md "Simple upload"). */
export interface SimpleUploadRequest {
  token: string;
  bucket: string;
  /** The form's object name; absent = the token's. */
  objectName?: string;
  source: AsyncIterable<Uint8Array>;
}

/** A chunk's body while it arrives: exactly `length` bytes are announced (an HTTP Content-Length). */
export interface ChunkStream {
  length: number;
  source: AsyncIterable<Uint8Array>;
  /** Drops the transfer (its connection): a newer request for the same object came. */
  cancel?(): void;
}

/** A streamed chunk's place in the queue of this node's writers of one object. */
interface ChunkWriter {
  /** Still reading its body: a newer writer of the object cuts it. */
  receiving: boolean;
  cancel?: () => void;
  previous?: ChunkWriter;
  /** Resolved when it has left. */
  done: Promise<void>;
  release: () => void;
  /** Resolved when the writers before it have left. */
  turn: Promise<void>;
}

/** A chunk in memory, or streamed (the HTTP route streams it into the object as it arrives). */
export type ChunkBody = Uint8Array | ChunkStream;

export interface ChunkRequest {
  token: string;
  bucket: string;
  objectName: string;
  offset: number;
  complete: boolean;
  /** The upload's context from the first chunk's answer; absent on the first chunk. */
  context?: string;
  body: ChunkBody;
}

/** What every chunk and offset query answers: where the server is, and the upload's context. */
export interface UploadPosition {
  offset: number;
  context: string;
  /** Set once the last byte is in and complete was sent. */
  complete: boolean;
  /** A document upload, once complete: its docId (docs/im-upload.md "Documents"). */
  docId?: string;
  /** The finished object's md5, in the answer of the request that completed it. */
  md5?: string;
}

/**
 * The object-store half of im-server (issue 13; docs/im-upload.md "Server"): tokens, chunks with
 * offset and context, resume, completion with content sniffing. The upload row is locked while a
 * chunk is written, so two copies of one chunk (a retry racing the original) cannot both append.
 */
export class UploadService {
  /** The md5 of uploads in progress here, so the last chunk need not read the object back. */
  private readonly runningMd5 = new RunningMd5();
  /** The last streamed writer of each object on this node (acceptStreamed). */
  private readonly writers = new Map<string, ChunkWriter>();

  constructor(
    private readonly db: Kysely<ImDatabase>,
    private readonly objects: ObjectStore,
    private readonly secret: string,
    private readonly now: () => number = Date.now,
    /** The edge base the answers' URLs name, e.g. http://127.0.0.1:3200/nos. */
    private readonly publicBase: () => string = () => '',
    /** Registers document uploads when their last byte arrives; without it, document tokens are refused. */
    private readonly documents?: DocumentService,
  ) {}

  issueTokens(request: TokenRequest): IssuedToken[] {
    if (!Number.isInteger(request.size) || request.size < 1 || request.size > CHUNK_UPLOAD_MAX_BYTES) {
      throw new UploadError(400, 'PARAM_ERROR', `size must be an integer from 1 to ${CHUNK_UPLOAD_MAX_BYTES}`);
    }
    const count = request.count ?? 1;
    if (!Number.isInteger(count) || count < 1 || count > 10) throw new UploadError(400, 'PARAM_ERROR', 'count must be an integer from 1 to 10');
    if (request.document && !this.documents) throw new UploadError(400, 'PARAM_ERROR', 'this server converts no documents');
    // Page images are served like public objects: a private source must not get public pages.
    if (request.document && request.private) throw new UploadError(400, 'PARAM_ERROR', 'a document to convert cannot be private');
    const expireTime = this.now() + UPLOAD_TOKEN_TTL_MS;
    return Array.from({ length: count }, () => {
      const objectName = `${randomBytes(16).toString('hex')}${extensionOf(request.fileName)}`;
      const survival = request.nosSurvivalTime !== undefined && request.nosSurvivalTime >= MIN_SURVIVAL_SECONDS ? Math.floor(request.nosSurvivalTime) : undefined;
      const claims: UploadClaims = { account: request.account, bucket: IM_BUCKET, objectName, size: request.size, expiresAt: expireTime, ...(survival ? { survivalSeconds: survival } : {}), ...(request.private ? { private: true } : {}), ...(request.document ? { document: request.document } : {}) };
      return { bucket: IM_BUCKET, objectName, token: signUploadToken(claims, this.secret), expireTime, shortUrl: safeShortUrlOf(this.origin(), objectName) };
    });
  }

  /** The origin the short links name: the one of /nos (they sit beside it, at /nos-s/). */
  private origin(): string {
    return this.publicBase().replace(/\/nos$/, '');
  }

  private claimsOf(token: string): UploadClaims {
    const claims = verifyUploadToken(token, this.secret, this.now());
    if (claims === 'expired') throw new UploadError(403, 'TOKEN_EXPIRED', 'the upload token has expired');
    if (typeof claims === 'string') throw new UploadError(403, 'TOKEN_INVALID', 'the upload token is not valid');
    return claims;
  }

  private claimsFor(token: string, bucket: string, objectName: string): UploadClaims {
    const claims = this.claimsOf(token);
    if (claims.bucket !== bucket || claims.objectName !== objectName) throw new UploadError(403, 'TOKEN_OBJECT', 'the upload token is for another object');
    return claims;
  }

  /**
   * getNosTokenTrans (§7): a token to upload the transcoding result of an object the caller uploaded. The
   * source's token proves the source is the caller's (a token of another account, or an expired one, is
   * refused); the result is a new object of its own, with its own size, scene and survival time.
   */
  async issueTranscodeToken(request: TranscodeTokenRequest): Promise<IssuedToken> {
    const problem = transcodeResultProblem(request.responseBody, CHUNK_UPLOAD_MAX_BYTES);
    if (problem) throw new UploadError(400, 'PARAM_ERROR', problem);
    const source = verifyUploadToken(request.nosToken.token ?? '', this.secret, this.now());
    if (source === 'expired') throw new UploadError(403, 'TOKEN_EXPIRED', 'the source\'s upload token (nosToken) has expired');
    if (typeof source === 'string') throw new UploadError(400, 'PARAM_ERROR', 'nosToken is not an upload token of this server');
    if ((request.nosToken.bucket ?? source.bucket) !== source.bucket || (request.nosToken.objectName ?? source.objectName) !== source.objectName) {
      throw new UploadError(400, 'PARAM_ERROR', 'nosToken names another object than its token does');
    }
    if (source.account !== request.account) throw new UploadError(403, 'NOT_OWNER', 'nosToken was issued to another account');
    if (!(await this.finished(source.bucket, source.objectName))) throw new UploadError(404, 'NOT_FOUND', 'the source object of nosToken is not uploaded');
    const result = parseTranscodeResult(request.responseBody!);
    return this.issueTokens({ account: request.account, size: result.size, fileName: result.fileName, nosSurvivalTime: request.nosSurvivalTime, private: request.private })[0];
  }

  /**
   * getNosOriginUrl (§7): the object URL a safe short link of this server names; 404 when the object is not
   * (or no longer) stored. A link of another form is a parameter error.
   */
  async originUrl(safeShortUrl: string): Promise<string> {
    const problem = safeShortUrlProblem(safeShortUrl);
    if (problem) throw new UploadError(400, 'PARAM_ERROR', problem);
    const objectName = objectNameOfSafeShortUrl(safeShortUrl);
    if (!objectName) throw new UploadError(400, 'PARAM_ERROR', 'safeShortUrl is not a short link of this server (…/nos-s/{objectName}?im_url=1)');
    const object = await this.finished(IM_BUCKET, objectName);
    if (!object) throw new UploadError(404, 'NOT_FOUND', 'no such object');
    return `${this.publicBase()}/${object.key}`;
  }

  /**
   * processImage (§7): the address of the processed image, served by `GET …?imageView&…` (docs/im-upload.md
   * "Media"). Everything that can be known without decoding the picture is checked here: the URL names a
   * finished image of this store that the URL may read, and the operations parse; the answer carries them
   * normalised, after the private object's read token when the URL had one.
   */
  async processedImageUrl(url: string, ops: string): Promise<string> {
    const token = readTokenOf(url);
    const { key } = objectKeyOfUrl(url);
    let query: string;
    try {
      query = imageOperationsQuery(parseImageOperations(ops));
    } catch (error) {
      if (error instanceof ImError) throw new UploadError(400, 'PARAM_ERROR', error.message);
      throw error;
    }
    const object = await this.finishedByKey(key);
    if (!object) throw new UploadError(404, 'NOT_FOUND', 'no such object');
    if (object.private) await this.checkRead(object.key, token);
    if (!IMAGE_TYPES[object.contentType]) throw new UploadError(400, 'UNSUPPORTED_TYPE', `processImage is for images (${Object.keys(IMAGE_TYPES).join(', ')}); this object is ${object.contentType}`);
    if (object.size > MAX_IMAGE_BYTES) throw new UploadError(400, 'IMAGE_TOO_LARGE', `images above ${MAX_IMAGE_BYTES} bytes are not processed`);
    const read = token.access ? `token=${encodeURIComponent(token.access)}&` : token.backSource ? `${BACK_SOURCE_TOKEN_PARAM}=${encodeURIComponent(token.backSource)}&` : '';
    return `${this.publicBase()}/${key}?${read}${query}`;
  }

  /**
   * getBackSourceToken (§7): a signed token that lets a CDN in front of /nos fetch one private object of
   * the caller's (`?backSourceToken=`) for BACK_SOURCE_TOKEN_TTL_MS. Not stored, so it cannot be revoked:
   * it lives a day. Owner only, as access tokens.
   */
  async issueBackSourceToken(account: string, url: string): Promise<{ token: string; expireTime: number }> {
    const { key } = await this.ownedObject(account, url, 'a back-source token');
    const expireTime = this.now() + BACK_SOURCE_TOKEN_TTL_MS;
    return { token: signBackSourceToken(key, expireTime, this.secret), expireTime };
  }

  /**
   * A simple upload (§7 "multipart form fields … x-nos-token, x-nos-entity-type in simple upload"): the
   * whole file in one request, at most COMMON_UPLOAD_MAX_BYTES. It goes through the chunk path in 4 MiB
   * pieces (the same row, store writes, md5, sniffing and document registration); a body that is not
   * exactly the token's size is refused and what it wrote is removed, so a refused simple upload stores
   * nothing. Only a new object: one the token already started is refused.
   */
  async acceptSimple(request: SimpleUploadRequest): Promise<UploadPosition & { objectName: string; size: number }> {
    const claims = this.claimsOf(request.token);
    if (claims.bucket !== request.bucket || (request.objectName !== undefined && request.objectName !== claims.objectName)) {
      throw new UploadError(403, 'TOKEN_OBJECT', 'the upload token is for another object');
    }
    if (claims.size > COMMON_UPLOAD_MAX_BYTES) throw new UploadError(400, 'PARAM_ERROR', `a simple upload is at most ${COMMON_UPLOAD_MAX_BYTES} bytes; the token is for ${claims.size}: upload it in chunks`);
    const key = `${claims.bucket}/${claims.objectName}`;
    if (await this.db.selectFrom('im_upload').select('object_key').where('object_key', '=', key).executeTakeFirst()) {
      throw new UploadError(409, 'UPLOAD_STARTED', 'this object is already uploaded or being uploaded; a simple upload writes a new object only');
    }
    const pieces = fixedPieces(request.source, UPLOAD_CHUNK_BYTES)[Symbol.asyncIterator]();
    let offset = 0;
    let context: string | undefined;
    try {
      let next = await pieces.next();
      if (next.done) throw new UploadError(400, 'INCOMPLETE', `the file is empty; the upload token is for ${claims.size} bytes`);
      for (;;) {
        const piece = next.value;
        const end = offset + piece.length;
        if (end > claims.size) throw new UploadError(400, 'BEYOND_SIZE', `the object is ${claims.size} bytes; the file is longer`);
        // Read ahead: the last piece is the one with nothing after it, and it completes the object.
        next = await pieces.next();
        if (next.done && end !== claims.size) throw new UploadError(400, 'INCOMPLETE', `the file is ${end} bytes; the upload token is for ${claims.size}`);
        const position = await this.acceptChunk({ token: request.token, bucket: claims.bucket, objectName: claims.objectName, offset, complete: next.done === true, context, body: piece });
        offset = position.offset;
        context = position.context;
        if (next.done) return { ...position, objectName: claims.objectName, size: claims.size };
      }
    } catch (error) {
      // Nothing of a refused simple upload stays: it cannot be resumed, its bytes would only wait for the sweeper.
      if (context !== undefined) await this.removeObject(key);
      throw error;
    }
  }

  private async removeObject(key: string): Promise<void> {
    await this.objects.remove(key);
    await this.db.deleteFrom('im_upload').where('object_key', '=', key).where('complete', '=', false).execute();
  }

  async acceptChunk(request: ChunkRequest): Promise<UploadPosition> {
    const claims = this.claimsFor(request.token, request.bucket, request.objectName);
    if (!Number.isInteger(request.offset) || request.offset < 0) throw new UploadError(400, 'PARAM_ERROR', 'offset must be a non-negative integer');
    const length = request.body.length;
    if (length > UPLOAD_CHUNK_BYTES) throw new UploadError(413, 'CHUNK_TOO_LARGE', `a chunk is at most ${UPLOAD_CHUNK_BYTES} bytes`);
    if (request.offset + length > claims.size) throw new UploadError(400, 'BEYOND_SIZE', `the object is ${claims.size} bytes; this chunk ends past it`);
    const key = `${claims.bucket}/${claims.objectName}`;
    const body = request.body;
    const position =
      body instanceof Uint8Array || !this.objects.writeStreamAt
        ? await this.acceptWhole(claims, key, request, body instanceof Uint8Array ? body : await gather(body))
        : await this.acceptStreamed(claims, key, request, body);
    if (position.docId) this.documents?.wake();
    return position;
  }

  /**
   * A chunk in memory (and every chunk of a store that cannot write at an offset, S3): the row is locked
   * while the chunk is written, so a retry racing its original, on any node, cannot append twice.
   */
  private async acceptWhole(claims: UploadClaims, key: string, request: ChunkRequest, bytes: Uint8Array): Promise<UploadPosition> {
    let accepted = false;
    const position = await this.db.transaction().execute(async (trx): Promise<UploadPosition> => {
      if (request.context === undefined) await this.createRow(trx, claims, key);
      const row = await trx.selectFrom('im_upload').select(['received', 'context', 'complete']).where('object_key', '=', key).forUpdate().executeTakeFirst();
      const answer = await this.answerWithoutWriting(row, claims, key, request, bytes.length);
      if (answer || !row) return answer ?? unreachable();
      if (request.complete) return this.complete(trx, claims, key, request.offset, [bytes], row.context, () => this.objects.writeAt(key, request.offset, bytes));
      if (bytes.length > 0) await this.objects.writeAt(key, request.offset, bytes);
      const received = request.offset + bytes.length;
      await trx.updateTable('im_upload').set({ received, updated_at: this.now() }).where('object_key', '=', key).execute();
      accepted = true;
      return { offset: received, context: row.context, complete: false };
    });
    // Committed: this chunk's bytes count towards the object's md5 (after the answer, see RunningMd5).
    if (accepted && bytes.length > 0) this.runningMd5.add(key, request.offset, bytes);
    return position;
  }

  /**
   * A chunk streamed into the local object while it arrives (docs/im-upload.md "Server"): no database
   * connection or lock is held during the transfer. Writers of one object take turns on this node (a
   * newer request for the object cuts an older one still receiving: the client gave that one up); the
   * offset moves with one conditional UPDATE once the bytes are durable, so the row never claims bytes
   * that are not on disk.
   */
  private async acceptStreamed(claims: UploadClaims, key: string, request: ChunkRequest, body: ChunkStream): Promise<UploadPosition> {
    const writer = this.enterWriter(key, body.cancel);
    try {
      await writer.turn;
      if (request.context === undefined) await this.createRow(this.db, claims, key);
      const row = await this.db.selectFrom('im_upload').select(['received', 'context', 'complete']).where('object_key', '=', key).executeTakeFirst();
      const answer = await this.answerWithoutWriting(row, claims, key, request, body.length);
      if (answer || !row) return answer ?? unreachable();
      const pieces: Uint8Array[] = [];
      await this.writeStream(key, request.offset, body, pieces);
      writer.receiving = false;
      if (request.complete) {
        return await this.db.transaction().execute(async (trx) => {
          const locked = await trx.selectFrom('im_upload').select(['received', 'context', 'complete']).where('object_key', '=', key).forUpdate().executeTakeFirst();
          return (await this.answerWithoutWriting(locked, claims, key, request, body.length)) ?? this.complete(trx, claims, key, request.offset, pieces, row.context);
        });
      }
      const received = request.offset + body.length;
      const moved = await this.db
        .updateTable('im_upload')
        .set({ received, updated_at: this.now() })
        .where('object_key', '=', key)
        .where('received', '=', request.offset)
        .where('complete', '=', false)
        .returning('received')
        .executeTakeFirst();
      // Another node committed this offset meanwhile (a shared folder): the answer says where the server is.
      if (!moved) return await this.position(request.token, request.bucket, request.objectName, row.context);
      if (body.length > 0) this.runningMd5.add(key, request.offset, pieces);
      return { offset: received, context: row.context, complete: false };
    } finally {
      this.leaveWriter(key, writer);
    }
  }

  /** The first chunk (no context yet) makes the row; it stays if the chunk fails, and the next try finds it. */
  private async createRow(db: Kysely<ImDatabase>, claims: UploadClaims, key: string): Promise<void> {
    await db
      .insertInto('im_upload')
      .values({ object_key: key, account: claims.account, size: claims.size, private: claims.private ?? false, context: randomBytes(12).toString('base64url'), created_at: this.now(), updated_at: this.now() })
      .onConflict((c) => c.column('object_key').doNothing())
      .execute();
  }

  /**
   * The checks made before a byte is written. Throws for a wrong context or a complete sent early; answers
   * the true position for a finished upload and for a repeated or out-of-order chunk (which change nothing);
   * undefined when the chunk is the next one.
   */
  private async answerWithoutWriting(
    row: { received: number | string; context: string; complete: boolean } | undefined,
    claims: UploadClaims,
    key: string,
    request: ChunkRequest,
    length: number,
  ): Promise<UploadPosition | undefined> {
    if (!row || (request.context !== undefined && request.context !== row.context)) throw new UploadError(409, 'CONTEXT_MISMATCH', 'the context is not this upload\'s');
    const position = { offset: Number(row.received), context: row.context, complete: row.complete };
    if (request.context === undefined && request.offset > 0) throw new UploadError(400, 'PARAM_ERROR', 'context is required after the first chunk');
    if (row.complete) return claims.document ? { ...position, docId: await this.documents?.docIdOf(key) } : position;
    if (request.offset !== position.offset) return position;
    const received = request.offset + length;
    if (request.complete && received !== claims.size) throw new UploadError(400, 'INCOMPLETE', `complete was sent at ${received} of ${claims.size} bytes`);
    return undefined;
  }

  /** The last chunk: (written,) checked whole, sniffed, its md5 recorded and a document registered, in `trx`. */
  private async complete(trx: Transaction<ImDatabase>, claims: UploadClaims, key: string, offset: number, tail: readonly Uint8Array[], context: string, write?: () => Promise<void>): Promise<UploadPosition> {
    if (write) await write();
    await this.objects.finish(key, claims.size);
    const contentType = (await fileTypeFromBuffer(await this.objects.head(key, 4100)))?.mime ?? 'application/octet-stream';
    const md5 = (await this.runningMd5.finish(key, offset, tail)) ?? (await this.md5Of(key));
    await trx
      .updateTable('im_upload')
      .set({ received: claims.size, complete: true, content_type: contentType, md5, updated_at: this.now(), expires_at: survivalEnd(claims.survivalSeconds, this.now()) })
      .where('object_key', '=', key)
      .execute();
    // A document is registered with its upload's completion: both or neither.
    const docId = claims.document && this.documents ? await this.documents.register(trx, claims.account, key, claims.document, claims.size, md5) : undefined;
    return { offset: claims.size, context, complete: true, md5, ...(docId ? { docId } : {}) };
  }

  /** Streams a chunk into the object, keeping its pieces for the md5; a cut body is a 400 CHUNK_CUT. */
  private async writeStream(key: string, offset: number, body: ChunkStream, pieces: Uint8Array[]): Promise<void> {
    const writeStreamAt = this.objects.writeStreamAt?.bind(this.objects);
    if (!writeStreamAt) throw new Error('this object store cannot write a stream');
    try {
      await writeStreamAt(key, offset, keepPieces(body.source, pieces), body.length);
    } catch (error) {
      if (error instanceof ChunkLengthError || error instanceof ChunkCutError) throw new UploadError(400, 'CHUNK_CUT', `the chunk did not arrive whole: ${error.message}`);
      throw error;
    }
  }

  /** Takes a turn among this node's writers of `key`; older ones still receiving are cut. */
  private enterWriter(key: string, cancel: (() => void) | undefined): ChunkWriter {
    const previous = this.writers.get(key);
    let release = () => {};
    const done = new Promise<void>((resolve) => (release = resolve));
    const writer: ChunkWriter = { receiving: true, cancel, previous, done, release, turn: previous?.done ?? Promise.resolve() };
    this.writers.set(key, writer);
    for (let older = previous; older; older = older.previous) if (older.receiving) older.cancel?.();
    return writer;
  }

  private leaveWriter(key: string, writer: ChunkWriter): void {
    writer.receiving = false;
    writer.previous = undefined;
    if (this.writers.get(key) === writer) this.writers.delete(key);
    writer.release();
  }

  /** Resume (§4, issue 13): where an upload stands, for the holder of its token and context. */
  async position(token: string, bucket: string, objectName: string, context: string): Promise<UploadPosition> {
    const claims = this.claimsFor(token, bucket, objectName);
    const row = await this.db.selectFrom('im_upload').selectAll().where('object_key', '=', `${claims.bucket}/${claims.objectName}`).executeTakeFirst();
    if (!row) return { offset: 0, context: '', complete: false };
    if (row.context !== context) throw new UploadError(409, 'CONTEXT_MISMATCH', 'the context is not this upload\'s');
    return { offset: Number(row.received), context: row.context, complete: row.complete };
  }

  /**
   * fileQuickTransfer (§4, issue 13): the URL of a finished object of this account with this md5 and
   * size, so the file need not go up again. Only the account's own objects: an md5 must not tell one
   * account what another uploaded. Undefined when there is none (the client uploads normally).
   */
  async quickTransfer(account: string, md5: string, size: number): Promise<{ url: string; size: number; threshold: number } | undefined> {
    if (!/^[0-9a-f]{32}$/i.test(md5) || !Number.isInteger(size) || size < 1) throw new UploadError(400, 'PARAM_ERROR', 'md5 (32 hex digits) and a positive size are required');
    if (size < QUICK_TRANSFER_THRESHOLD) return undefined;
    const row = await this.db
      .selectFrom('im_upload')
      .select(['object_key', 'expires_at'])
      .where('account', '=', account)
      .where('md5', '=', md5.toLowerCase())
      .where('size', '=', size)
      .where('complete', '=', true)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!row || (row.expires_at !== null && Number(row.expires_at) < this.now())) return undefined;
    return { url: `${this.publicBase()}/${row.object_key}`, size, threshold: QUICK_TRANSFER_THRESHOLD };
  }

  private async md5Of(key: string): Promise<string> {
    const hash = createHash('md5');
    for await (const chunk of this.objects.read(key)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  /** A finished object for download: its sniffed type and size; undefined while uploading or unknown. */
  async finished(bucket: string, objectName: string): Promise<{ key: string; contentType: string; size: number; private: boolean } | undefined> {
    return this.finishedByKey(`${bucket}/${objectName}`);
  }

  private async finishedByKey(key: string): Promise<{ key: string; contentType: string; size: number; private: boolean } | undefined> {
    const row = await this.db.selectFrom('im_upload').select(['complete', 'content_type', 'size', 'expires_at', 'private']).where('object_key', '=', key).executeTakeFirst();
    if (!row || !row.complete) return undefined;
    if (row.expires_at !== null && Number(row.expires_at) < this.now()) return undefined;
    return { key, contentType: row.content_type || 'application/octet-stream', size: Number(row.size), private: row.private };
  }

  /**
   * getNosAccessToken (§7): a token that reads one finished object for ACCESS_TOKEN_TTL_MS, issued to
   * the object's owner only. The answer's URL carries it as `?token=`; only its SHA-256 is stored.
   */
  async issueAccessToken(account: string, url: string): Promise<{ token: string; url: string; expireTime: number }> {
    const { key, parsed } = await this.ownedObject(account, url, 'an access token');
    const token = randomBytes(24).toString('base64url');
    const expireTime = this.now() + ACCESS_TOKEN_TTL_MS;
    await this.db.insertInto('im_nos_access_token').values({ token_hash: sha256(token), object_key: key, account, expires_at: expireTime, created_at: this.now() }).execute();
    parsed.searchParams.set('token', token);
    return { token, url: parsed.toString(), expireTime };
  }

  /** The finished object a URL names, when `account` owns it: 414 for a URL of another form, 404, 403. */
  private async ownedObject(account: string, url: string, what: string): Promise<{ key: string; parsed: URL }> {
    const { key, parsed } = objectKeyOfUrl(url);
    const row = await this.db.selectFrom('im_upload').select(['account', 'complete', 'expires_at']).where('object_key', '=', key).executeTakeFirst();
    if (!row || !row.complete || (row.expires_at !== null && Number(row.expires_at) < this.now())) throw new UploadError(404, 'NOT_FOUND', 'no such object');
    if (row.account !== account) throw new UploadError(403, 'NOT_OWNER', `only the owner of an object may get ${what} to it`);
    return { key, parsed };
  }

  /** deleteNosAccessToken (§7): the token stops reading at once. Only the account it was issued to may revoke it. */
  async revokeAccessToken(account: string, token: string): Promise<void> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 256) throw new UploadError(400, 'PARAM_ERROR', 'token is required');
    const deleted = await this.db.deleteFrom('im_nos_access_token').where('token_hash', '=', sha256(token)).where('account', '=', account).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new UploadError(404, 'NOT_FOUND', 'no such access token');
  }

  /**
   * Throws unless the request may read the private object `key`: a CDN's back-source token when one is
   * presented (it alone decides), else an access token.
   */
  async checkRead(key: string, token: ReadToken): Promise<void> {
    if (token.backSource === undefined) return this.checkAccess(key, token.access);
    const verified = verifyBackSourceToken(token.backSource, this.secret, this.now());
    if (verified === 'expired') throw new UploadError(403, 'BACK_SOURCE_TOKEN_EXPIRED', 'the back-source token has expired');
    if (typeof verified === 'string') throw new UploadError(403, 'BACK_SOURCE_TOKEN_INVALID', 'the back-source token is not valid');
    if (verified.objectKey !== key) throw new UploadError(403, 'BACK_SOURCE_TOKEN_OBJECT', 'the back-source token is for another object');
  }

  /** Throws unless `token` reads the private object `key` now. */
  async checkAccess(key: string, token: string | undefined): Promise<void> {
    if (!token) throw new UploadError(403, 'ACCESS_TOKEN_REQUIRED', 'this object is private; an access token is required');
    const row = token.length > 256 ? undefined : await this.db.selectFrom('im_nos_access_token').select(['object_key', 'expires_at']).where('token_hash', '=', sha256(token)).executeTakeFirst();
    if (!row) throw new UploadError(403, 'ACCESS_TOKEN_INVALID', 'the access token is not valid or was revoked');
    if (row.object_key !== key) throw new UploadError(403, 'ACCESS_TOKEN_OBJECT', 'the access token is for another object');
    if (Number(row.expires_at) < this.now()) throw new UploadError(403, 'ACCESS_TOKEN_EXPIRED', 'the access token has expired');
  }

  /**
   * The expiry sweeper (§5 nosSurvivalTime): removes the bytes, access tokens and rows of up to `limit`
   * objects past their survival time, and of uploads never finished whose token can no longer write.
   * Bytes go first: a sweep cut in between finds the row again and removes nothing twice by mistake.
   * Answers how many were removed.
   */
  async sweepExpired(limit: number): Promise<number> {
    const now = this.now();
    const rows = await this.db
      .selectFrom('im_upload')
      .select('object_key')
      .where((eb) => eb.or([eb('expires_at', '<', now), eb.and([eb('complete', '=', false), eb('created_at', '<', now - UPLOAD_TOKEN_TTL_MS)])]))
      .limit(limit)
      .execute();
    for (const { object_key: key } of rows) {
      await this.objects.remove(key);
      await this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('im_nos_access_token').where('object_key', '=', key).execute();
        await trx.deleteFrom('im_upload').where('object_key', '=', key).execute();
      });
    }
    // Tokens past their expiry read nothing; their rows go too.
    await this.db.deleteFrom('im_nos_access_token').where('expires_at', '<', now).execute();
    return rows.length;
  }
}

/** The query parameter that carries a back-source token (getBackSourceToken) on the /nos read path. */
export const BACK_SOURCE_TOKEN_PARAM = 'backSourceToken';

/** What a read of a private object may present: an access token (`token=`) or a back-source token. */
export interface ReadToken {
  access?: string;
  backSource?: string;
}

/** The read tokens a URL's query carries; none for a URL that does not parse (objectKeyOfUrl refuses it). */
function readTokenOf(url: string): ReadToken {
  try {
    const query = new URL(url).searchParams;
    return { access: query.get('token') ?? undefined, backSource: query.get(BACK_SOURCE_TOKEN_PARAM) ?? undefined };
  } catch {
    return {};
  }
}

/** The source cut into pieces of `size` bytes (the last one shorter); a small file takes only its own bytes. */
async function* fixedPieces(source: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Uint8Array> {
  let parts: Uint8Array[] = [];
  let filled = 0;
  for await (const chunk of source) {
    let at = 0;
    while (at < chunk.length) {
      const taken = Math.min(size - filled, chunk.length - at);
      parts.push(chunk.subarray(at, at + taken));
      filled += taken;
      at += taken;
      if (filled === size) {
        yield Buffer.concat(parts);
        parts = [];
        filled = 0;
      }
    }
  }
  if (filled > 0) yield Buffer.concat(parts);
}

/** The request body failed while a chunk streamed in (the client went away). */
class ChunkCutError extends Error {}

/** Passes the pieces through and keeps them; a failing source becomes a ChunkCutError. */
async function* keepPieces(source: AsyncIterable<Uint8Array>, pieces: Uint8Array[]): AsyncGenerator<Uint8Array> {
  try {
    for await (const piece of source) {
      pieces.push(piece);
      yield piece;
    }
  } catch (error) {
    throw new ChunkCutError(error instanceof Error ? error.message : String(error));
  }
}

/** A streamed chunk gathered whole (for a store that cannot write at an offset). */
async function gather(body: ChunkStream): Promise<Uint8Array> {
  const bytes = Buffer.alloc(body.length);
  let received = 0;
  try {
    for await (const piece of body.source) {
      if (received + piece.length > body.length) throw new ChunkLengthError(`the chunk carries more than its ${body.length} bytes`);
      bytes.set(piece, received);
      received += piece.length;
    }
  } catch (error) {
    throw new UploadError(400, 'CHUNK_CUT', `the chunk did not arrive whole: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (received !== body.length) throw new UploadError(400, 'CHUNK_CUT', `the chunk did not arrive whole: it ended at ${received} of its ${body.length} bytes`);
  return bytes;
}

const unreachable = (): never => {
  throw new Error('unreachable: the row was checked');
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The object a download URL names: http(s)://<any edge>/nos/<bucket>/<objectName>. */
export function objectKeyOfUrl(url: string): { key: string; parsed: URL } {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === 'string' && url.length <= 2048 ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  const match = parsed && /^https?:$/.test(parsed.protocol) ? /^\/nos\/(.+)$/.exec(parsed.pathname) : null;
  if (!parsed || !match || !isSafeObjectKey(match[1])) throw new UploadError(400, 'PARAM_ERROR', 'url must be an object URL of this server (…/nos/{bucket}/{objectName})');
  parsed.searchParams.delete('token');
  parsed.searchParams.delete(BACK_SOURCE_TOKEN_PARAM);
  return { key: match[1], parsed };
}

function extensionOf(fileName: string | undefined): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName ?? '');
  return match ? `.${match[1].toLowerCase()}` : '';
}

/** §5: objects live nosSurvivalTime seconds when it is at least 86,400; otherwise without limit (null). */
export function survivalEnd(nosSurvivalTime: number | undefined, now: number): number | null {
  return nosSurvivalTime !== undefined && nosSurvivalTime >= MIN_SURVIVAL_SECONDS ? now + nosSurvivalTime * 1000 : null;
}
