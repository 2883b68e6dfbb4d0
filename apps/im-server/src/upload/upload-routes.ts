import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isSafeObjectKey, type ByteRange, type ObjectStore } from './object-store';
import { isMediaQuery, serveMediaQuery } from './media/media-routes';
import { BACK_SOURCE_TOKEN_PARAM, UPLOAD_CHUNK_BYTES, UploadError, type ChunkBody, type UploadService } from './upload-service';
import { MultipartError, multipartBoundary, readMultipart } from './multipart';

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
    scope.post('/nos/:bucket', async (request, reply) => {
      const payload = request.body as IncomingMessage | undefined;
      try {
        const { bucket } = request.params as { bucket: string };
        if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/.test(bucket)) throw new UploadError(400, 'PARAM_ERROR', 'bad bucket name');
        const boundary = multipartBoundary(request.headers['content-type']);
        if (!boundary || !payload) throw new UploadError(400, 'PARAM_ERROR', 'a simple upload is a multipart/form-data body');
        const fields: Record<string, string> = {};
        const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
        const answer = await readMultipart(
          payload.iterator({ destroyOnReturn: false }),
          boundary,
          (name, value) => (fields[name] = value),
          async (_file, body) => {
            // The form's fields (or the headers) come before the file: the token is checked before a byte of it is read.
            const entityType = header(ENTITY_TYPE_HEADER) ?? fields[ENTITY_TYPE_HEADER] ?? 'json';
            if (entityType !== 'json') throw new UploadError(400, 'PARAM_ERROR', `${ENTITY_TYPE_HEADER} must be json (this server answers JSON only)`);
            const token = header(UPLOAD_TOKEN_HEADER) ?? fields[UPLOAD_TOKEN_HEADER];
            if (!token) throw new UploadError(403, 'TOKEN_INVALID', `${UPLOAD_TOKEN_HEADER} is required, as a header or a form field before the file`);
            return uploads().acceptSimple({ token, bucket, objectName: fields.Object || undefined, source: body });
          },
        );
        if (!answer) throw new UploadError(400, 'PARAM_ERROR', 'the form has no file part');
        await discardRest(payload, reply);
        const url = `${edges()[0]}/${bucket}/${answer.objectName}`;
        return { offset: answer.offset, context: answer.context, complete: answer.complete, size: answer.size, md5: answer.md5, url, ...(answer.docId ? { docId: answer.docId } : {}) };
      } catch (error) {
        await discardRest(payload, reply);
        return refuse(reply, error instanceof MultipartError ? new UploadError(400, 'PARAM_ERROR', `the multipart body is malformed: ${error.message}`) : error);
      }
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
