// Which message actions the frame offers on which message (issue 32 §4 "each action appears only where the rules
// allow it"), the quick-comment emoji, and the refusal texts. Pure: the menu and its tests read them.
import type { TFunction } from 'i18next';
import { ImError } from '@merchant/im-core';
import { sendTargetOf, type ChatMessage } from '../../chat/chat-client';
import { isReplyable } from '../../chat/chat-state';

/**
 * Quick comments carry an integer body (§5); which emoji each number is, is ours (the spec shows none), like
 * the reactions of the chat tools merchants know. An unknown body from another client shows as its number.
 */
export const QUICK_COMMENT_EMOJI: ReadonlyArray<{ body: number; emoji: string }> = [
  { body: 1, emoji: '👍' },
  { body: 2, emoji: '❤️' },
  { body: 3, emoji: '😂' },
  { body: 4, emoji: '😮' },
  { body: 5, emoji: '🙏' },
  { body: 6, emoji: '✅' },
];

export const emojiOfBody = (body: number): string => QUICK_COMMENT_EMOJI.find((entry) => entry.body === body)?.emoji ?? `#${body}`;

/** The server stored it (idServer), it settled, and it is a message of someone's (not a tip, notification, call record or recalled line). */
const isServerMessage = (message: ChatMessage): boolean => isReplyable(message);

/** Copy: a text with something to copy (pictures and files have their own download link). */
export const canCopy = (message: ChatMessage): boolean => message.type === 'text' && !message.recalled && message.text !== '';

/** Forward: a sent message that still has its content; not a call record (g2: the server writes those, one per call). */
export const canForward = (message: ChatMessage): boolean => message.status === 'success' && !message.recalled && message.type !== 'g2';

/** Pin, quick comments and collect name the message on the server by its idServer (§5 "msg needs the idServer"). */
export const canPin = isServerMessage;
export const canComment = isServerMessage;
export const canCollect = isServerMessage;

/**
 * Delete for me: a message the server stored (deleteMsgSelf), or a failed send that only this device has. Not one
 * still sending (it may yet arrive).
 */
export const canDeleteForMe = (message: ChatMessage): boolean =>
  message.status === 'fail' || (message.status === 'success' && Boolean(message.idServer));

/** A reply's thread: the message answers another one and the server stored it. */
export const canViewThread = (message: ChatMessage): boolean => message.replyTo !== undefined && isServerMessage(message);

/** im-server clears p2p history only (docs/protocol.md; a team's answer is 414). */
export const canClearHistory = (sessionId: string): boolean => sendTargetOf(sessionId).scene === 'p2p';

/** p2p read state of my message (§5 "remotely read only if p2p, outgoing, successful and no newer than the receipt time"). */
export function isReadByPeer(message: ChatMessage, receiptTime: number | undefined): boolean {
  return sendTargetOf(message.sessionId).scene === 'p2p' && message.flow === 'out' && message.status === 'success' && receiptTime !== undefined && message.time <= receiptTime;
}

const EXPLAINED = new Set([404, 408, 414, 415, 417, 814]);

/** A refusal in the merchant's language: the §8 code's own text when we have one, else the reason. */
export function extrasErrorText(error: unknown, t: TFunction): string {
  const code = error instanceof ImError ? error.code : typeof (error as { code?: unknown })?.code === 'number' ? ((error as { code: number }).code) : undefined;
  const reason = error instanceof Error ? error.message : String(error);
  if (code !== undefined && EXPLAINED.has(code)) return t(`messageActions.error.${code}`, { reason });
  return t('messageActions.error.generic', { reason });
}
