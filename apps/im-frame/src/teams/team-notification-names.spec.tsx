// Team notifications name members by their nick (nickInTeam, else the user's nick), looked up once
// for the accounts the loaded notifications mention; an account nobody named stays the account.
import { screen, waitFor } from '@testing-library/react';
import { MessageList } from '../conversation/message-list';
import { sampleMessage } from '../test/fake-chat-client';
import { renderWithI18n } from '../test/render-frame';
import type { ChatMessage } from '../chat/chat-client';
import { FakeTeamsPort } from './fake-teams-port';
import { accountsNamedIn, useTeamNotificationNames } from './team-notification-names';
import type { TeamsPort } from './teams-port';

const notification = (idClient: string, attach: Record<string, unknown>) =>
  sampleMessage({ idClient, sessionId: 'team-42', type: 'notification', text: '', from: 'c_alice', attach: JSON.stringify({ teamId: '42', from: 'c_alice', ...attach }) });

function TeamLog({ teams, messages }: { teams: TeamsPort; messages: ChatMessage[] }) {
  const names = useTeamNotificationNames(teams, '42', messages);
  return <MessageList label="Messages" messages={messages} emptyText="none" now={1_700_000_000_000} onRetry={() => undefined} names={names} />;
}

describe('team notification names', () => {
  it('collects the actor, account and accounts of notifications only, each once; broken attaches are skipped', () => {
    const messages = [
      notification('n1', { type: 'addTeamMembers', accounts: ['c_bob', 'c_carol', 7] }),
      notification('n2', { type: 'transferTeam', account: 'c_bob' }),
      sampleMessage({ idClient: 'x', sessionId: 'team-42', type: 'text', text: 'hi', attach: '{"accounts":["c_text"]}' }),
      sampleMessage({ idClient: 'y', sessionId: 'team-42', type: 'notification', text: '', attach: 'not json' }),
    ];
    expect(accountsNamedIn(messages)).toEqual(['c_alice', 'c_bob', 'c_carol']);
  });

  it('en-US: "Alice Chen invited Bob (VIP), c_carol" once the nicks are read; one lookup for the conversation', async () => {
    const teams = new FakeTeamsPort({ myAccount: 's_1001', members: [], myNotify: 'all' });
    teams.names = new Map([
      ['c_alice', 'Alice Chen'],
      ['c_bob', 'Bob (VIP)'],
    ]);
    const messages = [notification('n1', { type: 'addTeamMembers', accounts: ['c_bob', 'c_carol'] }), notification('n2', { type: 'updateTeamMemberMute', account: 'c_bob', mute: true })];
    renderWithI18n(<TeamLog teams={teams} messages={messages} />, 'en-US');
    await waitFor(() => expect(screen.getAllByTestId('message-notification')[0]).toHaveTextContent('Alice Chen invited Bob (VIP), c_carol'));
    expect(screen.getAllByTestId('message-notification')[1]).toHaveTextContent('Alice Chen muted Bob (VIP)');
    expect(teams.calls).toEqual(['names 42 c_alice,c_bob,c_carol']);
  });

  it('zh-CN: a nick is text, never markup', async () => {
    const teams = new FakeTeamsPort({ myAccount: 's_1001', members: [], myNotify: 'all' });
    teams.names = new Map([['c_bob', '<img src=x onerror=alert(1)>Bob']]);
    renderWithI18n(<TeamLog teams={teams} messages={[notification('n1', { type: 'removeTeamMembers', accounts: ['c_bob'] })]} />, 'zh-CN');
    await waitFor(() => expect(screen.getByTestId('message-notification')).toHaveTextContent('c_alice 将 <img src=x onerror=alert(1)>Bob 移出了群'));
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});
