import type { FastifyInstance } from 'fastify';

// PostgreSQL's `text` cannot hold U+0000: a request string carrying one failed its write as an internal error
// (500), and inside a group-commit batch it would fail the other senders' messages with it. So the gateway
// refuses it for every command before any handler runs (414), as store-server does in parseBiz (issue 34 §4).

/** Deeper than any command's body; past it the decoder's own limits have long applied. */
const MAX_DEPTH = 32;

/**
 * Where the first string holding U+0000 is in a decoded request body (`msg.text`, `accounts[2]`, a key's own
 * name), or undefined when there is none.
 */
export function pathOfNulText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(body)' : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || ArrayBuffer.isView(value)) return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = pathOfNulText(value[index], `${path}[${index}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = pathOfNulText(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** A JSON body Fastify parsed (an upload chunk's body is a stream and holds bytes, not text). */
const isParsedJson = (body: unknown): boolean =>
  Array.isArray(body) || (body !== null && typeof body === 'object' && Object.getPrototypeOf(body) === Object.prototype);

/**
 * The same refusal for im-server's HTTP calls (object store, location, chat-room creation, reporter and telemetry):
 * a query value, a path parameter or a JSON body holding U+0000 is answered 400 before the route runs, naming
 * where (`query.context`), in the shape of the route's other refusals: `{errCode, errMsg}` under the object store
 * (`/nos`), `{code: 414, msg, field}` elsewhere. Headers need no check: Node's HTTP parser refuses U+0000 in them.
 */
export function refuseNulTextOverHttp(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    const found =
      withPrefix('query', pathOfNulText(request.query)) ??
      withPrefix('params', pathOfNulText(request.params)) ??
      (isParsedJson(request.body) ? withPrefix('body', pathOfNulText(request.body)) : undefined);
    if (!found) return;
    const message = `${found} holds the character U+0000, which im-server does not store`;
    const objectStore = request.url.startsWith('/nos/') || request.url.startsWith('/nos?');
    return reply.code(400).send(objectStore ? { errCode: 'PARAM_ERROR', errMsg: message } : { code: 414, msg: message, field: found });
  });
}

const withPrefix = (prefix: string, path: string | undefined) => (path === undefined ? undefined : path === '(body)' ? prefix : `${prefix}.${path}`);
