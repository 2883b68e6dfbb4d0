import { createHash, randomBytes } from 'node:crypto';
import type { RawImClient } from './raw-client';
import type { StartedServer } from './test-server';

/** §9 chunk size. */
export const CHUNK = 4_194_304;
export const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

export interface ObjectToken {
  bucket: string;
  objectName: string;
  token: string;
}

export interface ChunkAnswer {
  status: number;
  body: { offset?: number; context?: string; complete?: boolean; errCode?: string; errMsg?: string };
}

/** A PNG head, then random bytes: sniffed as image/png (see uploads.int.spec.ts pngBytes). */
export function pngBytes(size: number): Buffer {
  const bytes = randomBytes(size);
  const head = '89504e470d0a1a0a' + '0000000d49484452' + '00000010000000100806000000' + '00000000' + '0000100049444154';
  Buffer.from(head, 'hex').copy(bytes, 0);
  return bytes;
}

/** One chunk POST to the object store, as the uploader sends it. */
export async function putChunk(server: StartedServer, token: ObjectToken, offset: number, bytes: Uint8Array, options: { context?: string; complete?: boolean } = {}): Promise<ChunkAnswer> {
  const query = new URLSearchParams({ offset: String(offset), complete: String(options.complete ?? false), version: '1.0' });
  if (options.context) query.set('context', options.context);
  const response = await fetch(`${server.url}/nos/${token.bucket}/${token.objectName}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-nos-token': token.token },
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
  });
  return { status: response.status, body: (await response.json()) as ChunkAnswer['body'] };
}

/** getNosToken over the IM connection. */
export async function nosToken(client: RawImClient, size: number, options: { fileName?: string; nosScene?: string; nosSurvivalTime?: number } = {}): Promise<ObjectToken> {
  const answer = await client.request('getNosToken', { size, fileName: options.fileName ?? 'photo.png', nosScene: options.nosScene, nosSurvivalTime: options.nosSurvivalTime, count: 1 });
  if (answer.code !== 200) throw new Error(`getNosToken answered ${answer.code}`);
  const [token] = answer.body.tokens ?? [];
  return { bucket: token.bucket!, objectName: token.objectName!, token: token.token! };
}

/** Uploads `bytes` whole in chunks and answers the object's download URL. */
export async function uploadWhole(server: StartedServer, client: RawImClient, bytes: Uint8Array, options: { fileName?: string; nosScene?: string; nosSurvivalTime?: number } = {}): Promise<{ token: ObjectToken; url: string }> {
  const token = await nosToken(client, bytes.length, options);
  let context: string | undefined;
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    const end = Math.min(offset + CHUNK, bytes.length);
    const answer = await putChunk(server, token, offset, bytes.subarray(offset, end), { context, complete: end === bytes.length });
    if (answer.status !== 200 || answer.body.offset !== end) throw new Error(`chunk at ${offset} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    context = answer.body.context;
  }
  return { token, url: `${server.url}/nos/${token.bucket}/${token.objectName}` };
}
