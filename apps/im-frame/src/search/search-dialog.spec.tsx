// Message search in the frame (issue 32 §6): the panel in zh-CN and en-US, filters, keyboard, empty, error and
// loading states, and the jump to a result far back in history.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChatApp } from '../app/chat-app';
import { renderWithChat } from '../test/render-frame';
import { FakeChatClient, sampleMessage, sampleSession } from '../test/fake-chat-client';
import type { ChatMessage } from '../chat/chat-client';
import { JUMP_MAX_PAGES } from '../chat/chat-controller';
import { groupBySession } from './search-dialog';

const ALICE = 'p2p-c_alice';
const BOB = 'p2p-c_bob';
const T0 = 1_700_000_000_000;

/** `count` messages in a conversation, one a second; every fourth is the merchant's. */
function history(sessionId: string, count: number, text: (i: number) => string, start = T0): ChatMessage[] {
  return Array.from({ length: count }, (_, i) =>
    sampleMessage({ idClient: `${sessionId}-${i}`, idServer: `${sessionId}-s${i}`, sessionId, time: start + i * 1000, text: text(i), ...(i % 4 === 3 ? { flow: 'out' as const, from: 's_1001' } : {}) }),
  );
}

function setUp(language: 'en-US' | 'zh-CN' = 'en-US') {
  const client = new FakeChatClient();
  // 130 messages: "refund" only in message 5, older than the newest page of 100.
  const alice = history(ALICE, 130, (i) => (i === 5 ? 'About the REFUND <b>now</b>' : `alice line ${i}`));
  const bob = history(BOB, 3, (i) => (i === 1 ? 'refund please' : `bob line ${i}`), T0 + 500_000);
  client.sessions.set(ALICE, sampleSession({ peerAccount: 'c_alice', peerNick: 'Alice', lastMessage: alice.at(-1), updateTime: alice.at(-1)!.time }));
  client.sessions.set(BOB, sampleSession({ peerAccount: 'c_bob', peerNick: 'Bob', lastMessage: bob.at(-1), updateTime: bob.at(-1)!.time }));
  client.serverMessages.set(ALICE, alice);
  client.serverMessages.set(BOB, bob);
  const view = renderWithChat(<ChatApp now={T0 + 1_000_000} />, { client, language });
  return { ...view, client, user: userEvent.setup({ delay: null }) };
}

beforeEach(() => {
  Element.prototype.scrollIntoView = jest.fn();
});

describe('groupBySession', () => {
  it('groups by conversation, ordered by the newest hit, each newest first', () => {
    const m = (id: string, sessionId: string, time: number) => sampleMessage({ idClient: id, sessionId, time });
    const groups = groupBySession([m('a1', ALICE, 1), m('b1', BOB, 5), m('a2', ALICE, 9), m('b2', BOB, 2)]);
    expect(groups.map((g) => [g.sessionId, g.messages.map((x) => x.idClient)])).toEqual([
      [ALICE, ['a2', 'a1']],
      [BOB, ['b1', 'b2']],
    ]);
  });
});

