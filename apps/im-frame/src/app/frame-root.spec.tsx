// A language switch from the console re-renders the frame in place: the open conversation and
// the text being typed stay, only the words change (and <html lang>).
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FrameRoot } from './frame-root';
import { ChatController } from '../chat/chat-controller';
import { createFrameI18n } from '../i18n/frame-i18n';
import { FakeChatClient, sampleSession } from '../test/fake-chat-client';
import type { StorageOutcome } from '../chat/open-chat-store';

describe('FrameRoot', () => {
  it('switches language without losing the open conversation or the typed text', async () => {
    const user = userEvent.setup({ delay: null });
    const client = new FakeChatClient();
    client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice Chen' }));
    const i18n = createFrameI18n('en-US');
    render(<FrameRoot i18n={i18n} controller={new ChatController(client)} storeName="Demo" />);
    await user.click(await screen.findByTestId('session-item-c_demo1'));
    await user.type(screen.getByTestId('message-input'), 'half-typed answer');
    expect(screen.getByTestId('message-send')).toHaveTextContent('Send');

    await act(() => i18n.changeLanguage('zh-CN'));
    await waitFor(() => expect(screen.getByTestId('message-send')).toHaveTextContent('发送'));
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(screen.getByTestId('message-input')).toHaveValue('half-typed answer');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Alice Chen');
    expect(client.connectCalls).toBe(1);
  });

  it('shows the memory notice when the store moves to memory while in use', async () => {
    const client = new FakeChatClient();
    let notify: ((storage: StorageOutcome) => void) | undefined;
    const storageChanges = (listener: (storage: StorageOutcome) => void) => {
      notify = listener;
      return () => (notify = undefined);
    };
    render(<FrameRoot i18n={createFrameI18n('en-US')} controller={new ChatController(client)} storage={{ kind: 'indexeddb', via: 'default' }} storageChanges={storageChanges} />);
    await screen.findByRole('main');
    expect(screen.queryByTestId('storage-notice')).toBeNull();
    act(() => notify?.({ kind: 'memory', reason: 'IndexedDB stopped working (quota)', canRequestAccess: false }));
    expect(await screen.findByTestId('storage-notice')).toBeVisible();
    expect(screen.getByRole('main')).toHaveAttribute('data-storage', 'memory');
  });
});
