// Blocklist and mutelist switches on the profile card.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChatApp } from '../app/chat-app';
import { FakeChatClient, sampleSession } from '../test/fake-chat-client';
import { renderWithChat } from '../test/render-frame';
import { FakeContactsPort } from './fake-contacts-port';

class ChatClientWithContacts extends FakeChatClient {
  constructor(readonly contacts: FakeContactsPort) {
    super();
  }
}

async function openCard(language: 'zh-CN' | 'en-US', contacts: FakeContactsPort) {
  const user = userEvent.setup({ delay: null });
  const client = new ChatClientWithContacts(contacts);
  client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice Chen' }));
  client.profiles.set('c_demo1', { account: 'c_demo1', nick: 'Alice Chen' });
  renderWithChat(<ChatApp />, { client, language });
  await user.click(await screen.findByTestId('session-item-c_demo1'));
  await user.click(screen.getByRole('button', { name: language === 'zh-CN' ? '查看 Alice Chen 的资料' : "View Alice Chen's profile" }));
  const card = await screen.findByRole('dialog', { name: 'Alice Chen' });
  return { user, card };
}

describe('RelationControls', () => {
  it('zh-CN: shows the stored flags and puts the customer on the blocklist and the mutelist by keyboard', async () => {
    const contacts = new FakeContactsPort();
    contacts.relations.set('c_demo1', { account: 'c_demo1', isBlacked: false, isMuted: true, createTime: 1, updateTime: 1 });
    const { user, card } = await openCard('zh-CN', contacts);
    const block = await within(card).findByRole('switch', { name: /加入黑名单/ });
    const mute = within(card).getByRole('switch', { name: /消息免打扰/ });
    expect(mute).toBeChecked();
    expect(block).not.toBeChecked();
    expect(block).toHaveAccessibleDescription('对方发来的消息将被拒收');
    block.focus();
    await user.keyboard(' ');
    expect(contacts.calls).toContain('isBlacked:c_demo1:true');
    await within(card).findByRole('switch', { name: /加入黑名单/, checked: true });
    await user.click(mute);
    expect(contacts.calls).toContain('isMuted:c_demo1:false');
    expect(await within(card).findByRole('switch', { name: /消息免打扰/, checked: false })).toBeInTheDocument();
  });

  it('en-US: a refused change shows why and leaves the switch as the server has it', async () => {
    const contacts = new FakeContactsPort();
    const { user, card } = await openCard('en-US', contacts);
    contacts.failNext = new Error('not logged in');
    await user.click(await within(card).findByRole('switch', { name: /Block this customer/ }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Could not change the setting: not logged in');
    expect(within(card).getByRole('switch', { name: /Block this customer/ })).not.toBeChecked();
  });
});
