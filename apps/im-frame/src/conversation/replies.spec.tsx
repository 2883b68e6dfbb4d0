import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChatApp } from '../app/chat-app';
import { chooseMessageAction, offeredActions } from './message-actions/menu-test-helpers';
import type { ChatMessage } from '../chat/chat-client';
import { renderWithChat } from '../test/render-frame';
import { FakeChatClient, sampleMessage, sampleSession } from '../test/fake-chat-client';
import type { FrameLanguage } from '../i18n/frame-i18n';

const SESSION = 'p2p-c_demo1';

const question = sampleMessage({ idClient: 'q1', idServer: '1001', sessionId: SESSION, text: 'Is the oak table in stock?\nAnd the chairs?', fromNick: 'Alice Chen', time: 1 });

function clientWith(messages: ChatMessage[]): FakeChatClient {
  const client = new FakeChatClient();
  client.sessions.set(SESSION, sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice Chen' }));
  client.localMessages.set(SESSION, messages);
  return client;
}

async function openChat(messages: ChatMessage[], options: { client?: FakeChatClient; language?: FrameLanguage } = {}) {
  const user = userEvent.setup({ delay: null });
  const rendered = renderWithChat(<ChatApp />, { client: options.client ?? clientWith(messages), language: options.language });
  await user.click(await screen.findByTestId('session-item-c_demo1'));
  const list = screen.getByTestId('message-list');
  await waitFor(() => expect(within(list).getAllByTestId('message')).toHaveLength(messages.length));
  return { ...rendered, user, list };
}

const bubbleOf = (list: HTMLElement, idClient: string): HTMLElement => {
  const found = within(list).getAllByTestId('message').find((element) => element.getAttribute('data-id-client') === idClient);
  if (!found) throw new Error(`no bubble ${idClient}`);
  return found;
};

describe('replying to a message', () => {
  it('Reply puts the composer into reply mode: a quote bar "Replying to <name>: <first line>", the focus in the text; Cancel leaves it', async () => {
    const { user, list } = await openChat([question]);
    await user.click(within(bubbleOf(list, 'q1')).getByRole('button', { name: 'Message actions: Is the oak table in stock?' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Reply' }));

    expect(screen.getByTestId('reply-bar-text')).toHaveTextContent('Replying to Alice Chen: Is the oak table in stock?');
    const input = screen.getByTestId('message-input');
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription(/Replying to Alice Chen: Is the oak table in stock\?/);

    await user.click(screen.getByRole('button', { name: 'Cancel the reply' }));
    expect(screen.queryByTestId('reply-bar')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it('Escape in the text, or on the Cancel button, leaves reply mode without sending', async () => {
    const { user, list, client } = await openChat([question]);
    await chooseMessageAction(user, bubbleOf(list, 'q1'), 'reply');
    await user.type(screen.getByTestId('message-input'), 'draft{Escape}');
    expect(screen.queryByTestId('reply-bar')).not.toBeInTheDocument();
    expect(screen.getByTestId('message-input')).toHaveValue('draft');

    // The menu by keyboard: the "more" button, Enter, then Reply (the first action after the reactions).
    act(() => within(bubbleOf(list, 'q1')).getByTestId('message-more').focus());
    await user.keyboard('{Enter}');
    act(() => within(screen.getByRole('menu')).getByTestId('message-reply').focus());
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('reply-bar')).toBeInTheDocument();
    act(() => screen.getByTestId('reply-cancel').focus());
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('reply-bar')).not.toBeInTheDocument();
    expect(client.replies).toEqual([]);
    expect(client.sentTexts).toEqual([]);
  });

  it('sending in reply mode calls replyText with the replied message and the text, leaves reply mode, and the reply quotes it', async () => {
    const { user, list, client } = await openChat([question]);
    await chooseMessageAction(user, bubbleOf(list, 'q1'), 'reply');
    await user.type(screen.getByTestId('message-input'), 'Yes, 3 left.{Enter}');

    expect(client.replies).toEqual([{ replied: question, text: 'Yes, 3 left.' }]);
    expect(client.sentTexts).toEqual([]);
    expect(screen.queryByTestId('reply-bar')).not.toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByTestId('message')).toHaveLength(2));
    const answer = within(list).getAllByTestId('message')[1];
    expect(within(answer).getByTestId('message-quote-sender')).toHaveTextContent('Alice Chen');
    expect(within(answer).getByTestId('message-quote-text')).toHaveTextContent('Is the oak table in stock?');

    // The next message is a plain one again.
    await user.type(screen.getByTestId('message-input'), 'anything else?{Enter}');
    expect(client.sentTexts).toEqual(['anything else?']);
  });

  it('offers Reply only on messages the server stored: not on failed or sending ones, tips or team notifications', async () => {
    const { list, user } = await openChat([
      question,
      sampleMessage({ idClient: 'mine', idServer: '1002', sessionId: SESSION, flow: 'out', text: 'sent and stored', time: 2 }),
      sampleMessage({ idClient: 'failed', sessionId: SESSION, flow: 'out', status: 'fail', text: 'not sent', time: 3 }),
      sampleMessage({ idClient: 'sending', sessionId: SESSION, flow: 'out', status: 'sending', text: 'on its way', time: 4 }),
      sampleMessage({ idClient: 'tip', idServer: '1003', sessionId: SESSION, type: 'tip', text: 'a tip', time: 5 }),
      sampleMessage({ idClient: 'note', idServer: '1004', sessionId: SESSION, type: 'notification', text: '', time: 6 }),
    ]);
    const offered: string[] = [];
    for (const bubble of within(list).getAllByTestId('message')) {
      if ((await offeredActions(user, bubble)).includes('reply')) offered.push(bubble.getAttribute('data-id-client') ?? '');
    }
    expect(offered).toEqual(['q1', 'mine']);
  });

  it('offers no Reply when the client cannot send replies (a client without msgExtend)', async () => {
    const client = clientWith([question]);
    client.replyText = undefined;
    const { list, user } = await openChat([question], { client });
    const offered = await offeredActions(user, within(list).getByTestId('message'));
    expect(offered).not.toContain('reply');
    expect(offered).toContain('forward');
  });
});

describe('the quote of a reply', () => {
  const replyTo = (message: ChatMessage) => ({ from: message.from, idServer: message.idServer, idClient: message.idClient, time: message.time });
  const answer = (idClient: string, replied: ChatMessage, time = 10) =>
    sampleMessage({ idClient, idServer: String(2000 + time), sessionId: SESSION, flow: 'out', from: 's_1001', text: `answer ${idClient}`, time, replyTo: replyTo(replied) });

  it('quotes a loaded message by its sender and first line; Enter on the quote scrolls to, focuses and highlights it', async () => {
    const { user, list, client } = await openChat([question, answer('a1', question)]);
    const quote = within(bubbleOf(list, 'a1')).getByTestId('message-quote');
    expect(quote).toHaveAttribute('data-state', 'loaded');
    expect(quote).toHaveAccessibleName('Reply to Alice Chen: Is the oak table in stock?. Show the original message');
    expect(client.lookups).toEqual([]);

    act(() => quote.focus());
    await user.keyboard('{Enter}');
    const replied = bubbleOf(list, 'q1');
    expect(replied).toHaveAttribute('data-highlighted', 'true');
    expect(replied).toHaveFocus();
    // Moving on ends the highlight.
    await user.tab();
    expect(replied).not.toHaveAttribute('data-highlighted');
  });

  it('quotes a message found by idServer among the loaded ones (a reply from another device knows no idClient of ours)', async () => {
    const reply = sampleMessage({ idClient: 'a2', idServer: '2002', sessionId: SESSION, flow: 'in', text: 'me too', time: 5, replyTo: { from: 'c_demo1', idServer: '1001' } });
    const { list } = await openChat([question, reply]);
    expect(within(bubbleOf(list, 'a2')).getByTestId('message-quote-text')).toHaveTextContent('Is the oak table in stock?');
  });

  it('quotes a message that is not loaded from the local store, as text only (nothing to scroll to)', async () => {
    const older = sampleMessage({ idClient: 'old', idServer: '900', sessionId: SESSION, text: 'Do you ship to Shanghai?', fromNick: 'Alice Chen', time: 0 });
    const client = clientWith([answer('a3', older)]);
    client.storedOnly.push(older);
    const { list } = await openChat([answer('a3', older)], { client });
    const quote = await within(bubbleOf(list, 'a3')).findByTestId('message-quote');
    expect(quote).toHaveAttribute('data-state', 'stored');
    expect(quote).toHaveTextContent('Alice ChenDo you ship to Shanghai?');
    expect(within(quote).queryByRole('button')).not.toBeInTheDocument();
    expect(quote.tagName).not.toBe('BUTTON');
    expect(client.lookups).toEqual([replyTo(older)]);
  });

  it.each([
    ['en-US', 'Original message unavailable'],
    ['zh-CN', '原消息不可用'],
  ] as const)('says the original is unavailable when neither the list nor the store has it (%s)', async (language, text) => {
    const gone = sampleMessage({ idClient: 'gone', idServer: '800', sessionId: SESSION, time: 0 });
    const { list } = await openChat([answer('a4', gone)], { language });
    const quote = await within(bubbleOf(list, 'a4')).findByTestId('message-quote');
    expect(quote).toHaveAttribute('data-state', 'unavailable');
    expect(quote).toHaveTextContent(text);
  });

  it.each([
    ['en-US', 'Me', '[Image]', '[File] price-list.pdf'],
    ['zh-CN', '我', '[图片]', '[文件] price-list.pdf'],
  ] as const)('quotes a picture or a file by its type label in the user\'s language (%s)', async (language, me, image, file) => {
    const picture = sampleMessage({ idClient: 'img', idServer: '701', sessionId: SESSION, flow: 'out', from: 's_1001', type: 'image', text: '', file: { url: 'https://objects.test/a.png', ext: 'png', size: 10 }, time: 1 });
    const document = sampleMessage({ idClient: 'doc', idServer: '702', sessionId: SESSION, type: 'file', text: '', fromNick: 'Alice Chen', file: { url: 'https://objects.test/p.pdf', name: 'price-list.pdf', ext: 'pdf', size: 10 }, time: 2 });
    const { list } = await openChat([picture, document, answer('r1', picture, 3), answer('r2', document, 4)], { language });
    const first = within(bubbleOf(list, 'r1'));
    expect(first.getByTestId('message-quote-sender')).toHaveTextContent(me);
    expect(first.getByTestId('message-quote-text')).toHaveTextContent(image);
    expect(within(bubbleOf(list, 'r2')).getByTestId('message-quote-text')).toHaveTextContent(file);
  });

  it('shows the first line only, cut with an ellipsis, and keeps markup in the quoted text inert', async () => {
    const long = sampleMessage({ idClient: 'long', idServer: '600', sessionId: SESSION, text: `<img src=x onerror="alert(1)"> ${'very '.repeat(20)}long\nsecond line`, time: 1 });
    const { list } = await openChat([long, answer('a5', long)]);
    const text = within(bubbleOf(list, 'a5')).getByTestId('message-quote-text');
    expect(text.textContent).toBe('<img src=x onerror="alert(1)"> very very…');
    expect(text.textContent).not.toContain('second line');
    expect(list.querySelector('img')).toBeNull();
  });
});
