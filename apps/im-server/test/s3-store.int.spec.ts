// The S3-compatible object store (issue 13; docs/im-upload.md "S3-compatible store") against a real
// S3-protocol server (s3rver) started here: the ObjectStore contract run against both stores from one
// table of cases, the real upload flow through im-server configured with S3, and Range downloads
// (206/416) from both stores.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { LocalFolderObjectStore, type ObjectStore } from '../src/upload/object-store';
import { S3ObjectStore } from '../src/upload/s3-object-store';
import { RawImClient } from './support/raw-client';
import { startS3, type StartedS3 } from './support/s3-server';
import { account, startServer, type StartedServer } from './support/test-server';
import { CHUNK, md5, nosToken, pngBytes, putChunk, uploadWhole } from './support/upload-http';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

const newKey = () => `im/${randomBytes(16).toString('hex')}.bin`;

/** The ObjectStore contract: every case runs against the local folder and against S3. */
const CONTRACT: { title: string; run(store: ObjectStore): Promise<void> }[] = [
  {
    title: 'chunks written at their offsets read back whole, by head and by range (across a chunk boundary) once finished',
    async run(store) {
      const key = newKey();
      const a = randomBytes(5000);
      const b = randomBytes(3000);
      const c = randomBytes(100);
      await store.writeAt(key, 0, a);
      await store.writeAt(key, 5000, b);
      await store.writeAt(key, 8000, c);
      await store.finish(key, 8100);
      const whole = Buffer.concat([a, b, c]);
      expect(await store.size(key)).toBe(8100);
      expect(Buffer.from(await store.head(key, 16))).toEqual(whole.subarray(0, 16));
      expect(Buffer.from(await store.head(key, 9000))).toEqual(whole);
      expect(md5(await bytesOf(store.read(key)))).toBe(md5(whole));
      expect(await bytesOf(store.read(key, { start: 4990, end: 5009 }))).toEqual(whole.subarray(4990, 5010));
      expect(await bytesOf(store.read(key, { start: 8099, end: 8099 }))).toEqual(whole.subarray(8099));
    },
  },
  {
    title: 'before finish, size and read give what was written so far',
    async run(store) {
      const key = newKey();
      const a = randomBytes(1000);
      const b = randomBytes(700);
      await store.writeAt(key, 0, a);
      await store.writeAt(key, 1000, b);
      expect(await store.size(key)).toBe(1700);
      expect(await bytesOf(store.read(key))).toEqual(Buffer.concat([a, b]));
    },
  },
  {
    title: 'writing at an offset again replaces what was there and drops anything past it',
    async run(store) {
      const key = newKey();
      const a = randomBytes(1000);
      await store.writeAt(key, 0, a);
      await store.writeAt(key, 1000, randomBytes(1000));
      const replacement = randomBytes(500);
      await store.writeAt(key, 1000, replacement);
      expect(await store.size(key)).toBe(1500);
      await store.finish(key, 1500);
      expect(await bytesOf(store.read(key))).toEqual(Buffer.concat([a, replacement]));
    },
  },
  {
    title: 'finish refuses an object shorter than its size, and a finish repeated after the last chunk is sent again keeps the object',
    async run(store) {
      const key = newKey();
      const a = randomBytes(300);
      const b = randomBytes(200);
      await store.writeAt(key, 0, a);
      await expect(store.finish(key, 500)).rejects.toThrow(/expected 500/);
      await store.writeAt(key, 300, b);
      await store.finish(key, 500);
      // A cut between finish and the database's commit: the client sends the last chunk again.
      await store.writeAt(key, 300, b);
      await store.finish(key, 500);
      expect(await bytesOf(store.read(key))).toEqual(Buffer.concat([a, b]));
    },
  },
  {
    title: 'a missing object has no size and cannot be read; remove deletes an object and is harmless when repeated',
    async run(store) {
      const key = newKey();
      expect(await store.size(key)).toBeUndefined();
      await expect(bytesOf(store.read(key))).rejects.toThrow();
      await store.writeAt(key, 0, randomBytes(10));
      await store.finish(key, 10);
      await store.remove(key);
      expect(await store.size(key)).toBeUndefined();
      await expect(bytesOf(store.read(key))).rejects.toThrow();
      await store.remove(key);
    },
  },
  {
    title: 'an unsafe key is refused before anything is stored',
    async run(store) {
      await expect(store.writeAt('im/../../etc/passwd', 0, randomBytes(1))).rejects.toThrow(/unsafe object key/);
      expect(() => store.read('../x')).toThrow(/unsafe object key/);
    },
  },
];

