// Recall (issue 31): "Recall" on my own sent message within the window, confirmed first; the
// recalled message shows as "You recalled a message" / "X recalled a message"; 508 is explained.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChatApp } from '../app/chat-app';
import { chooseMessageAction, offeredActions } from './message-actions/menu-test-helpers';
import { renderWithChat } from '../test/render-frame';
import { FakeChatClient, sampleMessage, sampleSession } from '../test/fake-chat-client';
import { RECALL_WINDOW_MS } from '../chat/chat-state';

function clientWithConversation(now: number): FakeChatClient {
  const client = new FakeChatClient();
  client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice Chen', updateTime: now }));
  client.localMessages.set('p2p-c_demo1', [
    sampleMessage({ idClient: 'in-1', idServer: 's-in-1', sessionId: 'p2p-c_demo1', text: 'Size chart, please', fromNick: 'Alice Chen', time: now - 5000 }),
    sampleMessage({ idClient: 'old-out', idServer: 's-old', sessionId: 'p2p-c_demo1', text: 'sent long ago', flow: 'out', status: 'success', time: now - RECALL_WINDOW_MS - 1000 }),
    sampleMessage({ idClient: 'out-1', idServer: 's-out-1', sessionId: 'p2p-c_demo1', text: 'wrong size', flow: 'out', status: 'success', time: now - 1000 }),
    sampleMessage({ idClient: 'gone', idServer: 's-gone', sessionId: 'p2p-c_demo1', text: '', fromNick: 'Alice Chen', time: now - 500, recalled: { by: 'c_demo1', time: now - 400 } }),
  ]);
  return client;
}

const byId = (list: HTMLElement, idClient: string) => within(list).getAllByTestId('message').find((m) => m.getAttribute('data-id-client') === idClient)!;

describe('recalling a message', () => {
  it('is offered on my own recent message only, asks first, and then shows "You recalled a message"', async () => {
    const user = userEvent.setup({ delay: null });
    const now = Date.now();
    const { client } = renderWithChat(<ChatApp />, { client: clientWithConversation(now) });
    await user.click(await screen.findByTestId('session-item-c_demo1'));
    const list = screen.getByTestId('message-list');
    await waitFor(() => expect(within(list).getAllByTestId('message')).toHaveLength(4));
    expect(await offeredActions(user, byId(list, 'in-1'))).not.toContain('recall');
    expect(await offeredActions(user, byId(list, 'old-out'))).not.toContain('recall');
    // Someone else's recalled message is a line naming them, with no content and no actions.
    expect(byId(list, 'gone')).toHaveTextContent('Alice Chen recalled a message');
    expect(within(byId(list, 'gone')).queryByRole('button')).not.toBeInTheDocument();

    // Cancelling recalls nothing.
    await chooseMessageAction(user, byId(list, 'out-1'), 'recall');
    await user.click(within(await screen.findByRole('dialog', { name: 'Recall this message?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(client.recalls).toEqual([]);

    await chooseMessageAction(user, byId(list, 'out-1'), 'recall');
    const dialog = await screen.findByRole('dialog', { name: 'Recall this message?' });
    expect(dialog).toHaveTextContent('wrong size');
    await user.click(within(dialog).getByRole('button', { name: 'Recall' }));
    await waitFor(() => expect(byId(list, 'out-1')).toHaveTextContent('You recalled a message'));
    expect(byId(list, 'out-1')).not.toHaveTextContent('wrong size');
    expect(client.recalls).toEqual(['out-1']);
  });

  it('says so when the server answers 508 (the recall window passed) and keeps the message', async () => {
    const user = userEvent.setup({ delay: null });
    const client = clientWithConversation(Date.now());
    client.recallRefusal = 508;
    renderWithChat(<ChatApp />, { client });
    await user.click(await screen.findByTestId('session-item-c_demo1'));
    const list = screen.getByTestId('message-list');
    await waitFor(() => expect(within(list).getAllByTestId('message')).toHaveLength(4));
    await chooseMessageAction(user, byId(list, 'out-1'), 'recall');
    await user.click(within(await screen.findByRole('dialog', { name: 'Recall this message?' })).getByRole('button', { name: 'Recall' }));
    expect(await screen.findByTestId('recall-error')).toHaveTextContent('The time to recall this message has passed');
    expect(byId(list, 'out-1')).toHaveTextContent('wrong size');
  });
});
