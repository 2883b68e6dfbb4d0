import { ImError, ImErrorName } from '../errors';

// The object store's socket commands of im-client-spec §7 "Upload and media" beyond the upload tokens
// (issue 31): safe short links, tokens for a transcoding result, the mixed-store policy, back-source
// tokens and the grayscale configuration. Written once: the client checks them before sending, im-server
// runs the same functions on what arrives (414, nothing stored). The spec names the fields; the forms and
// bounds below are ours (docs/im-upload.md "Media commands").

/** §5: the marker every safe short link carries. */
export const SAFE_SHORT_URL_MARKER = 'im_url=1';
/** Where im-server serves its short links: `{origin}/nos-s/{objectName}?im_url=1` (ours). */
export const SAFE_SHORT_URL_PATH = '/nos-s/';
/** An object name the server gives out: 128 random bits in hex, then the file's extension, if any. */
const OBJECT_NAME = /^[0-9a-f]{32}(\.[a-z0-9]{1,10})?$/;

/** The one provider of a store without a second one to mix in: the client speaks the NOS upload protocol to it. */
export const NOS_PROVIDER = 'nos';
/** getMixStorePolicy: at most this many supportTypes, each at most 32 characters. */
export const MAX_MIX_STORE_TYPES = 10;
/** getGrayscaleConfig: the request's config is a JSON object of at most this many characters. */
export const MAX_GRAYSCALE_REQUEST_LENGTH = 4096;

/** §5: "Safe short URL must be an http(s) link containing the marker im_url=1". */
export function safeShortUrlProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048 || !/^https?:\/\//i.test(value) || !value.includes(SAFE_SHORT_URL_MARKER)) {
    return 'the content of parameter safeShortUrl is not a file safe short link';
  }
  return undefined;
}

/** The short link of an object: its name under SAFE_SHORT_URL_PATH of `origin`, with the §5 marker. */
export function safeShortUrlOf(origin: string, objectName: string): string {
  return `${origin.replace(/\/+$/, '')}${SAFE_SHORT_URL_PATH}${objectName}?${SAFE_SHORT_URL_MARKER}`;
}

/**
 * The object name a safe short link of this server's form names, or undefined when the link has another
 * form (checked with safeShortUrlProblem first).
 */
export function objectNameOfSafeShortUrl(value: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return undefined;
  }
  if (!parsed.pathname.startsWith(SAFE_SHORT_URL_PATH) || parsed.searchParams.get('im_url') !== '1') return undefined;
  const name = parsed.pathname.slice(SAFE_SHORT_URL_PATH.length);
  return OBJECT_NAME.test(name) ? name : undefined;
}

/** What a transcoding result is (getNosTokenTrans's responseBody, ours): its exact size and file name. */
export interface TranscodeResult {
  size: number;
  fileName?: string;
}

/**
 * getNosTokenTrans: `responseBody` describes the transcoding result to upload as JSON `{size, fileName?}`:
 * the token binds that exact size, like every upload token; the name gives the object its extension.
 */
export function transcodeResultProblem(responseBody: unknown, maxSize: number): string | undefined {
  if (typeof responseBody !== 'string' || responseBody.length === 0 || responseBody.length > 1024) return 'responseBody must be the transcoding result as JSON {size, fileName?} (at most 1024 characters)';
  let parsed: unknown;
  try {
    parsed = JSON.parse(responseBody);
  } catch {
    return 'responseBody is not JSON';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'responseBody must be a JSON object {size, fileName?}';
  const { size, fileName } = parsed as { size?: unknown; fileName?: unknown };
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > maxSize) return `responseBody.size must be an integer from 1 to ${maxSize}`;
  if (fileName !== undefined && (typeof fileName !== 'string' || fileName.length > 255)) return 'responseBody.fileName must be a text of at most 255 characters';
  return undefined;
}

/** The transcoding result of a responseBody that transcodeResultProblem accepted. */
export function parseTranscodeResult(responseBody: string): TranscodeResult {
  const { size, fileName } = JSON.parse(responseBody) as TranscodeResult;
  return { size, ...(fileName ? { fileName } : {}) };
}

/** getMixStorePolicy: the providers the client can upload to, 1–10 names of 1–32 characters. */
export function mixStoreSupportTypesProblem(supportTypes: unknown): string | undefined {
  if (!Array.isArray(supportTypes) || supportTypes.length === 0 || supportTypes.length > MAX_MIX_STORE_TYPES) return `supportTypes must name 1 to ${MAX_MIX_STORE_TYPES} providers`;
  if (!supportTypes.every((type) => typeof type === 'string' && /^[A-Za-z0-9_-]{1,32}$/.test(type))) return 'each of supportTypes must be a provider name of 1 to 32 letters, digits, - or _';
  return undefined;
}

/** The mixed-store policy (ours): the providers to upload to, in order of preference. */
export interface MixStorePolicy {
  providers: string[];
}

/** Reads a policy answer; an answer of another shape reads as no provider. */
export function parseMixStorePolicy(policy: string | undefined): MixStorePolicy {
  try {
    const parsed = JSON.parse(policy ?? '') as { providers?: unknown };
    return { providers: Array.isArray(parsed.providers) ? parsed.providers.filter((p): p is string => typeof p === 'string') : [] };
  } catch {
    return { providers: [] };
  }
}

/**
 * getGrayscaleConfig: the request's `config` is absent, empty, or a JSON object whose keys name the settings
 * the client asks for (its values are never read, so nothing the client sends is echoed back).
 */
export function grayscaleRequestProblem(config: unknown): string | undefined {
  if (config === undefined || config === '') return undefined;
  if (typeof config !== 'string' || config.length > MAX_GRAYSCALE_REQUEST_LENGTH) return `config must be a JSON object of at most ${MAX_GRAYSCALE_REQUEST_LENGTH} characters`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(config);
  } catch {
    return 'config is not JSON';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'config must be a JSON object';
  return undefined;
}

/** The setting names a grayscale request asks for; empty = all of them. */
export function grayscaleRequestKeys(config: string | undefined): string[] {
  return config ? Object.keys(JSON.parse(config) as object) : [];
}

/** Throws Param_Error (414) for a problem found by one of the rules above. */
export function raiseNosProblem(problem: string | undefined): void {
  if (problem) throw new ImError(ImErrorName.Param_Error, problem, { code: 414 });
}

/** The object URL a media command names: an http(s) address (the server checks that it is one of its objects). */
export function objectUrlProblem(url: unknown): string | undefined {
  return typeof url === 'string' && url.length <= 2048 && /^https?:\/\//i.test(url) ? undefined : 'url must be an http(s) address';
}
