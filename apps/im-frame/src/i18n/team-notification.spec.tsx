// Team notifications in the chat: a sentence from the attach im-server writes (team-change.ts), in
// zh-CN and en-US, instead of a bare "[通知]"; an attach the frame does not know keeps the label.
import { screen } from '@testing-library/react';
import { MessageList } from '../conversation/message-list';
import { renderWithI18n } from '../test/render-frame';
import { sampleMessage } from '../test/fake-chat-client';
import type { ChatMessage } from '../chat/chat-client';
import type { FrameLanguage } from './frame-i18n';
import { toChatMessage } from '../chat/im-mapping';

const NOW = 1_700_000_000_000;
const notification = (idClient: string, attach: Record<string, unknown> | string) =>
  sampleMessage({
    idClient,
    sessionId: 'team-42',
    type: 'notification',
    text: '',
    from: 'alice',
    fromNick: 'Alice',
    attach: typeof attach === 'string' ? attach : JSON.stringify({ teamId: '42', from: 'alice', ...attach }),
  });

const CHANGES: ChatMessage[] = [
  notification('n1', { type: 'addTeamMembers', accounts: ['bob', 'carol'] }),
  notification('n2', { type: 'leaveTeam' }),
  notification('n3', { type: 'removeTeamMembers', accounts: ['bob'] }),
  notification('n4', { type: 'transferTeam', account: 'bob', leave: true }),
  notification('n5', { type: 'updateTeamMemberMute', account: 'carol', mute: true }),
  notification('n6', { type: 'updateTeamMute', muteType: 0 }),
  notification('n7', { type: 'passTeamApply', account: 'dave' }),
  notification('n8', { type: 'somethingNew' }),
  notification('n10', { type: 'addTeamManagers', accounts: ['carol'] }),
  notification('n9', '{not json'),
];

function renderIn(language: FrameLanguage) {
  return renderWithI18n(<MessageList label="Messages" messages={CHANGES} emptyText="none" now={NOW} onRetry={() => undefined} />, language);
}

describe('team notification sentences', () => {
  it('en-US: who did what, from the attach; unknown or broken attaches keep the [Notification] label', () => {
    renderIn('en-US');
    for (const sentence of [
      'Alice invited bob, carol',
      'Alice left the team',
      'Alice removed bob from the team',
      'Alice made bob the team owner and left the team',
      'Alice muted carol',
      'Alice unmuted the team',
      'dave joined the team',
      'Alice made carol a manager',
    ]) {
      expect(screen.getByText(sentence)).toBeInTheDocument();
    }
    expect(screen.getAllByText('[Notification]')).toHaveLength(2);
  });

  it('zh-CN: the same changes in Chinese', () => {
    renderIn('zh-CN');
    for (const sentence of ['Alice 邀请 bob、carol 加入了群', 'Alice 退出了群', 'Alice 将 bob 移出了群', 'Alice 禁言了 carol', 'Alice 关闭了全员禁言', 'dave 加入了群', 'Alice 将 carol 设为管理员']) {
      expect(screen.getByText(sentence)).toBeInTheDocument();
    }
    expect(screen.getAllByText('[通知]')).toHaveLength(2);
  });

  it('is a line of its own, not a bubble, and names members by the nick they wrote with in the conversation', () => {
    const fromBob = sampleMessage({ idClient: 'b1', sessionId: 'team-42', type: 'text', text: 'hi all', from: 'bob', fromNick: 'Bob Li' });
    const added = notification('n11', { type: 'addTeamMembers', accounts: ['bob', 'erin'] });
    renderWithI18n(<MessageList label="Messages" messages={[fromBob, added]} emptyText="none" now={NOW} onRetry={() => undefined} menuFor={() => ({ label: 'Message actions', reactions: [], actions: [{ key: 'forward', label: 'Forward', onSelect: () => undefined }] })} />, 'en-US');
    const line = screen.getByTestId('message-notification');
    expect(line).toHaveTextContent('Alice invited Bob Li, erin');
    // No sender header and no action menu on the notification's row; the text message keeps both.
    expect(screen.getAllByTestId('message-sender')).toHaveLength(1);
    expect(screen.getAllByTestId('message-more')).toHaveLength(1);
  });

  it('the im-core message keeps its attach on the way into the frame', () => {
    const attach = JSON.stringify({ type: 'leaveTeam', teamId: '42', from: 'alice' });
    const chat = toChatMessage({ idClient: 'x', sessionId: 'team-42', scene: 'team', from: 'alice', to: '42', time: 1, type: 'notification', attach, flow: 'in', status: 'success' });
    expect(chat.attach).toBe(attach);
  });
});
