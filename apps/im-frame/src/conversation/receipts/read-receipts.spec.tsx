// Issue 32 §5: p2p "Read" on my messages up to the customer's receipt time, and receipts sent when the merchant
// reads; team messages that asked for receipts show read/unread counts with the lists of who read them.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChatApp } from '../../app/chat-app';
import { renderWithChat } from '../../test/render-frame';
import { FakeChatClient, sampleCallRecord, sampleMessage, sampleSession } from '../../test/fake-chat-client';
import { FakeMessageExtrasPort } from '../message-actions/fake-message-extras-port';

const now = Date.now();
const P2P = 'p2p-c_demo1';
const TEAM = 'team-42';

class ClientWithExtras extends FakeChatClient {
  constructor(readonly extras = new FakeMessageExtrasPort()) {
    super();
  }
}

const out = (idClient: string, time: number, sessionId = P2P, extra = {}) =>
  sampleMessage({ idClient, idServer: `srv-${idClient}`, sessionId, flow: 'out', from: 's_1001', to: 'c_demo1', text: `mine ${idClient}`, time, ...extra });

const state = (list: HTMLElement, idClient: string) =>
  within(within(list).getAllByTestId('message').find((m) => m.getAttribute('data-id-client') === idClient) as HTMLElement).queryByTestId('message-read-state');

