import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { ImServerError, parameterError } from '../errors';
import { MessageTypeCode, ResponseCode } from '../../protocol';
import { MESSAGE_COLUMNS, Scene, conversationKey, messageFromRow, p2pSessionId, type StoredMessage } from '../msg/message';
import { MAX_TEXT_LENGTH } from '../msg/limits';
import { validateAccount } from '../msg/checks';
import { visibleTo } from '../msg/visibility';
import { allocateSeqs } from '../sync/sequence';
import { allocateSeqsBulk, settleTeamFanouts, teamConversation, teamSessionId } from '../team/team-fanout';
import { superTeamDb } from '../super-team/super-team-model';
import { storeSuperTeamRecall, superTeamMessagePlace } from '../super-team/super-team-recall';

/** How long after sending a sender may recall a message, unless configured (IM_RECALL_WINDOW_MS; our choice, the spec gives none). */
export const DEFAULT_RECALL_WINDOW_MS = 2 * 60 * 1000;

/** A recall as each account of the conversation sees it (the msgDeleted / syncDeleteMsgs record). */
export interface RecalledMessage {
  message: StoredMessage;
  /** Who recalled it (the sender). */
  opeAccount: string;
  /** When it was recalled (epoch ms). */
  time: number;
  ps: string;
  attach: string;
}

export interface RecallResult extends RecalledMessage {
  /** The accounts of the conversation, each with the sync number of the recall (none for a super team message). */
  seqs: Map<string, number>;
  /**
   * A super team message: nothing is written per member. `seq` is the recall's number in the
   * server's super team recall stream (the deleteSuperTeamMsg timetag), `memberSeq` the team's
   * member-list version when it was recalled (the push audience is the valid members as of it).
   */
  superTeam?: { teamId: number; seq: number; memberSeq: number };
}

/**
 * Recall (deleteMsg, issue 31; docs/protocol.md "Recall") of a p2p, team or super team message. Only the sender recalls (403 otherwise),
 * and only within the window after sending (508 "deletion period expired", §8). A p2p or team recall is stored
 * for every account of the conversation with that account's sync number, in one transaction with the
 * session changes of §4: the receiver's unread drops by one when the message was unread, and each
 * side's lastMsg moves to the newest message it still sees. A super team recall is one row for the
 * whole team (docs/im-super-teams.md "Recall"): the members' sessions are read from the stream,
 * which leaves recalled messages out.
 */
