import type { RequestName } from '../connection/im-connection';
import { IM_CORE_SDK_VERSION } from '../connection/im-connection';
import { fetchLocation } from '../connection/location-service';
import { ImError, ImErrorName } from '../errors';
import type { RequestBodyOf, ResponseBodyOf } from '../protocol/command-definition';
import type { CommandTable } from '../protocol/commands';
import type { UploadPorts } from '../upload';

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