describe('object store contract: local folder and S3 (issue 13)', () => {
  let s3: StartedS3;
  let folder: string;
  const stores: Record<string, ObjectStore> = {};

  beforeAll(async () => {
    s3 = await startS3();
    folder = mkdtempSync(join(tmpdir(), 'im-objects-contract-'));
    stores.local = new LocalFolderObjectStore(folder);
    stores.s3 = new S3ObjectStore(s3.config);
  });
  afterAll(async () => {
    (stores.s3 as S3ObjectStore | undefined)?.close();
    await s3?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  for (const kind of ['local', 's3']) {
    describe(kind, () => {
      it.each(CONTRACT.map((c) => [c.title, c]))('%s', async (_title, contractCase) => {
        await contractCase.run(stores[kind]);
      });
    });
  }
});

describe('im-server with the S3 store (issue 13)', () => {
  let s3: StartedS3;
  let server: StartedServer;
  let inspect: S3Client;
  const clients: RawImClient[] = [];

  beforeAll(async () => {
    s3 = await startS3();
    server = await startServer({ s3: s3.config });
    inspect = new S3Client({ endpoint: s3.config.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    inspect?.destroy();
    await server?.server.close();
    await s3?.close();
  });

  it('takes a file in 4 MB chunks (a repeated and an out-of-order chunk change nothing), composes it in the bucket and serves it whole, md5 equal', async () => {
    const client = await RawImClient.loggedIn(server.wsUrl, account('s3_up'));
    clients.push(client);
    const file = pngBytes(CHUNK * 2 + 12_345);
    const token = await nosToken(client, file.length);

    const first = await putChunk(server, token, 0, file.subarray(0, CHUNK));
    expect(first.body).toEqual({ offset: CHUNK, context: expect.any(String), complete: false });
    const context = first.body.context!;
    // The first chunk again, with other bytes: nothing appended, nothing replaced.
    expect((await putChunk(server, token, 0, randomBytes(CHUNK), { context })).body).toEqual({ offset: CHUNK, context, complete: false });
    // The third before the second: answered with where the server is.
    expect((await putChunk(server, token, CHUNK * 2, file.subarray(CHUNK * 2), { context, complete: true })).body).toEqual({ offset: CHUNK, context, complete: false });
    expect((await putChunk(server, token, CHUNK, file.subarray(CHUNK, CHUNK * 2), { context })).body.offset).toBe(CHUNK * 2);
    expect((await putChunk(server, token, CHUNK * 2, file.subarray(CHUNK * 2), { context, complete: true })).body).toEqual({ offset: file.length, context, complete: true });

    const download = await fetch(`${server.url}/nos/${token.bucket}/${token.objectName}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(md5(new Uint8Array(await download.arrayBuffer()))).toBe(md5(file));

    // In the bucket: the composed object, and no chunk parts left behind.
    const listing = await inspect.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
    const keys = (listing.Contents ?? []).map((item) => item.Key);
    expect(keys).toContain(`${token.bucket}/${token.objectName}`);
    expect(keys.filter((key) => key?.startsWith('_parts/'))).toEqual([]);
  });

  it('refuses to start with a bucket that does not exist, naming it and the reason', async () => {
    await expect(startServer({ s3: { ...s3.config, bucket: 'no-such-bucket' } })).rejects.toThrow(`im-server: the S3 bucket 'no-such-bucket' at ${s3.config.endpoint} cannot be used: no such bucket`);
  });

  it('quick transfer still finds the file (its md5 is computed from the S3 object)', async () => {
    const client = await RawImClient.loggedIn(server.wsUrl, account('s3_quick'));
    clients.push(client);
    const file = pngBytes(300 * 1024);
    const { url } = await uploadWhole(server, client, file);
    const answer = await client.request('fileQuickTransfer', { md5: md5(file), size: file.length });
    expect(answer.code).toBe(200);
    expect(answer.body.url).toBe(url);
  });
});

describe('Range downloads from both stores (issue 13: players seek)', () => {
  let s3: StartedS3;
  const servers: Record<string, StartedServer> = {};
  const clients: RawImClient[] = [];

  beforeAll(async () => {
    s3 = await startS3();
    servers.local = await startServer();
    servers.s3 = await startServer({ s3: s3.config });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    for (const started of Object.values(servers)) await started.server.close();
    await s3?.close();
  });

  for (const kind of ['local', 's3']) {
    it(`${kind}: bytes=a-b, a- and -n answer 206 with Content-Range; a range past the end answers 416; no Range answers 200 with Accept-Ranges`, async () => {
      const server = servers[kind];
      const client = await RawImClient.loggedIn(server.wsUrl, account(`range_${kind}`));
      clients.push(client);
      const file = pngBytes(CHUNK + 5000);
      const { url } = await uploadWhole(server, client, file);

      const whole = await fetch(url);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(whole.headers.get('content-length')).toBe(String(file.length));
      await whole.arrayBuffer();

      const across = await fetch(url, { headers: { range: `bytes=${CHUNK - 10}-${CHUNK + 9}` } });
      expect(across.status).toBe(206);
      expect(across.headers.get('content-range')).toBe(`bytes ${CHUNK - 10}-${CHUNK + 9}/${file.length}`);
      expect(across.headers.get('content-length')).toBe('20');
      expect(Buffer.from(await across.arrayBuffer())).toEqual(file.subarray(CHUNK - 10, CHUNK + 10));

      const open = await fetch(url, { headers: { range: `bytes=${file.length - 3}-` } });
      expect(open.status).toBe(206);
      expect(Buffer.from(await open.arrayBuffer())).toEqual(file.subarray(file.length - 3));

      const suffix = await fetch(url, { headers: { range: 'bytes=-100' } });
      expect(suffix.headers.get('content-range')).toBe(`bytes ${file.length - 100}-${file.length - 1}/${file.length}`);
      expect(Buffer.from(await suffix.arrayBuffer())).toEqual(file.subarray(file.length - 100));

      // An end past the object is clamped to its last byte.
      const clamped = await fetch(url, { headers: { range: `bytes=${file.length - 2}-${file.length + 1000}` } });
      expect(clamped.headers.get('content-range')).toBe(`bytes ${file.length - 2}-${file.length - 1}/${file.length}`);
      await clamped.arrayBuffer();

      const past = await fetch(url, { headers: { range: `bytes=${file.length}-` } });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${file.length}`);
      expect(await past.json()).toEqual({ errCode: 'RANGE_NOT_SATISFIABLE', errMsg: `the object is ${file.length} bytes` });

      // Several ranges are not served piecewise: the whole object comes back.
      const several = await fetch(url, { headers: { range: 'bytes=0-1,5-6' } });
      expect(several.status).toBe(200);
      expect(md5(new Uint8Array(await several.arrayBuffer()))).toBe(md5(file));
    });
  }
});
