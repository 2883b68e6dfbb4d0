import type { RequestName } from '../connection/im-connection';
import { IM_CORE_SDK_VERSION } from '../connection/im-connection';
import { fetchLocation } from '../connection/location-service';
import { ImError, ImErrorName } from '../errors';
import type { RequestBodyOf, ResponseBodyOf } from '../protocol/command-definition';
import type { CommandTable } from '../protocol/commands';
import type { UploadPorts } from '../upload';
import { checkNosSurvivalTime, checkSafeShortUrl, CHUNK_UPLOAD_MAX_BYTES } from '../validation/upload-rules';
import { imageOperationsQuery, type ImageOperation } from '../validation/image-rules';
import {
  grayscaleRequestProblem,
  mixStoreSupportTypesProblem,
  objectUrlProblem,
  parseMixStorePolicy,
  raiseNosProblem,
  transcodeResultProblem,
  type MixStorePolicy,
} from '../validation/nos-rules';

export interface UploadPortsOptions {
  /** Any way to the server: the connection, or the multi-tab client's `request` through the leader tab. */
  request<N extends RequestName>(name: N, body: RequestBodyOf<CommandTable[N]>): Promise<ResponseBodyOf<CommandTable[N]>>;
  /** The location service; its answer names the upload edges ("nos-chunk"). */
  lbsUrl: string;
  account: string;
  appKey: string;
  /** The part map for resume after a reload (the client's store). */
  store?: UploadPorts['store'];
  /** The object store's load balancer; default: the location service's address with `nos-lbs` for `lbs`. */
  loadBalancerUrl?: string;
  fetch?: typeof globalThis.fetch;
}

/** How long the location lookup for the upload edges may take (the spec's HTTP timeout, §9). */
const LOCATION_TIMEOUT_MS = 8000;

/**
 * The ports a FileUploader needs, from what an app already has: tokens from getNosToken over the IM
 * connection, edges from the location service's answer (looked up once, on the first upload), the
 * store for the part map (docs/im-upload.md "Client").
 */
export function createUploadPorts(options: UploadPortsOptions): UploadPorts {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args));
  let edges: Promise<readonly string[]> | undefined;
  return {
    requestToken: async ({ size, fileName, nosSurvivalTime, docType, transcodeType }) => {
      const answer = await options.request('getNosToken', { size, fileName, nosSurvivalTime, count: 1, docType, transcodeType });
      const token = answer.tokens?.[0];
      if (!token?.bucket || !token.objectName || !token.token) throw new ImError(ImErrorName.Upload_Failed, 'unknown (the server gave no upload token)');
      return { bucket: token.bucket, objectName: token.objectName, token: token.token, expireTime: token.expireTime ?? 0 };
    },
    edges: () => {
      edges ??= fetchLocation(
        options.lbsUrl,
        { account: options.account, appKey: options.appKey, sdkVersion: IM_CORE_SDK_VERSION, networkType: 0 },
        fetchImpl as unknown as Parameters<typeof fetchLocation>[2],
        LOCATION_TIMEOUT_MS,
      ).then(
        (location) => location.uploadEdges,
        () => {
          edges = undefined; // ask again next time
          return [];
        },
      );
      return edges;
    },
    quickTransfer: async ({ md5, size }) => {
      try {
        const answer = await options.request('fileQuickTransfer', { md5, size });
        return answer.url ? { url: answer.url, threshold: answer.threshold ?? 0 } : undefined;
      } catch {
        return undefined; // 404: not uploaded before; anything else: upload normally
      }
    },
    loadBalancerUrl: options.loadBalancerUrl ?? options.lbsUrl.replace(/\/lbs(\?.*)?$/, '/nos-lbs'),
    store: options.store,
    fetch: options.fetch,
  };
}

/** An access token to a private object (§7 getNosAccessToken): the URL carries it as `?token=`. */
export interface NosAccessToken {
  token: string;
  url: string;
  /** Epoch ms after which the token reads nothing. */
  expireTime: number;
}

/**
 * getNosAccessToken / deleteNosAccessToken (§7): reading a private object (uploaded with nosScene
 * 'private') takes a token only its owner gets; deleting the token stops it at once
 * (docs/im-upload.md "Private objects").
 */
export function createNosAccess(request: UploadPortsOptions['request']) {
  return {
    getNosAccessToken: async (url: string): Promise<NosAccessToken> => {
      const answer = await request('getNosAccessToken', { url });
      if (!answer.token || !answer.url) throw new ImError(ImErrorName.Upload_Failed, 'unknown (the server gave no access token)');
      return { token: answer.token, url: answer.url, expireTime: answer.expireTime ?? 0 };
    },
    deleteNosAccessToken: async (token: string): Promise<void> => {
      await request('deleteNosAccessToken', { token });
    },
  };
}

/** An upload token of the object store (§3 "Storage token"), with its safe short link. */
export interface NosStorageToken {
  bucket: string;
  objectName: string;
  token: string;
  /** Epoch ms after which the token writes nothing. */
  expireTime: number;
  /** The object's safe short link (`…?im_url=1`), resolved by getNosOriginUrl. */
  shortUrl: string;
  tag: string;
}

