import { deskCardOf } from '@merchant/api-contracts';
import type { TFunction } from 'i18next';
import type { ChatMessage } from '../chat/chat-client';
import { teamNotificationText } from './team-notification';
import { callRecordSnippet, isCallRecord } from '../calls/call-record-text';

/**
 * What to show for a message: its text, a team notification's sentence, a call record's kind, or a bracketed
 * label for types the frame cannot render. `nameOf` names the accounts a notification mentions (default: the account).
 */
export function messageDisplayText(
  message: Pick<ChatMessage, 'type' | 'text'> & Partial<Pick<ChatMessage, 'from' | 'fromNick' | 'attach' | 'recalled' | 'flow'>>,
  t: TFunction,
  nameOf?: (account: string) => string,
): string {
  if (message.recalled) return recalledText(message, t);
  // A call record (g2) by its kind: "[Voice call]", "[Video call]" (the conversation shows its outcome).
  if (isCallRecord(message)) return callRecordSnippet(message, t);
  if (message.text !== '' || message.type === 'text') return message.text;
  if (message.type === 'notification') {
    const sentence = teamNotificationText({ from: message.from ?? '', fromNick: message.fromNick, attach: message.attach }, t, nameOf);
    if (sentence) return sentence;
  }
  if (message.type === 'custom') {
    // A support desk card names itself in previews: "[Order card] Order …", "[Goods card] <title>".
    const card = deskCardOf(message.attach);
    if (card?.kind === 'order') return `[${t('desk.card.order')}] ${t('desk.card.orderTitle', { orderNo: card.orderNo })}`;
    if (card?.kind === 'goods') return `[${t('desk.card.goods')}] ${card.title}`;
  }
  return t(`messageType.${message.type}`, { defaultValue: t('messageType.other') });
}

/** "You recalled a message" / "X recalled a message" (issue 31). */
export function recalledText(message: Partial<Pick<ChatMessage, 'from' | 'fromNick' | 'flow'>>, t: TFunction): string {
  return message.flow === 'out' ? t('recall.byYou') : t('recall.byOther', { name: message.fromNick || message.from || '' });
}

/** The most of a message's first line a reply quote shows, in characters (code points). */
export const SNIPPET_LENGTH = 40;

/**
 * One line naming a message for a reply quote: the first line of its text, cut at SNIPPET_LENGTH
 * with an ellipsis; for other types their label ("[Image]"), a file with its name ("[File] a.pdf").
 */
export function messageSnippet(
  message: Pick<ChatMessage, 'type' | 'text'> & Partial<Pick<ChatMessage, 'from' | 'fromNick' | 'attach' | 'file' | 'recalled' | 'flow'>>,
  t: TFunction,
  nameOf?: (account: string) => string,
): string {
  if (message.type === 'file' && message.file?.name) return t('reply.fileNamed', { name: message.file.name });
  const firstLine = messageDisplayText(message, t, nameOf).trim().split(/\r?\n/)[0] ?? '';
  const characters = Array.from(firstLine);
  return characters.length > SNIPPET_LENGTH ? `${characters.slice(0, SNIPPET_LENGTH).join('').trimEnd()}…` : firstLine;
}
