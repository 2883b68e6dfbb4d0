import type { Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { normalizeSendRecord, ResponseCode, sendMessageProblem, type MessageRecordValue } from '../../protocol';
import { ImServerError, parameterError } from '../errors';
import { MAX_ATTACH_LENGTH, MESSAGE_TYPE_CODES } from '../msg/limits';
import { FILE_TYPE_CODES, MESSAGE_COLUMNS, Scene, TIP_TYPE_CODE, messageFromRow, type StoredMessage } from '../msg/message';
import type { TeamActor } from './team-change';
import { allocateSeqsBulk, NOTIFICATION_TYPE_CODE, storeTeamMessage } from './team-fanout';
import { MemberType, MuteType, parseTeamId, teamError } from './team-model';

export interface TeamMessageSent {
  message: StoredMessage;
  /** The valid members the message went to (the sender included). */
  recipients: string[];
  /** This idClient was already stored for the sender: nothing was written or delivered again. */
  duplicate: boolean;
}

/**
 * Team messages (sendTeamMsg): members only (804), not while muted (812: the member, or the team
 * with muteType normal for normal members and all for everyone). Stored once; each valid member
 * gets it in its sync stream and its `team-<id>` session under its own next sync number, in the
 * transaction of the message (team-fanout.ts), so a member offline now gets it by sync.
 */
export class TeamMessageService {
  constructor(
    private readonly db: Kysely<ImDatabase>,
    private readonly nextTime: () => number,
  ) {}

  async send(actor: TeamActor, input: MessageRecordValue | undefined): Promise<TeamMessageSent> {
    const valid = validateTeamSend(input);
    const teamId = parseTeamId(valid.to);
    const existing = await this.db
      .selectFrom('im_message')
      .select(MESSAGE_COLUMNS)
      .where('sender', '=', actor.account)
      .where('id_client', '=', valid.idClient)
      .executeTakeFirst();
    if (existing) {
      if (existing.scene !== Scene.TEAM || existing.receiver !== String(teamId)) throw parameterError('idClient was already used for another message');
      return { message: messageFromRow(existing), recipients: [], duplicate: true };
    }
    return this.db.transaction().execute(async (trx) => {
      // A share lock: messages of one team do not wait for each other; a member change waits for them.
      const team = await trx.selectFrom('im_team').select(['valid', 'mute_type']).where('team_id', '=', teamId).forShare().executeTakeFirst();
      if (!team || !team.valid) throw teamError.missing(teamId);
      const members = await trx
        .selectFrom('im_team_member')
        .select(['accid', 'type', 'mute'])
        .where('team_id', '=', teamId)
        .where('valid', '=', true)
        .execute();
      const me = members.find((m) => m.accid === actor.account);
      if (!me) throw teamError.notMember();
      if (me.mute) throw teamError.muted('you are muted in this team');
      if (team.mute_type === MuteType.all || (team.mute_type === MuteType.normal && me.type === MemberType.normal)) throw teamError.muted('this team is muted');
      const recipients = members.map((m) => m.accid);
      const seqs = await allocateSeqsBulk(trx, recipients);
      const message = await storeTeamMessage(
        trx,
        {
          teamId,
          sender: actor.account,
          idClient: valid.idClient,
          type: valid.type,
          subType: valid.subType,
          text: valid.text,
          attach: valid.attach,
          custom: valid.custom,
          fromNick: actor.nick,
          fromClientType: actor.clientType,
          fromDeviceId: actor.deviceId,
          time: this.nextTime(),
        },
        seqs,
      );
      if (!message) throw new ImServerError(ResponseCode.DUPLICATE_OPERATION, 'the same idClient is being sent from another port');
      return { message, recipients, duplicate: false };
    });
  }
}

interface ValidTeamSend {
  idClient: string;
  to: string;
  type: number;
  subType: number;
  text: string;
  attach: string;
  custom: string;
}

/** The §3/§5 message rules im-core runs before sending (the same functions), for scene team. */
function validateTeamSend(input: MessageRecordValue | undefined): ValidTeamSend {
  if (typeof input !== 'object' || input === null) throw parameterError('msg is required');
  const record = normalizeSendRecord({ ...input, scene: input.scene ?? Scene.TEAM, type: input.type ?? 0 });
  if (record.scene !== Scene.TEAM) throw parameterError('scene must be team');
  const problem = sendMessageProblem(record);
  if (problem) throw new ImServerError(problem.code, problem.message);
  const type = record.type as number;
  if (!MESSAGE_TYPE_CODES.has(type) || type === NOTIFICATION_TYPE_CODE) throw parameterError(`cannot send message of type ${type}`);
  const file = record.file;
  const attach = FILE_TYPE_CODES.has(type) && file
    ? JSON.stringify(Object.fromEntries(Object.entries(file).filter(([, value]) => value !== undefined)))
    : (record.attach ?? '');
  if (attach.length > MAX_ATTACH_LENGTH) throw new ImServerError(ResponseCode.PARAMETER_TOO_LONG, 'attach too long');
  return {
    idClient: record.idClient as string,
    to: String(record.to ?? ''),
    type,
    subType: record.subType ?? 0,
    text: type === TIP_TYPE_CODE ? (record.tip ?? '') : (record.text ?? ''),
    attach,
    custom: record.custom ?? '',
  };
}
