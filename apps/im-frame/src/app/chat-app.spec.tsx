import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChatApp } from './chat-app';
import { renderWithChat } from '../test/render-frame';
import { FakeChatClient, sampleMessage, sampleSession } from '../test/fake-chat-client';

function clientWithAlice(): FakeChatClient {
  const client = new FakeChatClient();
  client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice Chen', unread: 2, updateTime: 2 }));
  client.sessions.set('p2p-c_demo2', sampleSession({ peerAccount: 'c_demo2', peerNick: 'Bob Li', updateTime: 1 }));
  client.localMessages.set('p2p-c_demo1', [
    sampleMessage({ idClient: 'h1', sessionId: 'p2p-c_demo1', text: 'Hi, is this in stock?', fromNick: 'Alice Chen', time: 1 }),
  ]);
  return client;
}

const messagesIn = (list: HTMLElement) => within(list).queryAllByTestId('message');

describe('ChatApp', () => {
  it('connects, lists sessions newest first and shows the connection state', async () => {
    renderWithChat(<ChatApp storeName="Demo Flagship Store" />, { client: clientWithAlice() });
    await waitFor(() => expect(screen.getByTestId('connection-status')).toHaveTextContent('Connected'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Demo Flagship Store');
    const rows = screen.getAllByTestId(/^session-item-/);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual(['session-item-c_demo1', 'session-item-c_demo2']);
  });

  it('opens a session: history shown, unread cleared, and a message sent by Enter appears', async () => {
    const user = userEvent.setup({ delay: null });
    const { client } = renderWithChat(<ChatApp />, { client: clientWithAlice() });
    await user.click(await screen.findByTestId('session-item-c_demo1'));

    const list = screen.getByTestId('message-list');
    expect(list).toHaveAttribute('aria-live', 'polite');
    expect(list).toHaveAccessibleName('Messages with Alice Chen');
    await waitFor(() => expect(messagesIn(list)).toHaveLength(1));
    expect(messagesIn(list)[0]).toHaveAttribute('data-id-client', 'h1');
    expect(client.markedRead).toEqual(['p2p-c_demo1']);
    expect(within(screen.getByTestId('session-item-c_demo1')).queryByText('2')).not.toBeInTheDocument();

    await user.type(screen.getByTestId('message-input'), 'Yes, it is{Enter}');
    await waitFor(() => expect(messagesIn(list)).toHaveLength(2));
    const sent = messagesIn(list)[1];
    expect(sent).toHaveTextContent('Yes, it is');
    await waitFor(() => expect(sent).toHaveAttribute('data-status', 'success'));
    expect(client.sentTexts).toEqual(['Yes, it is']);
  });

  it('shows a failed message with a retry action that resends it', async () => {
    const user = userEvent.setup({ delay: null });
    const client = clientWithAlice();
    client.failSends = true;
    renderWithChat(<ChatApp />, { client });
    await user.click(await screen.findByTestId('session-item-c_demo2'));
    await user.type(screen.getByTestId('message-input'), 'order shipped{Enter}');

    const retry = await screen.findByRole('button', { name: 'Resend message: order shipped' });
    expect(screen.getByText('Not sent')).toBeInTheDocument();
    const idClient = screen.getByTestId('message').getAttribute('data-id-client');

    client.failSends = false;
    await user.click(retry);
    await waitFor(() => expect(screen.getByTestId('message')).toHaveAttribute('data-status', 'success'));
    expect(screen.getByTestId('message')).toHaveAttribute('data-id-client', idClient);
    expect(screen.queryByText('Not sent')).not.toBeInTheDocument();
    expect(client.sentTexts).toEqual(['order shipped', 'order shipped']);
  });

  it('shows incoming messages live in the open session and bumps other sessions', async () => {
    const user = userEvent.setup({ delay: null });
    const { client } = renderWithChat(<ChatApp />, { client: clientWithAlice() });
    await user.click(await screen.findByTestId('session-item-c_demo2'));
    const list = screen.getByTestId('message-list');

    act(() => {
      client.receive('c_demo2', 'Where is my parcel?', 'Bob Li');
    });
    expect(within(list).getByText('Where is my parcel?')).toBeInTheDocument();

    act(() => {
      client.receive('c_new', 'First contact');
    });
    const rows = screen.getAllByTestId(/^session-item-/);
    expect(rows[0]).toHaveAttribute('data-testid', 'session-item-c_new');
    expect(within(rows[0]).getByText('1')).toBeInTheDocument();
  });

  it('shows reconnecting, then a kick with its reason text', async () => {
    const { client } = renderWithChat(<ChatApp />, { client: clientWithAlice() });
    await waitFor(() => expect(screen.getByTestId('connection-status')).toHaveAttribute('data-phase', 'connected'));
    act(() => client.emit('state', { phase: 'reconnecting' }));
    expect(screen.getByTestId('connection-status')).toHaveTextContent('Connection lost, reconnecting…');
    act(() => client.emit('state', { phase: 'kicked', reason: 'samePlatform' }));
    expect(screen.getByTestId('connection-status')).toHaveTextContent(
      'You were signed out: the same account is not allowed to log in at several places at once',
    );
    act(() => client.emit('state', { phase: 'kicked', reason: '' }));
    expect(screen.getByTestId('connection-status')).toHaveTextContent('You were signed out: unknown reason');
  });

  it('shows could-not-reconnect with a retry button that connects again', async () => {
    const user = userEvent.setup({ delay: null });
    const { client } = renderWithChat(<ChatApp />, { client: clientWithAlice() });
    await waitFor(() => expect(screen.getByTestId('connection-status')).toHaveAttribute('data-phase', 'connected'));
    expect(screen.queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument();
    act(() => client.emit('state', { phase: 'reconnectFailed' }));
    expect(screen.getByTestId('connection-status')).toHaveTextContent('Could not reconnect to the chat server');
    await user.click(screen.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(screen.getByTestId('connection-status')).toHaveAttribute('data-phase', 'connected'));
    expect(client.connectCalls).toBe(2);
  });

  it('offers "load earlier messages" by keyboard and puts the older page above', async () => {
    const user = userEvent.setup({ delay: null });
    const client = clientWithAlice();
    client.localMessages.delete('p2p-c_demo1');
    client.serverMessages.set(
      'p2p-c_demo1',
      Array.from({ length: 101 }, (_, i) => sampleMessage({ idClient: `s${i}`, sessionId: 'p2p-c_demo1', text: `m${i}`, time: 10 + i })),
    );
    renderWithChat(<ChatApp />, { client });
    await user.click(await screen.findByTestId('session-item-c_demo1'));
    const list = screen.getByTestId('message-list');
    const button = await screen.findByRole('button', { name: 'Load earlier messages' });
    expect(messagesIn(list)).toHaveLength(100); // the newest page: s1..s100
    act(() => button.focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(messagesIn(list)).toHaveLength(101));
    expect(messagesIn(list)[0]).toHaveAttribute('data-id-client', 's0');
    expect(messagesIn(list)[1]).toHaveAttribute('data-id-client', 's1');
    expect(client.historyRequests.at(-1)).toMatchObject({ sessionId: 'p2p-c_demo1', endTime: 11 });
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it('renders in Chinese when zh-CN is chosen', async () => {
    renderWithChat(<ChatApp />, { client: clientWithAlice(), language: 'zh-CN' });
    await waitFor(() => expect(screen.getByTestId('connection-status')).toHaveTextContent('已连接'));
    expect(screen.getByText('选择左侧的会话开始聊天')).toBeInTheDocument();
  });
});
