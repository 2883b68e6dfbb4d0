// Renders frame UI with a real ChatController over a fake client, in a chosen language.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ChatController, type ChatControllerHooks } from '../chat/chat-controller';
import { ChatProvider } from '../chat/chat-context';
import { createFrameI18n, type FrameLanguage } from '../i18n/frame-i18n';
import { FakeChatClient } from './fake-chat-client';

export interface RenderFrameOptions {
  client?: FakeChatClient;
  language?: FrameLanguage;
  hooks?: ChatControllerHooks;
}

export function renderWithChat(ui: ReactElement, options: RenderFrameOptions = {}) {
  const client = options.client ?? new FakeChatClient();
  const controller = new ChatController(client, options.hooks);
  const i18n = createFrameI18n(options.language ?? 'en-US');
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ChatProvider controller={controller}>{ui}</ChatProvider>
    </I18nextProvider>,
  );
  return { ...view, client, controller };
}

export function renderWithI18n(ui: ReactElement, language: FrameLanguage = 'en-US') {
  return render(<I18nextProvider i18n={createFrameI18n(language)}>{ui}</I18nextProvider>);
}
