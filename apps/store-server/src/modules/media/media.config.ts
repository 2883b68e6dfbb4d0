import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalFolderStorage } from './storage/local-folder-storage';
import type { ObjectStorage } from './storage/object-storage';
import { S3Storage } from './storage/s3-storage';

export const DEFAULT_MEDIA_SIGNING_SECRET = 'dev-media-signing-secret-change-me';

export interface MediaConfig {
  storage: ObjectStorage;
  signingSecret: string;
  description: string;
}

/**
 * Media storage from the environment (docs/operations.md): MEDIA_S3_BUCKET (+ MEDIA_S3_ENDPOINT,
 * MEDIA_S3_REGION, MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY) selects S3; otherwise a local
 * folder, MEDIA_DIR or `store-media` beside the database folder. MEDIA_SIGNING_SECRET signs tickets and URLs.
 */
export function mediaConfigFromEnv(env: NodeJS.ProcessEnv, dataDir: string): MediaConfig {
  const signingSecret = env.MEDIA_SIGNING_SECRET || DEFAULT_MEDIA_SIGNING_SECRET;
  if (env.MEDIA_S3_BUCKET) {
    return {
      signingSecret,
      description: `S3 bucket ${env.MEDIA_S3_BUCKET}`,
      storage: new S3Storage({
        bucket: env.MEDIA_S3_BUCKET,
        endpoint: env.MEDIA_S3_ENDPOINT || undefined,
        region: env.MEDIA_S3_REGION || undefined,
        accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY ?? '',
      }),
    };
  }
  // An in-memory database gets a throw-away folder too.
  const folder = env.MEDIA_DIR || (dataDir.startsWith('memory://') ? path.join(tmpdir(), 'store-server-media') : path.join(dataDir, '..', 'store-media'));
  return { signingSecret, description: `folder ${folder}`, storage: new LocalFolderStorage(folder) };
}
