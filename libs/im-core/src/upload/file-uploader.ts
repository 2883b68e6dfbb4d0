import { ImError, ImErrorName } from '../errors';
import { HttpClient, HttpError, type HttpResponse } from '../http';
import type { Store } from '../store';
import {
  checkUploadCandidate,
  checkUploadOptions,
  fileExtension,
  nextChunk,
  shouldQuickTransfer,
  uploadErrorText,
  uploadProgress,
  type UploadOptions,
} from '../validation';
import { resolveUploadSource } from './upload-source';

// im-core's upload layer (issue 13; docs/im-upload.md "Client"): chunked, resumable upload of one file
// to the object store, with edge failover. It needs a token from im-server (a port the client wires
// to getNosToken) and the edges from /lbs; it speaks HTTP to the edges through im-core's HTTP layer
// (http/http-client.ts: a chunk times out after the §9 upload default of 600000 ms, a query after 60000 ms).

export interface UploadToken {
  bucket: string;
  objectName: string;
  token: string;
  /** Epoch ms after which the token no longer writes. */
  expireTime: number;
}

export interface UploadPorts {
  /** getNosToken for one object of this exact size. */
  requestToken(request: { size: number; fileName?: string; nosSurvivalTime?: number; docType?: number; transcodeType?: number }): Promise<UploadToken>;
  /** The chunk-upload edges, in order (/lbs "nos-chunk"); asked once per upload. */
  edges(): readonly string[] | Promise<readonly string[]>;
  /**
   * fileQuickTransfer: the URL of an already uploaded file with this md5 and size and the server's
   * threshold, or undefined when there is none. Without it, every file is uploaded.
   */
  quickTransfer?(request: { md5: string; size: number }): Promise<{ url: string; threshold: number } | undefined>;
  /** The object store's load balancer (GET ?version=1.0&bucketname=), asked when every edge failed. */
  loadBalancerUrl?: string;
  /** Keeps the part map across reloads (im-db's key-value table); without it, no resume after a reload. */
  store?: Pick<Store, 'getValue' | 'setValue' | 'deleteValue'>;
  fetch?: typeof globalThis.fetch;
  /** The HTTP layer to use (its timeouts); default one over `fetch` with the §9 defaults. */
  http?: HttpClient;
  now?: () => number;
  /** Told of every upload that fails (not a cancel): the client's reporter counts them (§4 Reporter). */
  onFailure?(error: ImError): void;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100 in 0.01 steps (§4). */
  percentage: number;
}

export interface FileUploadOptions extends UploadOptions {
  /** Known md5 of the content (hex), returned with the file. */
  md5?: string;
  /** Name for a Blob without one. */
  name?: string;
  /** Identifies the file across reloads; defaults to name, size and last change of a File. */
  resumeKey?: string;
  onProgress?(progress: UploadProgress): void;
  signal?: AbortSignal;
  /**
   * A document to convert (client.documents.convert; docs/im-upload.md "Documents"): the token asks for
   * it and the server registers it when the last byte arrives; the result carries its docId.
   */
  document?: { docType: number; transcodeType: 10 | 11 };
}

/** The uploaded file (§3 "Uploaded file result"). */
export interface UploadedFile {
  url: string;
  name: string;
  ext: string;
  size: number;
  md5?: string;
  /** A document upload's docId (§3 "Uploaded file result"). */
  docId?: string;
}

/** What the part map keeps per file (issue 13 "Resume after reload"). */
interface SavedUpload extends UploadToken {
  size: number;
  context: string;
  edge: string;
}

interface ChunkAnswer {
  offset?: number;
  context?: string;
  complete?: boolean;
  docId?: string;
  errCode?: string;
  errMsg?: string;
}

const RESUME_KEY_PREFIX = 'upload:';

/** An edge that did not answer, or answered 5xx: try the next one. */
class EdgeFailure extends Error {
  constructor(readonly code: string | number | undefined, message: string) {
    super(message);
  }
}

export class FileUploader {
  private readonly http: HttpClient;
  private readonly now: () => number;

