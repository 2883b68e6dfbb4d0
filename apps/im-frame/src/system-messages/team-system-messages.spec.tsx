// Team invitations and applications in the system notifications (issue 32 §1): named with their
// team, answered with their own buttons, their state shown, refusals in the §8 table's words; and
// over real im-core, the answer goes to im-server as acceptTeamInvite / passTeamApply.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImError, MemoryStore, type ImSysMsg } from '@merchant/im-core';
import { ChatApp } from '../app/chat-app';
import { createFrameChatClient } from '../chat/create-frame-chat-client';
import { DEFAULT_RUNTIME_CONFIG } from '../config/runtime-config';
import { FakeContactsPort } from '../contacts/fake-contacts-port';
import { FakeTeamsPort } from '../teams/fake-teams-port';
import { FakeChatClient } from '../test/fake-chat-client';
import { createFakeImServer, MERCHANT } from '../test/fake-im-server';
import { renderWithChat } from '../test/render-frame';

/** Teams whose answers change the contacts' stored system message like im-core does (passed, rejected, error). */
class AnsweringTeams extends FakeTeamsPort {
  constructor(private readonly contacts: FakeContactsPort) {
    super({ myAccount: MERCHANT, members: [], myNotify: 'all' });
  }
  override async answerTeamSysMsg(sysMsg: ImSysMsg, accept: boolean): Promise<void> {
    const stored = this.contacts.sysMsgs.find((s) => s.idServer === sysMsg.idServer);
    try {
      await super.answerTeamSysMsg(sysMsg, accept);
      if (stored) Object.assign(stored, { state: accept ? 'passed' : 'rejected', read: true });
    } catch (error) {
      if (stored && error instanceof ImError) Object.assign(stored, { state: 'error', error: { code: error.code, message: error.message } });
      throw error;
    } finally {
      this.contacts.changed();
    }
  }
}

class ClientWithTeams extends FakeChatClient {
  constructor(
    readonly contacts: FakeContactsPort,
    readonly teams: AnsweringTeams,
  ) {
    super();
  }
}

function setup(language: 'zh-CN' | 'en-US') {
  const contacts = new FakeContactsPort();
  contacts.add({ idServer: '21', category: 'team', type: 'teamInvite', from: 'c_alice', attach: '{"teamId":"42"}', ps: '<b>join us</b>', time: 1_700_000_000_000 });
  contacts.add({ idServer: '22', category: 'team', type: 'applyTeam', from: 'c_bob', attach: '{"teamId":"42"}', time: 1_699_999_000_000 });
  contacts.add({ idServer: '23', category: 'team', type: 'rejectTeamInvite', from: 'c_carol', attach: '{"teamId":"77"}', time: 1_699_998_000_000 });
  const teams = new AnsweringTeams(contacts);
  teams.teamNames.set('42', 'VIP <i>buyers</i>');
  // The inviter is named by nick; c_bob has none and stays an account.
  teams.names.set('c_alice', 'Alice Chen');
  renderWithChat(<ChatApp now={1_700_000_100_000} />, { client: new ClientWithTeams(contacts, teams), language });
  return { contacts, teams };
}

