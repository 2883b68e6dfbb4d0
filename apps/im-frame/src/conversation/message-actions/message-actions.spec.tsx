// Issue 32 §4: one message menu, each action only where the rules allow it; pin with the pinned bar, quick
// comments, favourites, the thread page, delete for me and clear history, copy; refusals explained.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChatApp } from '../../app/chat-app';
import { renderWithChat } from '../../test/render-frame';
import { FakeChatClient, sampleCallRecord, sampleMessage, sampleSession } from '../../test/fake-chat-client';
import type { ChatMessage } from '../../chat/chat-client';
import type { FrameLanguage } from '../../i18n/frame-i18n';
import { FakeMessageExtrasPort } from './fake-message-extras-port';
import { chooseMessageAction, offeredActions, openMessageMenu } from './menu-test-helpers';
import { RECALL_WINDOW_MS } from '../../chat/chat-state';

const SESSION = 'p2p-c_demo1';
const now = Date.now();

/** A FakeChatClient whose `extras` is a FakeMessageExtrasPort. */
export class ClientWithExtras extends FakeChatClient {
  constructor(readonly extras = new FakeMessageExtrasPort()) {
    super();
  }
}

const question = sampleMessage({ idClient: 'q1', idServer: '1001', sessionId: SESSION, text: 'Is the oak table in stock?', fromNick: 'Alice Chen', time: now - 60_000 });
const mine = sampleMessage({ idClient: 'm1', idServer: '1002', sessionId: SESSION, flow: 'out', from: 's_1001', to: 'c_demo1', text: 'Yes, three left', time: now - 30_000 });
const old = sampleMessage({ idClient: 'm0', idServer: '1000', sessionId: SESSION, flow: 'out', from: 's_1001', to: 'c_demo1', text: 'Welcome!', time: now - RECALL_WINDOW_MS - 60_000 });
const failed = sampleMessage({ idClient: 'f1', sessionId: SESSION, flow: 'out', from: 's_1001', status: 'fail', text: 'not sent', time: now - 20_000 });
const sending = sampleMessage({ idClient: 's1', sessionId: SESSION, flow: 'out', from: 's_1001', status: 'sending', text: 'on its way', time: now - 10_000 });
const reply = sampleMessage({ idClient: 'r1', idServer: '1003', sessionId: SESSION, text: 'Great, I take one', fromNick: 'Alice Chen', time: now - 5_000, replyTo: { from: 's_1001', idServer: '1002', idClient: 'm1' }, thread: { from: 'c_demo1', idServer: '1001', idClient: 'q1' } });
const tip = sampleMessage({ idClient: 't1', idServer: '1004', sessionId: SESSION, type: 'tip', text: 'a tip', time: now - 4_000 });
const recalled = sampleMessage({ idClient: 'x1', idServer: '1005', sessionId: SESSION, text: '', fromNick: 'Alice Chen', time: now - 3_000, recalled: { by: 'c_demo1', time: now - 2_000 } });

