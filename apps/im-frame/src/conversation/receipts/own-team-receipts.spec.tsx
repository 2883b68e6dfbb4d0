// Issue 32 §5: the merchant's own team texts ask for read receipts (needMsgReceipt), so the members' receipts give
// them "N read · M unread" counts. Over real im-core (createFrameChatClient) and a scripted im-server connection.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryStore, SceneCode } from '@merchant/im-core';
import { ChatApp } from '../../app/chat-app';
import { ChatController } from '../../chat/chat-controller';
import { ChatProvider } from '../../chat/chat-context';
import { createFrameI18n } from '../../i18n/frame-i18n';
import { createFrameChatClient } from '../../chat/create-frame-chat-client';
import { DEFAULT_RUNTIME_CONFIG } from '../../config/runtime-config';
import { createFakeImServer, MERCHANT, wireTextMessage } from '../../test/fake-im-server';
import type { MessageExtrasChange, MessageExtrasSource } from '../message-actions/message-extras-port';

async function connected() {
  const server = createFakeImServer();
  const client = await createFrameChatClient({ config: DEFAULT_RUNTIME_CONFIG, params: { account: MERCHANT, token: 'token' }, store: new MemoryStore(), connection: server.connection });
  await client.connect();
  const sent = (name: string) => server.connection.requests.filter((r) => r.name === name).map((r) => r.body as Record<string, unknown>);
  return { server, client, sent, extras: (client as MessageExtrasSource).extras! };
}

describe("the merchant's own team texts and read receipts", () => {
  it('a team text asks for receipts on the wire and gets counts, which follow a member’s receipt; a p2p text asks for none', async () => {
    const { server, client, sent, extras } = await connected();
    const mine = await client.sendText('team-42', 'Sale starts at 8');
    // (im-core's teams-client spec shows the field survives the frame codec.)
    expect(sent('sendTeamMsg')[0]).toMatchObject({ msg: { idClient: mine.idClient, to: '42', needMsgReceipt: true } });
    expect(mine).toMatchObject({ status: 'success', flow: 'out', needReceipt: true, idServer: `srv-${mine.idClient}` });

    // The conversation asks for the counts of the messages that asked for receipts: this one now.
    server.connection.answer('getTeamMsgReads', (asked) => ({ receipts: (asked.receipts ?? []).map((r) => ({ ...r, read: 0, unread: 3 })) }));
    expect(await extras.getTeamReads([mine])).toEqual([{ idClient: mine.idClient, read: 0, unread: 3 }]);
    expect(sent('getTeamMsgReads')).toEqual([{ receipts: [{ teamId: '42', idServer: mine.idServer, idClient: mine.idClient }] }]);

    // A member reads it: im-server pushes the new counts, the frame's receipts follow them.
    const changes: MessageExtrasChange[] = [];
    extras.onChange((change) => changes.push(change));
    server.connection.push('teamMsgReceipt', { receipts: [{ teamId: '42', idServer: mine.idServer, idClient: mine.idClient, read: 1, unread: 2 }] });
    await waitFor(() => expect(changes).toEqual([{ type: 'teamReads', counts: [{ idClient: mine.idClient, read: 1, unread: 2 }] }]));

    const p2p = await client.sendText('p2p-c_demo1', 'Your parcel left');
    expect(p2p.needReceipt).toBeUndefined();
    expect((sent('sendMsg')[0].msg as { needMsgReceipt?: boolean }).needMsgReceipt).toBeUndefined();
    await client.disconnect();
  });
});

describe("the merchant's own team text in the conversation (whole frame UI over im-core)", () => {
  it('sent from the composer, it shows "0 read · 3 unread", then "1 read · 2 unread" once a member reads it', async () => {
    const user = userEvent.setup({ delay: null });
    const { server, client, sent } = await connected();
    server.connection.answer('getTeamMsgReads', (asked) => ({ receipts: (asked.receipts ?? []).map((r) => ({ ...r, read: 0, unread: 3 })) }));
    const controller = new ChatController(client);
    render(
      <I18nextProvider i18n={createFrameI18n('en-US')}>
        <ChatProvider controller={controller}>
          <ChatApp />
        </ChatProvider>
      </I18nextProvider>,
    );
    void controller.start();
    // A customer's message opens the team conversation.
    act(() => server.connection.push('teamMsg', { msg: { ...wireTextMessage('team-in-1', Date.now(), 'c_demo1', 'Any discount?'), scene: SceneCode.team, to: '42' } }));
    await user.click(await screen.findByTestId('session-item-42'));
    await user.type(screen.getByTestId('message-input'), 'Sale starts at 8{Enter}');
    await waitFor(() => expect(sent('sendTeamMsg')).toHaveLength(1));
    const idClient = (sent('sendTeamMsg')[0].msg as { idClient: string }).idClient;
    const list = screen.getByTestId('message-list');
    const mine = await waitFor(() => within(list).getAllByTestId('message').find((m) => m.getAttribute('data-id-client') === idClient) as HTMLElement);
    const counts = await within(mine).findByTestId('message-team-reads');
    expect(counts).toHaveTextContent('0 read · 3 unread');
    act(() => server.connection.push('teamMsgReceipt', { receipts: [{ teamId: '42', idServer: `srv-${idClient}`, idClient, read: 1, unread: 2 }] }));
    await waitFor(() => expect(counts).toHaveTextContent('1 read · 2 unread'));
    await controller.stop();
  });
});