describe('team invitations and applications', () => {
  it('zh-CN: names the team (inert), keeps pending ones unread, accepts an invitation and approves an application', async () => {
    const user = userEvent.setup({ delay: null });
    const { contacts, teams } = setup('zh-CN');
    await user.click(await screen.findByTestId('system-messages-open'));
    const dialog = await screen.findByRole('dialog', { name: '系统通知' });
    const invite = await within(dialog).findByTestId('sys-msg-21');
    expect(await within(invite).findByText('Alice Chen 邀请你加入群“VIP <i>buyers</i>”')).toBeInTheDocument();
    expect(within(invite).getByText('待处理')).toBeInTheDocument();
    expect(dialog.querySelector('i, b')).toBeNull();
    // A team never read: its id stands in for the name.
    expect(within(dialog).getByText('c_carol 拒绝了加入群“群 77”的邀请')).toBeInTheDocument();
    // Only the notice is read on sight; the two waiting for an answer stay unread.
    await waitFor(() => expect(contacts.calls).toContain('read:23'));
    expect(contacts.calls.filter((call) => call.startsWith('read:'))).toEqual(['read:23']);

    await user.click(within(invite).getByRole('button', { name: '接受 Alice Chen 的入群邀请' }));
    expect(await within(invite).findByText('已同意')).toBeInTheDocument();
    expect(within(invite).queryByTestId('sys-msg-answers')).not.toBeInTheDocument();
    await waitFor(() => expect(invite).toHaveFocus());

    const apply = within(dialog).getByTestId('sys-msg-22');
    expect(within(apply).getByText('c_bob 申请加入群“VIP <i>buyers</i>”')).toBeInTheDocument();
    await user.click(within(apply).getByRole('button', { name: '同意 c_bob 的入群申请' }));
    expect(await within(apply).findByText('已同意')).toBeInTheDocument();
    // Senders are looked up once per team, not again after an answer.
    expect(teams.calls).toEqual(['names 42 c_alice,c_bob', 'names 77 c_carol', 'answer teamInvite c_alice true', 'answer applyTeam c_bob true']);
  });

  it('en-US: declining works; a refused answer (809) shows the §8 text and the error state', async () => {
    const user = userEvent.setup({ delay: null });
    const { teams } = setup('en-US');
    await user.click(await screen.findByTestId('system-messages-open'));
    const dialog = await screen.findByRole('dialog', { name: 'System notifications' });
    const apply = await within(dialog).findByTestId('sys-msg-22');
    teams.refuse = new ImError('Param_Error', 'already in the team: c_bob', { code: 809 });
    await user.click(within(apply).getByRole('button', { name: "Approve c_bob's request to join" }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That user is already in the team');
    expect(await within(apply).findByText('Failed (809)')).toBeInTheDocument();

    teams.refuse = undefined;
    const invite = within(dialog).getByTestId('sys-msg-21');
    await user.click(within(invite).getByRole('button', { name: "Decline Alice Chen's team invitation" }));
    expect(await within(invite).findByText('Rejected')).toBeInTheDocument();
    expect(teams.calls.filter((call) => call.startsWith('answer'))).toEqual(['answer applyTeam c_bob true', 'answer teamInvite c_alice false']);
  });
});

describe('team answers over im-core', () => {
  it('accepting an invitation sends acceptTeamInvite with the team from attach and the inviter; the message becomes passed', async () => {
    const server = createFakeImServer();
    const requests: [string, unknown][] = [];
    server.connection.answer('acceptTeamInvite', (body) => {
      requests.push(['acceptTeamInvite', body]);
      return { team: { teamId: '42', name: 'VIP buyers', type: 1, owner: 'c_alice', valid: true, validToCurrentUser: true, memberNum: 2 } };
    });
    server.connection.answer('rejectTeamApply', (body) => (requests.push(['rejectTeamApply', body]), {}));
    server.connection.answer('getTeamMembers', () => ({ members: [], timetag: 1 }));
    server.connection.answer('getTeam', () => ({ team: { teamId: '42', name: 'VIP buyers', type: 1, owner: 'c_alice', valid: true, validToCurrentUser: false, memberNum: 2 } }));
    const client = await createFrameChatClient({ config: DEFAULT_RUNTIME_CONFIG, params: { account: MERCHANT, token: 't' }, store: new MemoryStore(), connection: server.connection, tabs: null });
    await client.connect();
    const contacts = client.contacts as NonNullable<typeof client.contacts>;
    const teams = client.teams as NonNullable<typeof client.teams>;
    server.connection.push('sysMsg', { sysMsg: { idServer: '31', category: 'team', type: 'teamInvite', from: 'c_alice', to: MERCHANT, time: 5, attach: '{"teamId":"42"}' } });
    server.connection.push('sysMsg', { sysMsg: { idServer: '32', category: 'team', type: 'applyTeam', from: 'c_bob', to: MERCHANT, time: 6, attach: '{"teamId":"42"}' } });
    await waitFor(async () => expect(await contacts.listSystemMessages()).toHaveLength(2));
    expect(await teams.teamName('42')).toBe('VIP buyers');

    const [apply, invite] = await contacts.listSystemMessages();
    await teams.answerTeamSysMsg(invite, true);
    await teams.answerTeamSysMsg(apply, false);
    expect(requests).toEqual([
      ['acceptTeamInvite', { teamId: '42', from: 'c_alice' }],
      ['rejectTeamApply', { teamId: '42', from: 'c_bob' }],
    ]);
    const states = Object.fromEntries((await contacts.listSystemMessages()).map((s) => [s.idServer, s.state]));
    expect(states).toEqual({ '31': 'passed', '32': 'rejected' });
    await client.disconnect();
  });
});
