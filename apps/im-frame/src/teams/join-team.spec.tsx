// Asking to join a team (issue 32): by team id with a message; a free team joins at once and opens; a
// team that verifies waits, then its approval (the team becomes mine) offers its chat, or its refusal
// (a rejectTeamApply system message) is told; refusals by code in the merchant's language; and what
// ImTeamsPort sends to im-server through im-core.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImError, MemoryStore } from '@merchant/im-core';
import { ChatApp } from '../app/chat-app';
import { createFrameChatClient } from '../chat/create-frame-chat-client';
import { DEFAULT_RUNTIME_CONFIG } from '../config/runtime-config';
import { FakeContactsPort } from '../contacts/fake-contacts-port';
import { FakeChatClient, sampleSession } from '../test/fake-chat-client';
import { createFakeImServer, MERCHANT } from '../test/fake-im-server';
import { renderWithChat } from '../test/render-frame';
import { FakeTeamsPort } from './fake-teams-port';

class ClientWithTeams extends FakeChatClient {
  readonly contacts = new FakeContactsPort();
  readonly teams = new FakeTeamsPort({ myAccount: MERCHANT, members: [], myNotify: 'all' });

  /** What the team's passTeamApply notification does: the team is mine and its conversation appears. */
  teamJoined(teamId: string, name: string): void {
    this.teams.myTeams.add(teamId);
    const session = sampleSession({ id: `team-${teamId}`, peerAccount: teamId, peerNick: name, scene: 'team' });
    this.sessions.set(session.id, session);
    this.emit('sessions', [session]);
  }
}

/** The dialog gone: the rest of the page is back in the accessibility tree. */
const dialogClosed = () => waitFor(() => expect(screen.queryByTestId('join-team-dialog')).not.toBeInTheDocument());

function setup(language: 'zh-CN' | 'en-US') {
  const client = new ClientWithTeams();
  client.teams.teamNames.set('42', 'VIP <i>buyers</i>');
  renderWithChat(<ChatApp />, { client, language });
  return { client, teams: client.teams, contacts: client.contacts, user: userEvent.setup({ delay: null }) };
}

async function apply(user: ReturnType<typeof userEvent.setup>, teamId: string, ps?: string) {
  await user.click(screen.getByTestId('join-team'));
  const dialog = await screen.findByTestId('join-team-dialog');
  await user.type(within(dialog).getByTestId('join-team-id'), teamId);
  if (ps) await user.type(within(dialog).getByTestId('join-team-ps'), ps);
  await user.click(within(dialog).getByTestId('join-team-submit'));
  return dialog;
}

