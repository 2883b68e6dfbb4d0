// The call button of a p2p conversation's header (issue 32 §3 "Calls"): "Voice call" / "Video call" call the
// conversation's customer and show the outgoing call dialog; no button in team conversations or without calls.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConversationView } from '../conversation/conversation-view';
import { renderWithChat } from '../test/render-frame';
import { FakeChatClient, sampleSession } from '../test/fake-chat-client';
import { FakeCallsPort } from './fake-calls-port';

function clientWithCalls(calls: FakeCallsPort | null = new FakeCallsPort()): FakeChatClient {
  const client = new FakeChatClient();
  if (calls) client.calls = calls;
  client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice Chen', updateTime: 2 }));
  client.sessions.set('team-t1', { ...sampleSession({ peerAccount: 't1', peerNick: 'VIP buyers', updateTime: 1 }), id: 'team-t1', scene: 'team' });
  return client;
}

async function openConversation(client: FakeChatClient, peer: string, language?: 'zh-CN') {
  const user = userEvent.setup({ delay: null });
  const { controller } = renderWithChat(<ConversationView />, { client, language });
  await act(() => controller.start());
  await act(() => controller.openSession(peer.startsWith('t') ? `team-${peer}` : `p2p-${peer}`));
  await screen.findByTestId('message-list');
  return user;
}

describe('the conversation header call button', () => {
  it('places a voice call to the conversation’s customer and shows the outgoing call dialog', async () => {
    const calls = new FakeCallsPort();
    const user = await openConversation(clientWithCalls(calls), 'c_demo1');
    const button = screen.getByRole('button', { name: 'Call Alice Chen' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('data-testid', 'call-start');
    await user.click(button);
    const menu = await screen.findByRole('menu', { name: 'Call Alice Chen' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Voice call', 'Video call']);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(menu).getByTestId('call-start-audio'));
    expect(await screen.findByRole('dialog', { name: 'Calling Alice Chen (audio)' })).toBeInTheDocument();
    await waitFor(() => expect(calls.answers).toEqual(['place c_demo1 audio']));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('is keyboard operable: Enter opens the menu, ArrowDown and Enter place a video call', async () => {
    const calls = new FakeCallsPort();
    const user = await openConversation(clientWithCalls(calls), 'c_demo1', 'zh-CN');
    const button = screen.getByRole('button', { name: '呼叫 Alice Chen' });
    act(() => button.focus());
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByTestId('call-start-audio')).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByTestId('call-start-video')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: '呼叫 Alice Chen（视频通话）' })).toBeInTheDocument();
    await waitFor(() => expect(calls.answers).toEqual(['place c_demo1 video']));
  });

  it('a new call after the last one ended places a new invitation', async () => {
    const calls = new FakeCallsPort();
    const user = await openConversation(clientWithCalls(calls), 'c_demo1');
    await user.click(screen.getByTestId('call-start'));
    await user.click(await screen.findByTestId('call-start-video'));
    await waitFor(() => expect(calls.placed).toHaveLength(1));
    calls.fire({ type: 'declined', channelId: calls.placed[0]!.channelId, from: 'c_demo1' });
    await user.click(screen.getByTestId('outgoing-call-close'));
    await waitFor(() => expect(screen.queryByTestId('outgoing-call-dialog')).not.toBeInTheDocument());
    await user.click(screen.getByTestId('call-start'));
    await user.click(await screen.findByTestId('call-start-audio'));
    await waitFor(() => expect(calls.placed).toHaveLength(2));
    expect(screen.getByTestId('outgoing-call-dialog')).toHaveAttribute('data-state', 'calling');
    expect(calls.answers).toEqual(['place c_demo1 video', 'hangUp ch-1', 'place c_demo1 audio']);
  });

  it('is not offered in a team conversation', async () => {
    await openConversation(clientWithCalls(), 't1');
    expect(screen.getByRole('heading', { name: 'VIP buyers' })).toBeInTheDocument();
    expect(screen.queryByTestId('call-start')).not.toBeInTheDocument();
  });

  it('is not offered by a client without calls', async () => {
    await openConversation(clientWithCalls(null), 'c_demo1');
    expect(screen.getByRole('heading', { name: 'Alice Chen' })).toBeInTheDocument();
    expect(screen.queryByTestId('call-start')).not.toBeInTheDocument();
  });
});
