import { ImError, ResponseCode } from '../protocol';
import { ImServerError, parameterError } from '../domain/errors';
import { UploadError } from '../upload/upload-service';
import type { DocumentRecord } from '../upload/documents/document-service';
import type { CommandHandlers } from './handler-types';

/**
 * Documents (§7 fetchFile, fetchFileList, removeFile; docs/im-upload.md "Documents"): the caller's own
 * documents only. Another account's docId answers 404, as a missing one does.
 */
export const DOCUMENT_HANDLERS: CommandHandlers = {
  fetchFile: async (ctx, body) => answer(async () => ({ file: record(await ctx.services.documents.fetch(ctx.port.account, body.docId ?? '')) })),
  fetchFileList: async (ctx, body) =>
    answer(async () => {
      const { files, total } = await ctx.services.documents.list(ctx.port.account, { limit: body.limit, fromDocId: body.fromDocId || undefined });
      return { files: files.map(record), total };
    }),
  removeFile: async (ctx, body) =>
    answer(async () => {
      await ctx.services.documents.remove(ctx.port.account, body.docId ?? '');
      return {};
    }),
};

const record = (document: DocumentRecord) => ({ ...document });

async function answer<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UploadError && error.status === 404) throw new ImServerError(ResponseCode.NOT_FOUND, error.message);
    // The list limit is the client's own rule (document-rules.ts), with its exact message.
    if (error instanceof UploadError || error instanceof ImError) throw parameterError(error.message);
    throw error;
  }
}
