import { createHash } from 'node:crypto';
import { buildPolicyUploadForm, mediaLibraryPaths, type UploadTicket, type VerifyEntry } from '@merchant/media-library';
import type { TestHarness } from '../../testing/harness';
import { solidPng } from './media.seed';

// Helpers of the media integration tests: a merchant's calls, spelled once.

export const PATHS = mediaLibraryPaths();
export const OK = '00000000';
export const md5Of = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

let nextColour = 1;
/** A real, distinct PNG each call (so each has its own md5). */
export function uniquePng(): Uint8Array {
  const n = nextColour++;
  return solidPng(8, 8, [(n * 37) % 256, (n * 91) % 256, (n * 53) % 256]);
}

export async function verifyOne(h: TestHarness, token: string, bytes: Uint8Array, name = 'photo.png', path = '/noWatermark') {
  const suffix = name.slice(name.lastIndexOf('.') + 1);
  const result = await h.call<{ list: VerifyEntry[] }>(
    PATHS.verifyObjectMd5ByPath,
    { path, filesMd5List: [{ objectMd5: md5Of(bytes), objectName: name, objectSuffix: suffix }] },
    token,
  );
  if (result.code !== OK) throw new Error(`verify failed: ${result.code} ${result.msg}`);
  return result.data.list[0]!;
}

/** Posts the POST-policy form as a browser would; `change` tampers with fields. */
export function postForm(ticket: UploadTicket, bytes: Uint8Array, change: Record<string, string> = {}) {
  const form = buildPolicyUploadForm(ticket, new Blob([Buffer.from(bytes)]), 'upload.bin');
  for (const [field, value] of Object.entries(change)) form.set(field, value);
  return fetch(ticket.action, { method: 'POST', body: form, headers: { 'accept-language': 'en-US' } });
}

/** verify → upload → callback; returns the new file id. */
export async function uploadFile(h: TestHarness, token: string, bytes: Uint8Array, name = 'photo.png', tags: string[] = [], path = '/noWatermark') {
  const entry = await verifyOne(h, token, bytes, name, path);
  if (!entry.exists) {
    const response = await postForm(entry.uploadTicket!, bytes);
    if (response.status !== 200) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  }
  const callback = await h.call(PATHS.callbackResourceFile, { callbackFileList: [{ fileId: entry.fileId, tagList: tags }] }, token);
  if (callback.code !== OK) throw new Error(`callback failed: ${callback.code} ${callback.msg}`);
  return entry.fileId;
}

export interface ListedFile {
  fileId: number;
  objectName: string;
  objectUrl: string;
  referenceCount: number;
  createDate: number;
  fileTags: { tag: string }[];
}

export async function listFiles(h: TestHarness, token: string, biz: Record<string, unknown> = {}) {
  return h.call<{ list: ListedFile[]; pageNum: number; pageSize: number; total: number }>(PATHS.queryResourceFileListByPath, biz, token);
}
