import { ImError, ImErrorName, ResponseCode } from '../errors';
import { MessageTypeCode, SceneCode, type MessageTypeName } from '../protocol/constants';
import type {
  FriendRecordValue,
  MessageRecordValue,
  RelationRecordValue,
  SessionRecordValue,
  SysMsgRecordValue,
  TeamRecordValue,
  UserRecordValue,
} from '../protocol/records';
import {
  parseSessionId,
  type ImFriend,
  type ImGender,
  type ImMessage,
  type ImMessageType,
  type ImRelation,
  type ImScene,
  type ImSession,
  type ImSysMsg,
  type ImSysMsgCategory,
  type ImSysMsgState,
  type ImTeam,
  type ImUser,
} from '../store/entities';
import { normalizeIncoming } from './message-state';
import type { ProfileUpdate } from '../validation/user-rules';

// Converts between protocol records (numeric codes, every field optional) and the domain
// entities the store and the app see. Records missing an identity field are dropped (undefined),
// never half-stored.

const SCENE_BY_CODE = new Map<number, ImScene>(Object.entries(SceneCode).map(([name, code]) => [code, name as ImScene]));
const TYPE_BY_CODE = new Map<number, MessageTypeName>(Object.entries(MessageTypeCode).map(([name, code]) => [code, name as MessageTypeName]));
const GENDERS: readonly ImGender[] = ['unknown', 'male', 'female'];

export function sceneFromCode(code: number | undefined): ImScene | undefined {
  return code === undefined ? undefined : SCENE_BY_CODE.get(code);
}

/** §5: "an unknown type gives 'cannot send message of type ...'". */
export function typeCodeOf(type: ImMessageType): number {
  const code = (MessageTypeCode as Record<string, number | undefined>)[type];
  if (code === undefined) throw new ImError(ImErrorName.Param_Error, `cannot send message of type ${type}`, { code: ResponseCode.PARAMETER_ERROR });
  return code;
}

/** The fields of an outgoing message the server needs; local state (status, flow...) stays home. */
export function toWireMessage(message: ImMessage): MessageRecordValue {
  return {
    idClient: message.idClient,
    scene: SceneCode[message.scene],
    from: message.from,
    to: message.to,
    time: message.time,
    type: typeCodeOf(message.type),
    text: message.text,
    subType: message.subType,
    custom: message.custom,
    attach: message.attach,
    tip: message.tip,
    file: message.file,
    fromNick: message.fromNick,
    pushContent: message.pushContent,
    pushPayload: message.pushPayload,
    needPushNick: message.needPushNick,
    needMsgReceipt: message.needMsgReceipt,
    isUnreadable: message.isUnreadable,
    resend: message.resend,
    forcePushAccounts: message.forcePushAccounts,
    ...threadFieldsOf(message),
  };
}

/** The reply and thread fields (§3; docs/im-extend.md "Threads and replies"), the same names on the wire and in the store. */
export function threadFieldsOf(m: MessageRecordValue | ImMessage): Partial<Pick<ImMessage, ThreadFieldName>> {
  return {
    replyMsgFromAccount: m.replyMsgFromAccount,
    replyMsgToAccount: m.replyMsgToAccount,
    replyMsgTime: m.replyMsgTime,
    replyMsgIdServer: m.replyMsgIdServer,
    replyMsgIdClient: m.replyMsgIdClient,
    threadMsgFromAccount: m.threadMsgFromAccount,
    threadMsgToAccount: m.threadMsgToAccount,
    threadMsgTime: m.threadMsgTime,
    threadMsgIdServer: m.threadMsgIdServer,
    threadMsgIdClient: m.threadMsgIdClient,
  };
}
type ThreadFieldName = `${'replyMsg' | 'threadMsg'}${'FromAccount' | 'ToAccount' | 'Time' | 'IdServer' | 'IdClient'}`;

/** A message from the server, as received (success; flow and session from this account's view). */
export function fromWireMessage(record: MessageRecordValue | undefined, account: string): ImMessage | undefined {
  if (!record) return undefined;
  const scene = sceneFromCode(record.scene);
  const { idClient, from, to, time } = record;
  if (!scene || !idClient || !from || !to || typeof time !== 'number') return undefined;
  const type: ImMessageType = (record.type !== undefined && TYPE_BY_CODE.get(record.type)) || 'custom';
  const optional: Partial<ImMessage> = {
    idServer: record.idServer, fromNick: record.fromNick, fromClientType: record.fromClientType, fromDeviceId: record.fromDeviceId,
    subType: record.subType, text: record.text ?? record.body, tip: record.tip, attach: record.attach, custom: record.custom,
    callbackExt: record.callbackExt, userUpdateTime: record.userUpdateTime, pushContent: record.pushContent,
    isUnreadable: record.isUnreadable, isInBlackList: record.isInBlackList, isForcePush: record.isForcePush,
    yidunAntiSpamRes: record.yidunAntiSpamRes,
    file: record.file?.url && record.file.ext && typeof record.file.size === 'number'
      ? { ...record.file, url: record.file.url, ext: record.file.ext, size: record.file.size }
      : undefined,
    ...threadFieldsOf(record),
  };
  const defined = Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)) as Partial<ImMessage>;
  return normalizeIncoming({ ...defined, idClient, scene, from, to, time, type }, account);
}

