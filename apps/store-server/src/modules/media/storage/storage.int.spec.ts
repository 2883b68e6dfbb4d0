import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { LocalFolderStorage } from './local-folder-storage';
import { S3Storage } from './s3-storage';
import { STORAGE_CONFORMANCE_CASES } from './storage-conformance';

// Both implementations pass the same suite; S3 runs against a real S3-protocol server (s3rver) on loopback.

describe('LocalFolderStorage conformance', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'media-local-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  for (const c of STORAGE_CONFORMANCE_CASES) it(c.name, () => c.run(new LocalFolderStorage(root)));
});

describe('S3Storage conformance (s3rver)', () => {
  let s3rverDir: string;
  let server: S3rver;
  let endpoint: string;
  let bucketNumber = 0;
  const clients: S3Storage[] = [];

  beforeAll(async () => {
    s3rverDir = await mkdtemp(path.join(tmpdir(), 'media-s3rver-'));
    const buckets = STORAGE_CONFORMANCE_CASES.map((_, index) => ({ name: `media-${index}` }));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3rverDir, configureBuckets: buckets });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.close();
    await rm(s3rverDir, { recursive: true, force: true });
  });

  // A fresh bucket per case, as the local suite gets a fresh folder.
  const fresh = () => {
    const client = new S3Storage({ endpoint, bucket: `media-${bucketNumber++}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    clients.push(client);
    return client;
  };
  for (const c of STORAGE_CONFORMANCE_CASES) it(c.name, () => c.run(fresh()));
});
