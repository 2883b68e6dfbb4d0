import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isSafeObjectKey, type ByteRange, type ObjectStore } from './object-store';
import { isMediaQuery, serveMediaQuery } from './media/media-routes';
import { BACK_SOURCE_TOKEN_PARAM, UPLOAD_CHUNK_BYTES, UploadError, type ChunkBody, type UploadService } from './upload-service';

/** The header that carries the upload token (§7 "a token header"). */
export const UPLOAD_TOKEN_HEADER = 'x-nos-token';
/** A simple upload's answer format (§7 "x-nos-entity-type in simple upload"); this server answers JSON only. */
export const ENTITY_TYPE_HEADER = 'x-nos-entity-type';

/**
 * The object store's HTTP face (§7 "Object store upload POST {bucket}/{objectName} with query offset,
 * complete, version, context"): chunk upload, the resume offset query (?uploadContext) and downloads.
 * Answers are JSON {offset, context} or {errCode, errMsg}; nothing malformed reaches the service.
 */
export function registerUploadRoutes(app: FastifyInstance, uploads: () => UploadService, objects: () => ObjectStore, edges: () => string[]): void {
  // The object store's load balancer (§4 "then the load-balancer list"; issue 13 edge failover):
  // GET /nos-lbs?version=1.0&bucketname=<bucket> answers the upload edges to try, in order.
  app.get('/nos-lbs', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    if (!query.bucketname || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/.test(query.bucketname)) {
      return reply.code(400).send({ errCode: 'PARAM_ERROR', errMsg: 'bucketname is required' });
    }
    return { lbs: `${request.protocol}://${request.host}/nos-lbs`, upload: edges() };
  });

  // Safe short links (getNosToken's shortUrl; docs/im-upload.md "Safe short links"): a redirect to the
  // object, whose own route then decides (a private object still needs its token).
  app.get('/nos-s/:objectName', async (request, reply) => {
    try {
      const origin = new URL(await uploads().originUrl(`${request.protocol}://${request.host}${request.url}`));
      const query = new URLSearchParams(request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '');
      query.delete('im_url');
      const rest = query.toString();
      return reply.redirect(`${origin.pathname}${rest ? `?${rest}` : ''}`, 302);
    } catch (error) {
      return refuse(reply, error);
    }
  });

  void app.register(async (scope) => {
    // Chunks are raw bytes, whatever the content type says. The body is handed over as a stream: with a
    // Content-Length, the chunk is written into the object while it arrives (docs/im-upload.md "Server").
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.post('/nos/:bucket/*', async (request, reply) => {
      const payload = request.body as IncomingMessage | undefined;
      try {
        const target = targetOf(request.params);
        if (!target) throw new UploadError(400, 'PARAM_ERROR', 'bad bucket or object name');
        const query = request.query as Record<string, string | undefined>;
        const offset = Number(query.offset ?? '0');
        const complete = query.complete === 'true';
        if (query.complete !== undefined && query.complete !== 'true' && query.complete !== 'false') {
          throw new UploadError(400, 'PARAM_ERROR', 'complete must be true or false');
        }
        const position = await uploads().acceptChunk({
          token: String(request.headers[UPLOAD_TOKEN_HEADER] ?? ''),
          bucket: target.bucket,
          objectName: target.objectName,
          offset,
          complete,
          context: query.context || undefined,
          body: await chunkBodyOf(payload),
        });
        await discardRest(payload, reply);
        return { offset: position.offset, context: position.context, complete: position.complete, ...(position.docId ? { docId: position.docId } : {}) };
      } catch (error) {
        await discardRest(payload, reply);
        return refuse(reply, error);
      }
    });

    // The simple upload (§7): one multipart POST with the whole file (docs/im-upload.md "Simple upload").
    // @fastify/multipart reads the form, in a scope of its own: its parser for multipart/form-data must not
    // reach the chunk route above, whose body is raw bytes whatever the content type says.
    void scope.register(async (simple) => {
      await simple.register(fastifyMultipart, {
        // A field's value is text of at most FIELD_LIMIT bytes; the file's size is the token's business
        // (acceptSimple refuses a byte past it). A part is a file only when it has a file name.
        limits: { fieldSize: FIELD_LIMIT, fileSize: Number.POSITIVE_INFINITY },
        isPartAFile: (_name, _contentType, fileName) => fileName !== undefined,
      });

      simple.post('/nos/:bucket', async (request, reply) => {
        let form: AsyncIterableIterator<Multipart> | undefined;
        let file: Readable | undefined;
        try {
          const { bucket } = request.params as { bucket: string };
          if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/.test(bucket)) throw new UploadError(400, 'PARAM_ERROR', 'bad bucket name');
          if (!request.isMultipart()) throw new UploadError(400, 'PARAM_ERROR', 'a simple upload is a multipart/form-data body');
          const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
          const fields = new Map<string, string>();
          form = request.parts();
          for (;;) {
            const part = await nextPart(form);
            if (!part) throw new UploadError(400, 'PARAM_ERROR', 'the form has no file part');
            if (part.type === 'field') {
              if (part.valueTruncated) throw new UploadError(400, 'PARAM_ERROR', `the multipart body is malformed: the form field ${part.fieldname} is longer than ${FIELD_LIMIT} bytes`);
              if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
              continue;
            }
            // The first file; the parts after it are left unread (then discarded).
            file = part.file;
            // The form's fields (or the headers) come before the file: the token is checked before a byte of it is read.
            const entityType = header(ENTITY_TYPE_HEADER) ?? fields.get(ENTITY_TYPE_HEADER) ?? 'json';
            if (entityType !== 'json') throw new UploadError(400, 'PARAM_ERROR', `${ENTITY_TYPE_HEADER} must be json (this server answers JSON only)`);
            const token = header(UPLOAD_TOKEN_HEADER) ?? fields.get(UPLOAD_TOKEN_HEADER);
            if (!token) throw new UploadError(403, 'TOKEN_INVALID', `${UPLOAD_TOKEN_HEADER} is required, as a header or a form field before the file`);
            const answer = await uploads().acceptSimple({ token, bucket, objectName: fields.get('Object') || undefined, source: fileBytes(part.file) });
            await discardForm(request.raw, form, file, reply);
            const url = `${edges()[0]}/${bucket}/${answer.objectName}`;
            return { offset: answer.offset, context: answer.context, complete: answer.complete, size: answer.size, md5: answer.md5, url, ...(answer.docId ? { docId: answer.docId } : {}) };
          }
        } catch (error) {
          await discardForm(request.raw, form, file, reply);
          return refuse(reply, error);
        }
      });
    });

    scope.get('/nos/:bucket/*', async (request, reply) => {
      const target = targetOf(request.params);
      if (!target) return refuse(reply, new UploadError(400, 'PARAM_ERROR', 'bad bucket or object name'));
      const query = request.query as Record<string, string | undefined>;
      try {
        if (query.uploadContext !== undefined) {
          const position = await uploads().position(String(request.headers[UPLOAD_TOKEN_HEADER] ?? ''), target.bucket, target.objectName, query.context ?? '');
          return { offset: position.offset, context: position.context, complete: position.complete };
        }
        const object = await uploads().finished(target.bucket, target.objectName);
        if (!object) return refuse(reply, new UploadError(404, 'NOT_FOUND', 'no such object'));
        // A CDN's back-source token (getBackSourceToken) or an access token (getNosAccessToken).
        if (object.private) await uploads().checkRead(object.key, { access: query.token, backSource: query[BACK_SOURCE_TOKEN_PARAM] });
        // ?imageInfo, ?vinfo and ?imageView&… (docs/im-upload.md "Media"): the raw query keeps the operations' order.
        const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
        if (isMediaQuery(rawQuery)) return await serveMediaQuery(reply, objects(), object, rawQuery);
        // The sniffed type only, never what the uploader claimed; never rendered as a page of ours.
        reply
          .header('content-type', object.contentType)
          .header('accept-ranges', 'bytes')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', object.private ? 'private, no-store' : 'private, max-age=86400');
        // Players seek with Range (docs/im-upload.md "Downloads").
        const range = byteRangeOf(request.headers.range, object.size);
        if (range === 'unsatisfiable') return reply.code(416).header('content-type', 'application/json; charset=utf-8').header('content-range', `bytes */${object.size}`).send({ errCode: 'RANGE_NOT_SATISFIABLE', errMsg: `the object is ${object.size} bytes` });
        if (range) {
          return reply
            .code(206)
            .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
            .header('content-length', range.end - range.start + 1)
            .send(objects().read(object.key, range));
        }
        return reply.header('content-length', object.size).send(objects().read(object.key));
      } catch (error) {
        return refuse(reply, error);
      }
    });
  });
}

