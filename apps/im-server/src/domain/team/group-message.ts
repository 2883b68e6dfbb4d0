import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { normalizeSendRecord, sendMessageProblem, type MessageRecordValue } from '../../protocol';
import { ImServerError, parameterError } from '../errors';
import { MESSAGE_TYPE_CODES } from '../msg/limits';
import { MESSAGE_COLUMNS, Scene, TIP_TYPE_CODE, type MessageRow, type StoredMessage, type ThreadColumns, type ValidSendInput } from '../msg/message';
import { storedAttach } from '../msg/checks';
import type { TeamActor } from './team-model';

/**
 * What team messages and super team messages have in common: one im_message row per message, sent
 * to the team as a whole. They differ in how members reach it (a team fans it out to each member's
 * inbox, team-fanout.ts; a super team numbers it in one stream, super-team-stream.ts), so only the
 * row, its checks and its notification live here.
 */

/** Message type code of the server's team event notifications (§3 "notification", written by the server only). */
export const NOTIFICATION_TYPE_CODE = 5;

/** The two scenes whose messages go to a team rather than to an account. */
export type GroupScene = typeof Scene.TEAM | typeof Scene.SUPER_TEAM;

/** A team or super team message before the server stores it: the message's fields, the team it goes to and its sender. */
export type NewGroupMessage = Pick<StoredMessage, 'idClient' | 'type' | 'subType' | 'text' | 'attach' | 'custom' | 'fromNick' | 'fromClientType' | 'fromDeviceId' | 'time' | 'yidunAntiSpamRes'> & {
  teamId: number;
  sender: string;
};

/**
 * Inserts a team or super team message; `conversation` is its team's key (teamConversation or
 * superTeamConversation) and `thread` a reply's thread columns (teams only). Undefined when the
 * sender already stored this idClient.
 */
export async function insertGroupMessage(
  trx: Kysely<ImDatabase>,
  scene: GroupScene,
  conversation: string,
  input: NewGroupMessage,
  thread?: ThreadColumns,
): Promise<MessageRow | undefined> {
  return trx
    .insertInto('im_message')
    .values({
      id_client: input.idClient,
      sender: input.sender,
      receiver: String(input.teamId),
      scene,
      conversation,
      msg_type: input.type,
      sub_type: input.subType,
      text: input.text,
      attach: input.attach,
      custom: input.custom,
      from_nick: input.fromNick,
      from_client_type: input.fromClientType,
      from_device_id: input.fromDeviceId,
      time: input.time,
      // Team members read a team's messages through their inbox or the team's stream, never through the p2p cursor columns.
      sender_seq: 0,
      receiver_seq: 0,
      ...thread,
      // The server's anti-spam verdict (domain/antispam), when its filter marked the text.
      yidun_anti_spam_res: input.yidunAntiSpamRes ?? null,
    })
    .onConflict((oc) => oc.columns(['sender', 'id_client']).doNothing())
    .returning(MESSAGE_COLUMNS)
    .executeTakeFirst();
}

/** A message an actor sends to a team, from its checked fields. */
export function groupMessageFromSend(actor: TeamActor, teamId: number, valid: ValidGroupSend, time: number): NewGroupMessage {
  return {
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
    time,
  };
}

/** What a team change announces: the event's type and what its attach carries besides type, team and actor. */
export interface TeamEventNotice {
  type: string;
  attach?: Record<string, unknown>;
}

/**
 * The type-5 notification of a team change, sent as the actor. `idClientPrefix` keeps the server's
 * own idClients of teams and super teams apart (`team-event-` / `superTeam-event-`).
 */
export function teamEventNotification(actor: TeamActor, teamId: number, idClientPrefix: string, notify: TeamEventNotice, time: number): NewGroupMessage {
  return {
    teamId,
    sender: actor.account,
    idClient: `${idClientPrefix}${randomUUID()}`,
    type: NOTIFICATION_TYPE_CODE,
    subType: 0,
    text: '',
    attach: JSON.stringify({ type: notify.type, teamId: String(teamId), from: actor.account, ...notify.attach }),
    custom: '',
    fromNick: actor.nick,
    fromClientType: actor.clientType,
    fromDeviceId: actor.deviceId,
    time,
  };
}

/** A checked team or super team message as it is stored (a p2p send's fields less its scene and thread). */
export type ValidGroupSend = Omit<ValidSendInput, 'scene' | 'thread'>;

const SCENE_NAME: Record<GroupScene, string> = { [Scene.TEAM]: 'team', [Scene.SUPER_TEAM]: 'superTeam' };

/**
 * The §3/§5 message rules im-core runs before sending (the same functions), for a team scene; a
 * client never sends a notification. The normalized record comes back for what only one scene reads
 * (a team's forced-push list).
 */
export function validateGroupSend(input: MessageRecordValue | undefined, scene: GroupScene): { valid: ValidGroupSend; record: MessageRecordValue } {
  if (typeof input !== 'object' || input === null) throw parameterError('msg is required');
  const record = normalizeSendRecord({ ...input, scene: input.scene ?? scene, type: input.type ?? 0 });
  if (record.scene !== scene) throw parameterError(`scene must be ${SCENE_NAME[scene]}`);
  const problem = sendMessageProblem(record);
  if (problem) throw new ImServerError(problem.code, problem.message);
  const type = record.type as number;
  if (!MESSAGE_TYPE_CODES.has(type) || type === NOTIFICATION_TYPE_CODE) throw parameterError(`cannot send message of type ${type}`);
  const valid: ValidGroupSend = {
    idClient: record.idClient as string,
    to: String(record.to ?? ''),
    type,
    subType: record.subType ?? 0,
    text: type === TIP_TYPE_CODE ? (record.tip ?? '') : (record.text ?? ''),
    attach: storedAttach(record, type),
    custom: record.custom ?? '',
  };
  return { valid, record };
}
