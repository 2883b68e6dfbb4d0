// The customer's profile card, from the conversation header.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryStore } from '@merchant/im-core';
import { ChatApp } from '../app/chat-app';
import { createFrameChatClient } from '../chat/create-frame-chat-client';
import { DEFAULT_RUNTIME_CONFIG } from '../config/runtime-config';
import { renderWithChat } from '../test/render-frame';
import { FakeChatClient, sampleSession } from '../test/fake-chat-client';
import { createFakeImServer, MERCHANT } from '../test/fake-im-server';

describe('ProfileCard', () => {
  it("opens from the conversation header by keyboard and shows the customer's fields, translated", async () => {
    const user = userEvent.setup({ delay: null });
    const client = new FakeChatClient();
    client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice Chen' }));
    client.profiles.set('c_demo1', { account: 'c_demo1', nick: 'Alice Chen', gender: 'female', email: 'alice@example.com', sign: '<b>hi</b>' });
    renderWithChat(<ChatApp />, { client, language: 'zh-CN' });
    await user.click(await screen.findByTestId('session-item-c_demo1'));
    const opener = screen.getByRole('button', { name: '查看 Alice Chen 的资料' });
    act(() => opener.focus());
    await user.keyboard('{Enter}');
    const card = await screen.findByRole('dialog', { name: 'Alice Chen' });
    expect(await within(card).findByText('alice@example.com')).toBeInTheDocument();
    expect(within(card).getByText('女')).toBeInTheDocument();
    expect(within(card).getByText('c_demo1')).toBeInTheDocument();
    expect(within(card).getByText('<b>hi</b>')).toBeInTheDocument();
    expect(card.querySelector('b')).toBeNull();
    expect(within(card).queryByText('电话')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
  });
});

describe('ImChatClient.getCustomerProfile', () => {
  it('asks im-server, stores the answer, and falls back to the stored copy when the server cannot answer', async () => {
    const server = createFakeImServer();
    server.users.push({ account: 'c_demo1', nick: 'Alice Chen', gender: 2, email: 'alice@example.com', tel: '' });
    const store = new MemoryStore();
    const client = await createFrameChatClient({ config: DEFAULT_RUNTIME_CONFIG, params: { account: MERCHANT, token: 't' }, store, connection: server.connection });
    expect(await client.getCustomerProfile('c_demo1')).toEqual({ account: 'c_demo1', nick: 'Alice Chen', gender: 'female', email: 'alice@example.com' });
    server.connection.answer('getUsers', () => {
      throw new Error('offline');
    });
    expect(await client.getCustomerProfile('c_demo1')).toMatchObject({ nick: 'Alice Chen', email: 'alice@example.com' });
    expect(await client.getCustomerProfile('c_nobody')).toBeUndefined();
  });
});
