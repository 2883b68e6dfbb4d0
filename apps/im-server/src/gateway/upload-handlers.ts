import { grayscaleRequestKeys, grayscaleRequestProblem, mixStoreSupportTypesProblem, NOS_PROVIDER, ResponseCode } from '../protocol';
import { ImServerError, parameterError } from '../domain/errors';
import { PRIVATE_NOS_SCENE, UploadError } from '../upload/upload-service';
import { DocumentService } from '../upload/documents/document-service';
import type { CommandHandlers } from './handler-types';

/**
 * Upload tokens (issue 13; docs/im-upload.md "Server"). A token is bound to the caller's account, a
 * fresh object name, the exact size declared here and an expiry; the object store's HTTP endpoints
 * (upload/upload-routes.ts) accept bytes only under it.
 */
export const UPLOAD_HANDLERS: CommandHandlers = {
  getNosToken: async (ctx, body) => ({ tokens: issue(ctx.services.uploads, ctx.port.account, body, body.count ?? 1) }),
  getSimpleNosToken: async (ctx, body) => ({ token: issue(ctx.services.uploads, ctx.port.account, body, 1)[0] }),
  // §7 private objects (docs/im-upload.md "Private objects"): tokens for the owner only.
  getNosAccessToken: async (ctx, body) => refused(() => ctx.services.uploads.issueAccessToken(ctx.port.account, body.url ?? '')),
  deleteNosAccessToken: async (ctx, body) => refused(async () => {
    await ctx.services.uploads.revokeAccessToken(ctx.port.account, body.token ?? '');
    return {};
  }),
  // The media commands (issue 31; docs/im-upload.md "Media commands").
  processImage: async (ctx, body) => refused(async () => ({ url: await ctx.services.uploads.processedImageUrl(body.url ?? '', body.ops ?? '') })),
  getNosOriginUrl: async (ctx, body) => refused(async () => ({ url: await ctx.services.uploads.originUrl(body.safeShortUrl ?? '') })),
  getNosTokenTrans: async (ctx, body) =>
    refused(async () => {
      const token = await ctx.services.uploads.issueTranscodeToken({
        account: ctx.port.account,
        nosToken: body.nosToken ?? {},
        responseBody: body.responseBody,
        private: body.nosScene === PRIVATE_NOS_SCENE,
        nosSurvivalTime: body.nosSurvivalTime,
      });
      return { token: { ...token, tag: body.nosToken?.tag ?? '' } };
    }),
  getBackSourceToken: async (ctx, body) => refused(async () => ({ token: (await ctx.services.uploads.issueBackSourceToken(ctx.port.account, body.url ?? '')).token })),
  // One object store (local folder or S3) behind the NOS upload protocol: the mixed-store commands answer
  // that one provider, so a client that mixes stores uploads here as it would with getNosToken.
  getMixStoreToken: async (ctx, body) => ({ token: issue(ctx.services.uploads, ctx.port.account, body, 1)[0], provider: NOS_PROVIDER }),
  getMixStorePolicy: async (_ctx, body) => {
    const problem = mixStoreSupportTypesProblem(body.supportTypes);
    if (problem) throw parameterError(problem);
    const providers = [NOS_PROVIDER].filter((provider) => body.supportTypes!.some((type) => type.toLowerCase() === provider));
    if (providers.length === 0) throw parameterError(`none of supportTypes (${body.supportTypes!.join(', ')}) is this server's store (${NOS_PROVIDER})`);
    return { policy: JSON.stringify({ providers }) };
  },
  // The configured settings the client asks for (all when it names none); the request's values are never echoed.
  getGrayscaleConfig: async (ctx, body) => {
    const problem = grayscaleRequestProblem(body.config);
    if (problem) throw parameterError(problem);
    const configured = ctx.services.grayscaleConfig?.() ?? {};
    const keys = grayscaleRequestKeys(body.config);
    const picked = keys.length === 0 ? configured : Object.fromEntries(keys.filter((key) => Object.hasOwn(configured, key)).map((key) => [key, configured[key]]));
    return { config: JSON.stringify(picked) };
  },
  // §4 quick transfer: 404 when the account has no such object (the client then uploads normally).
  fileQuickTransfer: async (ctx, body) => {
    try {
      const found = await ctx.services.uploads.quickTransfer(ctx.port.account, body.md5 ?? '', body.size ?? 0);
      if (!found) throw new ImServerError(ResponseCode.NOT_FOUND, 'no uploaded file with this md5 and size');
      return { url: found.url, size: found.size, threshold: found.threshold };
    } catch (error) {
      if (error instanceof UploadError) throw parameterError(error.message);
      throw error;
    }
  },
};

/** The object store's refusals as IM response codes: 403 and 404 as they are, anything else a parameter error. */
async function refused<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UploadError) {
      if (error.status === 403) throw new ImServerError(ResponseCode.NO_PERMISSION, error.message);
      if (error.status === 404) throw new ImServerError(ResponseCode.NOT_FOUND, error.message);
      throw parameterError(error.message);
    }
    throw error;
  }
}

function issue(
  uploads: import('../upload/upload-service').UploadService,
  account: string,
  body: { size?: number; fileName?: string; nosSurvivalTime?: number; tag?: string; nosScene?: string; docType?: number; transcodeType?: number },
  count: number,
) {
  try {
    // getNosToken with docType/transcodeType: a document to convert (docs/im-upload.md "Documents").
    const document = DocumentService.claims(body.fileName, body.docType, body.transcodeType);
    return uploads.issueTokens({ account, size: body.size ?? 0, fileName: body.fileName, nosSurvivalTime: body.nosSurvivalTime, count, private: body.nosScene === PRIVATE_NOS_SCENE, document }).map((token) => ({ ...token, tag: body.tag ?? '' }));
  } catch (error) {
    if (error instanceof UploadError) throw parameterError(error.message);
    throw error;
  }
}