/** getNosTokenTrans: the source's token and the transcoding result to upload. */
export interface NosTranscodeTokenInput {
  /** The token the source was uploaded with (from getNosToken). */
  nosToken: Pick<NosStorageToken, 'bucket' | 'objectName' | 'token'> & { tag?: string };
  /** The result's exact size in bytes. */
  size: number;
  /** The result's file name (its extension becomes the object's). */
  fileName?: string;
  /** 'private': served only with an access token. */
  nosScene?: string;
  /** Seconds the result lives (§5: at least 86,400, otherwise unlimited). */
  nosSurvivalTime?: number;
}

/** getMixStoreToken: what getSimpleNosToken takes. */
export interface NosMixStoreTokenInput {
  size: number;
  fileName?: string;
  nosScene?: string;
  nosSurvivalTime?: number;
  tag?: string;
}

const storageTokenOf = (token: { bucket?: string; objectName?: string; token?: string; expireTime?: number; shortUrl?: string; tag?: string } | undefined): NosStorageToken => {
  if (!token?.bucket || !token.objectName || !token.token) throw new ImError(ImErrorName.Upload_Failed, 'unknown (the server gave no upload token)');
  return { bucket: token.bucket, objectName: token.objectName, token: token.token, expireTime: token.expireTime ?? 0, shortUrl: token.shortUrl ?? '', tag: token.tag ?? '' };
};

/**
 * The object store's socket commands (§7 "Upload and media"; docs/im-upload.md "Media commands"): the
 * access tokens of createNosAccess, and processImage, getNosOriginUrl, getNosTokenTrans, getMixStoreToken,
 * getMixStorePolicy, getBackSourceToken and getGrayscaleConfig. Each input is checked with the rule the
 * server runs (validation/nos-rules.ts, image-rules.ts) before anything is sent: a bad one is Param_Error.
 */
export function createNosClient(request: UploadPortsOptions['request']) {
  return {
    ...createNosAccess(request),
    /** The address of the processed image (the object store applies the operations when it is read). */
    processImage: async (url: string, operations: readonly ImageOperation[]): Promise<string> => {
      raiseNosProblem(objectUrlProblem(url));
      const answer = await request('processImage', { url, ops: imageOperationsQuery(operations) });
      if (!answer.url) throw new ImError(ImErrorName.Upload_Failed, 'unknown (the server gave no image address)');
      return answer.url;
    },
    /** The object URL a safe short link (`…?im_url=1`) stands for. */
    getNosOriginUrl: async (safeShortUrl: string): Promise<string> => {
      checkSafeShortUrl(safeShortUrl);
      const answer = await request('getNosOriginUrl', { safeShortUrl });
      if (!answer.url) throw new ImError(ImErrorName.Upload_Failed, 'unknown (the server gave no address)');
      return answer.url;
    },
    /** A token to upload the transcoding result of a file this account uploaded with `nosToken`. */
    getNosTokenTrans: async (input: NosTranscodeTokenInput): Promise<NosStorageToken> => {
      const responseBody = JSON.stringify({ size: input.size, ...(input.fileName !== undefined ? { fileName: input.fileName } : {}) });
      raiseNosProblem(transcodeResultProblem(responseBody, CHUNK_UPLOAD_MAX_BYTES));
      if (!input.nosToken || typeof input.nosToken.token !== 'string' || input.nosToken.token === '') raiseNosProblem('nosToken must be the source\'s upload token');
      const answer = await request('getNosTokenTrans', { responseBody, nosToken: input.nosToken, nosScene: input.nosScene, nosSurvivalTime: checkNosSurvivalTime(input.nosSurvivalTime) });
      return storageTokenOf(answer.token);
    },
    /** An upload token and the provider to upload to (this server: its one store, 'nos'). */
    getMixStoreToken: async (input: NosMixStoreTokenInput): Promise<{ token: NosStorageToken; provider: string }> => {
      const answer = await request('getMixStoreToken', { ...input, nosSurvivalTime: checkNosSurvivalTime(input.nosSurvivalTime) });
      return { token: storageTokenOf(answer.token), provider: answer.provider ?? '' };
    },
    /** The providers to upload to among `supportTypes`, in order of preference. */
    getMixStorePolicy: async (supportTypes: readonly string[]): Promise<MixStorePolicy> => {
      raiseNosProblem(mixStoreSupportTypesProblem(supportTypes));
      const answer = await request('getMixStorePolicy', { supportTypes: [...supportTypes] });
      return parseMixStorePolicy(answer.policy);
    },
    /** A token a CDN in front of the object store presents (`?backSourceToken=`) to read this account's private object. */
    getBackSourceToken: async (url: string): Promise<string> => {
      raiseNosProblem(objectUrlProblem(url));
      const answer = await request('getBackSourceToken', { url });
      if (!answer.token) throw new ImError(ImErrorName.Upload_Failed, 'unknown (the server gave no back-source token)');
      return answer.token;
    },
    /** The server's grayscale settings named in `names` (all of them when none are named). */
    getGrayscaleConfig: async (names: readonly string[] = []): Promise<Record<string, string | number | boolean>> => {
      const config = names.length === 0 ? '' : JSON.stringify(Object.fromEntries(names.map((name) => [name, null])));
      raiseNosProblem(grayscaleRequestProblem(config));
      const answer = await request('getGrayscaleConfig', { config });
      const parsed = JSON.parse(answer.config || '{}') as unknown;
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string | number | boolean>) : {};
    },
  };
}
