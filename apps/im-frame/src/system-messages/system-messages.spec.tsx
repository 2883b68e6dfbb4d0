// System notifications of the frame: friend requests accepted or rejected with their states,
// unread badge, inert rendering of what senders wrote, zh-CN and en-US.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryStore } from '@merchant/im-core';
import { ChatApp } from '../app/chat-app';
import { createFrameChatClient } from '../chat/create-frame-chat-client';
import { DEFAULT_RUNTIME_CONFIG } from '../config/runtime-config';
import { FakeContactsPort } from '../contacts/fake-contacts-port';
import { FakeChatClient } from '../test/fake-chat-client';
import { createFakeImServer, MERCHANT } from '../test/fake-im-server';
import { renderWithChat } from '../test/render-frame';

class ChatClientWithContacts extends FakeChatClient {
  constructor(readonly contacts: FakeContactsPort) {
    super();
  }
}

function setup(language: 'zh-CN' | 'en-US') {
  const contacts = new FakeContactsPort();
  contacts.add({ idServer: '1', type: 'applyFriend', from: 'c_alice', ps: '<img src=x onerror="alert(1)">hello', time: 1_700_000_000_000 });
  contacts.add({ idServer: '2', type: 'passFriendApply', from: 'c_bob', time: 1_699_999_000_000, state: 'passed' });
  contacts.add({ idServer: '3', type: 'custom', category: 'msg', from: 'c_carol', content: '{"kind":"<b>promo</b>"}', time: 1_699_998_000_000 });
  const view = renderWithChat(<ChatApp now={1_700_000_100_000} />, { client: new ChatClientWithContacts(contacts), language });
  return { contacts, ...view };
}

describe('system notifications', () => {
  it('zh-CN: the badge counts unread; accepting a friend request makes it 已同意; sender text stays inert; shown messages are marked read', async () => {
    const user = userEvent.setup({ delay: null });
    const { contacts } = setup('zh-CN');
    await user.click(await screen.findByRole('button', { name: '系统通知 3 条未读' }));
    const dialog = await screen.findByRole('dialog', { name: '系统通知' });
    const apply = await within(dialog).findByTestId('sys-msg-1');
    expect(within(apply).getByText('c_alice 申请添加你为好友')).toBeInTheDocument();
    expect(within(apply).getByText('待处理')).toBeInTheDocument();
    expect(within(apply).getByText('附言：<img src=x onerror="alert(1)">hello')).toBeInTheDocument();
    expect(dialog.querySelector('img, b')).toBeNull();
    expect(within(dialog).getByText('{"kind":"<b>promo</b>"}')).toBeInTheDocument();
    expect(within(dialog).getByText('c_bob 同意了你的好友申请')).toBeInTheDocument();
    // The custom and the answered ones are read on sight; the pending application waits for its answer.
    await waitFor(() => expect(contacts.calls).toContain('read:2,3'));

    await user.click(within(apply).getByRole('button', { name: '同意 c_alice 的好友申请' }));
    expect(contacts.calls).toContain('pass:c_alice');
    expect(await within(apply).findByText('已同意')).toBeInTheDocument();
    expect(within(apply).queryByRole('button', { name: /同意 c_alice/ })).not.toBeInTheDocument();
    // The answered item takes the focus the removed button had, so Escape still reaches the dialog.
    await waitFor(() => expect(apply).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '系统通知' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('system-messages-open')).toHaveAccessibleName('系统通知'));
  });

  it('en-US: a refused answer shows the error state with its code and an alert; rejecting works', async () => {
    const user = userEvent.setup({ delay: null });
    const { contacts } = setup('en-US');
    contacts.add({ idServer: '4', type: 'applyFriend', from: 'c_dave', time: 1_700_000_050_000 });
    await user.click(await screen.findByTestId('system-messages-open'));
    const dialog = await screen.findByRole('dialog', { name: 'System notifications' });
    contacts.failNext = Object.assign(new Error('no friend application from c_alice'), { code: 404 });
    await user.click(await within(dialog).findByRole('button', { name: "Accept c_alice's friend request" }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That did not work: no friend application from c_alice');
    expect(await within(within(dialog).getByTestId('sys-msg-1')).findByText('Failed (404)')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: "Reject c_dave's friend request" }));
    expect(contacts.calls).toContain('reject:c_dave');
    expect(await within(within(dialog).getByTestId('sys-msg-4')).findByText('Rejected')).toBeInTheDocument();

    // A pointer user closes it with the visible button.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'System notifications' })).not.toBeInTheDocument());
  });

  it('without a contacts port (a client that has none) the button is not shown', async () => {
    renderWithChat(<ChatApp />, { client: new FakeChatClient() });
    await screen.findByTestId('start-chat');
    expect(screen.queryByTestId('system-messages-open')).not.toBeInTheDocument();
  });
});

describe('ImChatClient contacts over im-core', () => {
  it('an applyFriend push lands in the store; accepting sends passFriendApply and the message becomes passed', async () => {
    const server = createFakeImServer();
    const requests: unknown[] = [];
    server.connection.answer('friendRequest', (body) => (requests.push(body), {}));
    const store = new MemoryStore();
    const client = await createFrameChatClient({ config: DEFAULT_RUNTIME_CONFIG, params: { account: MERCHANT, token: 't' }, store, connection: server.connection, tabs: null });
    await client.connect();
    const contacts = client.contacts as NonNullable<typeof client.contacts>;
    let changes = 0;
    contacts.onChange(() => changes++);
    server.connection.push('sysMsg', { sysMsg: { idServer: '11', category: 'friend', type: 'applyFriend', from: 'c_demo1', to: MERCHANT, time: 5, ps: 'hi' } });
    await waitFor(async () => expect(await contacts.listSystemMessages()).toHaveLength(1));
    expect(await contacts.unreadSystemMessages()).toBe(1);
    const [sysMsg] = await contacts.listSystemMessages();
    await contacts.answerFriendApplication(sysMsg, true);
    expect(requests).toEqual([{ account: 'c_demo1', type: 'passFriendApply' }]);
    expect((await contacts.listSystemMessages())[0]).toMatchObject({ state: 'passed', read: true });
    expect(await contacts.unreadSystemMessages()).toBe(0);
    expect(changes).toBeGreaterThan(0);
    await client.disconnect();
  });
});