export class RecallService {
  constructor(
    private readonly db: Kysely<ImDatabase>,
    private readonly windowMs: number = DEFAULT_RECALL_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(windowMs) || windowMs < 1) throw new Error(`im-server: recall window must be a positive number of milliseconds, got ${windowMs}`);
  }

  async recall(account: string, ref: { idServer?: string; idClient?: string; from?: string; scene?: number }, ps = '', attach = ''): Promise<RecallResult> {
    if (typeof ps !== 'string' || ps.length > MAX_TEXT_LENGTH) throw parameterError(`ps must be a text of at most ${MAX_TEXT_LENGTH}`);
    if (typeof attach !== 'string' || attach.length > MAX_TEXT_LENGTH) throw parameterError(`attach must be a text of at most ${MAX_TEXT_LENGTH}`);
    if (ref.scene !== undefined && ref.scene !== Scene.P2P && ref.scene !== Scene.TEAM && ref.scene !== Scene.SUPER_TEAM) {
      throw new ImServerError(ResponseCode.SERVICE_UNAVAILABLE, 'only p2p, team and super team messages can be recalled on this server');
    }
    const message = await this.find(ref);
    if (message?.scene === Scene.SUPER_TEAM) return this.recallSuperTeamMessage(account, message, ps, attach);
    const team = message?.scene === Scene.TEAM ? Number(message.to) : undefined;
    // A team message's queued inbox rows first: they say who is in its conversation.
    if (team !== undefined) await settleTeamFanouts(this.db, team);
    // Someone who is not in the conversation learns nothing about the message.
    const inConversation = message && (team !== undefined ? message.from === account || (await this.teamRecipients(message)).includes(account) : message.scene === Scene.P2P && (message.from === account || message.to === account));
    if (!message || !inConversation) throw new ImServerError(ResponseCode.NOT_FOUND, 'message not found');
    if (message.from !== account) throw new ImServerError(ResponseCode.NO_PERMISSION, 'only the sender may recall a message');
    const time = this.now();
    if (time - message.time > this.windowMs) throw new ImServerError(ResponseCode.DELETION_PERIOD_EXPIRED, 'deletion period expired');
    if (team !== undefined) return this.recallTeamMessage(message, team, { opeAccount: account, time, ps, attach });
    return this.db.transaction().execute(async (trx) => {
      const accounts = [...new Set([message.from, message.to])];
      const seqs = await allocateSeqs(trx, accounts);
      const inserted = await trx
        .insertInto('im_msg_recall')
        .values(accounts.map((accid) => ({ accid, id_server: Number(message.idServer), ope_account: account, recalled_at: time, ps, attach, seq: seqs.get(accid) as number })))
        .onConflict((oc) => oc.columns(['accid', 'id_server']).doNothing())
        .returning('accid')
        .execute();
      if (inserted.length === 0) throw new ImServerError(ResponseCode.NOT_FOUND, 'message already recalled');
      for (const owner of accounts) {
        const peer = owner === message.from ? message.to : message.from;
        const newest = await trx
          .selectFrom('im_message')
          .select('id_server')
          .where('conversation', '=', conversationKey(owner, peer))
          .where(visibleTo(owner))
          .orderBy('time', 'desc')
          .orderBy('id_server', 'desc')
          .limit(1)
          .executeTakeFirst();
        // §4: unread drops when the recalled message was incoming and newer than the read position.
        const incoming = owner === message.to && owner !== message.from;
        await trx
          .updateTable('im_session')
          .set({
            last_msg_id: newest ? Number(newest.id_server) : null,
            seq: seqs.get(owner) as number,
            unread: incoming ? sql<number>`case when ack_time < ${message.time} and unread > 0 then unread - 1 else unread end` : sql<number>`unread`,
          })
          .where('accid', '=', owner)
          .where('session_id', '=', p2pSessionId(peer))
          .execute();
      }
      return { message, opeAccount: account, time, ps, attach, seqs };
    });
  }

  /**
   * A team message: every account whose stream it reached (its inbox rows, members who left since
   * included) and the sender get the recall under their own sync number; each one's `team-<id>`
   * session loses the unread it counted and, when it was the last message, takes the newest one of
   * its stream still visible to it. The caller wrote the team's queued fan-outs first, so no member's
   * rows of the message arrive after its recall.
   */
  private async recallTeamMessage(message: StoredMessage, teamId: number, recall: Omit<RecalledMessage, 'message'>): Promise<RecallResult> {
    const idServer = Number(message.idServer);
    return this.db.transaction().execute(async (trx) => {
      const accounts = [...new Set([message.from, ...(await this.teamRecipients(message, trx))])];
      const seqs = await allocateSeqsBulk(trx, accounts);
      const inserted = await trx
        .insertInto('im_msg_recall')
        .values(accounts.map((accid) => ({ accid, id_server: idServer, ope_account: recall.opeAccount, recalled_at: recall.time, ps: recall.ps, attach: recall.attach, seq: seqs.get(accid) as number })))
        .onConflict((oc) => oc.columns(['accid', 'id_server']).doNothing())
        .returning('accid')
        .execute();
      if (inserted.length === 0) throw new ImServerError(ResponseCode.NOT_FOUND, 'message already recalled');
      const counted = message.type !== MessageTypeCode.notification;
      await sql`
        update im_session s set
          seq = t.seq,
          unread = case when s.accid <> ${message.from} and ${counted} and s.ack_time < ${message.time} and s.unread > 0 then s.unread - 1 else s.unread end,
          last_msg_id = case when s.last_msg_id = ${idServer} then (
            select m.id_server from im_team_inbox i join im_message m on m.id_server = i.id_server
            where i.accid = s.accid and m.conversation = ${teamConversation(teamId)}
              and not exists (select 1 from im_msg_recall r where r.accid = s.accid and r.id_server = m.id_server)
              and not exists (select 1 from im_msg_deleted_self d where d.accid = s.accid and d.id_server = m.id_server)
            order by m.time desc, m.id_server desc limit 1
          ) else s.last_msg_id end
        from unnest(${accounts}::text[], ${accounts.map((a) => seqs.get(a))}::bigint[]) as t(accid, seq)
        where s.accid = t.accid and s.session_id = ${teamSessionId(teamId)}
      `.execute(trx);
      return { message, ...recall, seqs };
    });
  }

  /**
   * A super team message: its sender or a valid member who joined before it is in the conversation
   * (404 for anyone else); then the same rules as the other scenes (403, 508, 404 when already
   * recalled). One row is written (super-team-recall.ts); the sessions follow at each sync.
   */
  private async recallSuperTeamMessage(account: string, message: StoredMessage, ps: string, attach: string): Promise<RecallResult> {
    const db = superTeamDb(this.db);
    const place = await superTeamMessagePlace(db, message, account);
    if (!place?.inConversation) throw new ImServerError(ResponseCode.NOT_FOUND, 'message not found');
    if (message.from !== account) throw new ImServerError(ResponseCode.NO_PERMISSION, 'only the sender may recall a message');
    const time = this.now();
    if (time - message.time > this.windowMs) throw new ImServerError(ResponseCode.DELETION_PERIOD_EXPIRED, 'deletion period expired');
    const recall = { message, opeAccount: account, time, ps, attach };
    const stored = await storeSuperTeamRecall(db, place, recall);
    return { ...recall, seqs: new Map(), superTeam: { teamId: place.teamId, ...stored } };
  }

  /** The accounts a team message reached (its inbox rows). */
  private async teamRecipients(message: StoredMessage, db: Kysely<ImDatabase> = this.db): Promise<string[]> {
    const rows = await db.selectFrom('im_team_inbox').select('accid').where('id_server', '=', Number(message.idServer)).execute();
    return rows.map((r) => r.accid);
  }

  /** Recalls numbered in (afterSeq, uptoSeq] for `account` (the deleteMsg part of a sync page). */
  async recalledBetween(account: string, afterSeq: number, uptoSeq: number): Promise<RecalledMessage[]> {
    const rows = await this.db
      .selectFrom('im_msg_recall as r')
      .innerJoin('im_message', 'im_message.id_server', 'r.id_server')
      .select(MESSAGE_COLUMNS.map((c) => `im_message.${c}` as const))
      .select(['r.ope_account', 'r.recalled_at', 'r.ps', 'r.attach'])
      .where('r.accid', '=', account)
      .where('r.seq', '>', afterSeq)
      .where('r.seq', '<=', uptoSeq)
      .orderBy('r.seq')
      .execute();
    return rows.map((r) => ({ message: messageFromRow(r), opeAccount: r.ope_account, time: Number(r.recalled_at), ps: r.ps, attach: r.attach }));
  }

  private async find(ref: { idServer?: string; idClient?: string; from?: string }): Promise<StoredMessage | undefined> {
    if (typeof ref !== 'object' || ref === null) throw parameterError('msg needs idServer, or from and idClient');
    let q = this.db.selectFrom('im_message').select(MESSAGE_COLUMNS);
    if (ref.idServer) {
      const id = Number(ref.idServer);
      if (!Number.isSafeInteger(id) || id < 0) throw parameterError('msg.idServer must be a server message id');
      q = q.where('id_server', '=', id);
    } else if (typeof ref.idClient === 'string' && ref.idClient !== '' && ref.from) {
      q = q.where('sender', '=', validateAccount(ref.from, 'msg.from')).where('id_client', '=', ref.idClient);
    } else throw parameterError('msg needs idServer, or from and idClient');
    const row = await q.executeTakeFirst();
    return row ? messageFromRow(row) : undefined;
  }
}
