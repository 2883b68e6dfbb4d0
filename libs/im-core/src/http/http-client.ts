import { ImError, ImErrorName } from '../errors';

// im-core's generic HTTP layer (im-client-spec §7 "Generic HTTP layer": GET or POST, multipart upload,
// query building, default timeout 60000 ms). Every HTTP call of the client goes through it: the
// object-store chunk uploads, the reporter's dispatcher and report calls. It sits under every other
// layer (it imports only errors), so connection, upload and background code may all use it.

/** §9 "default HTTP 60000 ms": a call without its own timeout is aborted after this. */
export const HTTP_DEFAULT_TIMEOUT_MS = 60_000;
/** §9 "default upload 600000 ms": the default of `upload()` (a chunk or a multipart form). */
export const HTTP_UPLOAD_TIMEOUT_MS = 600_000;
/** §8 "XHR timeout code ETIMEDOUT": the code a timed-out call carries. */
export const HTTP_TIMEOUT_CODE = 'ETIMEDOUT';

export type QueryValue = string | number | boolean | null | undefined;
export type HttpQuery = Readonly<Record<string, QueryValue>>;

/** Timer functions, injectable so tests drive time (the same shape as the transport's Timers). */
export interface HttpTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const REAL_TIMERS: HttpTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface HttpClientOptions {
  /** Default: the global fetch, called so that browsers see `this` = window. */
  fetch?: typeof globalThis.fetch;
  timers?: HttpTimers;
  /** Default HTTP_DEFAULT_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Default HTTP_UPLOAD_TIMEOUT_MS. */
  uploadTimeoutMs?: number;
}

export interface HttpCallOptions {
  query?: HttpQuery;
  headers?: Readonly<Record<string, string>>;
  /** This call's timeout; default the client's (60 s, or 600 s for upload()). */
  timeoutMs?: number;
  /** The caller's cancel: the call rejects with an `aborted` HttpError. */
  signal?: AbortSignal;
}

/** The answer, its body read within the timeout. Non-2xx answers are answers, not errors. */
export interface HttpResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly statusText: string;
  readonly text: string;
  /** The body parsed as JSON; undefined when it is empty or not JSON. */
  json(): unknown;
}

export type HttpFailureKind = 'timeout' | 'aborted' | 'network';

/**
 * A call that got no answer: timed out (errCode ETIMEDOUT, message "request timeout"), aborted by the
 * caller, or failed on the network. An ImError, so apps see one error type (ARCHITECTURE "one error type").
 */
export class HttpError extends ImError {
  readonly kind: HttpFailureKind;
  readonly url: string;
  /** ETIMEDOUT for a timeout (§8). */
  readonly errCode: string | undefined;

  constructor(kind: HttpFailureKind, url: string, message: string, cause?: unknown) {
    const name = kind === 'timeout' ? ImErrorName.Error_Timeout : kind === 'aborted' ? ImErrorName.Operation_Canceled : ImErrorName.Connect_Failed;
    super(name, message, cause === undefined ? {} : { cause });
    this.name = 'HttpError';
    this.kind = kind;
    this.url = url;
    this.errCode = kind === 'timeout' ? HTTP_TIMEOUT_CODE : undefined;
  }
}

