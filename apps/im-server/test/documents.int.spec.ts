// Documents (issue 13; docs/im-upload.md "Documents"), over real sockets and HTTP: a document is an
// upload whose getNosToken carried docType/transcodeType; the last chunk answers its docId; the
// converter renders PDF pages in a child process into objects of their own; fetchFile, fetchFileList
// and removeFile see the caller's own documents only.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { RawImClient } from './support/raw-client';
import { useImServer } from './support/server-fixture';
import { account, makeDataDir, startServer, type StartedServer } from './support/test-server';
import { errMsg } from './support/team-helpers';
import { putChunk, type ObjectToken } from './support/upload-http';
import { pdfBytes } from './support/pdf-bytes';

async function docToken(client: RawImClient, size: number, fileName: string, docType: number, transcodeType?: number): Promise<ObjectToken> {
  const answer = await client.request('getNosToken', { size, fileName, count: 1, docType, transcodeType });
  expect([answer.code, errMsg(answer)]).toEqual([200, undefined]);
  const [token] = answer.body.tokens ?? [];
  return { bucket: token.bucket!, objectName: token.objectName!, token: token.token! };
}

/** Uploads a document in one chunk; answers the docId the completing chunk carries. */
async function uploadDocument(server: StartedServer, client: RawImClient, bytes: Buffer, fileName: string, docType: number, transcodeType?: number): Promise<string> {
  const token = await docToken(client, bytes.length, fileName, docType, transcodeType);
  const answer = await putChunk(server, token, 0, bytes, { complete: true });
  expect(answer.status).toBe(200);
  const docId = (answer.body as { docId?: string }).docId;
  expect(docId).toMatch(/^[0-9a-f]{24}$/);
  return docId!;
}

/** Waits for the background conversion to leave "converting" (the test's own timeout bounds it). */
async function settled(client: RawImClient, docId: string) {
  for (;;) {
    const answer = await client.request('fetchFile', { docId });
    expect(answer.code).toBe(200);
    if (answer.body.file?.state !== 'converting') return answer.body.file!;
    // fixed wait: poll interval of the conversion state; the test timeout bounds the wait
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('documents: conversion, list, fetch, remove (issue 13)', () => {
  const fixture = useImServer();
  const login = (name: string) => fixture.login(name);

  it('converts a 2-page PDF into 2 page images: png for transcodeType 11, jpg otherwise, each at 1.5 × the page size in points', async () => {
    const owner = await login('doc_owner');
    const pdf = pdfBytes([[200, 100], [100, 300]]);
    for (const [transcodeType, format, contentType] of [[11, 'png', 'image/png'], [undefined, 'jpeg', 'image/jpeg']] as const) {
      const docId = await uploadDocument(fixture.server, owner, pdf, 'slides.pdf', 3, transcodeType);
      const file = await settled(owner, docId);
      expect(file).toMatchObject({ docId, name: 'slides.pdf', ext: 'pdf', size: pdf.length, docType: 3, transcodeType: transcodeType ?? 10, state: 'done', pageCount: 2, reason: '' });
      expect(file.pageUrls).toHaveLength(2);
      const sizes = [];
      for (const url of file.pageUrls!) {
        const page = await fetch(url);
        expect([page.status, page.headers.get('content-type')]).toEqual([200, contentType]);
        const meta = await sharp(Buffer.from(await page.arrayBuffer())).metadata();
        sizes.push([meta.format, meta.width, meta.height]);
      }
      expect(sizes).toEqual([[format, 300, 150], [format, 150, 450]]);
      // The uploaded file itself is served as it was.
      expect((await fetch(file.url!)).headers.get('content-type')).toBe('application/pdf');
    }
  });

  it('accepts a pptx and ends it failed with a clear reason: no converter for it on this server', async () => {
    const owner = await login('doc_pptx');
    const docId = await uploadDocument(fixture.server, owner, randomBytes(2000), 'deck.pptx', 2);
    expect(await settled(owner, docId)).toMatchObject({ docId, ext: 'pptx', docType: 2, state: 'failed', pageCount: 0, pageUrls: [], reason: 'conversion of pptx is not available on this server' });
  });

  it('ends a corrupt PDF failed with the reason, and keeps serving: a good PDF after it converts', async () => {
    const owner = await login('doc_corrupt');
    const bad = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3000)]);
    const badId = await uploadDocument(fixture.server, owner, bad, 'broken.pdf', 3);
    const failed = await settled(owner, badId);
    expect(failed.state).toBe('failed');
    expect(failed.reason).toMatch(/^the file is not a readable PDF/);
    const goodId = await uploadDocument(fixture.server, owner, pdfBytes([[72, 72]]), 'ok.pdf', 3);
    expect(await settled(owner, goodId)).toMatchObject({ state: 'done', pageCount: 1 });
  });

  it('refuses a document token for a wrong format or a docType that does not match the name, with the spec\'s message', async () => {
    const owner = await login('doc_refused');
    const txt = await owner.request('getNosToken', { size: 10, fileName: 'notes.txt', count: 1, docType: 3 });
    expect([txt.code, errMsg(txt)]).toEqual([414, 'please upload a file of correct format [ppt, pptx, pdf, doc, docx]']);
    const mismatch = await owner.request('getNosToken', { size: 10, fileName: 'deck.pptx', count: 1, docType: 3 });
    expect([mismatch.code, errMsg(mismatch)]).toEqual([414, 'docType 3 does not match the file\'s extension (type 2)']);
    const transcode = await owner.request('getNosToken', { size: 10, fileName: 'a.pdf', count: 1, docType: 3, transcodeType: 12 });
    expect([transcode.code, errMsg(transcode)]).toEqual([414, 'transcodeType must be 10 (jpg) or 11 (png)']);
    const list = await owner.request('fetchFileList', {});
    expect([list.code, list.body.files ?? [], list.body.total]).toEqual([200, [], 0]);
  });

  it('lists the account\'s documents newest first, 10 by default, paged by fromDocId; a limit above 30 is refused with "document count exceeds limit: 30"', async () => {
    const owner = await login('doc_list');
    const ids: string[] = [];
    for (let n = 0; n < 12; n++) ids.push(await uploadDocument(fixture.server, owner, randomBytes(100), `deck-${n}.ppt`, 1));
    const newestFirst = [...ids].reverse();

    const first = await owner.request('fetchFileList', {});
    expect([first.code, first.body.total]).toEqual([200, 12]);
    expect(first.body.files!.map((file) => file.docId)).toEqual(newestFirst.slice(0, 10));
    const next = await owner.request('fetchFileList', { limit: 5, fromDocId: newestFirst[9] });
    expect(next.body.files!.map((file) => file.docId)).toEqual(newestFirst.slice(10));
    const two = await owner.request('fetchFileList', { limit: 2, fromDocId: newestFirst[0] });
    expect(two.body.files!.map((file) => file.docId)).toEqual(newestFirst.slice(1, 3));

    const tooMany = await owner.request('fetchFileList', { limit: 31 });
    expect(tooMany.code).toBe(414);
    expect(errMsg(tooMany)).toMatch(/document count exceeds limit: 30$/);
    expect((await owner.request('fetchFileList', { limit: 30 })).body.files).toHaveLength(12);
  });

  it('a stranger can neither fetch, remove nor page from another account\'s document, nor see it in a list; the owner removes it with its pages', async () => {
    const owner = await login('doc_keeper');
    const stranger = await login('doc_stranger');
    const docId = await uploadDocument(fixture.server, owner, pdfBytes([[100, 100]]), 'private.pdf', 3, 11);
    const file = await settled(owner, docId);
    expect(file.pageUrls).toHaveLength(1);

    expect((await stranger.request('fetchFile', { docId })).code).toBe(404);
    expect((await stranger.request('removeFile', { docId })).code).toBe(404);
    expect((await stranger.request('fetchFileList', { fromDocId: docId })).code).toBe(404);
    const theirs = await stranger.request('fetchFileList', {});
    expect([theirs.body.files ?? [], theirs.body.total]).toEqual([[], 0]);
    expect((await owner.request('fetchFile', { docId })).body.file?.state).toBe('done');

    expect((await owner.request('removeFile', { docId })).code).toBe(200);
    expect((await owner.request('fetchFile', { docId })).code).toBe(404);
    expect((await owner.request('removeFile', { docId })).code).toBe(404);
    expect((await fetch(file.pageUrls![0])).status).toBe(404);
    expect((await owner.request('fetchFileList', {})).body.total).toBe(0);
  });
});

