import type { Kysely } from 'kysely';

/**
 * The reporter's events (issue 30 §1; im-client-spec §4 Reporter, §7 "POST to a statistics report
 * endpoint with common and event payload"; docs/im-background.md "Reporter"): one row per event of an
 * accepted batch, with the batch's common fields. `received_at` (epoch ms) drives the retention sweep
 * (domain/stats/reporter-events.ts); the index on (app_key, kind, received_at) serves counts by kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_reporter_event')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('app_key', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('sdk_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sdk_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('platform', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('command', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('event_time', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('im_reporter_event_received').on('im_reporter_event').column('received_at').execute();
  await db.schema.createIndex('im_reporter_event_kind').on('im_reporter_event').columns(['app_key', 'kind', 'received_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_reporter_event').execute();
}
