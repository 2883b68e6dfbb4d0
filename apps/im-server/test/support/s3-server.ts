import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
// s3rver has no type declarations; what the tests use of it is typed here.
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<AddressInfo>; close(): Promise<void> };
import type { S3StoreConfig } from '../../src/upload/s3-object-store';

export interface StartedS3 {
  config: S3StoreConfig;
  close(): Promise<void>;
}

/** A real S3-protocol server (s3rver) on 127.0.0.1, a random port and a temporary folder, with one bucket. */
export async function startS3(bucket = 'im-objects'): Promise<StartedS3> {
  const directory = mkdtempSync(join(tmpdir(), 'im-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  return {
    config: { endpoint: `http://127.0.0.1:${address.port}`, bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
