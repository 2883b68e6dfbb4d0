import { sql, type Kysely } from 'kysely';

/**
 * The one definition of the group-commit message write (docs/im-server-writes.md "How a batch is
 * written"). Both ways im-server runs it are generated from `messageBatchQuery`:
 * - as the PL/pgSQL function `im_write_message_batch(batch json)` (`createMessageBatchFunction`, run by
 *   migration 021 and by any later migration that changes the query), whose plan is prepared once
 *   per connection: write-batcher.ts calls it for small batches;
 * - as a plain statement with the batch as its one parameter, planned for each batch: write-batcher.ts
 *   sends it for large batches.
 *
 * Migrations run once per database, so a change of this text reaches existing databases only through
 * a new migration that calls `createMessageBatchFunction` again; message-batch-statement.spec.ts pins
 * the text's hash and fails until the change is acknowledged there.
 *
 * This file sits under db/ and cannot import the domain: the answer's message columns are listed here
 * with their SQL types, and write-batcher.ts checks at compile time that they are `MESSAGE_COLUMNS`.
 */

/** The stored message's columns each answer row carries (the columns `messageFromRow` reads), with their SQL types. */
export const BATCH_MESSAGE_COLUMNS = [
  ['id_server', 'bigint'],
  ['id_client', 'text'],
  ['sender', 'text'],
  ['receiver', 'text'],
  ['scene', 'smallint'],
  ['msg_type', 'smallint'],
  ['sub_type', 'integer'],
  ['text', 'text'],
  ['attach', 'text'],
  ['custom', 'text'],
  ['from_nick', 'text'],
  ['from_client_type', 'integer'],
  ['from_device_id', 'text'],
  ['time', 'bigint'],
  ['msg_refs', 'text'],
  ['yidun_anti_spam_res', 'text'],
] as const;

const names = BATCH_MESSAGE_COLUMNS.map(([name]) => name);
/** p2p sessions only (Scene.P2P in domain/msg/message.ts). */
const P2P_SCENE = 0;

/**
 * The batch write as one statement: `batch` is the SQL expression that holds the batch as JSON (`$1`
 * for the plain statement, the function's argument in the function). The leading comment names the
 * tables it writes within the first bytes of the text, which is all that pg_stat_activity keeps of a
 * query (track_activity_query_size, 1 kB by default). Steps: `stored` (already stored (sender,
 * idClient): answered as duplicates), `blocked` (7101), `needed`/`heads`/`numbered` (each account's
 * numbers, sequence rows locked in account order), `ins` (the messages, arrival order, ON CONFLICT
 * DO NOTHING for another node's race), `sessions` (folded per (owner, session), sorted key order).
 * It answers one row per input message, in input order: i, outcome, then BATCH_MESSAGE_COLUMNS.
 */
export function messageBatchQuery(batch: string): string {
  return `/* im-server group commit: im_account_seq, im_message, im_session */
with input as (
  select * from json_to_recordset(${batch}::json) as t(
    i int, id_client text, sender text, receiver text, scene smallint, conversation text, msg_type smallint,
    sub_type int, "text" text, attach text, custom text, from_nick text, from_client_type int, from_device_id text,
    "time" bigint, thread_id_server bigint, msg_refs text, yidun_anti_spam_res text, sender_session text, receiver_session text)
),
stored as (
  select inp.i, ${names.map((c) => `m."${c}"`).join(', ')}
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
    from_nick, from_client_type, from_device_id, "time", sender_seq, receiver_seq, thread_id_server, msg_refs, yidun_anti_spam_res)
  select w.id_client, w.sender, w.receiver, w.scene, w.conversation, w.msg_type, w.sub_type, w."text", w.attach, w.custom,
    w.from_nick, w.from_client_type, w.from_device_id, w."time", ns.seq, coalesce(nr.seq, ns.seq), w.thread_id_server, w.msg_refs, w.yidun_anti_spam_res
  from writes w
  join numbered ns on ns.i = w.i and ns.own
  left join numbered nr on nr.i = w.i and not nr.own
  order by w.i
  on conflict (sender, id_client) do nothing
  returning ${names.map((c) => `"${c}"`).join(', ')}, sender_seq, receiver_seq
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
  select accid, session_id, ${P2P_SCENE}, target, id_server, "time", seq, unread from folded order by accid, session_id
  on conflict (accid, session_id) do update set
    last_msg_id = excluded.last_msg_id, update_time = excluded.update_time, is_deleted = false,
    seq = excluded.seq, unread = ses.unread + excluded.unread
)
select inp.i,
  case when s.i is not null then 'stored' when b.i is not null then 'blocked' when d.i is not null then 'inserted' else 'raced' end as outcome,
  ${names.map((c) => `coalesce(s."${c}", d."${c}") as "${c}"`).join(', ')}
from input inp
left join stored s on s.i = inp.i
left join blocked b on b.i = inp.i
left join done d on d.i = inp.i
order by inp.i`;
}

/**
 * `create or replace function im_write_message_batch(batch json)` with `messageBatchQuery('batch')` as
 * its body. The output columns are named by `returns table` (the query's aliases match them);
 * `#variable_conflict use_column` makes the query's column names mean the tables' columns, not the
 * output parameters of the same names. Table names resolve through the caller's search_path
 * (im-server sets it to its schema on every connection).
 */
export function messageBatchFunctionDdl(): string {
  const output = BATCH_MESSAGE_COLUMNS.map(([name, type]) => `"${name}" ${type}`).join(', ');
  return `create or replace function im_write_message_batch(batch json)
  returns table (i integer, outcome text, ${output})
  language plpgsql as $fn$
#variable_conflict use_column
begin
  return query
${messageBatchQuery('batch')};
end
$fn$`;
}

/**
 * Creates `im_write_message_batch` from the current query (for migrations), dropping the one before:
 * `create or replace` cannot change a function's output columns, and a later query may add one
 * (migration 024 added yidun_anti_spam_res).
 */
export async function createMessageBatchFunction(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop function if exists im_write_message_batch(json)').execute(db);
  await sql.raw(messageBatchFunctionDdl()).execute(db);
}
