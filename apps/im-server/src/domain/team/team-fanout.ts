import { sql, type Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { MESSAGE_COLUMNS, Scene, messageFromRow, type StoredMessage } from '../msg/message';

/** The conversation key of a team's messages; `#` never occurs in an account id, so no p2p key can equal it. */
export const teamConversation = (teamId: number | string) => `team#${teamId}`;
export const teamSessionId = (teamId: number | string) => `team-${teamId}`;

/** Message type code of the server's team event notifications (§3 "notification", written by the server only). */
export const NOTIFICATION_TYPE_CODE = 5;

/**
 * The next sync number of each account, in one statement. The sequence rows are locked in sorted
 * account order (the order of `allocateSeqs` in sync/sequence.ts), so a team change and a p2p
 * message touching the same accounts cannot deadlock. Run it inside the change's transaction.
 */
export async function allocateSeqsBulk(trx: Kysely<ImDatabase>, accounts: readonly string[]): Promise<Map<string, number>> {
  const sorted = [...new Set(accounts)].sort();
  if (sorted.length === 0) return new Map();
  const { rows } = await sql<{ accid: string; seq: number }>`
    insert into im_account_seq (accid, seq)
    select a, 1 from unnest(${sorted}::text[]) with ordinality as t(a, o) order by o
    on conflict (accid) do update set seq = im_account_seq.seq + 1
    returning accid, seq
  `.execute(trx);
  return new Map(rows.map((r) => [r.accid, Number(r.seq)]));
}

/** Gives each listed member row of the team its account's new sync number (syncTeams / syncMyTeamMembers carry it). */
export async function markMembersChanged(trx: Kysely<ImDatabase>, teamId: number, seqs: ReadonlyMap<string, number>): Promise<void> {
  if (seqs.size === 0) return;
  const accounts = [...seqs.keys()];
  await sql`
    update im_team_member m set acc_seq = t.seq
    from unnest(${accounts}::text[], ${accounts.map((a) => seqs.get(a))}::bigint[]) as t(accid, seq)
    where m.team_id = ${teamId} and m.accid = t.accid
  `.execute(trx);
}

export interface NewTeamMessage {
  teamId: number;
  sender: string;
  idClient: string;
  type: number;
  subType: number;
  text: string;
  attach: string;
  custom: string;
  fromNick: string;
  fromClientType: number;
  fromDeviceId: string;
  time: number;
}

/**
 * Stores a team message once and puts it into each recipient's sync stream under the number
 * given (an inbox row and the recipient's `team-<id>` session, which it moves to this message).
 * Recipients other than the sender get one unread, except for notifications, which the client
 * counts only when the app says so (§4). Undefined when the sender already stored this idClient.
 */
export async function storeTeamMessage(
  trx: Kysely<ImDatabase>,
  input: NewTeamMessage,
  recipients: ReadonlyMap<string, number>,
): Promise<StoredMessage | undefined> {
  const row = await trx
    .insertInto('im_message')
    .values({
      id_client: input.idClient,
      sender: input.sender,
      receiver: String(input.teamId),
      scene: Scene.TEAM,
      conversation: teamConversation(input.teamId),
      msg_type: input.type,
      sub_type: input.subType,
      text: input.text,
      attach: input.attach,
      custom: input.custom,
      from_nick: input.fromNick,
      from_client_type: input.fromClientType,
      from_device_id: input.fromDeviceId,
      time: input.time,
      // Team messages reach their members through im_team_inbox, never through the p2p cursor columns.
      sender_seq: 0,
      receiver_seq: 0,
    })
    .onConflict((oc) => oc.columns(['sender', 'id_client']).doNothing())
    .returning(MESSAGE_COLUMNS)
    .executeTakeFirst();
  if (!row) return undefined;
  const message = messageFromRow(row);
  if (recipients.size === 0) return message;
  const accounts = [...recipients.keys()];
  const seqs = accounts.map((a) => recipients.get(a));
  const idServer = Number(message.idServer);
  await sql`
    insert into im_team_inbox (accid, seq, id_server)
    select a, s, ${idServer} from unnest(${accounts}::text[], ${seqs}::bigint[]) as t(a, s)
  `.execute(trx);
  const counts = input.type === NOTIFICATION_TYPE_CODE ? 0 : 1;
  await sql`
    insert into im_session (accid, session_id, scene, target, last_msg_id, update_time, unread, seq)
    select a, ${teamSessionId(input.teamId)}, ${Scene.TEAM}, ${String(input.teamId)}, ${idServer}, ${input.time},
           case when a = ${input.sender} then 0 else ${counts} end, s
    from unnest(${accounts}::text[], ${seqs}::bigint[]) as t(a, s)
    on conflict (accid, session_id) do update set
      last_msg_id = excluded.last_msg_id,
      update_time = excluded.update_time,
      is_deleted = false,
      seq = excluded.seq,
      unread = im_session.unread + excluded.unread
  `.execute(trx);
  return message;
}

/** The account's team messages numbered in (afterSeq, uptoSeq], in that order (the team part of a sync page). */
export async function teamMessagesBetween(db: Kysely<ImDatabase>, account: string, afterSeq: number, uptoSeq: number): Promise<StoredMessage[]> {
  const rows = await db
    .selectFrom('im_team_inbox as i')
    .innerJoin('im_message as m', 'm.id_server', 'i.id_server')
    .select(MESSAGE_COLUMNS.map((c) => `m.${c}` as const))
    .where('i.accid', '=', account)
    .where('i.seq', '>', afterSeq)
    .where('i.seq', '<=', uptoSeq)
    .orderBy('i.seq')
    .execute();
  return rows.map(messageFromRow);
}
