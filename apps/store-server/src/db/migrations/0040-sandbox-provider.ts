import { sql, type Kysely } from 'kysely';

/**
 * The sandbox payment provider (docs/ledger.md "Sandbox payment provider"): its own transfers (payments in,
 * payouts out), kept in PostgreSQL so a restart loses no pending one, and store-server's receipts of its
 * callbacks, one row per event id, so a repeated callback changes nothing. Times are epoch milliseconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sandbox_provider_transfer (
      id text primary key,
      kind text not null check (kind in ('payment', 'payout')),
      reference text not null check (char_length(reference) between 1 and 64),
      amount_cents bigint not null check (amount_cents > 0),
      card_no text,
      callback_url text not null,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      failure_reason text,
      created_at bigint not null,
      due_at bigint not null,
      completed_at bigint,
      callback_attempts integer not null default 0,
      next_callback_at bigint,
      callback_delivered_at bigint,
      unique (kind, reference)
    )
  `.execute(db);
  await sql`create index sandbox_provider_transfer_due on sandbox_provider_transfer (due_at) where status = 'pending'`.execute(db);
  await sql`
    create index sandbox_provider_transfer_callback_due on sandbox_provider_transfer (next_callback_at)
    where status <> 'pending' and callback_delivered_at is null
  `.execute(db);
  await sql`
    create table sandbox_provider_callback_receipt (
      event_id text primary key,
      transfer_id text not null,
      kind text not null,
      reference text not null,
      status text not null,
      amount_cents bigint not null,
      received_at bigint not null
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sandbox_provider_callback_receipt`.execute(db);
  await sql`drop table sandbox_provider_transfer`.execute(db);
}
