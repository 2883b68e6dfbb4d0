import { ChatController } from './chat-controller';
import type { ChatMessage } from './chat-client';
import { FakeChatClient, sampleMessage, sampleSession } from '../test/fake-chat-client';

const SESSION = 'p2p-c_demo1';

async function openConversation(messages: ChatMessage[], client = new FakeChatClient()) {
  client.sessions.set(SESSION, sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice Chen' }));
  client.sessions.set('p2p-c_demo2', sampleSession({ peerAccount: 'c_demo2' }));
  client.localMessages.set(SESSION, messages);
  const controller = new ChatController(client);
  await controller.start();
  await controller.openSession(SESSION);
  return { client, controller };
}

const question = sampleMessage({ idClient: 'q1', idServer: '1001', sessionId: SESSION, text: 'Is the oak table in stock?', fromNick: 'Alice Chen', time: 1 });

describe('ChatController replies', () => {
  it('enters reply mode on a stored message and sends the next text as a reply to it with replyText, then leaves reply mode', async () => {
    const { client, controller } = await openConversation([question]);
    expect(controller.startReply(question)).toBe(true);
    expect(controller.getState().replyingBySession[SESSION]).toBe(question);

    const result = controller.sendText('Yes, 3 left.');
    expect(result.ok).toBe(true);
    expect(controller.getState().replyingBySession[SESSION]).toBeUndefined();
    const delivered = result.ok ? await result.delivery : undefined;

    expect(client.replies).toEqual([{ replied: question, text: 'Yes, 3 left.' }]);
    expect(client.sentTexts).toEqual([]);
    expect(delivered).toMatchObject({ status: 'success', replyTo: { idServer: '1001', idClient: 'q1' } });
    expect(controller.getState().messagesBySession[SESSION].map((m) => m.text)).toEqual(['Is the oak table in stock?', 'Yes, 3 left.']);
  });

  it('sends a plain message once reply mode was left, by sending or by cancelling', async () => {
    const { client, controller } = await openConversation([question]);
    controller.startReply(question);
    controller.cancelReply();
    expect(controller.getState().replyingBySession).toEqual({});
    const result = controller.sendText('plain');
    if (result.ok) await result.delivery;
    expect(client.replies).toEqual([]);
    expect(client.sentTexts).toEqual(['plain']);
  });

  it('keeps reply mode when the text is refused (blank or too long), so the merchant can fix it', async () => {
    const { client, controller } = await openConversation([question]);
    controller.startReply(question);
    expect(controller.sendText('   ')).toEqual({ ok: false, reason: 'empty' });
    expect(controller.sendText('x'.repeat(5001))).toEqual({ ok: false, reason: 'tooLong' });
    expect(controller.getState().replyingBySession[SESSION]).toBe(question);
    expect(client.replies).toEqual([]);
  });

  it('keeps reply mode per conversation: another conversation writes plain messages', async () => {
    const { client, controller } = await openConversation([question]);
    controller.startReply(question);
    await controller.openSession('p2p-c_demo2');
    const result = controller.sendText('to Bob');
    if (result.ok) await result.delivery;
    expect(client.sentTexts).toEqual(['to Bob']);
    expect(controller.getState().replyingBySession[SESSION]).toBe(question);
  });

  it('refuses reply mode for messages the server has not stored, failed or sending ones, tips and team notifications', async () => {
    const { controller } = await openConversation([question]);
    const refused = [
      sampleMessage({ idClient: 'n1', sessionId: SESSION }),
      sampleMessage({ idClient: 'f1', sessionId: SESSION, flow: 'out', status: 'fail' }),
      sampleMessage({ idClient: 's1', sessionId: SESSION, flow: 'out', status: 'sending', idServer: '1002' }),
      sampleMessage({ idClient: 't1', sessionId: SESSION, type: 'tip', idServer: '1003' }),
      sampleMessage({ idClient: 'x1', sessionId: SESSION, type: 'notification', idServer: '1004' }),
    ];
    for (const message of refused) {
      expect(controller.canReplyTo(message)).toBe(false);
      expect(controller.startReply(message)).toBe(false);
    }
    expect(controller.getState().replyingBySession).toEqual({});
    expect(controller.canReplyTo(question)).toBe(true);
    expect(controller.canReplyTo({ ...question, flow: 'out', idClient: 'o1', idServer: '1005' })).toBe(true);
  });

  it('offers no replies when the client cannot send them (a client without msgExtend)', async () => {
    const client = new FakeChatClient();
    client.replyText = undefined;
    const { controller } = await openConversation([question], client);
    expect(controller.canReply).toBe(false);
    expect(controller.startReply(question)).toBe(false);
  });

  it('looks a replied message up in the client store, and answers undefined when the lookup fails', async () => {
    const client = new FakeChatClient();
    const older = sampleMessage({ idClient: 'old', idServer: '900', sessionId: SESSION, text: 'older question' });
    client.storedOnly.push(older);
    const { controller } = await openConversation([question], client);
    await expect(controller.findMessage(SESSION, { from: 'c_demo1', idClient: 'old' })).resolves.toBe(older);
    await expect(controller.findMessage(SESSION, { from: 'c_demo1', idServer: '900' })).resolves.toBe(older);
    client.findMessage = async () => {
      throw new Error('store closed');
    };
    await expect(controller.findMessage(SESSION, { from: 'c_demo1', idClient: 'old' })).resolves.toBeUndefined();
  });
});
