// im-core's client.documents (libs/im-core/src/services/documents-service.ts) against the real im-server:
// convert uploads through the app's FileUploader with the document fields and answers the docId; the
// rules of document-rules.ts refuse before anything is sent.
import WebSocket from 'ws';
import { createUploadPorts, FileUploader, ImConnection, ImError, MemoryStore, type ImClient, type WebSocketConstructor } from '@merchant/im-core';
import { FAST_TIMING, imCoreClient, waitFor } from './support/im-core-clients';
import { pdfBytes } from './support/pdf-bytes';
import { TEST_APP_KEY, tokenFor } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

describe('im-core documents against im-server (issue 13)', () => {
  let started: StartedServer;
  let client: ImClient;
  let uploader: FileUploader;
  const name = account('dc_owner');

  beforeAll(async () => {
    started = await startServer();
    // The app's wiring (as im-frame does): one connection for the client and for the uploader's tokens.
    const connection = new ImConnection({
      lbsUrl: `${started.url}/lbs`,
      appKey: TEST_APP_KEY,
      account: name,
      token: tokenFor(name),
      WebSocketImpl: WebSocket as unknown as WebSocketConstructor,
      transports: ['websocket'],
      networkEvents: null,
      timing: FAST_TIMING,
    });
    client = imCoreClient(started.url, name, { store: new MemoryStore(), connection });
    await client.connect();
    const request: Parameters<typeof createUploadPorts>[0]['request'] = (command, body) => connection.request(command, body);
    uploader = new FileUploader(createUploadPorts({ request, lbsUrl: `${started.url}/lbs`, account: name, appKey: TEST_APP_KEY }));
  });
  afterAll(async () => {
    await client.destroy();
    await started.server.close();
  });

  it('converts a PDF file into png pages, lists it, fetches it and removes it', async () => {
    const file = new File([new Uint8Array(pdfBytes([[200, 100], [100, 300]]))], 'talk.pdf', { type: 'application/pdf' });
    const uploaded = await client.documents.convert({ file, uploader, imageType: 'png' });
    expect(uploaded).toMatchObject({ name: 'talk.pdf', ext: 'pdf', size: file.size, docId: expect.stringMatching(/^[0-9a-f]{24}$/) });

    await waitFor(async () => (await client.documents.fetchFile(uploaded.docId)).state !== 'converting', 30_000, 'conversion');
    const document = await client.documents.fetchFile(uploaded.docId);
    expect(document).toMatchObject({ docId: uploaded.docId, name: 'talk.pdf', docType: 3, transcodeType: 11, state: 'done', pageCount: 2 });
    expect(document.pageUrls.map((url) => url.endsWith('.png'))).toEqual([true, true]);
    expect((await fetch(document.pageUrls[0])).headers.get('content-type')).toBe('image/png');

    const list = await client.documents.fetchFileList();
    expect([list.total, list.files.map((f) => f.docId)]).toEqual([1, [uploaded.docId]]);

    await client.documents.removeFile(uploaded.docId);
    await expect(client.documents.fetchFile(uploaded.docId)).rejects.toMatchObject({ code: 404 });
    expect((await client.documents.fetchFileList()).total).toBe(0);
  });

  it('refuses a wrong format, a missing file node and a list limit above 30 with the spec\'s messages; no document is created', async () => {
    const before = await client.documents.fetchFileList();
    const refusal = async (run: () => Promise<unknown>) => {
      const error = await run().then(() => undefined, (caught: unknown) => caught);
      expect(error).toBeInstanceOf(ImError);
      return (error as ImError).message;
    };
    expect(await refusal(() => client.documents.convert({ file: new File(['hello'], 'notes.txt'), uploader }))).toBe('please upload a file of correct format [ppt, pptx, pdf, doc, docx]');
    expect(await refusal(() => client.documents.convert({ file: undefined, uploader }))).toBe('please upload a correct file node');
    expect(await refusal(() => client.documents.fetchFileList({ limit: 31 }))).toMatch(/document count exceeds limit: 30$/);
    expect(await refusal(() => client.documents.fetchFile(''))).toBe('docId must be a non-empty string');
    expect((await client.documents.fetchFileList()).total).toBe(before.total);
  });
});
