import { sql, type Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { MESSAGE_COLUMNS, NO_THREAD, Scene, messageFromRow, type StoredMessage, type ThreadColumns } from '../msg/message';
import { insertGroupMessage, NOTIFICATION_TYPE_CODE, type NewGroupMessage } from './group-message';

/** The conversation key of a team's messages; `#` never occurs in an account id, so no p2p key can equal it. */
export const teamConversation = (teamId: number | string) => `team#${teamId}`;
export const teamSessionId = (teamId: number | string) => `team-${teamId}`;

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

export interface NewTeamMessage extends NewGroupMessage {
  /** A reply's thread columns (domain/extend/threads.ts); super team messages have no threads. */
  thread?: ThreadColumns;
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
  const row = await insertGroupMessage(trx, Scene.TEAM, teamConversation(input.teamId), input, input.thread ?? NO_THREAD);
  if (!row) return undefined;
  const message = messageFromRow(row);
  await writeMemberRows(trx, { teamId: input.teamId, idServer: Number(message.idServer), sender: input.sender, time: input.time, countsUnread: input.type !== NOTIFICATION_TYPE_CODE }, recipients);
  return message;
}

interface FanoutMessage {
  teamId: number;
  idServer: number;
  sender: string;
  time: number;
  /** False for notifications, which the client counts only when the app says so (§4). */
  countsUnread: boolean;
}

/**
 * A team message's rows in each recipient's sync stream under the number given: an inbox row, and
 * the recipient's `team-<id>` session moved to the message. The session's last message only moves
 * forward (a fan-out finished late never moves it back) and a recipient other than the sender gets
 * one unread unless its session was already read past the message's time.
 */
async function writeMemberRows(trx: Kysely<ImDatabase>, m: FanoutMessage, recipients: ReadonlyMap<string, number>): Promise<void> {
  if (recipients.size === 0) return;
  const accounts = [...recipients.keys()];
  const seqs = accounts.map((a) => recipients.get(a));
  await sql`
    insert into im_team_inbox (accid, seq, id_server)
    select a, s, ${m.idServer} from unnest(${accounts}::text[], ${seqs}::bigint[]) as t(a, s)
  `.execute(trx);
  const counts = m.countsUnread ? 1 : 0;
  await sql`
    insert into im_session (accid, session_id, scene, target, last_msg_id, update_time, unread, seq)
    select a, ${teamSessionId(m.teamId)}, ${Scene.TEAM}, ${String(m.teamId)}, ${m.idServer}, ${m.time},
           case when a = ${m.sender} then 0 else ${counts} end, s
    from unnest(${accounts}::text[], ${seqs}::bigint[]) as t(a, s)
    on conflict (accid, session_id) do update set
      last_msg_id = case when im_session.last_msg_id is null or excluded.last_msg_id > im_session.last_msg_id then excluded.last_msg_id else im_session.last_msg_id end,
      update_time = case when im_session.last_msg_id is null or excluded.last_msg_id > im_session.last_msg_id then excluded.update_time else im_session.update_time end,
      is_deleted = false,
      seq = excluded.seq,
      unread = im_session.unread + case when excluded.update_time > im_session.ack_time then excluded.unread else 0 end
  `.execute(trx);
}

/**
 * Records, in the message's transaction, that the members' rows of a team message are still to be
 * written (im_team_fanout, migration 019): the message is durable with the list of members it went
 * to, and the rows follow after the answer and the push (applyNextFanout).
 */
export async function queueTeamFanout(trx: Kysely<ImDatabase>, message: StoredMessage, teamId: number, recipients: readonly string[], countsUnread: boolean): Promise<void> {
  await trx
    .insertInto('im_team_fanout')
    .values({ team_id: teamId, id_server: Number(message.idServer), recipients: [...recipients], counts_unread: countsUnread })
    .execute();
}

/**
 * Writes the members' rows of the team's oldest queued message and drops it from the queue, in the
 * caller's transaction, which must hold the team row (for share or for update) so that no team
 * change numbers its notification between two queued messages. False when nothing was queued.
 */
async function applyNextFanout(trx: Kysely<ImDatabase>, teamId: number): Promise<boolean> {
  const { rows } = await sql<{ id: number; id_server: number; recipients: string[]; counts_unread: boolean; sender: string; time: number }>`
    select f.id, f.id_server, f.recipients, f.counts_unread, m.sender, m.time
    from im_team_fanout f join im_message m on m.id_server = f.id_server
    where f.team_id = ${teamId}
    order by f.id limit 1
    for update of f
  `.execute(trx);
  if (rows.length === 0) return false;
  const job = rows[0];
  const seqs = await allocateSeqsBulk(trx, job.recipients);
  await writeMemberRows(trx, { teamId, idServer: Number(job.id_server), sender: job.sender, time: Number(job.time), countsUnread: job.counts_unread }, seqs);
  await trx.deleteFrom('im_team_fanout').where('id', '=', job.id).execute();
  return true;
}

/**
 * Finishes every queued fan-out of the team inside a team change's transaction (which holds the
 * team row for update), before the change numbers its own rows: a member's stream keeps the order
 * in which the team's messages and changes were committed. The sequence rows of every queued
 * recipient are locked first, in account order, as allocateSeqsBulk does for one message.
 */
export async function drainTeamFanouts(trx: Kysely<ImDatabase>, teamId: number): Promise<void> {
  const { rows } = await sql<{ accid: string }>`
    select distinct unnest(recipients) as accid from im_team_fanout where team_id = ${teamId}
  `.execute(trx);
  if (rows.length === 0) return;
  const accounts = rows.map((r) => r.accid).sort();
  await sql`select accid from im_account_seq where accid = any(${accounts}::text[]) order by accid for update`.execute(trx);
  while (await applyNextFanout(trx, teamId));
}

/**
 * Finishes the team's queued fan-outs, one message per transaction, each under the team row's share
 * lock (sends go on, a team change waits). Safe on several nodes at once: a second caller waits for
 * the first one's row and finds it gone.
 */
export async function settleTeamFanouts(db: Kysely<ImDatabase>, teamId: number): Promise<void> {
  for (;;) {
    const queued = await db.selectFrom('im_team_fanout').select('id').where('team_id', '=', teamId).limit(1).executeTakeFirst();
    if (!queued) return;
    const applied = await db.transaction().execute(async (trx) => {
      await trx.selectFrom('im_team').select('team_id').where('team_id', '=', teamId).forShare().execute();
      return applyNextFanout(trx, teamId);
    });
    if (!applied) return;
  }
}

/** Finishes the queued fan-outs of every team whose queued messages went to the account (before a read of its stream or sessions). */
export async function settleAccountFanouts(db: Kysely<ImDatabase>, account: string): Promise<void> {
  const { rows } = await sql<{ team_id: number }>`select distinct team_id from im_team_fanout where ${account} = any(recipients)`.execute(db);
  for (const row of rows) await settleTeamFanouts(db, Number(row.team_id));
}

/** How often a node looks for fan-outs left by a crash or by a node that stopped (ms). */
export const TEAM_FANOUT_SWEEP_INTERVAL_MS = 5000;

export interface TeamFanoutOptions {
  /** Write the rows right after the push (default true); false leaves them to the sweep and to the reads, as after a crash. */
  afterPush?: boolean;
  onError?: (error: unknown, teamId: number) => void;
}

/**
 * The node's background writer of team fan-outs: `schedule(teamId)` after a message's push; one
 * team at a time, so it never takes more than one database connection. A sweep at start and every
 * few seconds picks up what a crash left queued (docs/im-server-writes.md "Team messages").
 */
export class TeamFanoutWorker {
  private readonly queued = new Set<number>();
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  private readonly onError: (error: unknown, teamId: number) => void;
  private readonly writeAfterPush: boolean;

  constructor(
    private readonly db: Kysely<ImDatabase>,
    options: TeamFanoutOptions = {},
  ) {
    this.onError = options.onError ?? (() => undefined);
    this.writeAfterPush = options.afterPush ?? true;
  }

  /** A team message was pushed: write its members' rows now (unless configured to leave them queued). */
  pushed(teamId: number): void {
    if (this.writeAfterPush) this.schedule(teamId);
  }

  schedule(teamId: number): void {
    if (this.stopped) return;
    this.queued.add(teamId);
    this.kick();
  }

  /** Sweeps now and then every `intervalMs`. */
  start(intervalMs = TEAM_FANOUT_SWEEP_INTERVAL_MS): void {
    this.stopped = false;
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), intervalMs);
    this.timer.unref();
  }

  /** Schedules every team with queued fan-outs. */
  async sweep(): Promise<void> {
    try {
      const rows = await this.db.selectFrom('im_team_fanout').select('team_id').distinct().execute();
      for (const row of rows) this.schedule(Number(row.team_id));
    } catch (error) {
      this.onError(error, 0);
    }
  }

  /** Resolves when everything scheduled so far is written. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** No new work; finishes what was scheduled (a crash instead leaves it queued for the next start or another node). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
  }

  private kick(): void {
    if (this.running) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.queued.size > 0 && !this.stopped) this.kick();
    });
  }

  private async drain(): Promise<void> {
    for (const teamId of this.queued) {
      this.queued.delete(teamId);
      try {
        await settleTeamFanouts(this.db, teamId);
      } catch (error) {
        this.onError(error, teamId);
      }
    }
  }
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