  constructor(private readonly ports: UploadPorts) {
    this.http = ports.http ?? new HttpClient({ fetch: ports.fetch });
    this.now = ports.now ?? Date.now;
  }

  /**
   * Uploads one file (see uploadOnce); a failure other than a cancel is also told to `onFailure`
   * before it is thrown.
   */
  async upload(options: FileUploadOptions): Promise<UploadedFile> {
    try {
      return await this.uploadOnce(options);
    } catch (error) {
      if (error instanceof ImError && error.errorName === ImErrorName.Upload_Failed) this.ports.onFailure?.(error);
      throw error;
    }
  }

  /**
   * Uploads one file: checks it (§5), resumes a saved upload of the same file from the server's offset,
   * or asks for a token, then sends 4 MB chunks in sequence until the server has them all.
   */
  private async uploadOnce(options: FileUploadOptions): Promise<UploadedFile> {
    const checked = checkUploadOptions(options);
    const source = resolveUploadSource(checked, options);
    checkUploadCandidate(checked, source.candidate);
    if (checked.commonUpload) throw new ImError(ImErrorName.Not_Support, 'commonUpload is not offered by this uploader: files go up in chunks');
    const size = source.candidate.size ?? 0; // checked above: a positive byte count
    const name = source.candidate.name || 'file';
    const result = (url: string, docId?: string): UploadedFile => ({ url, name, ext: fileExtension(name), size, ...(options.md5 ? { md5: options.md5 } : {}), ...(docId ? { docId } : {}) });
    // §4: with a known md5 and a size at or above the server's threshold, a file already up is not sent again.
    // A document must go up: the server registers it for conversion when its last byte arrives.
    if (options.md5 && this.ports.quickTransfer && !options.document) {
      const known = await this.ports.quickTransfer({ md5: options.md5, size }).catch(() => undefined);
      if (known && shouldQuickTransfer(options.md5, size, known.threshold)) {
        options.onProgress?.({ loaded: size, total: size, percentage: 100 });
        return result(known.url);
      }
    }
    const resumeKey = options.resumeKey ?? source.identity;
    const edges = new EdgeCursor(this.ports, this.http, await this.ports.edges());
    const signal = options.signal;

    const resumed = resumeKey ? await this.resumable(resumeKey, size, edges, signal) : undefined;
    let offset = resumed?.offset ?? 0;
    const token: UploadToken = resumed?.saved ?? (await this.ports.requestToken({ size, fileName: name, nosSurvivalTime: checked.nosSurvivalTime, ...options.document }));
    let context = resumed?.saved.context;
    let lastPercentage = -1;
    let docId: string | undefined;
    const report = (loaded: number) => {
      const percentage = uploadProgress(loaded, size);
      if (percentage !== lastPercentage) options.onProgress?.({ loaded, total: size, percentage });
      lastPercentage = percentage;
    };
    report(offset);

    for (;;) {
      if (signal?.aborted) throw new ImError(ImErrorName.Operation_Canceled, 'the upload was canceled');
      const chunk = nextChunk(offset, size) ?? { start: size, end: size };
      const answer = await edges.send(token.bucket, async (edge) => {
        return this.http.upload(
          `${edge}/${token.bucket}/${token.objectName}`,
          { bytes: source.blob.slice(chunk.start, chunk.end), contentType: 'application/octet-stream' },
          { query: { offset: chunk.start, complete: chunk.end === size, version: '1.0', context }, headers: { 'x-nos-token': token.token }, signal },
        );
      });
      offset = answer.offset ?? offset;
      context = answer.context ?? context;
      if (resumeKey && context) {
        const saved: SavedUpload = { ...token, size, context, edge: edges.current };
        await this.ports.store?.setValue(RESUME_KEY_PREFIX + resumeKey, saved);
      }
      report(offset);
      if (answer.complete) {
        docId = answer.docId;
        break;
      }
    }
    if (resumeKey) await this.ports.store?.deleteValue(RESUME_KEY_PREFIX + resumeKey);
    return result(`${edges.current}/${token.bucket}/${token.objectName}`, docId);
  }