async function openChat(messages: ChatMessage[], options: { client?: ClientWithExtras; language?: FrameLanguage; receiptTime?: number } = {}) {
  const user = userEvent.setup({ delay: null });
  const client = options.client ?? new ClientWithExtras();
  client.sessions.set(SESSION, sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice Chen', updateTime: now, ...(options.receiptTime ? { receiptTime: options.receiptTime } : {}) }));
  client.localMessages.set(SESSION, messages);
  const rendered = renderWithChat(<ChatApp now={now} />, { client, language: options.language });
  await user.click(await screen.findByTestId('session-item-c_demo1'));
  const list = screen.getByTestId('message-list');
  await waitFor(() => expect(within(list).getAllByTestId('message')).toHaveLength(messages.length));
  return { ...rendered, user, list, client, extras: client.extras };
}

const bubble = (list: HTMLElement, idClient: string): HTMLElement => {
  const found = within(list).getAllByTestId('message').find((element) => element.getAttribute('data-id-client') === idClient);
  if (!found) throw new Error(`no message ${idClient}`);
  return found;
};

describe('the message menu', () => {
  it('lists each action only where the rules allow it', async () => {
    const { user, list } = await openChat([old, question, mine, failed, sending, reply, tip, recalled]);
    expect(await offeredActions(user, bubble(list, 'q1'))).toEqual(['reply', 'copy', 'forward', 'pin', 'collect', 'delete']);
    // My own message within the recall window adds Recall; an older one does not.
    expect(await offeredActions(user, bubble(list, 'm1'))).toEqual(['reply', 'copy', 'forward', 'pin', 'collect', 'recall', 'delete']);
    expect(await offeredActions(user, bubble(list, 'm0'))).toEqual(['reply', 'copy', 'forward', 'pin', 'collect', 'delete']);
    // A failed send is only here: copy it or delete it.
    expect(await offeredActions(user, bubble(list, 'f1'))).toEqual(['copy', 'delete']);
    // A reply also opens its thread.
    expect(await offeredActions(user, bubble(list, 'r1'))).toEqual(['reply', 'copy', 'forward', 'pin', 'collect', 'thread', 'delete']);
    // Still sending: only Copy. Tips and recalled lines have no menu at all.
    expect(await offeredActions(user, bubble(list, 's1'))).toEqual(['copy']);
    expect(within(bubble(list, 't1')).queryByTestId('message-more')).not.toBeInTheDocument();
    expect(within(bubble(list, 'x1')).queryByTestId('message-more')).not.toBeInTheDocument();
    // Quick comments only on messages the server stored.
    const menu = await openMessageMenu(user, bubble(list, 'q1'));
    expect(within(menu).getAllByRole('menuitemcheckbox').map((item) => item.getAttribute('aria-label'))).toEqual([
      'React with 👍',
      'React with ❤️',
      'React with 😂',
      'React with 😮',
      'React with 🙏',
      'React with ✅',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    const failedMenu = await openMessageMenu(user, bubble(list, 'f1'));
    expect(within(failedMenu).queryAllByRole('menuitemcheckbox')).toHaveLength(0);
  });

  it('offers only Delete on a call record (g2): no reply, copy, forward, recall, pin, favourite or quick comment', async () => {
    const callRecord = (idClient: string, flow: 'in' | 'out') =>
      sampleCallRecord(idClient, flow, JSON.stringify({ channelId: 'ch1', callType: 1, status: 'completed', durationSeconds: 42 }), now - 1_000);
    const { user, list } = await openChat([callRecord('g-out', 'out'), callRecord('g-in', 'in')]);
    expect(bubble(list, 'g-out')).toHaveTextContent('Voice call · 0:42');
    // Mine and within the recall window, and still not recallable.
    expect(await offeredActions(user, bubble(list, 'g-out'))).toEqual(['delete']);
    expect(await offeredActions(user, bubble(list, 'g-in'))).toEqual(['delete']);
    const menu = await openMessageMenu(user, bubble(list, 'g-in'));
    expect(menu).toHaveAccessibleName('Message actions: [Voice call]');
    expect(within(menu).queryAllByRole('menuitemcheckbox')).toHaveLength(0);
  });

  it('opens on a right click and on Shift+F10 inside the message; Escape gives the focus back to the More button', async () => {
    const { user, list } = await openChat([question]);
    const row = bubble(list, 'q1');
    fireEvent.contextMenu(within(row).getByText('Is the oak table in stock?'), { clientX: 40, clientY: 40 });
    expect(await screen.findByRole('menu', { name: 'Message actions: Is the oak table in stock?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    const more = within(row).getByRole('button', { name: 'Message actions: Is the oak table in stock?' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    act(() => more.focus());
    await user.keyboard('{Shift>}{F10}{/Shift}');
    const menu = await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(menu).not.toBeInTheDocument());
    expect(more).toHaveFocus();
  });

  it('Copy puts the text on the clipboard and says so', async () => {
    const { user, list } = await openChat([question]);
    await chooseMessageAction(user, bubble(list, 'q1'), 'copy');
    expect(await screen.findByTestId('message-action-status')).toHaveTextContent('Copied to the clipboard');
    await expect(navigator.clipboard.readText()).resolves.toBe('Is the oak table in stock?');
  });
});

describe('pins', () => {
  it('Pin shows the pinned bar with who pinned it; the bar shows the message; Unpin removes it', async () => {
    const { user, list, extras } = await openChat([question, mine]);
    expect(screen.queryByTestId('pinned-bar')).not.toBeInTheDocument();
    await chooseMessageAction(user, bubble(list, 'q1'), 'pin');
    const bar = await screen.findByRole('region', { name: 'Pinned messages' });
    expect(bar).toHaveTextContent('Pinned by Me');
    expect(within(bar).getByTestId('pinned-bar-text')).toHaveTextContent('Is the oak table in stock?');
    expect(bubble(list, 'q1')).toHaveAttribute('data-pinned', 'true');
    expect(await offeredActions(user, bubble(list, 'q1'))).toContain('unpin');

    await user.click(within(bar).getByRole('button', { name: /^Pinned by .*Is the oak table in stock\?$/ }));
    await waitFor(() => expect(bubble(list, 'q1')).toHaveAttribute('data-highlighted', 'true'));
    expect(bubble(list, 'q1')).toHaveFocus();

    await user.click(within(bar).getByRole('button', { name: 'Unpin: Is the oak table in stock?' }));
    await waitFor(() => expect(screen.queryByTestId('pinned-bar')).not.toBeInTheDocument());
    expect(extras.calls).toEqual(expect.arrayContaining(['pin', 'unpin']));
    expect(extras.pins).toEqual([]);
  });

  it("shows the customer's pin when it arrives, with the customer's name, and drops it when they unpin", async () => {
    const { extras } = await openChat([question, mine]);
    const pin = { sessionId: SESSION, idClient: 'm1', idServer: '1002', pinFrom: 'c_demo1', createTime: now, updateTime: now, message: mine };
    act(() => extras.play({ type: 'pin', pin, deleted: false }));
    const bar = await screen.findByTestId('pinned-bar');
    expect(bar).toHaveTextContent('Pinned by Alice Chen');
    expect(bar).toHaveTextContent('Yes, three left');
    act(() => extras.play({ type: 'pin', pin, deleted: true }));
    await waitFor(() => expect(screen.queryByTestId('pinned-bar')).not.toBeInTheDocument());
  });

  it('explains a refusal: 417 already pinned', async () => {
    const { user, list, extras } = await openChat([question]);
    extras.refuse = { call: 'pin', code: 417 };
    await chooseMessageAction(user, bubble(list, 'q1'), 'pin');
    expect(await screen.findByTestId('message-action-error')).toHaveTextContent('This message is already pinned');
    expect(screen.queryByTestId('pinned-bar')).not.toBeInTheDocument();
  });
});

describe('quick comments', () => {
  it("adds mine from the menu, counts the customer's, and the toggle under the bubble takes mine back", async () => {
    const { user, list, extras } = await openChat([question]);
    const menu = await openMessageMenu(user, bubble(list, 'q1'));
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'React with 👍' }));
    const thumbs = await within(bubble(list, 'q1')).findByTestId('message-reaction-1');
    expect(thumbs).toHaveAttribute('aria-pressed', 'true');
    expect(thumbs).toHaveAccessibleName('👍 1: Me, you included. Press to take yours back');

    act(() => extras.play({ type: 'comment', sessionId: SESSION, idServer: '1001', comment: { from: 'c_demo1', body: 1, time: now }, deleted: false }));
    await waitFor(() => expect(thumbs).toHaveAttribute('data-count', '2'));
    expect(thumbs).toHaveAccessibleName('👍 2: Alice Chen, Me, you included. Press to take yours back');

    await user.click(thumbs);
    await waitFor(() => expect(within(bubble(list, 'q1')).getByTestId('message-reaction-1')).toHaveAttribute('aria-pressed', 'false'));
    expect(within(bubble(list, 'q1')).getByTestId('message-reaction-1')).toHaveAttribute('data-count', '1');
    expect(extras.calls).toEqual(expect.arrayContaining(['addComment', 'removeComment']));
  });

  it('shows the comments the server has when the conversation opens', async () => {
    const extras = new FakeMessageExtrasPort();
    extras.comments.set('1001', [{ from: 'c_demo1', body: 2, time: 1 }]);
    const { list } = await openChat([question], { client: new ClientWithExtras(extras) });
    const heart = await within(bubble(list, 'q1')).findByTestId('message-reaction-2');
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart).toHaveTextContent('❤️1');
  });
});

describe('favourites', () => {
  it('Add to favourites keeps the message; My favourites lists it and removes it', async () => {
    const { user, list, extras } = await openChat([question]);
    await chooseMessageAction(user, bubble(list, 'q1'), 'collect');
    expect(await screen.findByTestId('message-action-status')).toHaveTextContent('Added to your favourites');
    expect(extras.collects).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'My favourites' }));
    const dialog = await screen.findByRole('dialog', { name: /My favourites/ });
    const item = await within(dialog).findByTestId('favourite');
    expect(item).toHaveTextContent('Alice Chen');
    expect(item).toHaveTextContent('Is the oak table in stock?');
    await user.click(within(item).getByRole('button', { name: 'Remove from favourites: Is the oak table in stock?' }));
    await waitFor(() => expect(within(dialog).queryByTestId('favourite')).not.toBeInTheDocument());
    expect(within(dialog).getByTestId('favourites-status')).toHaveTextContent('Removed from your favourites');
    expect(extras.collects).toEqual([]);
  });
});

