// Sending friend requests (issue 32): from the profile card and the friends pane, with a message or
// adding at once; the already-friends state; refusals explained in the merchant's language; the
// customer's answer as it arrives; and what ImContactsPort sends to im-server through im-core.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImError, MemoryStore } from '@merchant/im-core';
import { FRIEND_PS_MAX_LENGTH } from '@merchant/im-core/validation';
import { ChatApp } from '../app/chat-app';
import { createFrameChatClient } from '../chat/create-frame-chat-client';
import { DEFAULT_RUNTIME_CONFIG } from '../config/runtime-config';
import { FakeContactsPort } from '../contacts/fake-contacts-port';
import { FakeChatClient, sampleSession } from '../test/fake-chat-client';
import { createFakeImServer, MERCHANT } from '../test/fake-im-server';
import { renderWithChat } from '../test/render-frame';

class ChatClientWithContacts extends FakeChatClient {
  constructor(readonly contacts: FakeContactsPort) {
    super();
  }
}

async function openCard(language: 'zh-CN' | 'en-US', contacts = new FakeContactsPort()) {
  const user = userEvent.setup({ delay: null });
  const client = new ChatClientWithContacts(contacts);
  client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice Chen' }));
  client.profiles.set('c_demo1', { account: 'c_demo1', nick: 'Alice Chen' });
  renderWithChat(<ChatApp />, { client, language });
  await user.click(await screen.findByTestId('session-item-c_demo1'));
  await user.click(screen.getByRole('button', { name: language === 'zh-CN' ? '查看 Alice Chen 的资料' : "View Alice Chen's profile" }));
  const card = await screen.findByRole('dialog', { name: 'Alice Chen' });
  return { user, card, contacts };
}

