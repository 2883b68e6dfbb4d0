import { createHash, randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Kysely } from 'kysely';
import type { ImDatabase } from '../db/schema';
import { isSafeObjectKey, type ObjectStore } from './object-store';
import { RunningMd5 } from './running-md5';
import { signUploadToken, verifyUploadToken, type UploadClaims } from './upload-token';
import type { DocumentClaims, DocumentService } from './documents/document-service';

/** §9: chunks are 4 MB; the server takes no bigger body. */
export const UPLOAD_CHUNK_BYTES = 4_194_304;
/** §9: the chunked upload maximum. */
export const CHUNK_UPLOAD_MAX_BYTES = 41_943_040_000;
/** How long a token from getNosToken writes (ours; the client asks again after). */
export const UPLOAD_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** The bucket of chat files. */
export const IM_BUCKET = 'im';
/**
 * Quick transfer (§4): a file at least this big whose md5 the account already uploaded is not sent again.
 * Smaller files go up normally: asking costs about as much as sending them.
 */
export const QUICK_TRANSFER_THRESHOLD = 256 * 1024;
/** How long an access token to a private object reads (ours; the owner asks again after). */
export const ACCESS_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** The nosScene that makes an upload private (docs/protocol.md "Upload tokens and the object store"). */
export const PRIVATE_NOS_SCENE = 'private';
/** §5: the smallest nosSurvivalTime; below it, objects live without limit. */
const MIN_SURVIVAL_SECONDS = 86_400;

export class UploadError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413,
    readonly errCode: string,
    message: string,
  ) {
    super(message);
  }
}

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
}

export interface ChunkRequest {
  token: string;
  bucket: string;
  objectName: string;
  offset: number;
  complete: boolean;
  /** The upload's context from the first chunk's answer; absent on the first chunk. */
  context?: string;
  body: Uint8Array;
}

/** What every chunk and offset query answers: where the server is, and the upload's context. */
export interface UploadPosition {
  offset: number;
  context: string;
  /** Set once the last byte is in and complete was sent. */
  complete: boolean;
  /** A document upload, once complete: its docId (docs/im-upload.md "Documents"). */
  docId?: string;
}

/**
 * The object-store half of im-server (issue 13; docs/im-upload.md "Server"): tokens, chunks with
 * offset and context, resume, completion with content sniffing. The upload row is locked while a
 * chunk is written, so two copies of one chunk (a retry racing the original) cannot both append.
 */