/**
 * One `bytes=a-b`, `bytes=a-` or `bytes=-n` range (RFC 9110 §14.1.2), clamped to the object; undefined
 * (the whole object) without a Range header or for anything else, such as several ranges, which a
 * server may ignore; 'unsatisfiable' when it starts past the end.
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = typeof header === 'string' ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}

/** A body without Content-Length (chunked encoding) is read whole first, up to a little over a chunk. */
const UNANNOUNCED_BODY_LIMIT = UPLOAD_CHUNK_BYTES + 1024;
/** What is left of a refused body is read and dropped up to this much; past it the connection is closed. */
const DISCARD_LIMIT = 2 * UPLOAD_CHUNK_BYTES;

/** The chunk as the service takes it: streamed when its length is announced, else gathered (bounded). */
async function chunkBodyOf(payload: IncomingMessage | undefined): Promise<ChunkBody> {
  if (!payload) return Buffer.alloc(0);
  const announced = payload.headers['content-length'];
  if (announced !== undefined && payload.headers['transfer-encoding'] === undefined) {
    // Node's parser delivers exactly this many bytes, or fails the stream ('aborted').
    return { length: Number(announced), source: payload.iterator({ destroyOnReturn: false }), cancel: () => payload.destroy() };
  }
  const pieces: Buffer[] = [];
  let length = 0;
  for await (const piece of payload.iterator({ destroyOnReturn: false })) {
    length += (piece as Buffer).length;
    if (length > UNANNOUNCED_BODY_LIMIT) throw new UploadError(413, 'CHUNK_TOO_LARGE', `a chunk is at most ${UPLOAD_CHUNK_BYTES} bytes`);
    pieces.push(piece as Buffer);
  }
  return Buffer.concat(pieces);
}

