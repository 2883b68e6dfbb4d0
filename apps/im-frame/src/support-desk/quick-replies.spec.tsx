// The frame's quick replies (issue 32): the composer's shortcut and button open a filterable list that the
// keyboard drives (↑↓, Enter inserts at the caret, Escape closes); the manage dialog adds, edits, moves and
// deletes (after a confirmation) through the desk bridge, whose console here keeps the list in memory and
// answers as the real console does (quickReplies | deskError, by request id); zh-CN and en-US.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuickReplyAction } from '@merchant/api-contracts';
import { Composer } from '../conversation/composer';
import { renderWithI18n } from '../test/render-frame';
import type { FrameLanguage } from '../i18n/frame-i18n';
import { createDeskBridge, DeskRequestError } from './desk-bridge';
import { SupportDeskProvider } from './desk-context';
import type { IncomingMessage } from '../parent-bridge/console-messages';

const CONSOLE = 'http://localhost:4200';
const PARENT = { name: 'console window' };

/** The console as seen from the frame: answers each quickReplyRequest from an in-memory list. */
function fakeConsole(initial: string[], options: { refuse?: (action: QuickReplyAction) => string | null } = {}) {
  const listeners = new Set<(event: IncomingMessage) => void>();
  let nextId = 1;
  let list = initial.map((text) => ({ replyId: nextId++, text }));
  const actions: QuickReplyAction[] = [];
  const answer = (payload: unknown, type: string) =>
    setTimeout(() => listeners.forEach((listener) => listener({ origin: CONSOLE, source: PARENT, data: { source: 'merchant-console', type, payload } })));
  const bridge = {
    targetOrigins: [CONSOLE],
    send(message: { type: string; payload: unknown }) {
      if (message.type !== 'quickReplyRequest') return;
      const { requestId, action } = message.payload as { requestId: string; action: QuickReplyAction };
      actions.push(action);
      const refusal = options.refuse?.(action);
      if (refusal) return answer({ requestId, reason: refusal }, 'deskError');
      if (action.kind === 'add') list = [...list, { replyId: nextId++, text: action.text }];
      if (action.kind === 'edit') list = list.map((reply) => (reply.replyId === action.replyId ? { ...reply, text: action.text } : reply));
      if (action.kind === 'delete') list = list.filter((reply) => reply.replyId !== action.replyId);
      if (action.kind === 'move') {
        const moving = list.find((reply) => reply.replyId === action.replyId)!;
        const rest = list.filter((reply) => reply !== moving);
        rest.splice(action.toIndex, 0, moving);
        list = rest;
      }
      answer({ requestId, list }, 'quickReplies');
    },
  };
  const target = {
    addEventListener: (_type: 'message', listener: (event: IncomingMessage) => void) => listeners.add(listener),
    removeEventListener: (_type: 'message', listener: (event: IncomingMessage) => void) => listeners.delete(listener),
  };
  const desk = { bridge: createDeskBridge({ target, allowedOrigins: [CONSOLE], expectedSender: PARENT, bridge }) };
  return { desk, actions, texts: () => list.map((reply) => reply.text) };
}

function renderComposer(replies: string[], language: FrameLanguage = 'en-US', options: Parameters<typeof fakeConsole>[1] = {}) {
  const console = fakeConsole(replies, options);
  const sent: string[] = [];
  renderWithI18n(
    <SupportDeskProvider desk={console.desk}>
      <Composer onSend={(text) => (sent.push(text), null)} />
    </SupportDeskProvider>,
    language,
  );
  return { ...console, sent, input: screen.getByTestId('message-input') as HTMLTextAreaElement };
}

const REPLIES = ['您好，在的，请问有什么可以帮您？', 'Orders paid before 4 pm ship the same day.', 'Thanks for your order!'];

