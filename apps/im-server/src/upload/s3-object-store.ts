import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { isSafeObjectKey, type ByteRange, type ObjectStore } from './object-store';

/** Where an S3-compatible store is and how to sign for it (env IM_OBJECT_STORE=s3, IM_S3_*). */
export interface S3StoreConfig {
  endpoint?: string;
  bucket: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (http://host/bucket/key), which MinIO, s3rver and most self-hosted stores need; default true. */
  forcePathStyle?: boolean;
}

/**
 * Parts of a multipart upload must be at least 5 MiB except the last (S3's rule); chunks are 4 MiB,
 * so finish() regroups them into parts of this size.
 */
const COMPOSE_PART_BYTES = 8 * 1024 * 1024;
/** Chunks live under this prefix until finish(); a bucket name never starts with '_', so no object collides. */
const PARTS_PREFIX = '_parts/';
/** Offsets in part names are zero-padded so a listing comes back in offset order. */
const OFFSET_DIGITS = 15;

interface StoredPart {
  offset: number;
  length: number;
  s3Key: string;
}

/**
 * The S3-compatible object store (issue 13; docs/im-upload.md "S3-compatible store"). S3 has no write
 * at an offset, so each accepted chunk is its own object `_parts/<key>/<offset>`: a PUT is atomic and
 * a repeated chunk overwrites itself, which keeps writeAt idempotent and crash-safe. finish() streams
 * the chain of parts from offset 0 into the final object with a multipart upload (8 MiB parts), then
 * deletes the parts. Reads stream from S3 (ranged GETs), never buffering a whole object.
 */
export class S3ObjectStore implements ObjectStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly endpoint: string;

  constructor(config: S3StoreConfig) {
    this.bucket = config.bucket;
    this.endpoint = config.endpoint ?? 'AWS';
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region ?? 'us-east-1',
      forcePathStyle: config.forcePathStyle ?? true,
      ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
      // Checksums only where S3 requires them: self-hosted stores do not all know the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Throws with a clear reason when the bucket cannot be reached (wrong endpoint, bucket or keys). */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const reason = status === 404 ? 'no such bucket' : status === 403 ? 'access denied' : (error as Error).message || (error as Error).name;
      throw new Error(`im-server: the S3 bucket '${this.bucket}' at ${this.endpoint} cannot be used: ${reason}`);
    }
  }

  private checked(key: string): string {
    if (!isSafeObjectKey(key)) throw new Error(`unsafe object key ${JSON.stringify(key)}`);
    return key;
  }

  private partsPrefix(key: string): string {
    return `${PARTS_PREFIX}${this.checked(key)}/`;
  }

  async writeAt(key: string, offset: number, bytes: Uint8Array): Promise<void> {
    const name = `${this.partsPrefix(key)}${String(offset).padStart(OFFSET_DIGITS, '0')}`;
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: name, Body: bytes, ContentLength: bytes.length }));
  }

  /** Every stored part, in offset order. */
  private async listParts(key: string): Promise<StoredPart[]> {
    const prefix = this.partsPrefix(key);
    const parts: StoredPart[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const item of page.Contents ?? []) {
        const offset = Number(item.Key!.slice(prefix.length));
        if (Number.isInteger(offset)) parts.push({ offset, length: item.Size ?? 0, s3Key: item.Key! });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return parts.sort((a, b) => a.offset - b.offset);
  }

  /**
   * The parts that make the object: from offset 0, each starting where the last ended. A part off the
   * chain (left by a write the upload service never recorded) is not the object's and is ignored, as
   * the local store's truncate drops bytes past the recorded offset.
   */
  private async chain(key: string): Promise<StoredPart[]> {
    const byOffset = new Map((await this.listParts(key)).map((part) => [part.offset, part]));
    const chain: StoredPart[] = [];
    for (let at = 0, part = byOffset.get(0); part && part.length > 0; at += part.length, part = byOffset.get(at)) chain.push(part);
    return chain;
  }

  /** Size of the final object, or undefined when it has not been composed (or does not exist). */
  private async finalSize(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async finish(key: string, size: number): Promise<void> {
    // A finish cut after composing (the database never recorded it) finds the final object and only
    // tidies up; the chunk sent again meanwhile held the same bytes.
    if ((await this.finalSize(key)) !== size) await this.compose(key, size);
    await this.deleteKeys((await this.listParts(key)).map((part) => part.s3Key));
  }

  private async compose(key: string, size: number): Promise<void> {
    const chain = await this.chain(key);
    const stored = chain.reduce((sum, part) => sum + part.length, 0);
    if (stored !== size) throw new Error(`object ${key} has ${stored} bytes in its parts, expected ${size}`);
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }));
    try {
      const completed: { PartNumber: number; ETag: string }[] = [];
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        const PartNumber = completed.length + 1;
        const body = Buffer.concat(pending);
        const { ETag } = await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId, PartNumber, Body: body, ContentLength: body.length }));
        completed.push({ PartNumber, ETag: ETag! });
        pending = [];
        pendingBytes = 0;
      };
      for (const part of chain) {
        for await (const bytes of await this.getStream(part.s3Key)) {
          pending.push(bytes as Buffer);
          pendingBytes += (bytes as Buffer).length;
        }
        if (pendingBytes >= COMPOSE_PART_BYTES) await flush();
      }
      if (pendingBytes > 0 || completed.length === 0) await flush();
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId, MultipartUpload: { Parts: completed } }));
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  async size(key: string): Promise<number | undefined> {
    const composed = await this.finalSize(key);
    if (composed !== undefined) return composed;
    const chain = await this.chain(key);
    return chain.length === 0 ? undefined : chain.reduce((sum, part) => sum + part.length, 0);
  }

  async head(key: string, length: number): Promise<Uint8Array> {
    const size = await this.size(key);
    if (size === undefined) throw new Error(`no object ${key}`);
    if (size === 0 || length <= 0) return new Uint8Array(0);
    const pieces: Buffer[] = [];
    for await (const bytes of this.read(key, { start: 0, end: Math.min(length, size) - 1 })) pieces.push(bytes as Buffer);
    return Buffer.concat(pieces);
  }

  read(key: string, range?: ByteRange): Readable {
    return Readable.from(this.bytesOf(this.checked(key), range), { objectMode: false });
  }

  /** The final object's bytes; before finish(), the chain of parts' (so the contract is the same for both stores). */
  private async *bytesOf(key: string, range?: ByteRange): AsyncGenerator<Buffer> {
    if ((await this.finalSize(key)) !== undefined) {
      yield* this.getStream(key, range);
      return;
    }
    const chain = await this.chain(key);
    if (chain.length === 0) throw Object.assign(new Error(`no object ${key}`), { code: 'ENOENT' });
    for (const part of chain) {
      const partEnd = part.offset + part.length - 1;
      const start = Math.max(range?.start ?? 0, part.offset);
      const end = Math.min(range?.end ?? partEnd, partEnd);
      if (start > end) continue;
      yield* this.getStream(part.s3Key, { start: start - part.offset, end: end - part.offset });
    }
  }

  private async *getStream(s3Key: string, range?: ByteRange): AsyncGenerator<Buffer> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: s3Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
    for await (const bytes of answer.Body as Readable) yield bytes as Buffer;
  }

  async remove(key: string): Promise<void> {
    await this.deleteKeys([this.checked(key), ...(await this.listParts(key)).map((part) => part.s3Key)]);
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    // DeleteObjects takes at most 1,000 keys; a missing key is not an error.
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      if (batch.length > 0) await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    }
  }

  close(): void {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}
