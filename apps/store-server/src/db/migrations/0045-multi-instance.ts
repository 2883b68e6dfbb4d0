import { sql, type Kysely } from 'kysely';

/**
 * Running more than one store-server on one database (issue 34 §2, docs/operations.md "Running more than one
 * instance"): what one process used to keep in memory and another needs.
 *
 * - `store_stream_event`: the store events the new-order channel sends (decision 0006). Every instance writes
 *   the events its calls cause here and announces them with NOTIFY; every instance LISTENs and sends them to
 *   its own open streams, and replays a reconnecting console's missed events from here, whichever instance
 *   wrote them. The id is the SSE event id.
 * - `store_task_turn`: periodic tasks that must run once across instances (the demo order and promotion
 *   simulators): an instance runs a turn only when it moves `next_run_at` on, so the others skip it; `turn` counts the turns
 *   taken, so a rotation (the simulators' buyers and steps) carries on whichever instance takes the next one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table store_stream_event (
      id bigserial primary key,
      store_id integer not null,
      name text not null,
      data jsonb not null,
      created_at timestamptz not null default now()
    );
    create index store_stream_event_store on store_stream_event (store_id, id);
    create index store_stream_event_created on store_stream_event (created_at);
    create table store_task_turn (
      task text primary key,
      next_run_at timestamptz not null,
      turn bigint not null default 0,
      last_run_by text
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table store_task_turn; drop table store_stream_event`.execute(db);
}
