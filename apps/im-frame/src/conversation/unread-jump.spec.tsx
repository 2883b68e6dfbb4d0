// "N new messages" (issue 32 §9): which message is the first unread, and the jump back to it.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChatApp } from '../app/chat-app';
import { firstUnreadOf } from './unread-jump';
import { renderWithChat } from '../test/render-frame';
import { FakeChatClient, sampleMessage, sampleSession } from '../test/fake-chat-client';
import type { ChatMessage } from '../chat/chat-client';

const SESSION = 'p2p-c_alice';
const message = (i: number, flow: 'in' | 'out', over: Partial<ChatMessage> = {}) => sampleMessage({ idClient: `m${i}`, sessionId: SESSION, time: 1000 + i, flow, text: `message ${i}`, ...over });

describe('firstUnreadOf', () => {
  const history = [message(1, 'in'), message(2, 'in'), message(3, 'out'), message(4, 'in', { type: 'tip' }), message(5, 'in'), message(6, 'in', { recalled: { by: 'c_alice', time: 1 } }), message(7, 'in')];
  it('counts back over incoming messages only (not mine, tips or recalled ones)', () => {
    expect(firstUnreadOf(history, 1)?.idClient).toBe('m7');
    expect(firstUnreadOf(history, 2)?.idClient).toBe('m5');
    expect(firstUnreadOf(history, 3)?.idClient).toBe('m2');
    // More unread than loaded: the oldest loaded one.
    expect(firstUnreadOf(history, 40)?.idClient).toBe('m1');
    expect(firstUnreadOf(history, 0)).toBeUndefined();
  });
});

/** Lays the list out as a browser would: rows 100 px apart, the list showing its bottom 300 px. */
function layOut(scrollTop: number) {
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.dataset.testid === 'message-list') return { top: 0, bottom: 300, left: 0, right: 400, height: 300, width: 400, x: 0, y: 0, toJSON: () => ({}) };
    const index = Number((this.dataset.idClient ?? 'm0').slice(1));
    const top = index * 100 - scrollTop;
    return { top, bottom: top + 100, left: 0, right: 400, height: 100, width: 400, x: 0, y: top, toJSON: () => ({}) };
  });
}

afterEach(() => jest.restoreAllMocks());

describe('UnreadJump in the conversation', () => {
  it('offers "N new messages" when the first unread one is above the view, and jumps to it and focuses it', async () => {
    const user = userEvent.setup({ delay: null });
    const client = new FakeChatClient();
    const history = Array.from({ length: 10 }, (_, i) => message(i + 1, i % 4 === 3 ? 'out' : 'in'));
    client.sessions.set(SESSION, sampleSession({ peerAccount: 'c_alice', peerNick: 'Alice', unread: 5, lastMessage: history.at(-1) }));
    client.localMessages.set(SESSION, history);
    client.serverMessages.set(SESSION, history);
    layOut(800);
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { controller } = renderWithChat(<ChatApp />, { client });
    await user.click(await screen.findByTestId('session-item-c_alice'));
    // Read at once, but the count is kept for the jump: incoming are 1,2,3,5,6,7,9,10 → the 5th newest is m5.
    expect(controller.getState().unreadOnOpen).toEqual({ sessionId: SESSION, count: 5 });
    const jump = await screen.findByTestId('unread-jump');
    expect(jump).toHaveTextContent('5 new messages');
    expect(jump).toHaveAccessibleName('Jump to the first unread message (5 new messages)');
    await user.click(jump);
    const row = screen.getAllByTestId('message').find((element) => element.dataset.idClient === 'm5');
    expect(scrolled.mock.contexts[0]).toBe(row);
    expect(row).toHaveFocus();
    expect(screen.queryByTestId('unread-jump')).not.toBeInTheDocument();
  });

  it('offers nothing when the first unread message is in view, or when nothing was unread', async () => {
    const user = userEvent.setup({ delay: null });
    const client = new FakeChatClient();
    const history = [message(1, 'in'), message(2, 'in')];
    client.sessions.set(SESSION, sampleSession({ peerAccount: 'c_alice', unread: 1, updateTime: 2, lastMessage: history[1] }));
    client.sessions.set('p2p-c_bob', sampleSession({ peerAccount: 'c_bob', updateTime: 1, lastMessage: sampleMessage({ idClient: 'b1', sessionId: 'p2p-c_bob' }) }));
    client.localMessages.set(SESSION, history);
    layOut(0);
    renderWithChat(<ChatApp />, { client });
    await user.click(await screen.findByTestId('session-item-c_alice'));
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(screen.queryByTestId('unread-jump')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('session-item-c_bob'));
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(screen.queryByTestId('unread-jump')).not.toBeInTheDocument();
  });
});
