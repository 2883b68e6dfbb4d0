import { ImError, ImErrorName } from '../errors';
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
// to getNosToken) and the edges from /lbs; it speaks HTTP to the edges itself.

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
  now?: () => number;
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
  private readonly fetch: typeof globalThis.fetch;
  private readonly now: () => number;

  constructor(private readonly ports: UploadPorts) {
    this.fetch = ports.fetch ?? ((...args) => globalThis.fetch(...args));
    this.now = ports.now ?? Date.now;
  }

  /**
   * Uploads one file: checks it (§5), resumes a saved upload of the same file from the server's offset,
   * or asks for a token, then sends 4 MB chunks in sequence until the server has them all.
   */
  async upload(options: FileUploadOptions): Promise<UploadedFile> {
    const checked = checkUploadOptions(options);
    const source = resolveUploadSource(checked, options);
    checkUploadCandidate(checked, source.candidate);
    if (checked.commonUpload) throw new ImError(ImErrorName.Not_Support, 'commonUpload is not offered by this server: files go up in chunks');
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
    const edges = new EdgeCursor(this.ports, this.fetch, await this.ports.edges());
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
        const query = new URLSearchParams({ offset: String(chunk.start), complete: String(chunk.end === size), version: '1.0' });
        if (context) query.set('context', context);
        return this.fetch(`${edge}/${token.bucket}/${token.objectName}?${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream', 'x-nos-token': token.token },
          body: source.blob.slice(chunk.start, chunk.end),
          signal,
        });
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
          this.fetch(`${edge}/${saved.bucket}/${saved.objectName}?uploadContext&context=${encodeURIComponent(saved.context)}`, {
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
    private readonly fetch: typeof globalThis.fetch,
    edges: readonly string[],
  ) {
    this.list = [...edges];
  }

  get current(): string {
    return this.list[this.index] ?? '';
  }

  async send(bucket: string, request: (edge: string) => Promise<Response>, preferred?: string): Promise<ChunkAnswer> {
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

  private async once(request: (edge: string) => Promise<Response>, edge: string): Promise<ChunkAnswer> {
    let response: Response;
    try {
      response = await request(edge);
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw new ImError(ImErrorName.Operation_Canceled, 'the upload was canceled');
      throw new EdgeFailure(undefined, error instanceof Error ? error.message : String(error));
    }
    const answer = (await response.json().catch(() => ({}))) as ChunkAnswer;
    if (response.status >= 500) throw new EdgeFailure(response.status, answer.errMsg ?? response.statusText);
    if (!response.ok) throw new ImError(ImErrorName.Upload_Failed, uploadErrorText(answer.errCode ?? response.status, answer.errMsg));
    return answer;
  }

  private async balancerEdges(bucket: string): Promise<string[]> {
    try {
      const response = await this.fetch(`${this.ports.loadBalancerUrl}?version=1.0&bucketname=${encodeURIComponent(bucket)}`);
      const body = (await response.json()) as { upload?: unknown };
      return Array.isArray(body.upload) ? body.upload.filter((edge): edge is string => typeof edge === 'string' && /^https?:\/\//.test(edge)) : [];
    } catch {
      return [];
    }
  }
}
