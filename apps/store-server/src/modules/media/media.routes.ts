import { MAX_UPLOAD_BYTES, MEDIA_OBJECT_PATH, MEDIA_UPLOAD_ACTION_PATH } from '@merchant/media-library';
import { mediaEndpoints as e, pickLanguage } from '@merchant/api-contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contractRoute, type StoreRoute } from '../../http/route';
import { STORE_CODES, text } from '../../shared/store-error';
import { MediaHttpError, type MediaService } from './media.service';
import type { PostPolicyForm } from './post-policy';

/** Room for the form fields around the largest allowed file. */
const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;
const POLICY_FIELDS = ['key', 'content-type', 'x-obs-acl', 'policy', 'signature', 'accessKeyId'] as const;

/** The browser reaches store-server at the address it called: the upload action and file URLs use it. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** console-spec §7 media calls behind the envelope (their contracts), plus the plain-HTTP upload action and file URLs. */
export function mediaRoutes(media: MediaService): StoreRoute[] {
  return [
    contractRoute(e.queryCatalogListByPath, (b, caller) => media.catalogTree(caller, b.path)),
    contractRoute(e.queryResourceFileListByPath, (b, caller, ctx) => media.list(caller, originOf(ctx.request), b)),
    contractRoute(e.verifyObjectMd5ByPath, (b, caller, ctx) => media.verify(caller, originOf(ctx.request), b)),
    contractRoute(e.callbackResourceFile, (b, caller, ctx) => media.callback(caller, originOf(ctx.request), b.callbackFileList)),
    contractRoute(e.updateResourceFileTags, (b, caller) => media.updateTags(caller, b.fileId, b.tagList)),
    contractRoute(e.deleteResourceFile, (b, caller) => media.delete(caller, b.fileIdList)),
    objectRoutes(media),
  ];
}

function replyError(reply: FastifyReply, error: unknown, request: FastifyRequest) {
  const language = pickLanguage(request.headers['accept-language']);
  if (error instanceof MediaHttpError) return reply.code(error.status).send({ code: error.code, msg: error.localized[language], data: null });
  request.log.error({ err: error }, 'media object request failed');
  return reply.code(500).send({ code: STORE_CODES.invalidParameter, msg: text('文件处理失败', 'the file could not be processed')[language], data: null });
}

/** Plain HTTP (no envelope): a browser form POST and <img src> cannot carry one. */
function objectRoutes(media: MediaService): StoreRoute {
  return {
    path: MEDIA_UPLOAD_ACTION_PATH,
    register(app) {
      void app.register(async (scope) => {
        scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_request, body, done) =>
          done(null, body),
        );
        scope.post(MEDIA_UPLOAD_ACTION_PATH, { bodyLimit: UPLOAD_BODY_LIMIT }, async (request, reply) => {
          try {
            const { form, file } = await readPolicyForm(request);
            const result = await media.receiveUpload(form, file);
            return reply.code(200).send({ code: STORE_CODES.success, msg: 'ok', data: result });
          } catch (error) {
            return replyError(reply, error, request);
          }
        });
        scope.get(MEDIA_OBJECT_PATH, async (request, reply) => {
          try {
            const object = await media.readObject(request.query as Record<string, string | undefined>);
            return reply
              .header('content-type', object.contentType)
              .header('cache-control', 'private, max-age=3600')
              .header('x-content-type-options', 'nosniff')
              .send(Buffer.from(object.body));
          } catch (error) {
            return replyError(reply, error, request);
          }
        });
      });
    },
  };
}

/** Parses the multipart body with the platform's own FormData parser (undici), no extra dependency. */
async function readPolicyForm(request: FastifyRequest): Promise<{ form: PostPolicyForm; file: Uint8Array }> {
  const contentType = request.headers['content-type'] ?? '';
  if (!Buffer.isBuffer(request.body) || !contentType.startsWith('multipart/form-data')) {
    throw new MediaHttpError(400, STORE_CODES.invalidParameter, text('需要 multipart/form-data 上传表单', 'expected a multipart/form-data upload form'));
  }
  let data: FormData;
  try {
    data = await new Response(new Uint8Array(request.body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new MediaHttpError(400, STORE_CODES.invalidParameter, text('无法读取上传表单', 'the upload form could not be read'));
  }
  const form: PostPolicyForm = {};
  for (const field of POLICY_FIELDS) {
    const value = data.get(field);
    if (typeof value === 'string') form[field] = value;
  }
  const file = data.get('file');
  if (!file || typeof file === 'string') throw new MediaHttpError(400, STORE_CODES.invalidParameter, text('表单中没有文件', 'the form has no file'));
  return { form, file: new Uint8Array(await file.arrayBuffer()) };
}
