import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionList } from './session-list';
import { initialsOf } from './session-avatar';
import { mergeSessions } from '../chat/chat-state';
import { renderWithI18n } from '../test/render-frame';
import { sampleMessage, sampleSession } from '../test/fake-chat-client';

const NOW = new Date(2026, 10, 22, 15, 0).getTime();

describe('SessionList', () => {
  it('renders each session with its test id, name, preview, time and unread badge', () => {
    const sessions = [
      sampleSession({
        peerAccount: 'c_demo1',
        peerNick: 'Alice Chen',
        unread: 3,
        updateTime: new Date(2026, 10, 22, 9, 30).getTime(),
        lastMessage: sampleMessage({ idClient: 'm1', sessionId: 'p2p-c_demo1', text: 'Is it in stock?' }),
      }),
      sampleSession({ peerAccount: 'c_demo2', updateTime: 1 }),
    ];
    renderWithI18n(<SessionList sessions={sessions} onOpen={() => undefined} now={NOW} />);

    const alice = screen.getByTestId('session-item-c_demo1');
    expect(alice).toHaveTextContent('Alice Chen');
    expect(alice).toHaveTextContent('Is it in stock?');
    expect(alice).toHaveTextContent('09:30');
    expect(within(alice).getByText('3')).toBeInTheDocument();
    // Visible text plus the hidden unread count (label in name, WCAG 2.5.3); the badge number itself is hidden.
    expect(alice).toHaveAccessibleName(/^Alice Chen\s*, 3 unread\s+09:30\s+Is it in stock\?$/);

    // No nick: the account is the name; no messages: a hint instead of a preview.
    const bob = screen.getByTestId('session-item-c_demo2');
    expect(bob).toHaveTextContent('c_demo2');
    expect(bob).toHaveTextContent('No messages yet');
  });

  it('caps the unread badge at 99+', () => {
    renderWithI18n(
      <SessionList sessions={[sampleSession({ peerAccount: 'c_busy', unread: 250 })]} onOpen={() => undefined} now={NOW} />,
    );
    expect(within(screen.getByTestId('session-item-c_busy')).getByText('99+')).toBeInTheDocument();
  });

  it('shows initials when there is no avatar picture', () => {
    renderWithI18n(<SessionList sessions={[sampleSession({ peerAccount: 'c_x', peerNick: 'Bob Li' })]} onOpen={() => undefined} />);
    expect(within(screen.getByTestId('session-item-c_x')).getByText('BL')).toBeInTheDocument();
    expect(initialsOf('alice')).toBe('AL');
    expect(initialsOf('c_demo1')).toBe('CD');
  });

  it('opens a session by click and by keyboard, and marks the open one as current', async () => {
    const user = userEvent.setup({ delay: null });
    const opened: string[] = [];
    const { rerender } = renderWithI18n(
      <SessionList sessions={[sampleSession({ peerAccount: 'a' }), sampleSession({ peerAccount: 'b' })]} onOpen={(id) => opened.push(id)} />,
    );
    await user.click(screen.getByTestId('session-item-a'));
    await user.tab();
    expect(screen.getByTestId('session-item-b')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(opened).toEqual(['p2p-a', 'p2p-b']);

    rerender(<SessionList sessions={[sampleSession({ peerAccount: 'a' })]} activeSessionId="p2p-a" onOpen={() => undefined} />);
    expect(screen.getByTestId('session-item-a')).toHaveAttribute('aria-current', 'true');
  });

  it('says so when there are no sessions, in Chinese by default language', () => {
    renderWithI18n(<SessionList sessions={[]} onOpen={() => undefined} />, 'zh-CN');
    expect(screen.getByText('暂无会话')).toBeInTheDocument();
  });

  it('labels non-text messages in the preview', () => {
    const image = sampleMessage({ idClient: 'i', sessionId: 'p2p-a', type: 'image', text: '' });
    renderWithI18n(<SessionList sessions={[sampleSession({ peerAccount: 'a', lastMessage: image })]} onOpen={() => undefined} />);
    expect(screen.getByTestId('session-item-a')).toHaveTextContent('[Image]');
  });

  it('keeps stick-top sessions first, marked as pinned for eyes and screen readers', () => {
    const sessions = mergeSessions([], [
      sampleSession({ peerAccount: 'new', updateTime: 30 }),
      sampleSession({ peerAccount: 'vip', peerNick: 'VIP Buyer', updateTime: 10, isTop: true }),
      sampleSession({ peerAccount: 'old', updateTime: 20 }),
    ]);
    renderWithI18n(<SessionList sessions={sessions} onOpen={() => undefined} now={NOW} />);
    const rows = screen.getAllByTestId(/^session-item-/);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual(['session-item-vip', 'session-item-new', 'session-item-old']);
    expect(rows[0]).toHaveAccessibleName(/^VIP Buyer\s*, pinned\b/);
    expect(within(rows[0]).getByTestId('session-pinned')).toBeInTheDocument();
    expect(within(rows[1]).queryByTestId('session-pinned')).not.toBeInTheDocument();
  });

  describe('stick-top actions', () => {
    const withMessage = (peerAccount: string, extra: Parameters<typeof sampleSession>[0] = { peerAccount }) =>
      sampleSession({ ...extra, peerAccount, lastMessage: sampleMessage({ idClient: `m-${peerAccount}`, sessionId: `p2p-${peerAccount}` }) });

    it('sticks a conversation from its actions button and announces it to screen readers', async () => {
      const user = userEvent.setup({ delay: null });
      const calls: [string, boolean][] = [];
      const onSetTop = async (sessionId: string, top: boolean) => (calls.push([sessionId, top]), true);
      renderWithI18n(<SessionList sessions={[withMessage('a'), withMessage('b', { peerAccount: 'b', peerNick: 'Bob Li' })]} onOpen={() => undefined} onSetTop={onSetTop} />);

      const button = screen.getByRole('button', { name: 'Conversation actions for Bob Li' });
      expect(button).toHaveAttribute('aria-haspopup', 'menu');
      await user.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      await user.click(screen.getByRole('menuitem', { name: 'Stick to top' }));
      expect(calls).toEqual([['p2p-b', true]]);
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Bob Li is stuck to the top');
    });

    it('opens the same menu from the keyboard (Shift+F10 on the row) and by right click; a stuck row offers to take it off; Escape closes and keeps focus', async () => {
      const user = userEvent.setup({ delay: null });
      const calls: [string, boolean][] = [];
      const onSetTop = async (sessionId: string, top: boolean) => (calls.push([sessionId, top]), true);
      renderWithI18n(<SessionList sessions={[withMessage('vip', { peerAccount: 'vip', isTop: true }), withMessage('b')]} onOpen={() => undefined} onSetTop={onSetTop} />);

      const row = screen.getByTestId('session-item-vip');
      row.focus();
      await user.keyboard('{Shift>}{F10}{/Shift}');
      const item = await screen.findByRole('menuitem', { name: 'Remove from top' });
      await waitFor(() => expect(item).toHaveFocus());
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
      expect(row).toHaveFocus();
      expect(calls).toEqual([]);

      await user.keyboard('{Shift>}{F10}{/Shift}');
      await user.keyboard('{Enter}');
      expect(calls).toEqual([['p2p-vip', false]]);

      await user.pointer({ keys: '[MouseRight]', target: screen.getByTestId('session-item-b') });
      await user.click(screen.getByRole('menuitem', { name: 'Stick to top' }));
      expect(calls).toEqual([['p2p-vip', false], ['p2p-b', true]]);
    });

    it('offers no actions for a conversation without messages or without a handler, and shows a refusal as an alert', async () => {
      const onSetTop = async () => false;
      const { rerender } = renderWithI18n(<SessionList sessions={[sampleSession({ peerAccount: 'fresh' }), withMessage('b')]} onOpen={() => undefined} onSetTop={onSetTop} />);
      expect(screen.queryByTestId('session-actions-fresh')).not.toBeInTheDocument();
      expect(screen.getByTestId('session-actions-b')).toBeInTheDocument();

      rerender(<SessionList sessions={[withMessage('b')]} onOpen={() => undefined} />);
      expect(screen.queryByTestId('session-actions-b')).not.toBeInTheDocument();

      rerender(<SessionList sessions={[withMessage('b')]} onOpen={() => undefined} onSetTop={onSetTop} topError="session not found" />);
      expect(screen.getByRole('alert')).toHaveTextContent('Could not change the pinned conversations: session not found');
    });

    it('speaks Chinese by default', async () => {
      const user = userEvent.setup({ delay: null });
      renderWithI18n(<SessionList sessions={[withMessage('a', { peerAccount: 'a', peerNick: '小王' })]} onOpen={() => undefined} onSetTop={async () => true} />, 'zh-CN');
      await user.click(screen.getByRole('button', { name: '小王 的会话操作' }));
      await user.click(screen.getByRole('menuitem', { name: '置顶会话' }));
      expect(screen.getByRole('status')).toHaveTextContent('已将 小王 置顶');
    });
  });
  it('shows a team session with the team name and a team mark, read out as "team"', () => {
    const sessions = [sampleSession({ id: 'team-t1', peerAccount: 't1', peerNick: 'VIP buyers', scene: 'team', updateTime: 1 })];
    renderWithI18n(<SessionList sessions={sessions} onOpen={() => undefined} now={NOW} />);
    const team = screen.getByTestId('session-item-t1');
    expect(team).toHaveTextContent('VIP buyers');
    expect(within(team).getByTestId('session-team')).toBeInTheDocument();
    expect(team).toHaveAccessibleName(/^VIP buyers\s*, team/);
  });
});
