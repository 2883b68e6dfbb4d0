import { ResponseCode } from '../protocol';
import { ImServerError, parameterError } from '../domain/errors';
import { UploadError } from '../upload/upload-service';
import type { CommandHandlers } from './handler-types';

/**
 * Upload tokens (issue 13; docs/im-upload.md "Server"). A token is bound to the caller's account, a
 * fresh object name, the exact size declared here and an expiry; the object store's HTTP endpoints
 * (upload/upload-routes.ts) accept bytes only under it.
 */
export const UPLOAD_HANDLERS: CommandHandlers = {
  getNosToken: async (ctx, body) => ({ tokens: issue(ctx.services.uploads, ctx.port.account, body, body.count ?? 1) }),
  getSimpleNosToken: async (ctx, body) => ({ token: issue(ctx.services.uploads, ctx.port.account, body, 1)[0] }),
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

function issue(
  uploads: import('../upload/upload-service').UploadService,
  account: string,
  body: { size?: number; fileName?: string; nosSurvivalTime?: number; tag?: string },
  count: number,
) {
  try {
    return uploads.issueTokens({ account, size: body.size ?? 0, fileName: body.fileName, nosSurvivalTime: body.nosSurvivalTime, count }).map((token) => ({ ...token, tag: body.tag ?? '' }));
  } catch (error) {
    if (error instanceof UploadError) throw parameterError(error.message);
    throw error;
  }
}
