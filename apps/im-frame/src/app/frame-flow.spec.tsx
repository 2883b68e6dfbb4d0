// The whole frame over im-core's real client (scripted connection) and IndexedDB (fake-indexeddb):
// chatting, the console notifications, and what a reload shows before the socket connects.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import type { FrameToConsoleMessage } from '@merchant/api-contracts';
import { FrameRoot } from './frame-root';
import { createFrameController } from './create-frame-controller';
import { createFrameChatClient } from '../chat/create-frame-chat-client';
import { openChatStore } from '../chat/open-chat-store';
import { DEFAULT_RUNTIME_CONFIG } from '../config/runtime-config';
import { createFrameI18n } from '../i18n/frame-i18n';
import { createParentBridge } from '../parent-bridge/parent-bridge';
import { createFakeImServer, MERCHANT, wireTextMessage, type FakeImServer } from '../test/fake-im-server';

const CONSOLE = 'http://localhost:4200';

async function openFrame(server: FakeImServer, indexedDB: IDBFactory) {
  const posts: Array<{ message: FrameToConsoleMessage; origin: string }> = [];
  const bridge = createParentBridge({
    parent: { postMessage: (message, origin) => posts.push({ message, origin }) },
    allowedOrigins: DEFAULT_RUNTIME_CONFIG.consoleOrigins,
    ancestorOrigin: CONSOLE,
  });
  const store = await openChatStore(DEFAULT_RUNTIME_CONFIG.imAppKey, MERCHANT, indexedDB);
  const client = await createFrameChatClient({
    config: DEFAULT_RUNTIME_CONFIG,
    params: { account: MERCHANT, token: 'token' },
    store,
    connection: server.connection,
  });
  const controller = createFrameController(client, bridge);
  const view = render(<FrameRoot i18n={createFrameI18n('en-US')} controller={controller} storeName="Demo Flagship Store" />);
  return { view, posts, controller, store };
}

const postsOfType = (posts: Array<{ message: FrameToConsoleMessage }>, type: FrameToConsoleMessage['type']) =>
  posts.filter((post) => post.message.type === type).map((post) => post.message.payload);

describe('the frame end to end (scripted im-server)', () => {
  it('receives, notifies the console, replies, and shows it all again after a reload before connecting', async () => {
    const user = userEvent.setup({ delay: null });
    const indexedDB = new IDBFactory();
    const server = createFakeImServer();
    server.offline.push(wireTextMessage('off-1', Date.now() - 60_000, 'c_demo1', 'Is the red one in stock?'));

    const first = await openFrame(server, indexedDB);
    await waitFor(() => expect(screen.getByTestId('connection-status')).toHaveAttribute('data-phase', 'connected'));
    const aliceRow = await screen.findByTestId('session-item-c_demo1');
    await waitFor(() => expect(within(aliceRow).getByText('1')).toBeInTheDocument());
    expect(postsOfType(first.posts, 'unread').at(-1)).toEqual({ total: 1 });

    // A live message from another customer: the console is told, with the allowed origin only.
    act(() => server.connection.push('msg', { msg: wireTextMessage('live-1', Date.now(), 'c_demo2', 'Hello?') }));
    await screen.findByTestId('session-item-c_demo2');
    await waitFor(() =>
      expect(postsOfType(first.posts, 'newMessage')).toContainEqual({
        sessionId: 'p2p-c_demo2',
        from: 'c_demo2',
        fromNick: 'c_demo2',
        text: 'Hello?',
        time: expect.any(Number),
      }),
    );
    await waitFor(() => expect(postsOfType(first.posts, 'unread').at(-1)).toEqual({ total: 2 }));
    expect(new Set(first.posts.map((post) => post.origin))).toEqual(new Set([CONSOLE]));

    // Open Alice: history, read, reply.
    await user.click(aliceRow);
    const list = screen.getByTestId('message-list');
    await within(list).findByText('Is the red one in stock?');
    await waitFor(() => expect(postsOfType(first.posts, 'unread').at(-1)).toEqual({ total: 1 }));
    await user.type(screen.getByTestId('message-input'), 'Yes, size M and L{Enter}');
    await waitFor(() => expect(within(list).getAllByTestId('message')).toHaveLength(2));
    await waitFor(() => expect(within(list).getAllByTestId('message')[1]).toHaveAttribute('data-status', 'success'));
    const sentRequest = server.connection.requests.find((request) => request.name === 'sendMsg');
    expect(sentRequest?.body).toMatchObject({ msg: { to: 'c_demo1', text: 'Yes, size M and L' } });
    first.view.unmount();
    await first.store.close();

    // Reload: the server is unreachable for now, yet sessions and messages come from IndexedDB.
    const unreachable = createFakeImServer();
    unreachable.connection.connect = () => new Promise(() => undefined);
    const second = await openFrame(unreachable, indexedDB);
    await waitFor(() => expect(screen.getByTestId('connection-status')).toHaveAttribute('data-phase', 'connecting'));
    const rows = await screen.findAllByTestId(/^session-item-/);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual(['session-item-c_demo1', 'session-item-c_demo2']);
    expect(rows[0]).toHaveTextContent('Yes, size M and L');
    await user.click(rows[0]);
    const reloaded = screen.getByTestId('message-list');
    await waitFor(() =>
      expect(within(reloaded).getAllByTestId('message').map((bubble) => bubble.textContent)).toEqual([
        expect.stringContaining('Is the red one in stock?'),
        expect.stringContaining('Yes, size M and L'),
      ]),
    );
    second.view.unmount();
  });

  it("keeps the customer's name and avatar after the merchant replies to a first-time customer", async () => {
    const user = userEvent.setup({ delay: null });
    const server = createFakeImServer();
    server.users.push({ account: 'c_new', nick: 'Carol Wu', avatar: 'http://img.example/carol.png' });
    const frame = await openFrame(server, new IDBFactory());
    await waitFor(() => expect(screen.getByTestId('connection-status')).toHaveAttribute('data-phase', 'connected'));

    // A customer never synced before writes live: nothing but the message knows their name.
    act(() => server.connection.push('msg', { msg: { ...wireTextMessage('first-1', Date.now(), 'c_new', 'Hi there'), fromNick: 'Carol Wu' } }));
    const row = await screen.findByTestId('session-item-c_new');
    await waitFor(() => expect(row).toHaveAccessibleName(expect.stringContaining('Carol Wu')));
    await waitFor(() => expect(row.querySelector('img')).toHaveAttribute('src', 'http://img.example/carol.png'));

    await user.click(row);
    await user.type(screen.getByTestId('message-input'), 'Welcome!{Enter}');
    await waitFor(() => expect(within(screen.getByTestId('message-list')).getAllByTestId('message').at(-1)).toHaveAttribute('data-status', 'success'));
    const afterReply = screen.getByTestId('session-item-c_new');
    await waitFor(() => expect(afterReply).toHaveTextContent('Welcome!'));
    expect(afterReply).toHaveAccessibleName(expect.stringContaining('Carol Wu'));
    expect(afterReply).not.toHaveAccessibleName(expect.stringMatching(/^c_new/));
    expect(afterReply.querySelector('img')).toHaveAttribute('src', 'http://img.example/carol.png');
    // Stored: the profile is in the user table, for the next reload before any sync.
    expect(await frame.store.getUsers(['c_new'])).toEqual([expect.objectContaining({ nick: 'Carol Wu' })]);
    frame.view.unmount();
  });
});
