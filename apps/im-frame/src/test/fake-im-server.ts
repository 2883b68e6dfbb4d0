// A scripted im-core connection (im-core's FakeConnection) that behaves like im-server for the
// calls the frame makes: sync answers with syncDone, sends succeed or fail on demand.
import { ImError, kickReasonText, MessageTypeCode, SceneCode, type MessageRecordValue, type UserRecordValue } from '@merchant/im-core';
import { FakeConnection } from '@merchant/im-core/testing';

export const MERCHANT = 's_1001';

export const wireTextMessage = (idClient: string, time: number, from = 'c_demo1', text = `hello ${idClient}`): MessageRecordValue => ({
  idClient,
  idServer: `srv-${idClient}`,
  scene: SceneCode.p2p,
  from,
  to: MERCHANT,
  time,
  type: MessageTypeCode.text,
  text,
});

/** The server ends the session with a kick reason (im-client-spec §8 codes 1–4). */
export function kick(server: FakeImServer, reason: number): void {
  const text = kickReasonText(reason);
  server.connection.fire('kicked', { reason, text, error: new ImError('Kicked', text) });
}

export interface FakeImServer {
  connection: FakeConnection;
  /** When true, sendMsg fails with a timeout (the message may be resent). */
  failSends: boolean;
  /** Messages delivered as offline messages in the next sync. */
  offline: MessageRecordValue[];
  /** What getHistoryMsgs pages through, like im-server: time <= endTime, newest first, limit. */
  history: MessageRecordValue[];
  /** Profiles getUsers answers with (known accounts only, like im-server). */
  users: UserRecordValue[];
}

export function createFakeImServer(): FakeImServer {
  const connection = new FakeConnection();
  const server: FakeImServer = { connection, failSends: false, offline: [], history: [], users: [] };
  connection.answer('getUsers', (body) => ({ users: server.users.filter((user) => body.accounts?.includes(user.account ?? '')) }));
  connection.answer('getHistoryMsgs', (body) => {
    const endTime = body.endTime ?? 0;
    const peer = body.to;
    const msgs = server.history
      .filter((m) => (m.from === peer || m.to === peer) && (!endTime || (m.time ?? 0) <= endTime))
      .sort((a, b) => (b.time ?? 0) - (a.time ?? 0))
      .slice(0, body.limit ?? 100);
    return { msgs };
  });
  connection.answer('sync', (_body, fake) => {
    // Like im-server: data pushes, then syncDone, after the request was accepted.
    setTimeout(() => {
      if (server.offline.length > 0) fake.push('offlineMsgs', { msgs: server.offline.splice(0) });
      fake.push('syncDone', { timetag: Date.now() });
    }, 0);
    return {};
  });
  connection.answer('sendMsg', (body) => {
    if (server.failSends) throw new ImError('Error_Timeout', 'timeout');
    return { msg: { ...body.msg, idServer: `srv-${body.msg?.idClient}` } };
  });
  connection.answer('sendTeamMsg', (body) => {
    if (server.failSends) throw new ImError('Error_Timeout', 'timeout');
    return { msg: { ...body.msg, idServer: `srv-${body.msg?.idClient}` } };
  });
  return server;
}
