import type { LoginPortRecordValue, MessageRecordValue, SessionRecordValue, UserRecordValue } from '../protocol';
import { sessionIdForViewer, type StoredMessage } from '../domain/msg/message';
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
    ...(withLastMsg && session.lastMsg ? { lastMsg: messageRecord(session.lastMsg, viewer) } : {}),
  };
}

export function userRecord(user: ImUser): UserRecordValue {
  return { account: user.account, nick: user.nick, avatar: user.avatar, createTime: user.createTime, updateTime: user.updateTime };
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
