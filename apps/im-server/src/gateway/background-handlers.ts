import { ResponseCode } from '../protocol';
import { ImServerError, parameterError } from '../domain/errors';
import { UploadError } from '../upload/upload-service';
import type { CommandHandlers } from './handler-types';

/**
 * The client's background calls (issue 30; docs/im-background.md): getClientAntispam hands out this
 * server's lexicon (only its md5 and version when the client's copy is current); uploadSdkLogUrl keeps
 * a debug log the caller uploaded to the object store, for the operator.
 */
export const BACKGROUND_HANDLERS: CommandHandlers = {
  getClientAntispam: async (ctx, body) => {
    const antispam = ctx.services.antispam;
    if (!antispam) throw new ImServerError(ResponseCode.NOT_FOUND, 'no anti-spam lexicon');
    return antispam.forClient(body.md5);
  },
  uploadSdkLogUrl: async (ctx, body) => {
    const sdkLogs = ctx.services.sdkLogs;
    if (!sdkLogs) throw new ImServerError(ResponseCode.SERVICE_UNAVAILABLE, 'debug logs are not kept by this server');
    try {
      await sdkLogs.register(ctx.port.account, body.url ?? '');
      return {};
    } catch (error) {
      if (error instanceof UploadError) {
        if (error.status === 403) throw new ImServerError(ResponseCode.NO_PERMISSION, error.message);
        if (error.status === 404) throw new ImServerError(ResponseCode.NOT_FOUND, error.message);
        throw parameterError(error.message);
      }
      throw error;
    }
  },
};
