import type { RequestName } from '../connection/im-connection';
import type { RequestBodyOf, ResponseBodyOf } from '../protocol/command-definition';
import type { CommandTable } from '../protocol/commands';
import type { FileUploader } from '../upload';
import type { LogUploadPort } from '../background/local-log';

/** How long an uploaded log object lives (s): 7 days, as long as im-server keeps the log (docs/im-background.md). */
export const SDK_LOG_SURVIVAL_SECONDS = 7 * 24 * 60 * 60;

/**
 * Where LocalLog.upload sends the log (im-client-spec §7 uploadSdkLogUrl; docs/im-background.md "Local
 * debug log"): the text goes to the object store as a file through the app's FileUploader, then
 * uploadSdkLogUrl names the object to the server, which keeps it for the operator.
 */
export function createLogUploadPort(options: {
  uploader: Pick<FileUploader, 'upload'>;
  /** Any way to the server: the connection, or the multi-tab client's `request` through the leader tab. */
  request<N extends RequestName>(name: N, body: RequestBodyOf<CommandTable[N]>): Promise<ResponseBodyOf<CommandTable[N]>>;
}): LogUploadPort {
  return {
    upload: async (text, fileName) => {
      const file = new Blob([text], { type: 'text/plain' });
      const uploaded = await options.uploader.upload({ type: 'file', blob: file, name: fileName, nosSurvivalTime: SDK_LOG_SURVIVAL_SECONDS });
      return uploaded.url;
    },
    register: async (url) => {
      await options.request('uploadSdkLogUrl', { url });
    },
  };
}