describe('thread, delete for me, clear history', () => {
  it("View thread shows the thread's root and its replies", async () => {
    const extras = new FakeMessageExtrasPort();
    extras.threads.set('1001', { root: question, replies: [mine, reply], total: 2 });
    const { user, list } = await openChat([question, mine, reply], { client: new ClientWithExtras(extras) });
    await chooseMessageAction(user, bubble(list, 'r1'), 'thread');
    const dialog = await screen.findByRole('dialog', { name: 'Thread' });
    expect(await within(dialog).findByTestId('thread-root')).toHaveTextContent('Is the oak table in stock?');
    expect(within(dialog).getAllByTestId('thread-reply').map((r) => r.getAttribute('data-id-client'))).toEqual(['m1', 'r1']);
    expect(within(dialog).getByTestId('thread-total')).toHaveTextContent('2 replies');
  });

  it('Delete for me asks first; Cancel keeps the message, Delete removes it; a refusal keeps it and says why', async () => {
    const { user, list, extras } = await openChat([question, mine]);
    await chooseMessageAction(user, bubble(list, 'q1'), 'delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message for you?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(extras.deletedForMe).toEqual([]);

    extras.refuse = { call: 'deleteForMe', code: 404 };
    await chooseMessageAction(user, bubble(list, 'q1'), 'delete');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('message-action-error')).toHaveTextContent('The message is gone, or you are no longer in this conversation');
    expect(within(list).getAllByTestId('message')).toHaveLength(2);

    await chooseMessageAction(user, bubble(list, 'q1'), 'delete');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).getAllByTestId('message')).toHaveLength(1));
    expect(extras.deletedForMe).toEqual(['q1']);
  });

  it('messages deleted for me on another device leave the open list', async () => {
    const { list, extras } = await openChat([question, mine]);
    act(() => extras.play({ type: 'deleted', idClients: ['m1'] }));
    await waitFor(() => expect(within(list).getAllByTestId('message')).toHaveLength(1));
  });

  it('Clear chat history (p2p) asks first and empties the conversation', async () => {
    const { user, list, extras } = await openChat([question, mine]);
    await user.click(screen.getByRole('button', { name: 'Conversation actions: Alice Chen' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Clear chat history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear your chat history with Alice Chen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(within(list).queryAllByTestId('message')).toHaveLength(0));
    expect(extras.cleared).toEqual([SESSION]);
    expect(await screen.findByTestId('message-action-status')).toHaveTextContent('Chat history cleared');
  });
});

describe('in zh-CN', () => {
  it('names the menu and its items in Chinese', async () => {
    const { user, list } = await openChat([question], { language: 'zh-CN' });
    const menu = await openMessageMenu(user, bubble(list, 'q1'));
    expect(menu).toHaveAccessibleName('消息操作：Is the oak table in stock?');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['回复', '复制', '转发', '固定消息', '收藏', '删除（仅自己）']);
    expect(within(menu).getAllByRole('menuitemcheckbox')[0]).toHaveAccessibleName('用 👍 回应');
  });
});