describe('quick replies in the composer (en-US)', () => {
  it('"/" in an empty message opens the list; typing filters it, ↑↓ choose and Enter inserts the reply', async () => {
    const user = userEvent.setup({ delay: null });
    const { input, sent } = renderComposer(REPLIES);
    await user.click(input);
    await user.keyboard('/');
    const filter = await screen.findByRole('combobox', { name: 'Filter quick replies' });
    expect(filter).toHaveFocus();
    expect(input).toHaveValue('');
    const listbox = screen.getByRole('listbox', { name: 'Quick replies' });
    await waitFor(() => expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(REPLIES));
    await user.type(filter, 'ORDER');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([REPLIES[1], REPLIES[2]]);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(filter).toHaveAttribute('aria-activedescendant', options[0].id);
    await user.keyboard('{ArrowDown}');
    expect(filter).toHaveAttribute('aria-activedescendant', options[1].id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(input).toHaveValue('Thanks for your order!');
    await waitFor(() => expect(input).toHaveFocus());
    // Inserted, not sent: the merchant may still change it.
    expect(sent).toEqual([]);
    await user.keyboard('{Enter}');
    expect(sent).toEqual(['Thanks for your order!']);
  });

  it('"/" inside a text is a slash; Ctrl+/ opens the list there and the reply goes in at the caret', async () => {
    const user = userEvent.setup({ delay: null });
    const { input } = renderComposer(REPLIES);
    await user.type(input, 'a/b');
    expect(input).toHaveValue('a/b');
    expect(screen.queryByRole('combobox', { name: 'Filter quick replies' })).not.toBeInTheDocument();
    input.setSelectionRange(2, 2);
    await user.keyboard('{Control>}/{/Control}');
    const filter = await screen.findByRole('combobox', { name: 'Filter quick replies' });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    await user.type(filter, 'thanks{Enter}');
    await waitFor(() => expect(input).toHaveValue('a/Thanks for your order!b'));
  });

  it('Escape closes the list and leaves the text as it was; a filter with no match says so', async () => {
    const user = userEvent.setup({ delay: null });
    const { input } = renderComposer(REPLIES);
    await user.click(screen.getByRole('button', { name: 'Quick replies' }));
    const filter = await screen.findByRole('combobox', { name: 'Filter quick replies' });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    await user.type(filter, 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('No quick reply matches “zzz”.');
    await user.keyboard('{Enter}{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Filter quick replies' })).not.toBeInTheDocument());
    expect(input).toHaveValue('');
  });
});

describe('quick replies in the composer (zh-CN)', () => {
  it('names its controls in Chinese and says when the store has none', async () => {
    const user = userEvent.setup({ delay: null });
    renderComposer([], 'zh-CN');
    await user.click(screen.getByRole('button', { name: '快捷回复' }));
    expect(await screen.findByRole('combobox', { name: '筛选快捷回复' })).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('还没有快捷回复。'));
    expect(screen.getByRole('button', { name: '管理快捷回复' })).toBeInTheDocument();
  });
});