  /** A saved upload of this file the server still knows, with the server's offset; else nothing. */
  private async resumable(key: string, size: number, edges: EdgeCursor, signal: AbortSignal | undefined): Promise<{ saved: SavedUpload; offset: number } | undefined> {
    const saved = (await this.ports.store?.getValue(RESUME_KEY_PREFIX + key)) as SavedUpload | undefined;
    if (!saved || saved.size !== size || saved.expireTime <= this.now() || typeof saved.context !== 'string') return undefined;
    try {
      const answer = await edges.send(
        saved.bucket,
        (edge) =>
          this.http.get(`${edge}/${saved.bucket}/${saved.objectName}?uploadContext`, {
            query: { context: saved.context },
            headers: { 'x-nos-token': saved.token },
            signal,
          }),
        saved.edge,
      );
      return typeof answer.offset === 'number' && !answer.complete ? { saved, offset: answer.offset } : undefined;
    } catch (error) {
      // The server forgot it, or the token no longer holds: start over with a new object.
      if (error instanceof ImError && error.errorName === ImErrorName.Operation_Canceled) throw error;
      await this.ports.store?.deleteValue(RESUME_KEY_PREFIX + key);
      return undefined;
    }
  }
}

/**
 * §4: on an edge failure try the next edge, then the load balancer's list, then fail. A success
 * resets the run, so separate cuts during one long upload each get the full sequence.
 */
class EdgeCursor {
  private list: string[];
  private index = 0;
  private askedBalancer = false;

  constructor(
    private readonly ports: UploadPorts,
    private readonly http: HttpClient,
    edges: readonly string[],
  ) {
    this.list = [...edges];
  }

  get current(): string {
    return this.list[this.index] ?? '';
  }

  async send(bucket: string, request: (edge: string) => Promise<HttpResponse>, preferred?: string): Promise<ChunkAnswer> {
    if (preferred && this.list.includes(preferred)) this.index = this.list.indexOf(preferred);
    let lastFailure: EdgeFailure | undefined;
    for (;;) {
      const edge = this.current;
      if (!edge) break;
      try {
        const answer = await this.once(request, edge);
        this.askedBalancer = false;
        return answer;
      } catch (error) {
        if (!(error instanceof EdgeFailure)) throw error;
        lastFailure = error;
        this.index += 1;
        if (this.index < this.list.length) continue;
        if (this.askedBalancer || !this.ports.loadBalancerUrl) break;
        this.askedBalancer = true;
        const fresh = await this.balancerEdges(bucket);
        if (fresh.length === 0) break;
        this.list = fresh;
        this.index = 0;
      }
    }
    throw new ImError(ImErrorName.Upload_Failed, uploadErrorText(lastFailure?.code, lastFailure?.message));
  }

  private async once(request: (edge: string) => Promise<HttpResponse>, edge: string): Promise<ChunkAnswer> {
    let response: HttpResponse;
    try {
      response = await request(edge);
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'aborted') throw new ImError(ImErrorName.Operation_Canceled, 'the upload was canceled');
      // A timeout (ETIMEDOUT) or a refused connection: this edge failed, try the next.
      throw new EdgeFailure(error instanceof HttpError ? error.errCode : undefined, error instanceof Error ? error.message : String(error));
    }
    const body = response.json();
    const answer = (body && typeof body === 'object' ? body : {}) as ChunkAnswer;
    if (response.status >= 500) throw new EdgeFailure(response.status, answer.errMsg ?? response.statusText);
    if (!response.ok) throw new ImError(ImErrorName.Upload_Failed, uploadErrorText(answer.errCode ?? response.status, answer.errMsg));
    return answer;
  }

  private async balancerEdges(bucket: string): Promise<string[]> {
    try {
      const response = await this.http.get(this.ports.loadBalancerUrl ?? '', { query: { version: '1.0', bucketname: bucket } });
      const body = (response.json() ?? {}) as { upload?: unknown };
      return Array.isArray(body.upload) ? body.upload.filter((edge): edge is string => typeof edge === 'string' && /^https?:\/\//.test(edge)) : [];
    } catch {
      return [];
    }
  }
}
