import { ImError, ImErrorName, ResponseCode } from '../errors';
import { sessionIdOf, type ImMessage, type ImScene } from '../store/entities';

// Pure message-status rules of im-client-spec §4 "Message status". No I/O: the services call
// these and persist the results.

export interface OutgoingTextDraft {
  idClient: string;
  account: string;
  scene: ImScene;
  to: string;
  text: string;
  time: number;
  subType?: number;
  custom?: string;
  fromNick?: string;
}

/** A new outgoing message starts as sending (§4). */
export function createOutgoingText(draft: OutgoingTextDraft): ImMessage {
  return {
    idClient: draft.idClient,
    sessionId: sessionIdOf(draft.scene, draft.to),
    scene: draft.scene,
    from: draft.account,
    to: draft.to,
    fromNick: draft.fromNick,
    time: draft.time,
    type: 'text',
    text: draft.text,
    subType: draft.subType,
    custom: draft.custom,
    flow: 'out',
    status: 'sending',
  };
}

/** The server accepted the message: success, with the server's id and time. */
export function markSent(message: ImMessage, ack: { idServer?: string; time?: number }): ImMessage {
  return {
    ...message,
    status: 'success',
    idServer: ack.idServer ?? message.idServer,
    time: ack.time ?? message.time,
    hasSendAck: true,
  };
}

/**
 * The send failed. 7101 (blacklisted) is still delivered from the sender's point of view
 * (§4, §8: "trivial for send message"), so it becomes success with isInBlackList; any other
 * failure, from the server or the network, becomes fail and may be resent.
 */
export function markSendFailed(message: ImMessage, error: unknown): ImMessage {
  if (error instanceof ImError && error.code === ResponseCode.BLACKLISTED) {
    return { ...message, status: 'success', isInBlackList: true };
  }
  return { ...message, status: 'fail' };
}

/** Whether a send error is one the caller should see as a rejection (7101 is not, §8). */
export function isSendErrorFatal(error: unknown): boolean {
  return !(error instanceof ImError && error.code === ResponseCode.BLACKLISTED);
}

/** §4: "Only messages with flow out and status fail may be resent". */
export function prepareResend(message: ImMessage): ImMessage {
  if (message.flow !== 'out' || message.status !== 'fail') {
    throw new ImError(ImErrorName.Param_Error, 'only failed messages can be resent', { code: ResponseCode.PARAMETER_ERROR });
  }
  return { ...message, status: 'sending', resend: true };
}

/** §4 Sync: "Any message still sending at sync start becomes fail". */
export function failStaleSending(messages: readonly ImMessage[]): ImMessage[] {
  return messages.filter((m) => m.status === 'sending').map((m) => ({ ...m, status: 'fail' as const }));
}

/**
 * A message that arrived from the server (push, offline or roaming sync). Received messages
 * are success (§4); flow is 'out' when this account sent it from another device. The session is
 * the peer for p2p and the team for team scenes.
 */
export function normalizeIncoming(message: Omit<ImMessage, 'flow' | 'status' | 'sessionId'> & Partial<ImMessage>, account: string): ImMessage {
  const flow = message.from === account ? 'out' : 'in';
  const target = message.scene === 'p2p' && flow === 'in' ? message.from : message.to;
  return { ...message, sessionId: sessionIdOf(message.scene, target), flow, status: 'success' };
}

/**
 * §4: "Messages are deduplicated by idClient; a self-to-self message from a sync-send is
 * ignored". Returns the messages to keep, in their order, each idClient once and none already
 * known.
 */
export function dedupeMessages(
  messages: readonly ImMessage[],
  isKnown: (idClient: string) => boolean,
  options: { account: string; fromSyncSend?: boolean } = { account: '' },
): ImMessage[] {
  const seen = new Set<string>();
  const kept: ImMessage[] = [];
  for (const message of messages) {
    if (seen.has(message.idClient) || isKnown(message.idClient)) continue;
    seen.add(message.idClient);
    if (options.fromSyncSend && message.scene === 'p2p' && message.from === options.account && message.to === options.account) continue;
    kept.push(message);
  }
  return kept;
}
