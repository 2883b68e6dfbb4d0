// Issue 32 §5: the merchant's own team texts ask for read receipts (needMsgReceipt), so the members' receipts give
// them "N read · M unread" counts. Over real im-core (createFrameChatClient) and a scripted im-server connection.
import { waitFor } from '@testing-library/react';
import { MemoryStore } from '@merchant/im-core';
import { createFrameChatClient } from '../../chat/create-frame-chat-client';
import { DEFAULT_RUNTIME_CONFIG } from '../../config/runtime-config';
import { createFakeImServer, MERCHANT } from '../../test/fake-im-server';
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
