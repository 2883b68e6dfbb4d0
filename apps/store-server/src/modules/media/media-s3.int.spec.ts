import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { OK, listFiles, md5Of, postForm, uniquePng, uploadFile, verifyOne } from './media.test-helpers';
import { S3Storage } from './storage/s3-storage';

// The whole upload flow through a running store-server whose media storage is S3 (MEDIA_S3_*), against a
// real S3-protocol server (s3rver) on loopback: the bytes land in the bucket under the store's prefix,
// are served back through the signed URL, and another store cannot reach them.

const BUCKET = 'store-media-int';
let s3: S3rver;
let s3Dir: string;
let bucket: S3Storage;
let h: TestHarness;
let merchant: string;
let otherStore: string;
const ENV_KEYS = ['MEDIA_S3_BUCKET', 'MEDIA_S3_ENDPOINT', 'MEDIA_S3_REGION', 'MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY'] as const;

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(tmpdir(), 'media-s3-int-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  Object.assign(process.env, {
    MEDIA_S3_BUCKET: BUCKET,
    MEDIA_S3_ENDPOINT: endpoint,
    MEDIA_S3_REGION: 'us-east-1',
    MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
    MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  bucket = new S3Storage({ endpoint, bucket: BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
  h = await startTestServer();
});
afterAll(async () => {
  await h?.close();
  bucket?.close();
  for (const key of ENV_KEYS) delete process.env[key];
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await h.reset();
  merchant = await h.login('demo_merchant', 'Demo12345');
  otherStore = await h.login('demo_service', 'Demo12345');
});

describe('media library on S3 storage, through the running server', () => {
  it('stores an upload in the bucket under the store prefix and serves it back through the signed URL', async () => {
    const bytes = uniquePng();
    const fileId = await uploadFile(h, merchant, bytes, 'on-s3.png', ['s3']);
    const stored = await bucket.list('store-1001/');
    expect(stored).toContain(`store-1001/${md5Of(bytes)}.png`);
    const object = await bucket.get(`store-1001/${md5Of(bytes)}.png`);
    expect(md5Of(object!.body)).toBe(md5Of(bytes));

    const listed = (await listFiles(h, merchant, { searchKey: 'on-s3' })).data.list;
    expect(listed).toEqual([expect.objectContaining({ fileId, fileTags: [{ tag: 's3' }] })]);
    const served = await fetch(listed[0]!.objectUrl);
    expect(served.status).toBe(200);
    expect(md5Of(new Uint8Array(await served.arrayBuffer()))).toBe(md5Of(bytes));
  });

  it("keeps stores apart on S3: another store's ticket cannot write under this store's prefix, nor list its files", async () => {
    const bytes = uniquePng();
    await uploadFile(h, merchant, bytes, 'private.png');
    const otherEntry = await verifyOne(h, otherStore, uniquePng(), 'intruder.png');
    const response = await postForm(otherEntry.uploadTicket!, bytes, { key: `store-1001/${md5Of(bytes)}.png` });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(md5Of((await bucket.get(`store-1001/${md5Of(bytes)}.png`))!.body)).toBe(md5Of(bytes));
    expect((await bucket.list('store-1006/')).some((key) => key.includes(md5Of(bytes)))).toBe(false);
    const otherList = await listFiles(h, otherStore, { searchKey: 'private' });
    expect(otherList.code).toBe(OK);
    expect(otherList.data.total).toBe(0);
  });
});
