// Starting a conversation: by account (checked with the server first) or from recent customers.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryStore } from '@merchant/im-core';
import { sampleMessage as imMessage, sampleSession as imSession } from '@merchant/im-core/testing';
import { ChatApp } from '../app/chat-app';
import { readRecentCustomers } from '../chat/im-mapping';
import { renderWithChat } from '../test/render-frame';
import { FakeChatClient } from '../test/fake-chat-client';

function clientWithCustomers(): FakeChatClient {
  const client = new FakeChatClient();
  client.customers.set('c_carol', { account: 'c_carol', nick: 'Carol Wu' });
  client.recentCustomers = [
    { account: 'c_demo2', nick: 'Bob Li', lastActive: 2 },
    { account: 'c_demo1', nick: 'Alice Chen', lastActive: 1 },
  ];
  return client;
}

describe('StartChatDialog', () => {
  it('starts a conversation by account: unknown and own accounts are refused, a known one opens named', async () => {
    const user = userEvent.setup({ delay: null });
    const client = clientWithCustomers();
    renderWithChat(<ChatApp ownAccount="s_1001" />, { client });
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a new conversation' });
    const account = within(dialog).getByLabelText('Customer account');
    expect(account).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a customer account');
    await user.type(account, 's_1001{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This is your own account');
    await user.clear(account);
    await user.type(account, 'c_nobody{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No customer has the account c_nobody');

    await user.clear(account);
    await user.type(account, '  c_carol {Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('session-item-c_carol')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Carol Wu');
    await user.type(screen.getByTestId('message-input'), 'Hello Carol, your parcel left today{Enter}');
    expect(client.sentTexts).toEqual(['Hello Carol, your parcel left today']);
  });

  it('offers recent customers, newest first, and opens the one picked by keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithChat(<ChatApp />, { client: clientWithCustomers() });
    await user.click(screen.getByTestId('start-chat'));
    const recent = await screen.findByRole('list', { name: 'Recent customers' });
    const items = within(recent).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('Bob Li'), expect.stringContaining('Alice Chen')]);
    act(() => items[1].focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Alice Chen');
  });

  it('says why when the lookup itself fails, in Chinese too', async () => {
    const user = userEvent.setup({ delay: null });
    const client = clientWithCustomers();
    client.findCustomer = async () => {
      throw new Error('timeout');
    };
    renderWithChat(<ChatApp />, { client, language: 'zh-CN' });
    await user.click(screen.getByRole('button', { name: '发起会话' }));
    await user.type(await screen.findByLabelText('客户账号'), 'c_x{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('无法查找客户：timeout');
  });
});

describe('readRecentCustomers', () => {
  it("lists the peers of the merchant's p2p sessions, deleted ones included, newest first, named from the user table", async () => {
    const store = new MemoryStore();
    await store.putSessions([
      imSession({ id: 'p2p-c_demo1', updateTime: 10, lastMsg: imMessage({ idClient: 'a', time: 10, fromNick: 'Alice Chen' }) }),
      imSession({ id: 'p2p-c_gone', updateTime: 30, isDeleted: true }),
      imSession({ id: 'p2p-c_demo2', updateTime: 20 }),
    ]);
    await store.putUsers([{ account: 'c_demo2', nick: 'Bob Li', avatar: 'http://img/bob.png' }]);
    expect(await readRecentCustomers(store, 20)).toEqual([
      { account: 'c_gone', nick: undefined, avatar: undefined, lastActive: 30 },
      { account: 'c_demo2', nick: 'Bob Li', avatar: 'http://img/bob.png', lastActive: 20 },
      { account: 'c_demo1', nick: 'Alice Chen', avatar: undefined, lastActive: 10 },
    ]);
    expect(await readRecentCustomers(store, 1)).toHaveLength(1);
  });
});