/**
 * A chunk answered without reading its body (a repeat, a refusal): the rest is read and dropped, so the
 * client gets the answer on a connection it can reuse; a body too large for that closes the connection.
 */
async function discardRest(payload: IncomingMessage | undefined, reply: FastifyReply): Promise<void> {
  if (!payload || payload.complete || payload.destroyed) return;
  const announced = Number(payload.headers['content-length']);
  if (!(announced <= DISCARD_LIMIT)) {
    reply.header('connection', 'close');
    return;
  }
  try {
    for await (const piece of payload.iterator({ destroyOnReturn: false })) void piece;
  } catch {
    // The client went away: there is no one to answer.
  }
}

/** A simple upload's form field is at most this long (the token, the object name, the entity type). */
const FIELD_LIMIT = 16 * 1024;

/** A malformed body, as the route answers it. */
const malformed = (reason: string) => new UploadError(400, 'PARAM_ERROR', `the multipart body is malformed: ${reason}`);

/** The form's next part, undefined at its end; the reader's refusals (a bad boundary, a bad part, a limit) are 400. */
async function nextPart(form: AsyncIterator<Multipart>): Promise<Multipart | undefined> {
  try {
    const next = await form.next();
    return next.done ? undefined : next.value;
  } catch (error) {
    throw malformed(error instanceof Error ? error.message : String(error));
  }
}

/** The file part's bytes while they arrive; a body that ends (or breaks) inside the file is 400. */
async function* fileBytes(file: Readable): AsyncGenerator<Uint8Array> {
  try {
    // Not destroyed when the reader stops early: discardFile reads the rest, so the form can go on to its end.
    for await (const piece of file.iterator({ destroyOnReturn: false })) yield piece as Uint8Array;
  } catch (error) {
    throw malformed(`the body ended inside the file (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Reads and drops what is left of a file part, whoever was reading it. */
function discardFile(file: Readable): void {
  if (file.readableEnded || file.destroyed) return;
  const drop = () => {
    while (file.read() !== null);
  };
  file.on('readable', drop);
  drop();
}

/**
 * A simple upload answered (stored, refused or malformed): what is left of the form is read and dropped,
 * so the client gets the answer on a connection it can reuse; a body too large for that closes it.
 */
async function discardForm(raw: IncomingMessage, form: AsyncIterator<Multipart> | undefined, file: Readable | undefined, reply: FastifyReply): Promise<void> {
  if (file) discardFile(file);
  if (!form) return discardRest(raw, reply);
  if (raw.complete || raw.destroyed) return;
  if (!(Number(raw.headers['content-length']) <= DISCARD_LIMIT)) {
    reply.header('connection', 'close');
    return;
  }
  try {
    for (let next = await form.next(); !next.done; next = await form.next()) if (next.value.type === 'file') discardFile(next.value.file);
  } catch {
    // A malformed rest: the reader has stopped, what it left is read below.
  }
  await discardRest(raw, reply);
}

function targetOf(params: unknown): { bucket: string; objectName: string } | undefined {
  const { bucket, '*': objectName } = (params ?? {}) as { bucket?: string; '*'?: string };
  if (typeof bucket !== 'string' || typeof objectName !== 'string') return undefined;
  return isSafeObjectKey(`${bucket}/${objectName}`) ? { bucket, objectName } : undefined;
}

function refuse(reply: FastifyReply, error: unknown) {
  if (error instanceof UploadError) return reply.code(error.status).send({ errCode: error.errCode, errMsg: error.message });
  reply.log.error({ err: error }, 'upload failed');
  return reply.code(500).send({ errCode: 'INTERNAL', errMsg: 'the upload could not be stored' });
}