describe('p2p read receipts', () => {
  it('shows no read state under a call record of mine (the server wrote it; nobody reads it)', async () => {
    const user = userEvent.setup({ delay: null });
    const client = new ClientWithExtras();
    client.sessions.set(P2P, sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice Chen', updateTime: now, receiptTime: now - 50_000 }));
    const record = sampleCallRecord('call', 'out', JSON.stringify({ channelId: 'ch', callType: 1, status: 'rejected' }), now - 10_000);
    client.localMessages.set(P2P, [out('a', now - 20_000), record]);
    renderWithChat(<ChatApp now={now} />, { client });
    await user.click(await screen.findByTestId('session-item-c_demo1'));
    const list = screen.getByTestId('message-list');
    await waitFor(() => expect(state(list, 'a')).toHaveAttribute('data-read', 'false'));
    expect(within(list).getByTestId('message-call-record')).toHaveTextContent('Call declined');
    expect(state(list, 'call')).not.toBeInTheDocument();
  });

  it('marks my messages Read up to the receipt time and Unread after it; a new receipt moves the line', async () => {
    const user = userEvent.setup({ delay: null });
    const client = new ClientWithExtras();
    client.sessions.set(P2P, sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice Chen', updateTime: now, receiptTime: now - 20_000 }));
    const incoming = sampleMessage({ idClient: 'in1', idServer: 'srv-in1', sessionId: P2P, text: 'hello', time: now - 40_000 });
    client.localMessages.set(P2P, [incoming, out('a', now - 30_000), out('b', now - 20_000), out('c', now - 10_000)]);
    renderWithChat(<ChatApp now={now} />, { client });
    await user.click(await screen.findByTestId('session-item-c_demo1'));
    const list = screen.getByTestId('message-list');
    await waitFor(() => expect(state(list, 'c')).toBeInTheDocument());
    expect(state(list, 'a')).toHaveTextContent('Read');
    expect(state(list, 'a')).toHaveAccessibleName('Read by the customer');
    expect(state(list, 'b')).toHaveAttribute('data-read', 'true');
    expect(state(list, 'c')).toHaveAttribute('data-read', 'false');
    expect(state(list, 'c')).toHaveTextContent('Unread');
    // Incoming messages carry no read state.
    expect(state(list, 'in1')).toBeNull();

    act(() => client.emit('sessions', [sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice Chen', updateTime: now, receiptTime: now - 10_000 })]));
    await waitFor(() => expect(state(list, 'c')).toHaveAttribute('data-read', 'true'));
  });

  it('sends a receipt for the newest customer message when the merchant opens the conversation, once', async () => {
    const user = userEvent.setup({ delay: null });
    const client = new ClientWithExtras();
    client.sessions.set(P2P, sampleSession({ peerAccount: 'c_demo1', updateTime: now }));
    // Older than what FakeChatClient.receive stamps (its clock starts at 1_700_000_000_000).
    client.localMessages.set(P2P, [sampleMessage({ idClient: 'in1', idServer: 's1', sessionId: P2P, time: 1_699_999_998_000 }), sampleMessage({ idClient: 'in2', idServer: 's2', sessionId: P2P, time: 1_699_999_999_000 })]);
    renderWithChat(<ChatApp now={now} />, { client });
    await user.click(await screen.findByTestId('session-item-c_demo1'));
    await waitFor(() => expect(client.extras.receiptsSent).toEqual(['in2']));
    // Opening again sends nothing for in2 (the receipt covers it); a newer message read in the open conversation gets its own.
    await user.click(screen.getByTestId('session-item-c_demo1'));
    await waitFor(() => expect(client.historyRequests).toHaveLength(2));
    act(() => void client.receive('c_demo1', 'one more question'));
    await waitFor(() => expect(client.extras.receiptsSent).toHaveLength(2));
    expect(client.extras.receiptsSent[0]).toBe('in2');
    expect(client.extras.receiptsSent[1]).toMatch(/^in-/);
  });

  it('says 已读 / 未读 in zh-CN', async () => {
    const user = userEvent.setup({ delay: null });
    const client = new ClientWithExtras();
    client.sessions.set(P2P, sampleSession({ peerAccount: 'c_demo1', updateTime: now, receiptTime: now - 20_000 }));
    client.localMessages.set(P2P, [out('a', now - 30_000), out('c', now - 10_000)]);
    renderWithChat(<ChatApp now={now} />, { client, language: 'zh-CN' });
    await user.click(await screen.findByTestId('session-item-c_demo1'));
    const list = screen.getByTestId('message-list');
    await waitFor(() => expect(state(list, 'a')).toHaveTextContent('已读'));
    expect(state(list, 'c')).toHaveTextContent('未读');
  });
});

describe('team read receipts', () => {
  it('shows the counts of my team messages that asked for receipts, follows pushes, and lists who read and who did not', async () => {
    const user = userEvent.setup({ delay: null });
    const extras = new FakeMessageExtrasPort();
    extras.teamReads.set('t1', { idClient: 't1', read: 1, unread: 2 });
    extras.readAccounts.set('t1', { read: ['c_demo1'], unread: ['c_demo2', 'c_demo3'] });
    const client = new ClientWithExtras(extras);
    client.customers.set('c_demo1', { account: 'c_demo1', nick: 'Alice Chen' });
    client.sessions.set(TEAM, sampleSession({ id: TEAM, peerAccount: '42', peerNick: 'VIP buyers', scene: 'team', updateTime: now }));
    const incoming = sampleMessage({ idClient: 'ti', idServer: 'srv-ti', sessionId: TEAM, from: 'c_demo1', to: '42', time: now - 50_000, needReceipt: true });
    client.localMessages.set(TEAM, [incoming, out('t1', now - 40_000, TEAM, { to: '42', needReceipt: true }), out('t2', now - 30_000, TEAM, { to: '42' })]);
    renderWithChat(<ChatApp now={now} />, { client });
    await user.click(await screen.findByTestId('session-item-42'));
    const list = screen.getByTestId('message-list');
    const counts = await within(list).findByTestId('message-team-reads');
    expect(counts).toHaveTextContent('1 read · 2 unread');
    expect(counts).toHaveAccessibleName('1 read, 2 unread: see who');
    // A message sent without receipts has none; team messages have no p2p Read line.
    expect(within(list).getAllByTestId('message-team-reads')).toHaveLength(1);
    expect(within(list).queryByTestId('message-read-state')).not.toBeInTheDocument();
    // Reading the team's messages counts the merchant as a reader of the one that asked.
    await waitFor(() => expect(extras.teamReceiptsSent).toEqual(['ti']));

    act(() => extras.play({ type: 'teamReads', counts: [{ idClient: 't1', read: 2, unread: 1 }] }));
    await waitFor(() => expect(counts).toHaveTextContent('2 read · 1 unread'));

    await user.click(counts);
    const dialog = await screen.findByRole('dialog', { name: 'Who read this message' });
    await waitFor(() => expect(within(dialog).getByTestId('team-reads-read')).toHaveTextContent('Alice Chen'));
    await user.click(within(dialog).getByRole('tab', { name: 'Unread (2)' }));
    expect(within(dialog).getByTestId('team-reads-unread').textContent).toBe('c_demo2c_demo3');

    act(() => extras.play({ type: 'teamReads', counts: [{ idClient: 't1', read: 3, unread: 0 }] }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(counts).toHaveTextContent('Read by all'));
  });
});
