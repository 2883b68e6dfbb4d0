import { sql, type Kysely } from 'kysely';

/**
 * Deregistration decisions (docs/merchant-centre.md "Closing the shop"): the unguessable reference the
 * public /logouting screen looks a request up by, and the operator's decision (when, and why a refusal).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table store_logout_record add column public_ref uuid not null default gen_random_uuid();
    alter table store_logout_record add column decided_at timestamptz;
    alter table store_logout_record add column reject_reason text;
    create unique index store_logout_record_public_ref_key on store_logout_record (public_ref);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index store_logout_record_public_ref_key;
    alter table store_logout_record drop column reject_reason;
    alter table store_logout_record drop column decided_at;
    alter table store_logout_record drop column public_ref;
  `.execute(db);
}
