// The friends list: search, open a chat from a friend, delete with confirmation, by keyboard, in both languages.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChatApp } from '../app/chat-app';
import { FakeContactsPort } from '../contacts/fake-contacts-port';
import { FakeChatClient } from '../test/fake-chat-client';
import { renderWithChat } from '../test/render-frame';
import { matchesFriend } from './friend-list';

class ChatClientWithContacts extends FakeChatClient {
  constructor(readonly contacts: FakeContactsPort) {
    super();
  }
}

function friendsFixture(): FakeContactsPort {
  const contacts = new FakeContactsPort();
  contacts.friends.push(
    { account: 'c_demo2', nick: 'Bob Li' },
    { account: 'c_demo1', nick: 'Alice Chen', alias: 'Alice (VIP)' },
    { account: 'c_demo3' },
  );
  return contacts;
}

async function openFriends(language: 'zh-CN' | 'en-US', contacts = friendsFixture()) {
  const user = userEvent.setup({ delay: null });
  const client = new ChatClientWithContacts(contacts);
  renderWithChat(<ChatApp />, { client, language });
  await user.click(screen.getByRole('tab', { name: language === 'zh-CN' ? '好友' : 'Friends' }));
  const list = await screen.findByRole('list', { name: language === 'zh-CN' ? '好友' : 'Friends' });
  return { user, client, contacts, list };
}

describe('matchesFriend', () => {
  it('matches alias, nick or account, ignoring case and surrounding spaces', () => {
    const friend = { account: 'c_demo1', nick: 'Alice Chen', alias: 'VIP' };
    expect(matchesFriend(friend, ' alice ')).toBe(true);
    expect(matchesFriend(friend, 'vip')).toBe(true);
    expect(matchesFriend(friend, 'DEMO1')).toBe(true);
    expect(matchesFriend(friend, 'bob')).toBe(false);
    expect(matchesFriend(friend, '')).toBe(true);
  });
});

describe('FriendList', () => {
  it('en-US: lists friends by name (alias first), filters by search, and opens a chat by keyboard', async () => {
    const { user, list } = await openFriends('en-US');
    const rows = within(list).getAllByRole('button', { name: /open chat/ });
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Alice (VIP)'),
      expect.stringContaining('Bob Li'),
      expect.stringContaining('c_demo3'),
    ]);
    // The account is shown under a name, not twice for a friend without one.
    expect(rows[0]).toHaveTextContent('c_demo1');
    expect(rows[2].textContent?.match(/c_demo3/g)).toHaveLength(1);

    await user.type(screen.getByRole('searchbox', { name: 'Search friends (name or account)' }), 'BOB');
    expect(within(list).getAllByRole('button', { name: /open chat/ })).toHaveLength(1);
    expect(screen.getByTestId('friend-status')).toHaveTextContent('Friends found: 1');
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nobody');
    expect(screen.getByText('No friend matches “nobody”')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox'));

    const alice = await screen.findByRole('button', { name: /^Alice \(VIP\)\s*, open chat c_demo1$/ });
    act(() => alice.focus());
    await user.keyboard('{Enter}');
    // Back on the conversations, with Alice's conversation open and current.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Conversations' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByTestId('session-item-c_demo1')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Alice (VIP)');
  });

  it('zh-CN: deletes a friend only after confirming; cancel keeps them; the deletion is announced', async () => {
    const { user, contacts, list } = await openFriends('zh-CN');
    await user.click(within(list).getByRole('button', { name: '删除好友 Bob Li' }));
    let dialog = await screen.findByRole('dialog', { name: '删除好友？' });
    expect(dialog).toHaveAccessibleDescription('确定删除好友“Bob Li”吗？双方的好友关系都会解除，已有的聊天记录会保留。');
    // The safe choice has the focus; Escape closes without deleting.
    expect(within(dialog).getByRole('button', { name: '取消' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(contacts.calls).not.toContain('deleteFriend:c_demo2');

    await user.click(within(list).getByRole('button', { name: '删除好友 Bob Li' }));
    dialog = await screen.findByRole('dialog', { name: '删除好友？' });
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(contacts.calls).toEqual(['deleteFriend:c_demo2']);
    expect(within(list).queryByText('Bob Li')).not.toBeInTheDocument();
    expect(screen.getByTestId('friend-status')).toHaveTextContent('已删除好友 Bob Li');
  });

  it('en-US: a refused deletion keeps the friend and says why', async () => {
    const { user, contacts, list } = await openFriends('en-US');
    contacts.failNext = Object.assign(new Error('not your friend'), { code: 404 });
    await user.click(within(list).getByRole('button', { name: 'Delete friend c_demo3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this friend?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not delete the friend: not your friend');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(list).getByRole('button', { name: /^c_demo3\s*, open chat$/ })).toBeInTheDocument();
    expect(contacts.calls).toEqual(['deleteFriend:c_demo3']);
  });

  it('shows a friend accepted elsewhere as soon as the contacts port reports the change', async () => {
    const contacts = new FakeContactsPort();
    const user = userEvent.setup({ delay: null });
    renderWithChat(<ChatApp />, { client: new ChatClientWithContacts(contacts), language: 'en-US' });
    await user.click(screen.getByRole('tab', { name: 'Friends' }));
    expect(await screen.findByText('No friends yet. Friends appear here once you accept their friend requests.')).toBeInTheDocument();
    act(() => contacts.addFriend({ account: 'c_new', nick: 'Dana Xu' }));
    expect(await screen.findByRole('button', { name: /^Dana Xu\s*, open chat c_new$/ })).toBeInTheDocument();
  });

  it('without contacts services the frame shows no friends tab', () => {
    renderWithChat(<ChatApp />, { client: new FakeChatClient(), language: 'en-US' });
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
