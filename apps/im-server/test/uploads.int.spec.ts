// The object-store half of im-server (issue 13; docs/im-upload.md "Server"), over real HTTP and a real
// socket: tokens bound to account, object and size; chunks with offset and context; a repeated and an
// out-of-order chunk answered with the true offset and never corrupting the object; resume after a
// restart; content served by its sniffed type only.
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { RawImClient } from './support/raw-client';
import { useImServer } from './support/server-fixture';
import { account, makeDataDir, startServer, type StartedServer } from './support/test-server';
import { CHUNK, md5, nosToken, pngBytes, putChunk, type ChunkAnswer as Answer, type ObjectToken } from './support/upload-http';

async function position(server: StartedServer, token: ObjectToken, context: string): Promise<Answer> {
  const response = await fetch(`${server.url}/nos/${token.bucket}/${token.objectName}?uploadContext&context=${encodeURIComponent(context)}`, { headers: { 'x-nos-token': token.token } });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const tokenFor = (client: RawImClient, size: number, fileName = 'photo.png') => nosToken(client, size, { fileName });

describe('object store: chunked upload (issue 13)', () => {
  const fixture = useImServer();
  const login = (name: string) => fixture.login(name);

  it('takes a file in 4 MB chunks; a repeated and an out-of-order chunk get the true offset and change nothing; the object reads back whole, as image/png', async () => {
    const merchant = await login('up_merchant');
    const file = pngBytes(CHUNK * 2 + 12_345);
    const token = await tokenFor(merchant, file.length);
    expect(token.objectName).toMatch(/^[0-9a-f]{32}\.png$/);

    const first = await putChunk(fixture.server, token, 0, file.subarray(0, CHUNK));
    expect(first).toEqual({ status: 200, body: { offset: CHUNK, context: expect.any(String), complete: false } });
    const context = first.body.context!;

    // The first chunk again (a retry after a lost answer): nothing appended.
    expect(await putChunk(fixture.server, token, 0, randomBytes(CHUNK), { context })).toEqual({ status: 200, body: { offset: CHUNK, context, complete: false } });
    // The third chunk before the second: refused with where the server is.
    expect(await putChunk(fixture.server, token, CHUNK * 2, file.subarray(CHUNK * 2), { context, complete: true })).toEqual({ status: 200, body: { offset: CHUNK, context, complete: false } });
    // The resume query says the same.
    expect(await position(fixture.server, token, context)).toEqual({ status: 200, body: { offset: CHUNK, context, complete: false } });

    expect((await putChunk(fixture.server, token, CHUNK, file.subarray(CHUNK, CHUNK * 2), { context })).body.offset).toBe(CHUNK * 2);
    const last = await putChunk(fixture.server, token, CHUNK * 2, file.subarray(CHUNK * 2), { context, complete: true });
    expect(last).toEqual({ status: 200, body: { offset: file.length, context, complete: true } });
    // A chunk after completion changes nothing either.
    expect((await putChunk(fixture.server, token, 0, randomBytes(10), { context })).body).toEqual({ offset: file.length, context, complete: true });

    const download = await fetch(`${fixture.server.url}/nos/${token.bucket}/${token.objectName}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(md5(new Uint8Array(await download.arrayBuffer()))).toBe(md5(file));
  });

  it('refuses a token for another object, a forged or missing token, a wrong context, and bytes past the declared size; none of them writes', async () => {
    const alice = await login('up_alice');
    const mallory = await login('up_mallory');
    const file = pngBytes(1000);
    const aliceToken = await tokenFor(alice, file.length);
    const malloryToken = await tokenFor(mallory, file.length);

    // Mallory's valid token does not open Alice's object.
    const crossed = await putChunk(fixture.server, { ...aliceToken, token: malloryToken.token }, 0, randomBytes(1000), { complete: true });
    expect(crossed).toEqual({ status: 403, body: { errCode: 'TOKEN_OBJECT', errMsg: 'the upload token is for another object' } });
    const forged = `${aliceToken.token.split('.')[0]}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    expect((await putChunk(fixture.server, { ...aliceToken, token: forged }, 0, file)).body.errCode).toBe('TOKEN_INVALID');
    expect((await putChunk(fixture.server, { ...aliceToken, token: '' }, 0, file)).status).toBe(403);
    // The declared size is part of the token: one byte more is refused.
    expect(await putChunk(fixture.server, aliceToken, 0, Buffer.concat([file, Buffer.from([0])]))).toEqual({ status: 400, body: { errCode: 'BEYOND_SIZE', errMsg: 'the object is 1000 bytes; this chunk ends past it' } });
    // complete before the last byte is refused.
    expect((await putChunk(fixture.server, aliceToken, 0, file.subarray(0, 500), { complete: true })).body.errCode).toBe('INCOMPLETE');

    // Nothing above wrote a byte: Alice starts from 0 and finishes; a wrong context is refused.
    const started = await putChunk(fixture.server, aliceToken, 0, file.subarray(0, 500));
    expect(started.body.offset).toBe(500);
    expect((await putChunk(fixture.server, aliceToken, 500, file.subarray(500), { context: 'not-the-context', complete: true })).body.errCode).toBe('CONTEXT_MISMATCH');
    expect((await position(fixture.server, aliceToken, 'not-the-context')).status).toBe(409);
    expect((await putChunk(fixture.server, aliceToken, 500, file.subarray(500), { context: started.body.context, complete: true })).body).toMatchObject({ offset: 1000, complete: true });
    const download = await fetch(`${fixture.server.url}/nos/${aliceToken.bucket}/${aliceToken.objectName}`);
    expect(md5(new Uint8Array(await download.arrayBuffer()))).toBe(md5(file));
    // Mallory's own object was never written to.
    expect((await fetch(`${fixture.server.url}/nos/${malloryToken.bucket}/${malloryToken.objectName}`)).status).toBe(404);
  });

  it('serves what it cannot sniff as application/octet-stream in a sandbox, never as a page', async () => {
    const client = await login('up_html');
    const page = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const token = await tokenFor(client, page.length, 'invoice.html');
    expect((await putChunk(fixture.server, token, 0, page, { complete: true })).body.complete).toBe(true);
    const download = await fetch(`${fixture.server.url}/nos/${token.bucket}/${token.objectName}`);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('the location service names this node as the upload edge (nosup, nos-chunk)', async () => {
    const response = await fetch(`${fixture.server.url}/lbs?id=${account('up_lbs')}&k=merchant-im`);
    const body = (await response.json()) as { nosup: string; 'nos-chunk': string[] };
    expect(body.nosup).toBe(`${fixture.server.url}/nos`);
    expect(body['nos-chunk']).toEqual([`${fixture.server.url}/nos`]);
  });

  it('answers malformed requests with a clear error and keeps serving', async () => {
    const client = await login('up_bad');
    const token = await tokenFor(client, 10);
    const noSize = await client.request('getNosToken', { fileName: 'a.png' });
    expect(noSize.code).toBe(414);
    expect((await client.request('getNosToken', { size: 10, count: 11 })).code).toBe(414);

    const bad = await fetch(`${fixture.server.url}/nos/im/..%2F..%2Fetc%2Fpasswd?offset=0`, { method: 'POST', headers: { 'x-nos-token': token.token }, body: 'x' });
    expect(bad.status).toBe(400);
    expect((await putChunk(fixture.server, token, Number.NaN, Buffer.from('0123456789'))).body.errCode).toBe('PARAM_ERROR');
    const tooBig = await fetch(`${fixture.server.url}/nos/${token.bucket}/${token.objectName}?offset=0`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'x-nos-token': token.token }, body: new Uint8Array(CHUNK + 4096) });
    expect(tooBig.status).toBe(413);
    expect((await fetch(`${fixture.server.url}/nos/im/${'0'.repeat(32)}.png`)).status).toBe(404);
    expect((await fetch(`${fixture.server.url}/healthz`)).status).toBe(200);
  });
});

describe('object store: resume after a restart (issue 13)', () => {
  const data = makeDataDir();
  afterAll(() => data.remove());

  it('continues an upload from the server offset after the process is closed and started again on the same data', async () => {
    const first = await startServer({ dataDir: data.dataDir });
    const port = Number(new URL(first.url).port);
    const client = await RawImClient.loggedIn(first.wsUrl, account('up_restart'));
    const file = pngBytes(CHUNK + 777);
    const token = await tokenFor(client, file.length);
    const started = await putChunk(first, token, 0, file.subarray(0, CHUNK));
    client.close();
    await first.server.close();

    const second = await startServer({ dataDir: data.dataDir, port });
    try {
      const where = await position(second, token, started.body.context!);
      expect(where.body).toEqual({ offset: CHUNK, context: started.body.context, complete: false });
      // Only the missing bytes go up again.
      expect((await putChunk(second, token, CHUNK, file.subarray(CHUNK), { context: started.body.context, complete: true })).body).toMatchObject({ offset: file.length, complete: true });
      const download = await fetch(`${second.url}/nos/${token.bucket}/${token.objectName}`);
      expect(md5(new Uint8Array(await download.arrayBuffer()))).toBe(md5(file));
      // The md5 the server recorded (read back: this process never saw the first chunk) finds the file again.
      const again = await RawImClient.loggedIn(second.wsUrl, account('up_restart'));
      try {
        const quick = await again.request('fileQuickTransfer', { md5: md5(file), size: file.length });
        expect([quick.code, quick.body.url]).toEqual([200, expect.stringContaining(token.objectName)]);
      } finally {
        again.close();
      }
    } finally {
      await second.server.close();
    }
  });
});

/** A chunk POST whose body the test sends in parts: `send` writes more of it, `cut` drops the connection. */
function openChunk(server: StartedServer, token: ObjectToken, offset: number, length: number, options: { context?: string; complete?: boolean } = {}) {
  const query = new URLSearchParams({ offset: String(offset), complete: String(options.complete ?? false), version: '1.0' });
  if (options.context) query.set('context', options.context);
  const request = httpRequest(`${server.url}/nos/${token.bucket}/${token.objectName}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'content-length': String(length), 'x-nos-token': token.token },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString()) as Answer['body'] }));
    });
  });
  return {
    // Not waited for: a body the server does not read yet (its row is locked) may not leave the socket.
    send: (bytes: Uint8Array) => void request.write(bytes),
    end: (bytes: Uint8Array) => (request.end(bytes), answer),
    cut: () => {
      answer.catch(() => undefined);
      request.destroy();
    },
  };
}

/** Waits until the object's file holds more than `bytes` (the server is writing a chunk as it arrives). */
async function fileGrowsPast(path: string, bytes: number): Promise<void> {
  for (;;) {
    const size = await stat(path).then((s) => s.size, () => 0);
    if (size > bytes) return;
    // fixed wait: poll interval of the file size; the test timeout bounds the wait
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('object store: chunks streamed into the object as they arrive (issue 13, bench/im-upload)', () => {
  const data = makeDataDir();
  const objectDir = join(data.dataDir, 'objects');
  const fixture = useImServer({ objectDir });
  afterAll(() => data.remove());

  it('a chunk cut midway counts for nothing: its bytes already on disk past the offset are not the object\'s, the offset stays, and the chunk sent again completes it', async () => {
    const client = await fixture.login('up_cut');
    const file = pngBytes(CHUNK * 2 + 999);
    const token = await tokenFor(client, file.length);
    const first = await putChunk(fixture.server, token, 0, file.subarray(0, CHUNK));
    const context = first.body.context!;

    // Half of the second chunk arrives and is written; then the connection drops.
    const cut = openChunk(fixture.server, token, CHUNK, CHUNK, { context });
    cut.send(randomBytes(CHUNK / 2));
    await fileGrowsPast(join(objectDir, token.bucket, token.objectName), CHUNK);
    cut.cut();

    expect(await position(fixture.server, token, context)).toEqual({ status: 200, body: { offset: CHUNK, context, complete: false } });
    // complete at the old offset + the last chunk's length is refused: the cut bytes are not counted.
    expect((await putChunk(fixture.server, token, CHUNK, file.subarray(CHUNK * 2), { context, complete: true })).body.errCode).toBe('INCOMPLETE');
    expect((await putChunk(fixture.server, token, CHUNK, file.subarray(CHUNK, CHUNK * 2), { context })).body.offset).toBe(CHUNK * 2);
    expect((await putChunk(fixture.server, token, CHUNK * 2, file.subarray(CHUNK * 2), { context, complete: true })).body).toMatchObject({ offset: file.length, complete: true });
    const download = await fetch(`${fixture.server.url}/nos/${token.bucket}/${token.objectName}`);
    expect(md5(new Uint8Array(await download.arrayBuffer()))).toBe(md5(file));
    const quick = await client.request('fileQuickTransfer', { md5: md5(file), size: file.length });
    expect([quick.code, quick.body.url]).toEqual([200, expect.stringContaining(token.objectName)]);
  });

  it('a newer copy of a chunk cuts the older one still arriving (the client gave it up): the newer is taken whole, nothing of the older stays', async () => {
    const client = await fixture.login('up_race');
    const head = pngBytes(CHUNK);
    const tail = randomBytes(321);
    const token = await tokenFor(client, CHUNK * 2 + tail.length);
    const context = (await putChunk(fixture.server, token, 0, head)).body.context!;
    const [older, newer] = [randomBytes(CHUNK), randomBytes(CHUNK)];

    // Half of the older copy is being written when the newer one comes, with other bytes.
    const first = openChunk(fixture.server, token, CHUNK, CHUNK, { context });
    first.send(older.subarray(0, CHUNK / 2));
    await fileGrowsPast(join(objectDir, token.bucket, token.objectName), CHUNK);
    const second = openChunk(fixture.server, token, CHUNK, CHUNK, { context });
    expect(await second.end(newer)).toEqual({ status: 200, body: { offset: CHUNK * 2, context, complete: false } });
    await expect(first.end(older.subarray(CHUNK / 2))).rejects.toThrow();

    expect((await putChunk(fixture.server, token, CHUNK * 2, tail, { context, complete: true })).body.complete).toBe(true);
    const stored = new Uint8Array(await (await fetch(`${fixture.server.url}/nos/${token.bucket}/${token.objectName}`)).arrayBuffer());
    expect(md5(stored)).toBe(md5(Buffer.concat([head, newer, tail])));
    const quick = await client.request('fileQuickTransfer', { md5: md5(stored), size: stored.length });
    expect(quick.code).toBe(200);
  });
});
