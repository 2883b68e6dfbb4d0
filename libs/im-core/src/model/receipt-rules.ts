import type { ImMessage, ImSession } from '../store/entities';

// Pure p2p read-receipt rules of im-client-spec §5: "A receipt is sent only for successful p2p
// messages newer than the last receipt send time. A message is remotely read only if p2p,
// outgoing, successful and no newer than the session receipt time; older receipt times than
// stored are dropped." The session service applies them and talks to the server.

/** Whether `message` may be acknowledged with sendMsgReceipt in `session`. */
export function shouldSendReceipt(session: ImSession, message: ImMessage): boolean {
  return (
    message.scene === 'p2p' &&
    message.sessionId === session.id &&
    message.status === 'success' &&
    message.time > (session.msgReceiptSendTime ?? 0)
  );
}

/** Remembers that a receipt up to `messageTime` was sent, so older messages are not receipted again. */
export function markReceiptSent(session: ImSession, messageTime: number): ImSession {
  if (messageTime <= (session.msgReceiptSendTime ?? 0)) return session;
  return { ...session, msgReceiptSendTime: messageTime };
}

/** The peer read up to `receiptTime` (msgReceipt push or sync); older times than stored are dropped. */
export function applyReceipt(session: ImSession, receiptTime: number, serverTime?: number): ImSession {
  if (!Number.isFinite(receiptTime) || receiptTime <= (session.msgReceiptTime ?? 0)) return session;
  return { ...session, msgReceiptTime: receiptTime, ...(serverTime !== undefined ? { msgReceiptServerTime: serverTime } : {}) };
}

/** §5 isMsgRemoteRead: my successful p2p message that the peer's receipt covers. */
export function isMsgRemoteRead(session: ImSession | undefined, message: ImMessage): boolean {
  if (!session || message.scene !== 'p2p' || message.flow !== 'out' || message.status !== 'success') return false;
  return message.time <= (session.msgReceiptTime ?? 0);
}
