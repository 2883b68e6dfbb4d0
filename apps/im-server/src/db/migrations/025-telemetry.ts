import type { Kysely } from 'kysely';

/**
 * The telemetry (issue 30 §4; im-client-spec §7 "Failed location calls reported by POST" and
 * "Message-delay statistics beacon"; docs/im-background.md "Telemetry and probes"):
 * - im_lbs_failure: one row per stored failed-location report; (app_key, account, request_url,
 *   error_code, received_at) finds a repeat within the throttle window;
 * - im_msg_delay: one row per beacon entry, delay_ms = receive_time − server_time; (app_key,
 *   received_at) serves the operator's hourly p50/p99.
 * `received_at` (epoch ms) also drives the retention sweep (domain/stats/telemetry.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_lbs_failure')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('app_key', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('request_url', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('failed_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('im_lbs_failure_repeat').on('im_lbs_failure').columns(['app_key', 'account', 'request_url', 'error_code', 'received_at']).execute();
  await db.schema.createIndex('im_lbs_failure_received').on('im_lbs_failure').columns(['app_key', 'received_at']).execute();
  await db.schema
    .createTable('im_msg_delay')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('app_key', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('from_account', 'text', (c) => c.notNull())
    .addColumn('msg_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('server_time', 'bigint', (c) => c.notNull())
    .addColumn('receive_time', 'bigint', (c) => c.notNull())
    .addColumn('delay_ms', 'bigint', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sdk_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('manufactor', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('im_msg_delay_received').on('im_msg_delay').columns(['app_key', 'received_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_msg_delay').execute();
  await db.schema.dropTable('im_lbs_failure').execute();
}
