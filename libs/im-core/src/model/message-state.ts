import { ImError, ImErrorName, ResponseCode } from '../errors';
import { sessionIdOf, type ImMessage, type ImScene } from '../store/entities';
import { isRobotOutput } from './message-types';

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
  /** §3: ask for read receipts (team members' receipts give the message its counts). */
  needMsgReceipt?: boolean;
  /** Team messages: members told even when they muted the team (§8 811). */
  forcePushAccounts?: string[];
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
    ...(draft.needMsgReceipt !== undefined ? { needMsgReceipt: draft.needMsgReceipt } : {}),
    ...(draft.forcePushAccounts ? { forcePushAccounts: [...draft.forcePushAccounts] } : {}),
    flow: 'out',
    status: 'sending',
  };
}

/** The server accepted the message: success, with the server's id and time. */
export function markSent(message: ImMessage, ack: { idServer?: string; time?: number; text?: string; yidunAntiSpamRes?: string }): ImMessage {
  return {
    ...message,
    status: 'success',
    idServer: ack.idServer ?? message.idServer,
    time: ack.time ?? message.time,
    hasSendAck: true,
    // The server's anti-spam marked it (§3 yidunAntiSpamRes): the text is what it stored (** in place of words).
    ...(ack.yidunAntiSpamRes ? { yidunAntiSpamRes: ack.yidunAntiSpamRes, text: ack.text ?? message.text } : {}),
  };
}

/** Server codes that say "not now" rather than "no": an outbox entry waits and is sent again. */
export const SEND_BUSY_CODES: ReadonlySet<number> = new Set([ResponseCode.FREQUENCY_CONTROL, ResponseCode.INTERNAL_ERROR, 501, 503]);

/** §4 "unless the error came from the server": the server answered with a code (not a timeout, cut or local check). */
export function isServerAnswer(error: ImError): boolean {
  return error.errorName === ImErrorName.Server_Error || error.errorName === ImErrorName.Not_Support || error.errorName === ImErrorName.Frequency_Control;
}

/** What a failed send attempt means for the message (docs/im-outbox.md). */
export type SendFailure =
  /** 7101: still delivered (§4, §8 "trivial for send message"): success with isInBlackList. */
  | { kind: 'delivered'; message: ImMessage }
  /** No answer from the server, or "not now" (416, 500, 501, 503): send again later (`retryAt` for the latter). */
  | { kind: 'wait'; retryAt?: number }
  /** The server refused it: not fail (§4); the message records sendError. */
  | { kind: 'refused'; message: ImMessage };

export function classifySendFailure(message: ImMessage, error: ImError, retryAt: number): SendFailure {
  if (!isServerAnswer(error)) return { kind: 'wait' };
  if (error.code === ResponseCode.BLACKLISTED) return { kind: 'delivered', message: { ...message, status: 'success', isInBlackList: true } };
  if (error.code !== undefined && SEND_BUSY_CODES.has(error.code)) return { kind: 'wait', retryAt: error.retryAt ?? retryAt };
  return { kind: 'refused', message: { ...message, sendError: { code: error.code ?? 0, message: error.message } } };
}

/** §4: "Only messages with flow out and status fail may be resent". */
export function prepareResend(message: ImMessage): ImMessage {
  if (message.flow !== 'out' || message.status !== 'fail') {
    throw new ImError(ImErrorName.Param_Error, 'only failed messages can be resent', { code: ResponseCode.PARAMETER_ERROR });
  }
  return { ...message, status: 'sending', resend: true };
}

/**
 * A message that arrived from the server (push, offline or roaming sync). Received messages
 * are success (§4); flow is 'out' when this account sent it from another device. The session is
 * the peer for p2p and the team for team scenes.
 */
export function normalizeIncoming(message: Omit<ImMessage, 'flow' | 'status' | 'sessionId'> & Partial<ImMessage>, account: string): ImMessage {
  // §3 "Robot messages carrying an output payload are treated as incoming": the robot's answer is
  // 'in' even when it is recorded under this account; its session stays the conversation with the robot.
  if (isRobotOutput(message)) {
    const target = message.scene === 'p2p' && message.from !== account ? message.from : message.to;
    return { ...message, sessionId: sessionIdOf(message.scene, target), flow: 'in', status: 'success' };
  }
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
