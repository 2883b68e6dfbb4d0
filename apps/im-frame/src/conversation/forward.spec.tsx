import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChatApp } from '../app/chat-app';
import { chooseMessageAction, offeredActions } from './message-actions/menu-test-helpers';
import { renderWithChat } from '../test/render-frame';
import { FakeChatClient, sampleMessage, sampleSession } from '../test/fake-chat-client';

function clientWithTwoCustomers(): FakeChatClient {
  const client = new FakeChatClient();
  client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice Chen', updateTime: 2 }));
  client.sessions.set('p2p-c_demo2', sampleSession({ peerAccount: 'c_demo2', peerNick: 'Bob Li', updateTime: 1 }));
  client.localMessages.set('p2p-c_demo1', [
    sampleMessage({ idClient: 'h1', sessionId: 'p2p-c_demo1', text: 'Size chart, please', fromNick: 'Alice Chen', time: 1 }),
    sampleMessage({ idClient: 'h2', sessionId: 'p2p-c_demo1', text: 'still sending', flow: 'out', status: 'sending', time: 2 }),
  ]);
  return client;
}

describe('forwarding a message', () => {
  it('is offered on delivered messages only, chooses among the other conversations by keyboard, and sends a copy there', async () => {
    const user = userEvent.setup({ delay: null });
    const { client } = renderWithChat(<ChatApp />, { client: clientWithTwoCustomers() });
    await user.click(await screen.findByTestId('session-item-c_demo1'));
    const list = screen.getByTestId('message-list');
    await waitFor(() => expect(within(list).getAllByTestId('message')).toHaveLength(2));
    const [delivered, sending] = within(list).getAllByTestId('message');
    expect(await offeredActions(user, sending)).not.toContain('forward');

    await user.click(within(delivered).getByRole('button', { name: 'Message actions: Size chart, please' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Forward' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forward to' });
    const targets = within(dialog).getAllByTestId('forward-target');
    expect(targets.map((target) => target.getAttribute('data-session-id'))).toEqual(['p2p-c_demo2']);
    act(() => targets[0].focus());
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.getByTestId('forwarded')).toHaveTextContent('Forwarded to Bob Li'));
    // The dialog leaves with MUI's exit transition.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(client.forwarded).toEqual([['h1', 'p2p-c_demo2']]);
    // The original stays where it was; the copy is a new outgoing message in Bob's conversation.
    expect(within(list).getAllByTestId('message')).toHaveLength(2);
    await user.click(screen.getByTestId('session-item-c_demo2'));
    const bob = screen.getByTestId('message-list');
    await waitFor(() => expect(within(bob).getAllByTestId('message')).toHaveLength(1));
    const copy = within(bob).getByTestId('message');
    expect(copy).toHaveTextContent('Size chart, please');
    expect(copy.getAttribute('data-id-client')).not.toBe('h1');
    await waitFor(() => expect(copy).toHaveAttribute('data-status', 'success'));
  });

  it('cancelling the dialog forwards nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { client } = renderWithChat(<ChatApp />, { client: clientWithTwoCustomers() });
    await user.click(await screen.findByTestId('session-item-c_demo1'));
    await chooseMessageAction(user, (await screen.findAllByTestId('message'))[0], 'forward');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(client.forwarded).toEqual([]);
  });
});