export function fromWireSession(record: SessionRecordValue | undefined, account: string): ImSession | undefined {
  const parsed = record?.id ? parseSessionId(record.id) : undefined;
  if (!record || !parsed) return undefined;
  const lastMsg = fromWireMessage(record.lastMsg, account) ?? null;
  return {
    id: record.id as string,
    scene: parsed.scene,
    to: parsed.to,
    ack: record.ack ?? 0,
    unread: record.unread ?? 0,
    lastMsg,
    updateTime: record.updateTime ?? lastMsg?.time ?? 0,
    ext: record.ext,
    isTop: record.isTop,
    topCustom: record.topCustom,
    msgReceiptTime: record.msgReceiptTime,
    isDeleted: record.isDeleted ?? false,
  };
}

export function fromWireUser(record: UserRecordValue | undefined): ImUser | undefined {
  if (!record?.account) return undefined;
  const { gender, ...rest } = record;
  return { ...rest, account: record.account, gender: gender === undefined ? undefined : (GENDERS[gender] ?? 'unknown') };
}

/** Relation records carry flags as the string "1" (§3); others mean "not on the list". */
export function fromWireRelation(record: RelationRecordValue | undefined): ImRelation | undefined {
  if (!record?.account) return undefined;
  return { account: record.account, createTime: record.createTime ?? 0, updateTime: record.updateTime ?? 0 };
}

export function fromWireFriend(record: FriendRecordValue | undefined): ImFriend | undefined {
  if (!record?.account) return undefined;
  return { account: record.account, alias: record.alias, custom: record.custom, createTime: record.createTime ?? 0, updateTime: record.updateTime ?? 0, valid: record.valid ?? true };
}

const TEAM_MUTE_TYPES: Readonly<Record<number, ImTeam['muteType']>> = { 0: 'none', 1: 'normal', 3: 'all' };
const JOIN_MODES: readonly NonNullable<ImTeam['joinMode']>[] = ['noVerify', 'needVerify', 'rejectAll'];
const PERMISSION_MODES: readonly NonNullable<ImTeam['inviteMode']>[] = ['manager', 'all'];

export function fromWireTeam(record: TeamRecordValue | undefined): ImTeam | undefined {
  if (!record?.teamId || !record.owner) return undefined;
  return {
    teamId: record.teamId, type: record.type === 1 ? 'advanced' : 'normal', name: record.name ?? '', avatar: record.avatar,
    intro: record.intro, announcement: record.announcement, custom: record.custom, level: record.level, owner: record.owner,
    valid: record.valid ?? true, validToCurrentUser: record.validToCurrentUser ?? true, memberNum: record.memberNum ?? 0,
    memberUpdateTime: record.memberUpdateTime, createTime: record.createTime ?? 0, updateTime: record.updateTime ?? 0,
    mute: record.mute, muteType: record.muteType === undefined ? undefined : TEAM_MUTE_TYPES[record.muteType],
    joinMode: record.joinMode === undefined ? undefined : JOIN_MODES[record.joinMode],
    beInviteMode: record.beInviteMode === undefined ? undefined : record.beInviteMode === 1 ? 'noVerify' : 'needVerify',
    inviteMode: record.inviteMode === undefined ? undefined : PERMISSION_MODES[record.inviteMode],
    updateTeamMode: record.updateTeamMode === undefined ? undefined : PERMISSION_MODES[record.updateTeamMode],
    updateCustomMode: record.updateCustomMode === undefined ? undefined : PERMISSION_MODES[record.updateCustomMode],
  };
}

const SYS_MSG_CATEGORIES: readonly ImSysMsgCategory[] = ['team', 'superTeam', 'friend', 'msg'];
const SYS_MSG_STATES: readonly ImSysMsgState[] = ['init', 'passed', 'rejected', 'error'];

/** §4 System message: new ones are state init, read false. */
export function fromWireSysMsg(record: SysMsgRecordValue | undefined): ImSysMsg | undefined {
  if (!record?.idServer || !record.type || !record.from || !record.to) return undefined;
  const category = SYS_MSG_CATEGORIES.find((c) => c === record.category) ?? 'msg';
  const state = SYS_MSG_STATES.find((s) => s === record.state) ?? 'init';
  return {
    idServer: record.idServer, category, type: record.type, from: record.from, to: record.to, time: record.time ?? 0,
    read: record.read ?? false, state,
    ...(record.error?.code !== undefined ? { error: { code: record.error.code, message: record.error.message ?? '' } } : {}),
    ...(record.ps ? { ps: record.ps } : {}),
    ...(record.content ? { content: record.content } : {}),
    ...(record.attach ? { attach: record.attach } : {}),
    ...(record.scene !== undefined ? { scene: record.scene } : {}),
  };
}

/** A profile update for updateMyInfo: gender as its §3 code (unknown 0, male 1, female 2). */
export function toWireProfile(update: ProfileUpdate): UserRecordValue {
  const { gender, ...rest } = update;
  return { ...rest, ...(gender !== undefined ? { gender: GENDERS.indexOf(gender) } : {}) };
}
