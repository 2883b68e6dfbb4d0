import { MessageTypeCode, ResponseCode, type MessageRecordValue } from '../../protocol';
import type { AntispamService } from '../antispam/antispam-service';
import { ImServerError, parameterError } from '../errors';
import { MESSAGE_COLUMNS, Scene, messageFromRow, type StoredMessage } from '../msg/message';
import type { TeamActor } from '../team/team-change';
import { groupMessageFromSend } from '../team/group-message';
import { MemberType, MuteType, parseTeamId, teamError } from '../team/team-model';
import { appendToStream, validateSuperTeamSend } from './super-team-stream';
import type { SuperTeamDb } from './super-team-model';

export interface SuperTeamMessageSent {
  message: StoredMessage;
  /** The team's member-list version when it was sent: the push audience is the members as of it. */
  memberSeq: number;
  duplicate: boolean;
}

/**
 * sendSuperTeamMsg: members only (804), not while muted (812: the member, or the team with muteType
 * normal for normal members and all for everyone). One short transaction stores the message once
 * and gives it the team's next stream number; nothing is written per member, before or after.
 */
export async function sendSuperTeamMsg(
  db: SuperTeamDb,
  actor: TeamActor,
  input: MessageRecordValue | undefined,
  time: number,
  /** The anti-spam filter every text passes before it is stored (domain/antispam); absent: none. */
  antispam?: Pick<AntispamService, 'judge'>,
): Promise<SuperTeamMessageSent> {
  const valid = validateSuperTeamSend(input);
  const teamId = parseTeamId(valid.to);
  // The client's anti-spam rule, run again here as for p2p and team texts (domain/msg/message-service.ts).
  const verdict = antispam && valid.type === MessageTypeCode.text ? await antispam.judge(valid.text) : undefined;
  if (verdict) valid.text = verdict.text;
  const existing = await db.selectFrom('im_message').select(MESSAGE_COLUMNS).where('sender', '=', actor.account).where('id_client', '=', valid.idClient).executeTakeFirst();
  if (existing) {
    if (existing.scene !== Scene.SUPER_TEAM || existing.receiver !== String(teamId)) throw parameterError('idClient was already used for another message');
    return { message: messageFromRow(existing), memberSeq: 0, duplicate: true };
  }
  return db.transaction().execute(async (trx) => {
    // The row lock orders the stream: numbers are taken in commit order, so no reader skips a gap.
    const team = await trx.selectFrom('im_super_team').select(['valid', 'mute_type', 'member_seq']).where('team_id', '=', teamId).forUpdate().executeTakeFirst();
    if (!team?.valid) throw teamError.missing(teamId);
    const me = await trx.selectFrom('im_super_team_member').select(['type', 'mute', 'valid']).where('team_id', '=', teamId).where('accid', '=', actor.account).executeTakeFirst();
    if (!me?.valid) throw teamError.notMember();
    if (me.mute) throw teamError.muted('you are muted in this super team');
    if (team.mute_type === MuteType.all || (team.mute_type === MuteType.normal && me.type === MemberType.normal)) throw teamError.muted('this super team is muted');
    const appended = await appendToStream(trx, { ...groupMessageFromSend(actor, teamId, valid, time), yidunAntiSpamRes: verdict?.yidunAntiSpamRes });
    if (!appended) throw new ImServerError(ResponseCode.DUPLICATE_OPERATION, 'the same idClient is being sent from another port');
    return { message: appended.message, memberSeq: Number(team.member_seq), duplicate: false };
  });
}
