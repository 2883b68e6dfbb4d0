// The frame on a phone (issue 35 §10): below NARROW_FRAME_WIDTH the list and the conversation take turns,
// the conversation across the whole frame with a back button; wider, the two sit side by side as before.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChatApp, NARROW_FRAME_WIDTH } from './chat-app';
import { renderWithChat } from '../test/render-frame';
import { FakeChatClient, sampleMessage, sampleSession } from '../test/fake-chat-client';

/** jsdom has no layout: a matchMedia that answers `max-width` queries for a frame of `width` px. */
function frameWidth(width: number) {
  window.matchMedia = (query: string) => {
    const maxWidth = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: maxWidth ? width <= Number(maxWidth[1]) : false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
}

function clientWithAlice(): FakeChatClient {
  const client = new FakeChatClient();
  client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice Chen', updateTime: 2 }));
  client.localMessages.set('p2p-c_demo1', [sampleMessage({ idClient: 'h1', sessionId: 'p2p-c_demo1', text: 'Does it fit?', fromNick: 'Alice Chen', time: 1 })]);
  return client;
}

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

describe('ChatApp in a narrow frame', () => {
  it('shows the list first, then the conversation alone with a composer that sends, and goes back to the list', async () => {
    frameWidth(358);
    const user = userEvent.setup({ delay: null });
    const { client } = renderWithChat(<ChatApp />, { client: clientWithAlice() });
    await user.click(await screen.findByTestId('session-item-c_demo1'));

    await waitFor(() => expect(screen.getByTestId('session-item-c_demo1')).not.toBeVisible());
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Alice Chen');
    await user.type(screen.getByTestId('message-input'), 'Yes, 80 cm{Enter}');
    await waitFor(() => expect(client.sentTexts).toEqual(['Yes, 80 cm']));

    await user.click(screen.getByRole('button', { name: 'Back to the conversations' }));
    expect(await screen.findByTestId('session-item-c_demo1')).toBeVisible();
    expect(screen.queryByTestId('message-input')).toBeNull();
  });

  it(`keeps list and conversation side by side from ${NARROW_FRAME_WIDTH} px, without a back button`, async () => {
    frameWidth(NARROW_FRAME_WIDTH);
    const user = userEvent.setup({ delay: null });
    renderWithChat(<ChatApp />, { client: clientWithAlice() });
    await user.click(await screen.findByTestId('session-item-c_demo1'));
    expect(await screen.findByTestId('message-input')).toBeInTheDocument();
    expect(screen.getByTestId('session-item-c_demo1')).toBeInTheDocument();
    expect(screen.queryByTestId('conversation-back')).toBeNull();
  });
});