describe('asking to join a team', () => {
  it('en-US: a team that takes everyone (noVerify) joins at once, by keyboard, with the message; its conversation opens', async () => {
    const { client, teams, user } = setup('en-US');
    teams.joinModes.set('42', 'noVerify');
    const open = screen.getByRole('button', { name: 'Join a team' });
    act(() => open.focus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Ask to join a team' });
    const teamId = within(dialog).getByRole('textbox', { name: /Team ID/ });
    expect(teamId).toHaveFocus();
    expect(teamId).toHaveAccessibleDescription('The number the team owner or a manager gave you');
    await user.keyboard('42');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message to the owner (optional)' }), 'Sofa Shop support');
    // The team takes me at once; im-core's answer carries the team, its notification the session.
    teams.applyToTeam = async (id, ps) => {
      const result = await FakeTeamsPort.prototype.applyToTeam.call(teams, id, ps);
      client.teamJoined(id, 'VIP <i>buyers</i>');
      return result;
    };
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ask to join a team' })).not.toBeInTheDocument());
    expect(teams.calls).toEqual(['apply 42 ps=Sofa Shop support']);
    expect(screen.getByTestId('team-application-42')).toHaveTextContent('You joined the team "VIP <i>buyers</i>"');
    expect(screen.getByTestId('team-applications').querySelector('i')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('session-item-42')).toHaveAttribute('aria-current', 'true'));
  });

  it('zh-CN: a team that verifies keeps the application waiting; its approval offers the team chat, which opens', async () => {
    const { client, teams, user } = setup('zh-CN');
    teams.joinModes.set('42', 'needVerify');
    await apply(user, '42');
    await dialogClosed();
    const notice = await screen.findByTestId('team-application-42');
    expect(notice).toHaveTextContent('已申请加入群“VIP <i>buyers</i>”，等待群主或管理员同意');
    expect(notice).toHaveAttribute('role', 'status');
    expect(within(notice).queryByRole('button', { name: /打开群聊/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('session-item-42')).not.toBeInTheDocument();

    act(() => client.teamJoined('42', 'VIP <i>buyers</i>'));
    await waitFor(() => expect(notice).toHaveTextContent('群“VIP <i>buyers</i>”已同意你的入群申请'));
    expect(await screen.findByTestId('session-item-42')).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: '打开群聊：VIP <i>buyers</i>' }));
    await waitFor(() => expect(screen.getByTestId('session-item-42')).toHaveAttribute('aria-current', 'true'));
    expect(screen.queryByTestId('team-application-42')).not.toBeInTheDocument();
  });

  it('en-US: a declined application (a new rejectTeamApply system message) is told; an older one for that team is not taken for it', async () => {
    const { contacts, teams, user } = setup('en-US');
    teams.joinModes.set('42', 'needVerify');
    contacts.add({ idServer: '60', category: 'team', type: 'rejectTeamApply', from: 'c_owner', attach: '{"teamId":"42"}', state: 'rejected', read: true });
    await apply(user, '42', 'please');
    await dialogClosed();
    const notice = await screen.findByTestId('team-application-42');
    await waitFor(() => expect(notice).toHaveAttribute('data-state', 'waiting'));
    act(() => contacts.changed());
    expect(notice).toHaveTextContent('Waiting for the owner or a manager to approve.');

    act(() => contacts.add({ idServer: '61', category: 'team', type: 'rejectTeamApply', from: 'c_owner', attach: '{"teamId":"42"}', state: 'rejected' }));
    await waitFor(() => expect(notice).toHaveTextContent('Your request to join "VIP <i>buyers</i>" was declined'));
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('team-application-42')).not.toBeInTheDocument();
  });

  it.each([
    { language: 'en-US', why: 'a team that takes no applications (802)', mode: 'rejectAll', code: undefined, text: 'This team does not take requests to join' },
    { language: 'zh-CN', why: 'a team that takes no applications (802)', mode: 'rejectAll', code: undefined, text: '该群不接受入群申请' },
    { language: 'en-US', why: 'already a member (809)', mode: 'needVerify', code: 809, text: 'You are already in this team' },
    { language: 'en-US', why: 'a normal team (805)', mode: 'needVerify', code: 805, text: 'Not possible for this kind of team' },
    { language: 'zh-CN', why: 'an unknown team (803)', mode: undefined, code: undefined, text: '群不存在' },
  ] as const)('$language: $why is explained in the dialog; no application waits', async ({ language, mode, code, text }) => {
    const { teams, user } = setup(language);
    if (mode) teams.joinModes.set('42', mode);
    if (code) teams.refuse = new ImError('Server_Error', 'refused', { code });
    const dialog = await apply(user, '42');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(teams.calls).toEqual(['apply 42']);
    expect(screen.queryByTestId('team-applications')).not.toBeInTheDocument();
  });

  it('en-US: a team id that is not a number is refused in the form; nothing is sent', async () => {
    const { teams, user } = setup('en-US');
    const dialog = await apply(user, 'VIP buyers');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter a team ID (digits only)');
    expect(teams.calls).toEqual([]);
  });
});

describe('ImTeamsPort.applyToTeam over im-core', () => {
  it('sends applyTeam with the team id and ps; a free team is mine at once, a verifying one is not; refusals keep their code', async () => {
    const server = createFakeImServer();
    const requests: unknown[] = [];
    const wireTeam = (teamId: string, validToCurrentUser: boolean) => ({ teamId, name: `Team ${teamId}`, type: 1, owner: 'c_owner', valid: true, validToCurrentUser, memberNum: 2 });
    server.connection.answer('applyTeam', (body) => {
      requests.push(body);
      if (body.teamId === '3') throw new ImError('Server_Error', 'this team takes no applications', { code: 802 });
      return { team: wireTeam(body.teamId ?? '', body.teamId === '1') };
    });
    const client = await createFrameChatClient({ config: DEFAULT_RUNTIME_CONFIG, params: { account: MERCHANT, token: 't' }, store: new MemoryStore(), connection: server.connection, tabs: null });
    await client.connect();
    const teams = client.teams as NonNullable<typeof client.teams>;
    expect(await teams.applyToTeam?.('1', 'hello')).toEqual({ teamId: '1', name: 'Team 1', joined: true });
    expect(await teams.applyToTeam?.('2')).toEqual({ teamId: '2', name: 'Team 2', joined: false });
    await expect(teams.applyToTeam?.('3')).rejects.toMatchObject({ code: 802 });
    expect(requests).toEqual([{ teamId: '1', ps: 'hello' }, { teamId: '2' }, { teamId: '3' }]);
    expect(await teams.isMyTeam?.('1')).toBe(true);
    expect(await teams.isMyTeam?.('2')).toBe(false);
    expect(await teams.isMyTeam?.('9')).toBe(false);
    await client.disconnect();
  });
});
