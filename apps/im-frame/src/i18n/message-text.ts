import type { TFunction } from 'i18next';
import type { ChatMessage } from '../chat/chat-client';
import { teamNotificationText } from './team-notification';

/**
 * What to show for a message: its text, a team notification's sentence, or a bracketed label for
 * types the frame cannot render. `nameOf` names the accounts a notification mentions (default: the account).
 */
export function messageDisplayText(
  message: Pick<ChatMessage, 'type' | 'text'> & Partial<Pick<ChatMessage, 'from' | 'fromNick' | 'attach'>>,
  t: TFunction,
  nameOf?: (account: string) => string,
): string {
  if (message.text !== '' || message.type === 'text') return message.text;
  if (message.type === 'notification') {
    const sentence = teamNotificationText({ from: message.from ?? '', fromNick: message.fromNick, attach: message.attach }, t, nameOf);
    if (sentence) return sentence;
  }
  return t(`messageType.${message.type}`, { defaultValue: t('messageType.other') });
}