describe('friend requests from the profile card', () => {
  it('en-US: sends a request with its message by keyboard; the card says it waits; the acceptance shows them as a friend', async () => {
    const { user, card, contacts } = await openCard('en-US');
    const add = await within(card).findByRole('button', { name: 'Add as friend: Alice Chen' });
    act(() => add.focus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Add Alice Chen as a friend' });
    // Asking (the customer accepts) is the default; the focus is on it.
    const apply = within(dialog).getByRole('radio', { name: 'Send a friend request' });
    expect(apply).toBeChecked();
    expect(apply).toHaveFocus();
    expect(apply).toHaveAccessibleDescription('You become friends once the customer accepts');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message (optional)' }), 'Hello from <b>Sofa Shop</b>');
    expect(within(dialog).getByText(`27/${FRIEND_PS_MAX_LENGTH}`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Alice Chen as a friend' })).not.toBeInTheDocument());
    expect(contacts.calls).toEqual(['applyFriend:c_demo1:Hello from <b>Sofa Shop</b>']);
    expect(await within(card).findByText('Friend request sent to Alice Chen. Waiting for them to accept.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Add as friend/ })).not.toBeInTheDocument();

    // The customer accepts: im-core stores the friend row and the passFriendApply system message.
    act(() => {
      contacts.add({ idServer: '51', type: 'passFriendApply', from: 'c_demo1', state: 'passed' });
      contacts.addFriend({ account: 'c_demo1', nick: 'Alice Chen' });
    });
    expect(await within(card).findByText('Alice Chen is your friend')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(await screen.findByTestId('system-messages-open'));
    const notices = await screen.findByRole('dialog', { name: 'System notifications' });
    expect(await within(notices).findByText('c_demo1 accepted your friend request')).toBeInTheDocument();
  });

  it('zh-CN: a customer who is already a friend has no add button; the card says they are one', async () => {
    const contacts = new FakeContactsPort();
    contacts.friends.push({ account: 'c_demo1', nick: 'Alice Chen' });
    const { card } = await openCard('zh-CN', contacts);
    expect(await within(card).findByText('Alice Chen 已是你的好友')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /加为好友/ })).not.toBeInTheDocument();
  });

  it.each([
    ['en-US', 7101, 'This customer has blocked you, so the request cannot be sent', 'Send request'],
    ['zh-CN', 7101, '对方已将你加入黑名单，无法添加好友', '发送申请'],
    ['en-US', 416, 'Too many requests; try again in a moment', 'Send request'],
  ] as const)('%s: a refusal (%i) is explained in the dialog and nothing changes', async (language, code, text, send) => {
    const { user, card, contacts } = await openCard(language);
    contacts.failNext = new ImError('Server_Error', 'refused', { code });
    await user.click(await within(card).findByTestId('friend-request-open'));
    const dialog = await screen.findByTestId('friend-request-dialog');
    await user.click(within(dialog).getByRole('button', { name: send }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(contacts.calls).toEqual(['applyFriend:c_demo1']);
    expect(within(card).getByTestId('friend-state')).toHaveTextContent('');
  });

  it('en-US: a declined request (rejectFriendApply) shows on the card, and the request can be sent again', async () => {
    const contacts = new FakeContactsPort();
    // An older decline is history: it does not count for the request sent now.
    contacts.add({ idServer: '40', type: 'rejectFriendApply', from: 'c_demo1', state: 'rejected', read: true });
    const { user, card } = await openCard('en-US', contacts);
    await user.click(await within(card).findByRole('button', { name: 'Add as friend: Alice Chen' }));
    await user.click(within(await screen.findByTestId('friend-request-dialog')).getByTestId('friend-request-submit'));
    await waitFor(() => expect(screen.queryByTestId('friend-request-dialog')).not.toBeInTheDocument());
    expect(await within(card).findByText('Friend request sent to Alice Chen. Waiting for them to accept.')).toBeInTheDocument();
    act(() => contacts.add({ idServer: '41', type: 'rejectFriendApply', from: 'c_demo1', state: 'rejected' }));
    expect(await within(card).findByText('Alice Chen declined your friend request')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add as friend: Alice Chen' })).toBeInTheDocument();
  });

  it('zh-CN: a message past the §5 limit is refused in the form; nothing is sent', async () => {
    const { user, card, contacts } = await openCard('zh-CN');
    await user.click(await within(card).findByTestId('friend-request-open'));
    const dialog = await screen.findByRole('dialog', { name: '将 Alice Chen 加为好友' });
    const ps = within(dialog).getByRole('textbox', { name: '附言（选填）' });
    act(() => ps.focus());
    await user.paste('x'.repeat(FRIEND_PS_MAX_LENGTH + 1));
    await user.click(within(dialog).getByRole('button', { name: '发送申请' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`附言最多 ${FRIEND_PS_MAX_LENGTH} 个字`);
    expect(contacts.calls).toEqual([]);
  });
});

describe('friend requests from the friends pane', () => {
  it('en-US: adds a customer at once by account; the new friend is listed and the outcome shown', async () => {
    const user = userEvent.setup({ delay: null });
    const contacts = new FakeContactsPort();
    renderWithChat(<ChatApp />, { client: new ChatClientWithContacts(contacts), language: 'en-US' });
    await user.click(screen.getByRole('tab', { name: 'Friends' }));
    await user.click(await screen.findByRole('button', { name: 'Add friend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a friend' });
    // An empty account is refused before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter an account');
    await user.type(within(dialog).getByRole('textbox', { name: /Customer account/ }), ' c_new ');
    await user.click(within(dialog).getByRole('radio', { name: 'Add directly' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a friend' })).not.toBeInTheDocument());
    expect(contacts.calls).toEqual(['addFriend:c_new']);
    expect(screen.getByTestId('friend-request-outcome')).toHaveTextContent('c_new is now your friend');
    expect(await screen.findByRole('button', { name: /^c_new\s*, open chat$/ })).toBeInTheDocument();
  });

  it('zh-CN: asking someone already a friend is explained (417)', async () => {
    const user = userEvent.setup({ delay: null });
    const contacts = new FakeContactsPort();
    contacts.friends.push({ account: 'c_demo2', nick: 'Bob Li' });
    renderWithChat(<ChatApp />, { client: new ChatClientWithContacts(contacts), language: 'zh-CN' });
    await user.click(screen.getByRole('tab', { name: '好友' }));
    await user.click(await screen.findByTestId('friend-add'));
    const dialog = await screen.findByRole('dialog', { name: '添加好友' });
    await user.type(within(dialog).getByTestId('friend-request-account'), 'c_demo2');
    await user.click(within(dialog).getByTestId('friend-request-submit'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('你们已经是好友了');
  });
});

describe('ImContactsPort.sendFriendRequest over im-core', () => {
  it('sends friendRequest applyFriend with the ps, addFriend without one, and rejects with the server code (7101)', async () => {
    const server = createFakeImServer();
    const requests: unknown[] = [];
    server.connection.answer('friendRequest', (body) => {
      requests.push(body);
      if (body.account === 'c_blocker') throw new ImError('Server_Error', 'blacklisted', { code: 7101 });
      return {};
    });
    const client = await createFrameChatClient({ config: DEFAULT_RUNTIME_CONFIG, params: { account: MERCHANT, token: 't' }, store: new MemoryStore(), connection: server.connection, tabs: null });
    await client.connect();
    const contacts = client.contacts as NonNullable<typeof client.contacts>;
    await contacts.sendFriendRequest?.({ account: 'c_demo1', kind: 'apply', ps: 'hello' });
    await contacts.sendFriendRequest?.({ account: 'c_demo2', kind: 'add' });
    await expect(contacts.sendFriendRequest?.({ account: 'c_blocker', kind: 'apply' })).rejects.toMatchObject({ code: 7101 });
    expect(requests).toEqual([
      { account: 'c_demo1', type: 'applyFriend', ps: 'hello' },
      { account: 'c_demo2', type: 'addFriend' },
      { account: 'c_blocker', type: 'applyFriend' },
    ]);
    // im-core refuses a request to oneself before sending (414).
    await expect(contacts.sendFriendRequest?.({ account: MERCHANT, kind: 'apply' })).rejects.toMatchObject({ code: 414 });
    expect(requests).toHaveLength(3);
    await client.disconnect();
  });
});