describe('search panel (en-US)', () => {
  it('searches all conversations on Enter, groups the results and marks the keyword as text only', async () => {
    const { user, client } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Search messages' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search messages' });
    const keyword = within(dialog).getByLabelText('Keyword');
    expect(keyword).toHaveFocus();
    // Typing does not search; Enter does.
    await user.type(keyword, 'refund');
    expect(client.search.queries).toHaveLength(0);
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByTestId('search-status')).toHaveTextContent('2 result(s) in 2 conversation(s)');
    expect(client.search.queries).toEqual([{ keyword: 'refund', type: 'all', sender: 'any' }]);
    // Bob's hit is newer: his conversation comes first.
    const groups = within(dialog).getAllByRole('heading', { level: 3 });
    expect(groups.map((g) => g.textContent)).toEqual(['Bob (1)', 'Alice (1)']);
    const results = within(dialog).getAllByTestId('search-result');
    const aliceText = within(results[1]!).getByTestId('search-result-text');
    // The markup in the message is shown as characters; only the keyword is marked, in its own case.
    expect(aliceText).toHaveTextContent('About the REFUND <b>now</b>');
    expect(aliceText.querySelectorAll('b')).toHaveLength(0);
    expect([...aliceText.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['REFUND']);
    // Named by what it shows (sender · time, then the text), so the name contains the visible text (WCAG 2.5.3).
    expect(results[1]).toHaveAccessibleName(/^Alice · .+ About the REFUND <b>now<\/b>$/);
  });

  it('moves between results with the arrow keys and opens one with Enter: history is read back to it, and it is highlighted and focused', async () => {
    const { user, client, controller } = setUp();
    await user.click(await screen.findByTestId('search-open'));
    await user.type(screen.getByTestId('search-keyword'), 'refund{Enter}');
    const results = await screen.findAllByTestId('search-result');
    // One tab stop for the list: the first result.
    expect(results.map((r) => r.tabIndex)).toEqual([0, -1]);
    act(() => results[0]!.focus());
    await user.keyboard('{ArrowDown}');
    expect(results[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(results[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByTestId('search-dialog')).not.toBeInTheDocument());
    expect(controller.getState().activeSessionId).toBe(ALICE);
    // The newest page (30…129), then the older page back to message 5.
    expect(client.historyRequests.filter((r) => r.sessionId === ALICE).map((r) => r.endTime)).toEqual([undefined, T0 + 30_000]);
    const row = await waitFor(() => {
      const found = screen.getAllByTestId('message').find((element) => element.dataset.idClient === `${ALICE}-5`);
      expect(found).toHaveAttribute('data-highlighted', 'true');
      return found!;
    });
    await waitFor(() => expect(row).toHaveFocus());
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    // The list is unbroken up to the newest message.
    const loaded = controller.getState().messagesBySession[ALICE]!;
    expect(loaded[0]!.time).toBeLessThanOrEqual(T0 + 5000);
    expect(loaded.at(-1)!.idClient).toBe(`${ALICE}-129`);
    expect(loaded).toHaveLength(130);
  }, 60_000);

  it('filters by sender and by type; a file search needs no keyword and matches file names', async () => {
    const { user, client } = setUp();
    client.serverMessages.set(BOB, [
      ...client.serverMessages.get(BOB)!,
      sampleMessage({ idClient: 'f1', sessionId: BOB, type: 'file', text: '', time: T0 + 900_000, file: { url: 'https://cdn.example/a.pdf', name: 'Invoice-March.pdf', ext: 'pdf', size: 10 } }),
      sampleMessage({ idClient: 'f2', sessionId: BOB, type: 'file', text: '', time: T0 + 900_001, file: { url: 'https://cdn.example/b.zip', name: 'photos.zip', ext: 'zip', size: 10 } }),
      sampleMessage({ idClient: 'mine', sessionId: BOB, text: 'my refund answer', time: T0 + 900_002, flow: 'out', from: 's_1001' }),
    ]);
    await user.click(await screen.findByTestId('search-open'));
    await user.type(screen.getByTestId('search-keyword'), 'refund');
    await user.selectOptions(screen.getByLabelText('Sender'), 'Me');
    await user.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(screen.getAllByTestId('search-result').map((r) => r.dataset.idClient)).toEqual(['mine']));
    await user.selectOptions(screen.getByLabelText('Sender'), 'Anyone');
    await user.selectOptions(screen.getByLabelText('Message type'), 'Files');
    expect(screen.getByText('Pictures, voice, video and files match by file name (optional)')).toBeInTheDocument();
    await user.clear(screen.getByTestId('search-keyword'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('search-result').map((r) => r.dataset.idClient)).toEqual(['f2', 'f1']));
    await user.type(screen.getByTestId('search-keyword'), 'invoice{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('search-result').map((r) => r.dataset.idClient)).toEqual(['f1']));
    expect(within(screen.getByTestId('search-result')).getByText('Invoice')).toContainHTML('mark');
    expect(client.search.queries.at(-1)).toEqual({ keyword: 'invoice', type: 'file', sender: 'any' });
  });

  it('searches one conversation from its header; its customer is offered as the sender', async () => {
    const { user, client } = setUp();
    await user.click(await screen.findByTestId('session-item-c_bob'));
    await user.click(await screen.findByRole('button', { name: 'Search in this conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search in “Bob”' });
    expect(within(dialog).getByRole('option', { name: 'Bob' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Keyword'), 'refund{Enter}');
    await waitFor(() => expect(within(dialog).getAllByTestId('search-result').map((r) => r.dataset.idClient)).toEqual([`${BOB}-1`]));
    expect(client.search.queries).toEqual([{ keyword: 'refund', type: 'all', sender: 'any', sessionId: BOB }]);
  });

  it('shows progress while searching, then the failure; an empty keyword is refused before anything is asked', async () => {
    const { user, client } = setUp();
    let release = () => {};
    client.search.hold = new Promise((resolve) => (release = resolve));
    client.search.error = new Error('the server is busy');
    await user.click(await screen.findByTestId('search-open'));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Enter a keyword')).toBeInTheDocument();
    expect(client.search.queries).toHaveLength(0);
    await user.type(screen.getByTestId('search-keyword'), 'refund{Enter}');
    expect(await screen.findByRole('progressbar', { name: 'Searching…' })).toBeInTheDocument();
    expect(screen.getByTestId('search-status')).toHaveTextContent('Searching…');
    await act(async () => release());
    expect(await screen.findByRole('alert')).toHaveTextContent('The search failed: the server is busy');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says when a result can no longer be found in its conversation', async () => {
    const { user, client, controller } = setUp();
    await user.click(await screen.findByTestId('search-open'));
    await user.type(screen.getByTestId('search-keyword'), 'refund{Enter}');
    const results = await screen.findAllByTestId('search-result');
    // Deleted since the search: the server's history no longer has it.
    client.serverMessages.set(ALICE, client.serverMessages.get(ALICE)!.filter((m) => m.idClient !== `${ALICE}-5`));
    await user.click(results[1]!);
    expect(await screen.findByTestId('search-not-loaded')).toHaveTextContent('This message could not be found');
    expect(screen.getByTestId('search-dialog')).toBeInTheDocument();
    // It stopped once it had read past the message's time, within the page bound.
    expect(client.historyRequests.filter((r) => r.sessionId === ALICE).length).toBeLessThanOrEqual(JUMP_MAX_PAGES + 1);
    expect(controller.getState().jumpRequest).toBeUndefined();
  });
});

describe('search panel (zh-CN)', () => {
  it('speaks Chinese: button, required keyword, empty result', async () => {
    const { user } = setUp('zh-CN');
    await user.click(await screen.findByRole('button', { name: '搜索消息' }));
    const dialog = await screen.findByRole('dialog', { name: '搜索消息' });
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('请输入关键词')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('关键词'), '不存在{Enter}');
    expect(await within(dialog).findByText('没有找到与“不存在”匹配的消息')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('消息类型')).toHaveDisplayValue('全部文字（含提示）');
    expect(within(dialog).getByLabelText('发送者')).toHaveDisplayValue('任何人');
  });

  it('reads the results and the opened message in Chinese', async () => {
    const { user } = setUp('zh-CN');
    await user.click(await screen.findByTestId('search-open'));
    await user.type(screen.getByTestId('search-keyword'), 'refund{Enter}');
    expect(await screen.findByTestId('search-status')).toHaveTextContent('找到 2 条消息，分布在 2 个会话中');
    expect(screen.getAllByRole('heading', { level: 3 }).map((g) => g.textContent)).toEqual(['Bob（1 条）', 'Alice（1 条）']);
    expect(screen.getByText('用上下方向键选择结果，按回车打开')).toBeInTheDocument();
  });
});