/** Appends `query` to `url` (keeping a query it already has); null and undefined values are left out. */
export function buildUrl(url: string, query: HttpQuery | undefined): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? (url.endsWith('?') || url.endsWith('&') ? '' : '&') : '?'}${text}`;
}

/** A POST body: JSON, plain text (the §7 log POST), or raw bytes. */
export type HttpBody = { json: unknown } | { text: string } | { bytes: Blob | Uint8Array | ArrayBuffer; contentType?: string };

/** What upload() sends: a multipart form (fields and files), or raw bytes (an object-store chunk). */
export type UploadBody =
  | { form: Readonly<Record<string, string | Blob | { blob: Blob; fileName: string }>> }
  | { bytes: Blob | Uint8Array | ArrayBuffer; contentType?: string };

export class HttpClient {
  private readonly fetchImpl: typeof globalThis.fetch;
  private readonly timers: HttpTimers;
  readonly timeoutMs: number;
  readonly uploadTimeoutMs: number;

  constructor(options: HttpClientOptions = {}) {
    this.fetchImpl = options.fetch ?? ((...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args));
    this.timers = options.timers ?? REAL_TIMERS;
    this.timeoutMs = positiveTimeout(options.timeoutMs ?? HTTP_DEFAULT_TIMEOUT_MS, 'timeoutMs');
    this.uploadTimeoutMs = positiveTimeout(options.uploadTimeoutMs ?? HTTP_UPLOAD_TIMEOUT_MS, 'uploadTimeoutMs');
  }

  get(url: string, options: HttpCallOptions = {}): Promise<HttpResponse> {
    return this.send('GET', url, undefined, undefined, options, this.timeoutMs);
  }

  post(url: string, body: HttpBody, options: HttpCallOptions = {}): Promise<HttpResponse> {
    const [payload, contentType] = encodeBody(body);
    return this.send('POST', url, payload, contentType, options, this.timeoutMs);
  }

  /** A multipart form or a raw chunk, POSTed with the upload timeout (600 s by default, §9). */
  upload(url: string, body: UploadBody, options: HttpCallOptions = {}): Promise<HttpResponse> {
    if ('form' in body) {
      const form = new FormData();
      for (const [name, value] of Object.entries(body.form)) {
        if (typeof value === 'string') form.append(name, value);
        else if (value instanceof Blob) form.append(name, value);
        else form.append(name, value.blob, value.fileName);
      }
      // The runtime writes the multipart boundary into Content-Type itself.
      return this.send('POST', url, form, undefined, options, this.uploadTimeoutMs);
    }
    return this.send('POST', url, body.bytes as BodyInit, body.contentType ?? 'application/octet-stream', options, this.uploadTimeoutMs);
  }

  private async send(method: 'GET' | 'POST', url: string, body: BodyInit | undefined, contentType: string | undefined, options: HttpCallOptions, defaultTimeoutMs: number): Promise<HttpResponse> {
    const target = buildUrl(url, options.query);
    const timeoutMs = positiveTimeout(options.timeoutMs ?? defaultTimeoutMs, 'timeoutMs');
    const caller = options.signal;
    if (caller?.aborted) throw new HttpError('aborted', target, 'the request was canceled');
    const abort = new AbortController();
    let timedOut = false;
    const onCallerAbort = () => abort.abort();
    caller?.addEventListener('abort', onCallerAbort);
    const timer = this.timers.setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, timeoutMs);
    const headers: Record<string, string> = { ...options.headers };
    if (contentType && !Object.keys(headers).some((key) => key.toLowerCase() === 'content-type')) headers['content-type'] = contentType;
    try {
      // The body is read inside the timeout too: a server that sends headers and then stalls times out.
      const response = await this.fetchImpl(target, { method, headers, body, signal: abort.signal });
      const text = await response.text();
      return toResponse(response, text);
    } catch (error) {
      if (timedOut) throw new HttpError('timeout', target, 'request timeout', error);
      if (caller?.aborted) throw new HttpError('aborted', target, 'the request was canceled', error);
      throw new HttpError('network', target, `${method} ${target} failed: ${error instanceof Error ? error.message : String(error)}`, error);
    } finally {
      this.timers.clearTimeout(timer);
      caller?.removeEventListener('abort', onCallerAbort);
    }
  }
}

function encodeBody(body: HttpBody): [BodyInit, string] {
  if ('json' in body) return [JSON.stringify(body.json), 'application/json'];
  if ('text' in body) return [body.text, 'text/plain;charset=UTF-8'];
  return [body.bytes as BodyInit, body.contentType ?? 'application/octet-stream'];
}

function toResponse(response: Response, text: string): HttpResponse {
  let parsed: { value: unknown } | undefined;
  return {
    status: response.status,
    ok: response.ok,
    statusText: response.statusText ?? '',
    text,
    json() {
      if (!parsed) {
        try {
          parsed = { value: text ? (JSON.parse(text) as unknown) : undefined };
        } catch {
          parsed = { value: undefined };
        }
      }
      return parsed.value;
    },
  };
}

function positiveTimeout(ms: number, what: string): number {
  if (!Number.isFinite(ms) || ms <= 0) throw new ImError(ImErrorName.Param_Error, `${what} must be a positive number of ms, got ${ms}`, { code: 414 });
  return ms;
}