describe('documents: a restart (issue 13)', () => {
  const data = makeDataDir();
  afterAll(() => data.remove());

  it('converts after a restart a document left converting when the server stopped', async () => {
    // The first server registers but does not convert, so the document is certainly still converting when it stops.
    const first = await startServer({ dataDir: data.dataDir, convertDocuments: false });
    const port = Number(new URL(first.url).port);
    const client = await RawImClient.loggedIn(first.wsUrl, account('doc_restart'));
    const docId = await uploadDocument(first, client, pdfBytes([[100, 50], [50, 100]]), 'restart.pdf', 3);
    expect((await client.request('fetchFile', { docId })).body.file?.state).toBe('converting');
    client.close();
    await first.server.close();

    const second = await startServer({ dataDir: data.dataDir, port });
    try {
      const again = await RawImClient.loggedIn(second.wsUrl, account('doc_restart'));
      try {
        expect(await settled(again, docId)).toMatchObject({ state: 'done', pageCount: 2 });
      } finally {
        again.close();
      }
    } finally {
      await second.server.close();
    }
  });
  it('a document whose uploaded file is lost ends failed with the reason; the documents after it still convert', async () => {
    const objects = makeDataDir();
    const first = await startServer({ dataDir: data.dataDir, objectDir: objects.dataDir, convertDocuments: false });
    const port = Number(new URL(first.url).port);
    const client = await RawImClient.loggedIn(first.wsUrl, account('doc_lost'));
    const pdf = pdfBytes([[100, 100]]);
    const lostToken = await docToken(client, pdf.length, 'lost.pdf', 3);
    const lostId = (await putChunk(first, lostToken, 0, pdf, { complete: true })).body as { docId?: string };
    const keptId = await uploadDocument(first, client, pdf, 'kept.pdf', 3);
    client.close();
    await first.server.close();
    rmSync(join(objects.dataDir, lostToken.bucket, lostToken.objectName));

    const second = await startServer({ dataDir: data.dataDir, objectDir: objects.dataDir, port });
    try {
      const again = await RawImClient.loggedIn(second.wsUrl, account('doc_lost'));
      try {
        const lost = await settled(again, lostId.docId!);
        expect([lost.state, lost.reason]).toEqual(['failed', expect.stringMatching(/^the uploaded file could not be read/)]);
        expect(await settled(again, keptId)).toMatchObject({ state: 'done', pageCount: 1 });
      } finally {
        again.close();
      }
    } finally {
      await second.server.close();
      objects.remove();
    }
  });
});
