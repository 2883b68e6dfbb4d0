import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { Caller, StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { mediaConfigFromEnv, type ObjectStorage } from '../media';
import { ExportsRepository } from './exports.repository';
import { exportRoutes } from './exports.routes';
import { ExportsService } from './exports.service';

export { ExportsService } from './exports.service';
export { EXPORT_DEFINITIONS } from './exports.schemas';

export interface ExportsModuleDeps {
  db: Kysely<StoreDatabase>;
  clock: Clock;
  dataDir: string;
  permissionsOf(caller: Caller): Promise<readonly string[]>;
  env?: NodeJS.ProcessEnv;
  /** Overrides the media layer's storage (tests). */
  storage?: ObjectStorage;
  batchRows?: number;
}

/**
 * Asynchronous exports of filtered lists (docs/export.md). Files go to the media layer's object storage
 * (the same local folder or S3 bucket, under `exports/`), download URLs are signed with its secret.
 */
export function exportsModule(deps: ExportsModuleDeps): { routes: StoreRoute[]; service: ExportsService } {
  const media = mediaConfigFromEnv(deps.env ?? process.env, deps.dataDir);
  const service = new ExportsService({
    db: deps.db,
    repository: new ExportsRepository(deps.db),
    clock: deps.clock,
    storage: deps.storage ?? media.storage,
    signingSecret: media.signingSecret,
    permissionsOf: deps.permissionsOf,
    batchRows: deps.batchRows,
  });
  return { routes: exportRoutes(service), service };
}
