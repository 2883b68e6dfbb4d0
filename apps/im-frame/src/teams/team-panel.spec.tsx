import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImError } from '@merchant/im-core';
import { renderWithI18n } from '../test/render-frame';
import { TeamPanel } from './team-panel';
import type { TeamMemberEntry, TeamPanelData, TeamsPort } from './teams-port';

/** A TeamsPort in memory: actions change the members like im-server would, or fail with `refuse`. */
class FakeTeamsPort implements TeamsPort {
  refuse: ImError | undefined;
  readonly calls: string[] = [];
  constructor(public data: TeamPanelData) {}
  async getTeamPanel(): Promise<TeamPanelData> {
    return structuredClone(this.data);
  }
  private run(call: string, change: () => void): Promise<void> {
    this.calls.push(call);
    if (this.refuse) return Promise.reject(this.refuse);
    change();
    return Promise.resolve();
  }
  leave(teamId: string) {
    return this.run(`leave ${teamId}`, () => (this.data.members = this.data.members.filter((m) => m.account !== this.data.myAccount)));
  }
  invite(teamId: string, account: string) {
    return this.run(`invite ${teamId} ${account}`, () => this.data.members.push({ account, type: 'normal', mute: false }));
  }
  kick(teamId: string, account: string) {
    return this.run(`kick ${teamId} ${account}`, () => (this.data.members = this.data.members.filter((m) => m.account !== account)));
  }
  setMemberMute(teamId: string, account: string, mute: boolean) {
    return this.run(`mute ${teamId} ${account} ${mute}`, () => this.data.members.forEach((m) => m.account === account && (m.mute = mute)));
  }
}

const members = (): TeamMemberEntry[] => [
  { account: 's_1001', nick: 'Demo Store', type: 'owner', mute: false },
  { account: 'c_mgr', nick: 'Manager Mia', type: 'manager', mute: false },
  { account: 'c_demo1', nick: 'Alice in VIP', type: 'normal', mute: true },
];
const team = { teamId: 't1', name: 'VIP buyers', owner: 's_1001', memberNum: 3, muteType: 'none' as const };

function renderPanel(port: TeamsPort, language: 'en-US' | 'zh-CN' = 'en-US') {
  const onClose = jest.fn();
  renderWithI18n(<TeamPanel teams={port} teamId="t1" name="VIP buyers" open onClose={onClose} />, language);
  return onClose;
}

describe('TeamPanel', () => {
  it('lists members with their roles and mute state and the team mute state; the owner removes a member only after confirming', async () => {
    const user = userEvent.setup();
    const port = new FakeTeamsPort({ myAccount: 's_1001', team, members: members() });
    renderPanel(port);
    const dialog = await screen.findByRole('dialog', { name: 'VIP buyers' });
    const alice = await within(dialog).findByTestId('team-member-c_demo1');
    expect(alice).toHaveTextContent('Alice in VIP');
    expect(alice).toHaveTextContent('Member');
    expect(alice).toHaveTextContent('Muted');
    expect(within(dialog).getByTestId('team-member-s_1001')).toHaveTextContent(/Demo Store \(you\).*Owner/);
    expect(within(dialog).getByTestId('team-member-c_mgr')).toHaveTextContent('Manager');
    expect(within(dialog).getByTestId('team-mute-state')).toHaveTextContent('Team not muted');

    await user.click(within(dialog).getByRole('button', { name: 'Remove Alice in VIP from the team' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(port.calls).toEqual([]);
    // The drawer is back in the accessibility tree once the confirmation closed.
    await user.click(await within(dialog).findByRole('button', { name: 'Remove Alice in VIP from the team' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByTestId('team-member-c_demo1')).not.toBeInTheDocument());
    expect(port.calls).toEqual(['kick t1 c_demo1']);

    await user.click(await within(dialog).findByRole('button', { name: 'Mute Manager Mia' }));
    await waitFor(() => expect(screen.getByTestId('team-member-c_mgr')).toHaveTextContent('Muted'));
    await user.type(await within(dialog).findByRole('textbox', { name: 'Invite by account' }), 'c_new{Enter}');
    expect(await within(dialog).findByTestId('team-member-c_new')).toBeInTheDocument();
    expect(port.calls).toEqual(['kick t1 c_demo1', 'mute t1 c_mgr true', 'invite t1 c_new']);
  });

  it('offers a normal member only "leave", confirmed first, and closes after leaving', async () => {
    const user = userEvent.setup();
    const port = new FakeTeamsPort({ myAccount: 'c_demo1', team, members: members() });
    const onClose = renderPanel(port);
    const dialog = await screen.findByRole('dialog', { name: 'VIP buyers' });
    await within(dialog).findByTestId('team-member-c_demo1');
    expect(within(dialog).queryByRole('button', { name: /^Remove|^Mute|^Unmute/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Invite by account' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Leave team' }));
    expect(await screen.findByText('Leave “VIP buyers”? You will no longer get its messages.')).toBeInTheDocument();
    expect(port.calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(port.calls).toEqual(['leave t1']);
  });

  it('shows a refusal with its §8 code in the merchant\'s language and changes nothing', async () => {
    const user = userEvent.setup();
    const port = new FakeTeamsPort({ myAccount: 's_1001', team, members: members() });
    port.refuse = new ImError('Param_Error', 'no permission', { code: 802 });
    renderPanel(port, 'zh-CN');
    const dialog = await screen.findByRole('dialog', { name: 'VIP buyers' });
    await user.click(await within(dialog).findByRole('button', { name: '解除 Alice in VIP 的禁言' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('没有权限执行该操作');
    expect(within(dialog).getByTestId('team-member-c_demo1')).toHaveTextContent('已禁言');
    port.refuse = new ImError('Param_Error', 'already', { code: 809 });
    await user.type(within(dialog).getByRole('textbox', { name: '邀请客户账号' }), 'c_mgr{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('该用户已在群中'));
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
  });
});
