import type { Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import type { ObjectStore } from '../object-store';
import { UploadError, objectKeyOfUrl } from '../upload-service';

// Uploaded debug logs (issue 30 §3, im-client-spec §7 uploadSdkLogUrl; docs/im-background.md "Local
// debug log"). The client uploads its log like any file (getNosToken, the object store) and then names
// the object with uploadSdkLogUrl; the server keeps it for the operator, per account, for a limited time.

/** How long an uploaded log is kept (ours): its object expires then and the upload sweeper removes it. */
export const SDK_LOG_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Most logs kept per account (ours); an older one beyond this expires at once. */
export const SDK_LOGS_PER_ACCOUNT = 20;
/** Largest log an account may register (ours): 72 hours of a busy client fit well below it. */
export const SDK_LOG_MAX_BYTES = 16 * 1024 * 1024;

export interface SdkLogEntry {
  id: number;
  appKey: string;
  account: string;
  objectKey: string;
  size: number;
  createdAt: number;
  expiresAt: number;
}

export class SdkLogService {
  constructor(
    private readonly db: Kysely<ImDatabase>,
    private readonly objects: ObjectStore,
    private readonly appKey: string,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * uploadSdkLogUrl: `url` must name a finished object the caller uploaded (another account's object is
   * refused, 403). Its object is set to expire after SDK_LOG_RETENTION_MS (sooner when it had a shorter
   * survival time), and beyond SDK_LOGS_PER_ACCOUNT logs the oldest expire now.
   */
  async register(account: string, url: string): Promise<SdkLogEntry> {
    const { key } = objectKeyOfUrl(url);
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const upload = await trx.selectFrom('im_upload').select(['account', 'complete', 'size', 'expires_at']).where('object_key', '=', key).forUpdate().executeTakeFirst();
      if (!upload || !upload.complete || (upload.expires_at !== null && Number(upload.expires_at) < now)) throw new UploadError(404, 'NOT_FOUND', 'no such uploaded log');
      if (upload.account !== account) throw new UploadError(403, 'NOT_OWNER', 'a log must be uploaded by the account that names it');
      if (Number(upload.size) > SDK_LOG_MAX_BYTES) throw new UploadError(400, 'PARAM_ERROR', `a log may be at most ${SDK_LOG_MAX_BYTES} bytes`);
      const expiresAt = Math.min(now + SDK_LOG_RETENTION_MS, upload.expires_at === null ? Infinity : Number(upload.expires_at));
      await trx.updateTable('im_upload').set({ expires_at: expiresAt }).where('object_key', '=', key).execute();
      const row = await trx
        .insertInto('im_sdk_log')
        .values({ app_key: this.appKey, account, object_key: key, size: Number(upload.size), created_at: now, expires_at: expiresAt })
        .returningAll()
        .executeTakeFirstOrThrow();
      // Rows of this account's expired logs go now (their objects went with the upload sweeper).
      await trx.deleteFrom('im_sdk_log').where('account', '=', account).where('expires_at', '<', now).execute();
      const older = await trx.selectFrom('im_sdk_log').select(['id', 'object_key']).where('account', '=', account).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(SDK_LOGS_PER_ACCOUNT).limit(1000).execute();
      if (older.length > 0) {
        await trx.deleteFrom('im_sdk_log').where('id', 'in', older.map((o) => o.id)).execute();
        await trx.updateTable('im_upload').set({ expires_at: now }).where('object_key', 'in', older.map((o) => o.object_key)).execute();
      }
      return entryOf(row);
    });
  }

  /** The operator's list, newest first; one account's, or everyone's. Expired logs are left out. */
  async list(account?: string, limit = 100): Promise<SdkLogEntry[]> {
    let query = this.db.selectFrom('im_sdk_log').selectAll().where('expires_at', '>=', this.now());
    if (account) query = query.where('account', '=', account);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(Math.min(Math.max(1, limit), 1000)).execute();
    return rows.map(entryOf);
  }

  /** One log's entry and text for the operator; undefined when unknown or expired. */
  async read(id: number): Promise<{ entry: SdkLogEntry; text: string } | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    const row = await this.db.selectFrom('im_sdk_log').selectAll().where('id', '=', id).where('expires_at', '>=', this.now()).executeTakeFirst();
    if (!row) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of this.objects.read(row.object_key)) chunks.push(chunk as Buffer);
    return { entry: entryOf(row), text: Buffer.concat(chunks).toString('utf8') };
  }

  /** Drops the rows of expired logs (their objects go with the upload sweeper); answers how many. */
  async sweepExpired(): Promise<number> {
    const removed = await this.db.deleteFrom('im_sdk_log').where('expires_at', '<', this.now()).executeTakeFirst();
    return Number(removed.numDeletedRows);
  }
}

function entryOf(row: { id: number; app_key: string; account: string; object_key: string; size: number; created_at: number; expires_at: number }): SdkLogEntry {
  return { id: Number(row.id), appKey: row.app_key, account: row.account, objectKey: row.object_key, size: Number(row.size), createdAt: Number(row.created_at), expiresAt: Number(row.expires_at) };
}
