import { sql, type Kysely } from 'kysely';

/**
 * The group-commit batch write as a function (docs/im-server-writes.md "How a batch is written"):
 * `im_write_message_batch(batch json)` runs the one statement of `writeMessageBatch` (stored look-up,
 * blocklist, per-account sequence ranges, the message insert, the folded session upsert) and answers
 * one row per message. As a PL/pgSQL function its plan is prepared once per connection and reused:
 * sent as a plain query, the statement (twelve CTEs) was planned on every batch, about 2 ms of
 * PostgreSQL time each, as much as writing a small batch. The table names resolve through the
 * caller's search_path (im-server sets it to its schema on every connection).
 *
 * im-server calls it for batches of up to FUNCTION_BATCH_MAX messages (write-batcher.ts): for large
 * batches the cached generic plan is slower than one planned for the batch. The body is the query of
 * write-batcher.ts; the output columns are the message columns `messageFromRow` reads
 * (MESSAGE_COLUMNS): a change of either replaces this function in a new migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create or replace function im_write_message_batch(batch json)
  returns table (i integer, outcome text, "id_server" bigint, "id_client" text, "sender" text, "receiver" text, "scene" smallint, "msg_type" smallint, "sub_type" integer, "text" text, "attach" text, "custom" text, "from_nick" text, "from_client_type" integer, "from_device_id" text, "time" bigint, "msg_refs" text)
  language plpgsql as $fn$
#variable_conflict use_column
begin
  return query
    with input as (
      select * from json_to_recordset(batch::json) as t(
        i int, id_client text, sender text, receiver text, scene smallint, conversation text, msg_type smallint,
        sub_type int, "text" text, attach text, custom text, from_nick text, from_client_type int, from_device_id text,
        "time" bigint, thread_id_server bigint, msg_refs text, sender_session text, receiver_session text)
    ),
    stored as (
      select inp.i, m."id_server", m."id_client", m."sender", m."receiver", m."scene", m."msg_type", m."sub_type", m."text", m."attach", m."custom", m."from_nick", m."from_client_type", m."from_device_id", m."time", m."msg_refs"
      from input inp join im_message m on m.sender = inp.sender and m.id_client = inp.id_client
    ),
    blocked as (
      select inp.i from input inp
      where inp.receiver <> inp.sender
        and not exists (select 1 from stored s where s.i = inp.i)
        and exists (select 1 from im_relation r where r.accid = inp.receiver and r.target = inp.sender and r.is_blacked)
    ),
    writes as (
      select inp.* from input inp
      where not exists (select 1 from stored s where s.i = inp.i) and not exists (select 1 from blocked b where b.i = inp.i)
    ),
    uses as (
      select i, sender as accid, true as own from writes
      union all
      select i, receiver, false from writes where receiver <> sender
    ),
    needed as (select accid, count(*) as n from uses group by accid),
    heads as (
      insert into im_account_seq as a (accid, seq)
      select accid, n from needed order by accid
      on conflict (accid) do update set seq = a.seq + excluded.seq
      returning a.accid, a.seq
    ),
    numbered as (
      select u.i, u.own, h.seq - n.n + row_number() over (partition by u.accid order by u.i) as seq
      from uses u join needed n on n.accid = u.accid join heads h on h.accid = u.accid
    ),
    ins as (
      insert into im_message (id_client, sender, receiver, scene, conversation, msg_type, sub_type, "text", attach, custom,
        from_nick, from_client_type, from_device_id, "time", sender_seq, receiver_seq, thread_id_server, msg_refs)
      select w.id_client, w.sender, w.receiver, w.scene, w.conversation, w.msg_type, w.sub_type, w."text", w.attach, w.custom,
        w.from_nick, w.from_client_type, w.from_device_id, w."time", ns.seq, coalesce(nr.seq, ns.seq), w.thread_id_server, w.msg_refs
      from writes w
      join numbered ns on ns.i = w.i and ns.own
      left join numbered nr on nr.i = w.i and not nr.own
      order by w.i
      on conflict (sender, id_client) do nothing
      returning "id_server", "id_client", "sender", "receiver", "scene", "msg_type", "sub_type", "text", "attach", "custom", "from_nick", "from_client_type", "from_device_id", "time", "msg_refs", sender_seq, receiver_seq
    ),
    done as (
      select w.i, w.sender_session, w.receiver_session, ins.*
      from ins join writes w on w.sender = ins.sender and w.id_client = ins.id_client
    ),
    touches as (
      select sender as accid, sender_session as session_id, receiver as target, id_server, "time", sender_seq as seq, 0 as incoming from done
      union all
      select receiver, receiver_session, sender, id_server, "time", receiver_seq, 1 from done where receiver <> sender
    ),
    folded as (
      select distinct on (accid, session_id) accid, session_id, target, id_server, "time", seq,
        sum(incoming) over (partition by accid, session_id) as unread
      from touches
      order by accid, session_id, seq desc
    ),
    sessions as (
      insert into im_session as ses (accid, session_id, scene, target, last_msg_id, update_time, seq, unread)
      select accid, session_id, 0, target, id_server, "time", seq, unread from folded order by accid, session_id
      on conflict (accid, session_id) do update set
        last_msg_id = excluded.last_msg_id, update_time = excluded.update_time, is_deleted = false,
        seq = excluded.seq, unread = ses.unread + excluded.unread
    )
    select inp.i,
      case when s.i is not null then 'stored' when b.i is not null then 'blocked' when d.i is not null then 'inserted' else 'raced' end,
      coalesce(s."id_server", d."id_server"),
        coalesce(s."id_client", d."id_client"),
        coalesce(s."sender", d."sender"),
        coalesce(s."receiver", d."receiver"),
        coalesce(s."scene", d."scene"),
        coalesce(s."msg_type", d."msg_type"),
        coalesce(s."sub_type", d."sub_type"),
        coalesce(s."text", d."text"),
        coalesce(s."attach", d."attach"),
        coalesce(s."custom", d."custom"),
        coalesce(s."from_nick", d."from_nick"),
        coalesce(s."from_client_type", d."from_client_type"),
        coalesce(s."from_device_id", d."from_device_id"),
        coalesce(s."time", d."time"),
        coalesce(s."msg_refs", d."msg_refs")
    from input inp
    left join stored s on s.i = inp.i
    left join blocked b on b.i = inp.i
    left join done d on d.i = inp.i
    order by inp.i;
end
$fn$`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists im_write_message_batch(json)`.execute(db);
}
