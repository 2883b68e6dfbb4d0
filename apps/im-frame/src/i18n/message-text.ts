import type { TFunction } from 'i18next';
import type { ChatMessage } from '../chat/chat-client';

/** What to show for a message: its text, or a bracketed label for types the frame cannot render. */
export function messageDisplayText(message: Pick<ChatMessage, 'type' | 'text'>, t: TFunction): string {
  if (message.text !== '' || message.type === 'text') return message.text;
  return t(`messageType.${message.type}`, { defaultValue: t('messageType.other') });
}
