import { sql, type Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { ResponseCode } from '../../protocol';
import { ImServerError, parameterError } from '../errors';
import { Scene } from '../msg/message';
import { parseTeamId, teamError } from './team-model';
import { settleTeamFanouts } from './team-fanout';

/** §5 "receipts max 50". */
export const MAX_TEAM_RECEIPTS = 50;

export interface TeamReceiptInput {
  teamId?: string;
  idServer?: string;
  idClient?: string;
}

export interface TeamReceiptCount {
  teamId: string;
  idServer: string;
  idClient: string;
  read: number;
  unread: number;
  /** The sender, whose ports are told of new reads. */
  sender: string;
}

interface ReceiptMessage {
  idServer: number;
  idClient: string;
  teamId: number;
  sender: string;
}

/**
 * Team read receipts (issue 10: counts and details, at most 50 per call). Only messages sent with
 * needMsgReceipt take receipts (814 "team read-receipt service forbidden" for the others; ours,
 * the spec does not say when the service is forbidden). The recipients of a message are its
 * members when it was sent (its im_team_inbox rows) less the sender; unread = recipients − read.
 * im_team_receipt_msg and im_team_msg_read (migration 010) are queried with plain SQL here.
 */
export class TeamReceiptService {
  constructor(
    private readonly db: Kysely<ImDatabase>,
    private readonly now: () => number = Date.now,
  ) {}

  /** sendTeamMsgReceipt: the caller read these messages (a recipient only, 804 otherwise); answers the counts after. */
  async markRead(reader: string, inputs: unknown): Promise<TeamReceiptCount[]> {
    const messages = await this.resolve(reader, inputs, 'recipient');
    const now = this.now();
    for (const m of messages) {
      if (m.sender === reader) continue;
      await sql`insert into im_team_msg_read (id_server, accid, read_at) values (${m.idServer}, ${reader}, ${now}) on conflict do nothing`.execute(this.db);
    }
    return this.countsOf(messages);
  }

  /** getTeamMsgReads: read and unread counts (any valid member of the team). */
  async counts(viewer: string, inputs: unknown): Promise<TeamReceiptCount[]> {
    return this.countsOf(await this.resolve(viewer, inputs, 'member'));
  }

  /** getTeamMsgReadAccounts: who read and who did not (any valid member of the team). */
  async detail(viewer: string, input: unknown): Promise<{ idClient: string; readAccounts: string[]; unreadAccounts: string[] }> {
    const [message] = await this.resolve(viewer, [input], 'member');
    const { rows } = await sql<{ accid: string; read: boolean }>`
      select i.accid, (r.accid is not null) as read
      from im_team_inbox i left join im_team_msg_read r on r.id_server = i.id_server and r.accid = i.accid
      where i.id_server = ${message.idServer} and i.accid <> ${message.sender}
      order by i.accid
    `.execute(this.db);
    return {
      idClient: message.idClient,
      readAccounts: rows.filter((r) => r.read).map((r) => r.accid),
      unreadAccounts: rows.filter((r) => !r.read).map((r) => r.accid),
    };
  }

  /** The server ids among `ids` that asked for receipts (the needMsgReceipt flag of team message records). */
  async askedForReceipts(ids: readonly string[]): Promise<Set<string>> {
    const numbers = ids.map(Number).filter(Number.isSafeInteger);
    if (numbers.length === 0) return new Set();
    const { rows } = await sql<{ id_server: number }>`select id_server from im_team_receipt_msg where id_server = any(${numbers}::bigint[])`.execute(this.db);
    return new Set(rows.map((r) => String(r.id_server)));
  }

  private async countsOf(messages: readonly ReceiptMessage[]): Promise<TeamReceiptCount[]> {
    const counts: TeamReceiptCount[] = [];
    for (const m of messages) {
      const { rows } = await sql<{ recipients: number; read: number }>`
        select
          (select count(*)::int from im_team_inbox where id_server = ${m.idServer} and accid <> ${m.sender}) as recipients,
          (select count(*)::int from im_team_msg_read where id_server = ${m.idServer}) as read
      `.execute(this.db);
      const { recipients, read } = rows[0];
      counts.push({ teamId: String(m.teamId), idServer: String(m.idServer), idClient: m.idClient, read: Number(read), unread: Number(recipients) - Number(read), sender: m.sender });
    }
    return counts;
  }

  /** 1–50 receipts naming team messages (404), of a team the caller is in (804), that asked for receipts (814). */
  private async resolve(account: string, inputs: unknown, need: 'recipient' | 'member'): Promise<ReceiptMessage[]> {
    if (!Array.isArray(inputs) || inputs.length === 0 || inputs.length > MAX_TEAM_RECEIPTS) throw parameterError(`receipts: 1 to ${MAX_TEAM_RECEIPTS} messages`);
    const messages: ReceiptMessage[] = [];
    for (const input of inputs as TeamReceiptInput[]) {
      if (typeof input !== 'object' || input === null) throw parameterError('each receipt needs teamId and idServer');
      const teamId = parseTeamId(input.teamId);
      const idServer = Number(input.idServer);
      if (typeof input.idServer !== 'string' || !Number.isSafeInteger(idServer) || idServer <= 0) throw parameterError('idServer must be a server message id');
      const row = await this.db
        .selectFrom('im_message')
        .select(['id_server', 'id_client', 'sender'])
        .where('id_server', '=', idServer)
        .where('scene', '=', Scene.TEAM)
        .where('receiver', '=', String(teamId))
        .executeTakeFirst();
      if (!row) throw new ImServerError(ResponseCode.NOT_FOUND, `no message ${input.idServer} in team ${teamId}`);
      // The recipients are the message's inbox rows: finish a fan-out still queued for the team.
      await settleTeamFanouts(this.db, teamId);
      const member = await this.db.selectFrom('im_team_member').select('valid').where('team_id', '=', teamId).where('accid', '=', account).executeTakeFirst();
      if (member?.valid !== true) throw teamError.notMember();
      if (need === 'recipient' && row.sender !== account) {
        const got = await sql`select 1 from im_team_inbox where id_server = ${idServer} and accid = ${account}`.execute(this.db);
        if (got.rows.length === 0) throw teamError.notMember();
      }
      const asked = await sql`select 1 from im_team_receipt_msg where id_server = ${idServer}`.execute(this.db);
      if (asked.rows.length === 0) throw new ImServerError(ResponseCode.TEAM_RECEIPT_FORBIDDEN, 'this message did not ask for read receipts');
      messages.push({ idServer, idClient: row.id_client, teamId, sender: row.sender });
    }
    return messages;
  }
}
