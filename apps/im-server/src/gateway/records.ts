import type {
  FriendRecordValue,
  LoginPortRecordValue,
  MessageRecordValue,
  RelationRecordValue,
  SessionRecordValue,
  SysMsgRecordValue,
  UserRecordValue,
} from '../protocol';
import type { ServerFriend } from '../domain/friend/friend-service';
import type { ServerRelation } from '../domain/relation/relation-service';
import type { ServerSysMsg } from '../domain/system-msg/sys-msg-service';
import { sessionIdForViewer, type MessageLink, type StoredMessage } from '../domain/msg/message';
import type { ServerSession } from '../domain/session/session-service';
import type { ImUser } from '../domain/user/user-service';
import type { PortRecord } from '../routing/router';

/** Domain values → wire records (libs/im-core/src/protocol/records.ts). Empty optional strings are left out. */

export function messageRecord(message: StoredMessage, viewer: string): MessageRecordValue {
  return {
    idClient: message.idClient,
    idServer: message.idServer,
    scene: message.scene,
    from: message.from,
    to: message.to,
    time: message.time,
    type: message.type,
    sessionId: sessionIdForViewer(message, viewer),
    fromClientType: message.fromClientType,
    status: 'success',
    flow: message.from === viewer ? 'out' : 'in',
    ...(message.text ? { text: message.text } : {}),
    ...(message.fromNick ? { fromNick: message.fromNick } : {}),
    ...(message.fromDeviceId ? { fromDeviceId: message.fromDeviceId } : {}),
    ...(message.subType ? { subType: message.subType } : {}),
    ...(message.attach ? { attach: message.attach } : {}),
    ...(message.custom ? { custom: message.custom } : {}),
    // Tip and file messages (domain/msg/message.ts stores them in the text and attach columns).
    ...(message.tip ? { tip: message.tip } : {}),
    ...(message.file ? { file: message.file } : {}),
    // Threads and replies (domain/extend/threads.ts).
    ...(message.reply ? linkFields('replyMsg', message.reply) : {}),
    ...(message.thread ? linkFields('threadMsg', message.thread) : {}),
    // The server anti-spam verdict (domain/antispam).
    ...(message.yidunAntiSpamRes ? { yidunAntiSpamRes: message.yidunAntiSpamRes } : {}),
  };
}

/** A MessageLink as the wire's replyMsg* or threadMsg* fields. */
function linkFields(prefix: 'replyMsg' | 'threadMsg', link: MessageLink): MessageRecordValue {
  return {
    [`${prefix}FromAccount`]: link.from,
    [`${prefix}ToAccount`]: link.to,
    [`${prefix}Time`]: link.time,
    [`${prefix}IdServer`]: link.idServer,
    [`${prefix}IdClient`]: link.idClient,
  };
}

export function sessionRecord(session: ServerSession, viewer: string, withLastMsg = true): SessionRecordValue {
  return {
    id: session.id,
    scene: session.scene,
    to: session.to,
    ack: session.ack,
    unread: session.unread,
    updateTime: session.updateTime,
    isDeleted: session.isDeleted,
    // Always sent (an empty one too), so a cleared ext reaches the account's other devices.
    ext: session.ext,
    ...(withLastMsg && session.lastMsg ? { lastMsg: messageRecord(session.lastMsg, viewer) } : {}),
  };
}

export function userRecord(user: ImUser): UserRecordValue {
  return {
    account: user.account,
    nick: user.nick,
    avatar: user.avatar,
    createTime: user.createTime,
    updateTime: user.updateTime,
    ...(user.gender ? { gender: user.gender } : {}),
    ...(user.sign ? { sign: user.sign } : {}),
    ...(user.email ? { email: user.email } : {}),
    ...(user.birth ? { birth: user.birth } : {}),
    ...(user.tel ? { tel: user.tel } : {}),
    ...(user.custom ? { custom: user.custom } : {}),
  };
}

/** Flags travel as the string "1" (im-client-spec §3 Relation record); "0" takes the account off. */
export function relationRecord(relation: ServerRelation): RelationRecordValue {
  return {
    account: relation.account,
    createTime: relation.createTime,
    updateTime: relation.updateTime,
    isBlacked: relation.isBlacked ? '1' : '0',
    isMuted: relation.isMuted ? '1' : '0',
  };
}

export function friendRecord(friend: ServerFriend): FriendRecordValue {
  return {
    account: friend.account,
    createTime: friend.createTime,
    updateTime: friend.updateTime,
    valid: friend.valid,
    ...(friend.alias ? { alias: friend.alias } : {}),
    ...(friend.custom ? { custom: friend.custom } : {}),
  };
}

export function sysMsgRecord(sysMsg: ServerSysMsg): SysMsgRecordValue {
  return { ...sysMsg };
}

export function loginPortRecord(port: PortRecord): LoginPortRecordValue {
  return {
    type: port.type,
    customClientType: port.customClientType,
    time: port.time,
    online: true,
    connectionId: port.connectionId,
    ...(port.deviceId ? { deviceId: port.deviceId } : {}),
    ...(port.os ? { os: port.os } : {}),
  };
}