export class UploadService {
  /** The md5 of uploads in progress here, so the last chunk need not read the object back. */
  private readonly runningMd5 = new RunningMd5();

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
      return { bucket: IM_BUCKET, objectName, token: signUploadToken(claims, this.secret), expireTime };
    });
  }

  private claimsFor(token: string, bucket: string, objectName: string): UploadClaims {
    const claims = verifyUploadToken(token, this.secret, this.now());
    if (claims === 'expired') throw new UploadError(403, 'TOKEN_EXPIRED', 'the upload token has expired');
    if (typeof claims === 'string') throw new UploadError(403, 'TOKEN_INVALID', 'the upload token is not valid');
    if (claims.bucket !== bucket || claims.objectName !== objectName) throw new UploadError(403, 'TOKEN_OBJECT', 'the upload token is for another object');
    return claims;
  }

  async acceptChunk(request: ChunkRequest): Promise<UploadPosition> {
    const claims = this.claimsFor(request.token, request.bucket, request.objectName);
    if (!Number.isInteger(request.offset) || request.offset < 0) throw new UploadError(400, 'PARAM_ERROR', 'offset must be a non-negative integer');
    if (request.body.length > UPLOAD_CHUNK_BYTES) throw new UploadError(413, 'CHUNK_TOO_LARGE', `a chunk is at most ${UPLOAD_CHUNK_BYTES} bytes`);
    if (request.offset + request.body.length > claims.size) throw new UploadError(400, 'BEYOND_SIZE', `the object is ${claims.size} bytes; this chunk ends past it`);
    const key = `${claims.bucket}/${claims.objectName}`;
    let accepted = false;
    const position = await this.db.transaction().execute(async (trx): Promise<UploadPosition> => {
      await trx
        .insertInto('im_upload')
        .values({ object_key: key, account: claims.account, size: claims.size, private: claims.private ?? false, context: randomBytes(12).toString('base64url'), created_at: this.now(), updated_at: this.now() })
        .onConflict((c) => c.column('object_key').doNothing())
        .execute();
      const row = await trx.selectFrom('im_upload').selectAll().where('object_key', '=', key).forUpdate().executeTakeFirstOrThrow();
      const position = { offset: Number(row.received), context: row.context, complete: row.complete };
      if (request.context !== undefined && request.context !== row.context) throw new UploadError(409, 'CONTEXT_MISMATCH', 'the context is not this upload\'s');
      if (request.context === undefined && request.offset > 0) throw new UploadError(400, 'PARAM_ERROR', 'context is required after the first chunk');
      if (row.complete) return claims.document ? { ...position, docId: await this.documents?.docIdOf(key) } : position;
      // A repeated or out-of-order chunk changes nothing: the answer says where the server is.
      if (request.offset !== position.offset) return position;
      if (request.body.length > 0) await this.objects.writeAt(key, request.offset, request.body);
      accepted = true;
      const received = request.offset + request.body.length;
      let complete = false;
      let contentType = '';
      let md5: string | null = null;
      if (request.complete) {
        if (received !== claims.size) throw new UploadError(400, 'INCOMPLETE', `complete was sent at ${received} of ${claims.size} bytes`);
        complete = true;
        await this.objects.finish(key, claims.size);
        contentType = (await fileTypeFromBuffer(await this.objects.head(key, 4100)))?.mime ?? 'application/octet-stream';
        md5 = (await this.runningMd5.finish(key, request.offset, request.body)) ?? (await this.md5Of(key));
      }
      await trx
        .updateTable('im_upload')
        .set({ received, complete, content_type: contentType, md5, updated_at: this.now(), ...(complete ? { expires_at: survivalEnd(claims.survivalSeconds, this.now()) } : {}) })
        .where('object_key', '=', key)
        .execute();
      // A document is registered with its upload's completion: both or neither.
      const docId = complete && claims.document && this.documents ? await this.documents.register(trx, claims.account, key, claims.document, claims.size, md5 ?? '') : undefined;
      return { offset: received, context: row.context, complete, ...(docId ? { docId } : {}) };
    });
    // Committed: this chunk's bytes count towards the object's md5 (after the answer, see RunningMd5).
    if (accepted && !position.complete && request.body.length > 0) this.runningMd5.add(key, request.offset, request.body);
    if (position.docId) this.documents?.wake();
    return position;
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
    const key = `${bucket}/${objectName}`;
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
    const { key, parsed } = objectKeyOfUrl(url);
    const row = await this.db.selectFrom('im_upload').select(['account', 'complete', 'expires_at']).where('object_key', '=', key).executeTakeFirst();
    if (!row || !row.complete || (row.expires_at !== null && Number(row.expires_at) < this.now())) throw new UploadError(404, 'NOT_FOUND', 'no such object');
    if (row.account !== account) throw new UploadError(403, 'NOT_OWNER', 'only the owner of an object may get an access token to it');
    const token = randomBytes(24).toString('base64url');
    const expireTime = this.now() + ACCESS_TOKEN_TTL_MS;
    await this.db.insertInto('im_nos_access_token').values({ token_hash: sha256(token), object_key: key, account, expires_at: expireTime, created_at: this.now() }).execute();
    parsed.searchParams.set('token', token);
    return { token, url: parsed.toString(), expireTime };
  }

  /** deleteNosAccessToken (§7): the token stops reading at once. Only the account it was issued to may revoke it. */
  async revokeAccessToken(account: string, token: string): Promise<void> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 256) throw new UploadError(400, 'PARAM_ERROR', 'token is required');
    const deleted = await this.db.deleteFrom('im_nos_access_token').where('token_hash', '=', sha256(token)).where('account', '=', account).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new UploadError(404, 'NOT_FOUND', 'no such access token');
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

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The object a download URL names: http(s)://<any edge>/nos/<bucket>/<objectName>. */
function objectKeyOfUrl(url: string): { key: string; parsed: URL } {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === 'string' && url.length <= 2048 ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  const match = parsed && /^https?:$/.test(parsed.protocol) ? /^\/nos\/(.+)$/.exec(parsed.pathname) : null;
  if (!parsed || !match || !isSafeObjectKey(match[1])) throw new UploadError(400, 'PARAM_ERROR', 'url must be an object URL of this server (…/nos/{bucket}/{objectName})');
  parsed.searchParams.delete('token');
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