describe('managing quick replies', () => {
  it('adds (blank refused before sending) and moves, showing the list the console answered', async () => {
    const user = userEvent.setup({ delay: null });
    const { texts, actions } = renderComposer(['first', 'second']);
    await user.click(screen.getByRole('button', { name: 'Quick replies' }));
    await user.click(await screen.findByRole('button', { name: 'Manage quick replies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage quick replies' });
    await waitFor(() => expect(within(dialog).getAllByTestId('quick-reply-row').map((row) => row.textContent)).toEqual(['first', 'second']));

    // Blank is refused here, before anything is sent.
    const asked = actions.length;
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter the text of the quick reply');
    expect(actions).toHaveLength(asked);

    await user.type(within(dialog).getByRole('textbox', { name: 'New quick reply' }), '  third  ');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(texts()).toEqual(['first', 'second', 'third']));
    expect(actions.at(-1)).toEqual({ kind: 'add', text: 'third' });
    await waitFor(() => expect(within(dialog).getAllByTestId('quick-reply-row')).toHaveLength(3));
    expect(within(dialog).getByTestId('quick-replies-count')).toHaveTextContent('3 / 200');
    // The dialog's submit stays in the dialog: the composer around it neither sent nor refused anything.
    expect(screen.queryByText('An empty message cannot be sent')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Move “third” up' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('quick-reply-row').map((row) => row.textContent)).toEqual(['first', 'third', 'second']));
    expect(within(dialog).getByRole('button', { name: 'Move “first” up' })).toBeDisabled();
  });

  it('edits in place and deletes only after a confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const { texts } = renderComposer(['first', 'third', 'second']);
    await user.click(screen.getByRole('button', { name: 'Quick replies' }));
    await user.click(await screen.findByRole('button', { name: 'Manage quick replies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage quick replies' });
    await waitFor(() => expect(within(dialog).getAllByTestId('quick-reply-row')).toHaveLength(3));
    await user.click(within(dialog).getByRole('button', { name: 'Edit “second”' }));
    const edit = within(dialog).getByRole('textbox', { name: 'Edit quick reply' });
    await user.clear(edit);
    await user.type(edit, 'second, edited');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(texts()).toEqual(['first', 'third', 'second, edited']));

    await user.click(within(dialog).getByRole('button', { name: 'Delete “first”' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this quick reply?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this quick reply?' })).not.toBeInTheDocument());
    expect(texts()).toEqual(['first', 'third', 'second, edited']);
    await user.click(within(dialog).getByRole('button', { name: 'Delete “first”' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this quick reply?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('quick-reply-row').map((row) => row.textContent)).toEqual(['third', 'second, edited']));
  });

  it("shows store-server's refusal and keeps the list as it was", async () => {
    const user = userEvent.setup({ delay: null });
    const { texts } = renderComposer(['kept'], 'zh-CN', { refuse: (action) => (action.kind === 'add' ? '快捷回复最多 200 条，请先删除不用的' : null) });
    await user.click(screen.getByRole('button', { name: '快捷回复' }));
    await user.click(await screen.findByRole('button', { name: '管理快捷回复' }));
    const dialog = await screen.findByRole('dialog', { name: '管理快捷回复' });
    await user.type(within(dialog).getByRole('textbox', { name: '新的快捷回复' }), 'one more');
    await user.click(within(dialog).getByRole('button', { name: '添加' }));
    expect(await within(dialog).findByTestId('quick-replies-error')).toHaveTextContent('快捷回复操作失败：快捷回复最多 200 条，请先删除不用的');
    expect(texts()).toEqual(['kept']);
    expect(within(dialog).getAllByTestId('quick-reply-row').map((row) => row.textContent)).toEqual(['kept']);
    // The typed text stays for another try.
    expect(within(dialog).getByRole('textbox', { name: '新的快捷回复' })).toHaveValue('one more');
  });
});

describe('desk bridge (frame side)', () => {
  it('takes answers only from the console window at an allowed origin, for its own request', async () => {
    const listeners = new Set<(event: IncomingMessage) => void>();
    const post = (data: unknown, origin = CONSOLE, source: unknown = PARENT) => listeners.forEach((listener) => listener({ data, origin, source }));
    const sent: Array<{ type: string; payload: { requestId: string } }> = [];
    const desk = createDeskBridge({
      target: { addEventListener: (_t, l) => listeners.add(l), removeEventListener: (_t, l) => listeners.delete(l) },
      allowedOrigins: [CONSOLE],
      expectedSender: PARENT,
      bridge: { targetOrigins: [CONSOLE], send: (message) => sent.push(message as never) },
      createRequestId: () => 'd1',
    });
    const asking = desk.quickReplies({ kind: 'list' });
    expect(sent).toEqual([{ source: 'merchant-im-frame', type: 'quickReplyRequest', payload: { requestId: 'd1', action: { kind: 'list' } } }]);
    const answer = (requestId: string, text: string) => ({ source: 'merchant-console', type: 'quickReplies', payload: { requestId, list: [{ replyId: 1, text }] } });
    post(answer('d1', 'forged'), 'http://evil.example');
    post(answer('d1', 'forged'), CONSOLE, { name: 'another window' });
    post(answer('d9', 'stale'));
    post({ source: 'merchant-console', type: 'quickReplies', payload: { requestId: 'd1', list: [{ replyId: 1, text: 'x'.repeat(501) }] } });
    post(answer('d1', 'real'));
    await expect(asking).resolves.toEqual([{ replyId: 1, text: 'real' }]);
    desk.dispose();
    expect(listeners.size).toBe(0);
  });

  it('fails at once when the frame is not embedded, and after the timeout when nobody answers', async () => {
    const target = { addEventListener: () => undefined, removeEventListener: () => undefined };
    const alone = createDeskBridge({ target, allowedOrigins: [CONSOLE], bridge: { targetOrigins: [], send: () => undefined } });
    await expect(alone.quickReplies({ kind: 'list' })).rejects.toMatchObject({ failure: 'notEmbedded' });
    jest.useFakeTimers();
    try {
      const silent = createDeskBridge({ target, allowedOrigins: [CONSOLE], bridge: { targetOrigins: [CONSOLE], send: () => undefined }, timeoutMs: 100 });
      const asking = silent.quickReplies({ kind: 'list' });
      act(() => {
        jest.advanceTimersByTime(100);
      });
      await expect(asking).rejects.toEqual(new DeskRequestError('timeout'));
    } finally {
      jest.useRealTimers();
    }
  });
});
