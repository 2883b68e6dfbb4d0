import { EXPORT_DOWNLOAD_PATH, exportEndpoints as e, pickLanguage } from '@merchant/api-contracts';
import { EXCEL_MIME } from '@merchant/ui-kit/format';
import { callerLanguage, contractRoute, type StoreRoute } from '../../http/route';
import { STORE_CODES, text } from '../../shared/store-error';
import { originOf } from '../media';
import type { ExportsService } from './exports.service';

/** `filename*` carries the merchant's (often Chinese) name; `filename` an ASCII fallback. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const linkInvalid = text('下载链接无效或已过期，请重新导出', 'the download link is not valid or has expired: export again');

/** export/create and export/status behind the envelope; the file by signed URL; the runner's life cycle. */
export function exportRoutes(exports: ExportsService): StoreRoute[] {
  return [
    contractRoute(e.create, (biz, caller, ctx) => exports.create(caller, biz, callerLanguage(ctx.request), originOf(ctx.request))),
    contractRoute(e.status, (biz, caller, ctx) => exports.status(caller, biz.jobId, callerLanguage(ctx.request), originOf(ctx.request))),
    {
      path: EXPORT_DOWNLOAD_PATH,
      register(app) {
        app.get<{ Querystring: { jobId?: string; expires?: string; signature?: string } }>(EXPORT_DOWNLOAD_PATH, async (request, reply) => {
          const file = await exports.download(request.query);
          if (!file) {
            const language = pickLanguage(request.headers['accept-language']);
            return reply.code(404).send({ code: STORE_CODES.notFound, msg: linkInvalid[language], data: null });
          }
          return reply
            .header('content-type', EXCEL_MIME)
            .header('content-disposition', contentDisposition(file.fileName))
            .header('cache-control', 'private, no-store')
            .send(Buffer.from(file.body));
        });
        app.addHook('onReady', () => exports.start());
        app.addHook('onClose', () => exports.stop());
      },
    },
  ];
}
