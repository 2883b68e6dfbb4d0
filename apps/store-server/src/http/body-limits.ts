import { describeTransportCode, pickLanguage } from '@merchant/api-contracts';
import { REQUEST_TOO_LARGE } from '@merchant/secure-transport/server';
import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * Request body limits (issue 34 §5; docs/operations.md "Limits"). Every route has one; past it the request is
 * refused before anything is parsed or run, with REQUEST_TOO_LARGE (10301012) and the limit in errInfo.
 *
 * - Envelope calls (every console call): 4 MiB. The largest legitimate biz is a goods form with its rich-text
 *   detail or an error report's cached records, well under 1 MiB; encryption adds a third (base64).
 * - Plain JSON routes (buyer side, operator, sandbox provider callbacks, test hooks): 1 MiB.
 * - The media upload action (multipart form): its own limit, the largest file (MAX_UPLOAD_BYTES, 30 MiB) plus
 *   room for the form fields (modules/media/media.routes.ts).
 */
export const ENVELOPE_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
export const PLAIN_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Answers a body past its route's limit with the API's error envelope (HTTP 413) in the caller's language,
 * on every plain-HTTP route; envelope routes answer the same code from the secure-transport plugin. Any other
 * error keeps Fastify's own answer. Register before the routes, so every scope inherits it.
 */
export function answerOversizedBodies(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.send(error);
    const limitBytes = request.routeOptions.bodyLimit ?? PLAIN_BODY_LIMIT_BYTES;
    request.log.warn({ code: REQUEST_TOO_LARGE, limitBytes, url: request.url }, 'request body too large');
    const language = pickLanguage(request.headers['accept-language']);
    return reply.code(413).send({ code: REQUEST_TOO_LARGE, msg: describeTransportCode(REQUEST_TOO_LARGE, language), data: null, errInfo: { limitBytes } });
  });
}
