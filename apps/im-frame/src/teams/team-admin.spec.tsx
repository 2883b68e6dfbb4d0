// Issue 32 §1 in the team panel: the team's info and modes, the team-wide mute, managers, transfer
// and dismiss, each offered only to who may do it, destructive ones confirmed, refusals explained.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImError } from '@merchant/im-core';
import { createFrameI18n } from '../i18n/frame-i18n';
import { renderWithI18n } from '../test/render-frame';
import { FakeTeamsPort } from './fake-teams-port';
import { memberMenuActions } from './team-member-menu';
import { TeamPanel } from './team-panel';
import type { TeamInfo, TeamMemberEntry, TeamPanelData } from './teams-port';

const members = (): TeamMemberEntry[] => [
  { account: 's_1001', nick: 'Demo Store', type: 'owner', mute: false },
  { account: 'c_mgr', nick: 'Manager Mia', type: 'manager', mute: false },
  { account: 'c_demo1', nick: 'Alice in VIP', type: 'normal', mute: false },
];
const advanced = (patch: Partial<TeamInfo> = {}): TeamInfo => ({
  teamId: 't1',
  type: 'advanced',
  name: 'VIP buyers',
  owner: 's_1001',
  memberNum: 3,
  muteType: 'none',
  intro: '<img src=x onerror="alert(1)">Our best buyers',
  announcement: '',
  joinMode: 'needVerify',
  beInviteMode: 'needVerify',
  inviteMode: 'manager',
  updateTeamMode: 'manager',
  updateCustomMode: 'manager',
  ...patch,
});
const panelData = (myAccount: string, team: TeamInfo = advanced()): TeamPanelData => ({ myAccount, team, members: members(), myNotify: 'all' });

function renderPanel(port: FakeTeamsPort, language: 'en-US' | 'zh-CN' = 'en-US') {
  const onClose = jest.fn();
  renderWithI18n(<TeamPanel teams={port} teamId="t1" name="VIP buyers" open onClose={onClose} />, language);
  return onClose;
}

async function openPanel() {
  const dialog = await screen.findByRole('dialog', { name: 'VIP buyers' });
  await within(dialog).findByTestId('team-member-c_demo1');
  return dialog;
}

describe('team info and modes', () => {
  it('shows the intro as text (never HTML) and lets the owner save only what changed, by keyboard', async () => {
    const user = userEvent.setup();
    const port = new FakeTeamsPort(panelData('s_1001'));
    renderPanel(port);
    const panel = await openPanel();
    expect(within(panel).getByTestId('team-intro')).toHaveTextContent('<img src=x onerror="alert(1)">Our best buyers');
    expect(within(panel).getByTestId('team-announcement')).toHaveTextContent('Not set');
    expect(panel.querySelector('img[src="x"]')).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Edit team info' }));
    const form = await screen.findByRole('dialog', { name: 'Team info and permissions' });
    const announcement = within(form).getByRole('textbox', { name: 'Announcement' });
    await user.type(announcement, 'Sofa sale on Friday');
    // Modes: the owner sees all five for an advanced team.
    await user.click(within(form).getByRole('combobox', { name: 'Who can invite members' }));
    await user.click(await screen.findByRole('option', { name: 'Every member' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Team info and permissions' })).not.toBeInTheDocument());
    expect(port.calls).toEqual(['update t1 {"announcement":"Sofa sale on Friday","inviteMode":"all"}']);
    expect(await within(panel).findByTestId('team-announcement')).toHaveTextContent('Sofa sale on Friday');
    expect(within(panel).getByTestId('team-panel-status')).toHaveTextContent('Team info saved');
  });

  it('zh-CN: an empty name is refused in the form with its own text and nothing is sent; nothing changed is said so', async () => {
    const user = userEvent.setup();
    const port = new FakeTeamsPort(panelData('s_1001'));
    renderPanel(port, 'zh-CN');
    const panel = await openPanel();
    await user.click(within(panel).getByRole('button', { name: '修改群资料' }));
    const form = await screen.findByRole('dialog', { name: '群资料与权限' });
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('没有需要保存的修改')).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: /群名称/ }));
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('请输入群名称')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: '群头像地址（选填）' }), 'javascript:alert(1)');
    await user.type(within(form).getByRole('textbox', { name: /群名称/ }), '新名字');
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('请输入以 http:// 或 https:// 开头的地址')).toBeInTheDocument();
    expect(port.calls).toEqual([]);
  });

  it('a normal member edits the info only when updateTeamMode is all, never the modes; invites only when inviteMode is all', async () => {
    const user = userEvent.setup();
    const closed = new FakeTeamsPort(panelData('c_demo1'));
    const { unmount } = renderWithI18n(<TeamPanel teams={closed} teamId="t1" name="VIP buyers" open onClose={() => undefined} />, 'en-US');
    let panel = await openPanel();
    expect(within(panel).queryByRole('button', { name: 'Edit team info' })).not.toBeInTheDocument();
    expect(within(panel).queryByTestId('team-invite-account')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('combobox', { name: 'Team-wide mute' })).not.toBeInTheDocument();
    expect(within(panel).getByTestId('team-mute-state')).toHaveTextContent('Team not muted');
    unmount();

    const open = new FakeTeamsPort(panelData('c_demo1', advanced({ updateTeamMode: 'all', inviteMode: 'all' })));
    renderPanel(open);
    panel = await openPanel();
    expect(within(panel).getByTestId('team-invite-account')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Edit team info' }));
    const form = await screen.findByRole('dialog', { name: 'Team info and permissions' });
    expect(within(form).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(form).queryByText('Permissions')).not.toBeInTheDocument();
  });

  it('a normal team offers no join or be-invite mode (they apply to advanced teams only)', async () => {
    const user = userEvent.setup();
    renderPanel(new FakeTeamsPort(panelData('s_1001', advanced({ type: 'normal' }))));
    const panel = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Edit team info' }));
    const form = await screen.findByRole('dialog', { name: 'Team info and permissions' });
    expect(within(form).getAllByRole('combobox')).toHaveLength(3);
    for (const name of ['Who can invite members', 'Who can edit the team info', 'Who can edit the team extension data']) expect(within(form).getByRole('combobox', { name })).toBeInTheDocument();
    expect(within(form).queryByRole('combobox', { name: 'Invited people' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('combobox', { name: 'Requests to join' })).not.toBeInTheDocument();
  });
});

describe('team-wide mute', () => {
  it('the owner mutes everyone by keyboard; the select shows the new state and a status says so', async () => {
    const user = userEvent.setup();
    const port = new FakeTeamsPort(panelData('s_1001'));
    renderPanel(port);
    const panel = await openPanel();
    const select = within(panel).getByRole('combobox', { name: 'Team-wide mute' });
    select.focus();
    await user.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    await user.click(within(listbox).getByRole('option', { name: 'Mute everyone' }));
    await waitFor(() => expect(port.calls).toEqual(['muteTeam t1 all']));
    expect(await within(panel).findByText('Team-wide mute set to: Mute everyone')).toBeInTheDocument();
    expect(within(panel).getByRole('combobox', { name: 'Team-wide mute' })).toHaveTextContent('Mute everyone');
  });
});

describe('managers, transfer and dismiss', () => {
  it('offers the owner make/remove manager on an advanced team and only transfer on a normal one; nothing on the owner', () => {
    expect(memberMenuActions({ type: 'normal' }, 'advanced')).toEqual(['makeManager', 'transfer']);
    expect(memberMenuActions({ type: 'manager' }, 'advanced')).toEqual(['removeManager', 'transfer']);
    expect(memberMenuActions({ type: 'normal' }, 'normal')).toEqual(['transfer']);
    expect(memberMenuActions({ type: 'owner' }, 'advanced')).toEqual([]);
  });

  it('the owner promotes a member and demotes a manager from the member menu (keyboard: Escape closes it back)', async () => {
    const user = userEvent.setup();
    const port = new FakeTeamsPort(panelData('s_1001'));
    renderPanel(port);
    const panel = await openPanel();
    const more = within(panel).getByRole('button', { name: 'More actions for Alice in VIP' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(more);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await user.click(more);
    await user.click(await screen.findByRole('menuitem', { name: 'Make manager' }));
    await waitFor(() => expect(within(panel).getByTestId('team-member-c_demo1')).toHaveAttribute('data-role', 'manager'));
    expect(within(panel).getByTestId('team-panel-status')).toHaveTextContent('Alice in VIP is now a manager');
    await user.click(within(panel).getByRole('button', { name: 'More actions for Manager Mia' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove as manager' }));
    await waitFor(() => expect(within(panel).getByTestId('team-member-c_mgr')).toHaveAttribute('data-role', 'normal'));
    expect(port.calls).toEqual(['manager t1 c_demo1 true', 'manager t1 c_mgr false']);
  });

  it('transfer asks first (cancel sends nothing), then hands the team over; with "leave" the panel closes', async () => {
    const user = userEvent.setup();
    const port = new FakeTeamsPort(panelData('s_1001'));
    const onClose = renderPanel(port);
    const panel = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'More actions for Alice in VIP' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Transfer ownership' }));
    let confirm = await screen.findByTestId('team-confirm');
    expect(confirm).toHaveTextContent('Make Alice in VIP the owner of this team? You will become a normal member.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(port.calls).toEqual([]);

    await user.click(await within(panel).findByRole('button', { name: 'More actions for Alice in VIP' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Transfer ownership' }));
    confirm = await screen.findByTestId('team-confirm');
    await user.click(within(confirm).getByRole('checkbox', { name: 'Leave the team after the transfer' }));
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(port.calls).toEqual(['transfer t1 c_demo1 true']));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('after a transfer without leaving, the old owner is a member: no menu, no dismiss, and leave is offered', async () => {
    const user = userEvent.setup();
    const port = new FakeTeamsPort(panelData('s_1001'));
    renderPanel(port);
    const panel = await openPanel();
    expect(within(panel).queryByTestId('team-leave')).not.toBeInTheDocument();
    expect(within(panel).getByTestId('team-owner-leave-hint')).toHaveTextContent('transfer the team or dismiss it before leaving');
    await user.click(within(panel).getByRole('button', { name: 'More actions for Manager Mia' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Transfer ownership' }));
    await user.click(within(await screen.findByTestId('team-confirm')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(panel).getByTestId('team-member-c_mgr')).toHaveAttribute('data-role', 'owner'));
    expect(port.calls).toEqual(['transfer t1 c_mgr false']);
    expect(within(panel).getByTestId('team-panel-status')).toHaveTextContent('Manager Mia is now the owner');
    expect(within(panel).queryByTestId('team-dismiss')).not.toBeInTheDocument();
    expect(within(panel).queryByTestId(/^team-member-more-/)).not.toBeInTheDocument();
    expect(within(panel).getByTestId('team-leave')).toBeInTheDocument();
  });

  it('dismiss is confirmed first, then ends the team and closes the panel', async () => {
    const user = userEvent.setup();
    const port = new FakeTeamsPort(panelData('s_1001'));
    const onClose = renderPanel(port);
    const panel = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Dismiss team' }));
    const confirm = await screen.findByTestId('team-confirm');
    expect(confirm).toHaveTextContent('Dismiss "VIP buyers"? Every member leaves and it cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(port.calls).toEqual(['dismiss t1']));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('a manager has no dismiss and no owner menu, but the team-wide mute and the modes', async () => {
    renderPanel(new FakeTeamsPort(panelData('c_mgr')));
    const panel = await openPanel();
    expect(within(panel).queryByTestId('team-dismiss')).not.toBeInTheDocument();
    expect(within(panel).queryByTestId(/^team-member-more-/)).not.toBeInTheDocument();
    expect(within(panel).getByRole('combobox', { name: 'Team-wide mute' })).toBeInTheDocument();
    expect(within(panel).getByTestId('team-leave')).toBeInTheDocument();
  });

  const languages = ['zh-CN', 'en-US'] as const;
  const refusals = [
    ['makeManager', 815],
    ['makeManager', 805],
    ['transfer', 804],
    ['dismiss', 802],
    ['mute', 802],
  ] as const;
  it.each(languages.flatMap((language) => refusals.map(([action, code]) => [language, action, code] as const)))(
    '%s: a refused %s (%i) is explained by its own §8 text and changes nothing',
    async (language, action, code) => {
      const user = userEvent.setup();
      const t = createFrameI18n(language).t;
      const port = new FakeTeamsPort(panelData('s_1001'));
      port.refuse = new ImError('Param_Error', `refused ${code}`, { code });
      const onClose = renderPanel(port, language);
      const panel = await screen.findByRole('dialog', { name: 'VIP buyers' });
      await within(panel).findByTestId('team-member-c_demo1');
      if (action === 'mute') {
        await user.click(within(panel).getByRole('combobox', { name: t('teamAdmin.mute.label') }));
        await user.click(await screen.findByRole('option', { name: t('teamAdmin.mute.modes.all') }));
      } else if (action === 'dismiss') {
        await user.click(within(panel).getByRole('button', { name: t('teamAdmin.dismiss') }));
        await user.click(await screen.findByRole('button', { name: t('teamPanel.confirm') }));
      } else {
        await user.click(within(panel).getByRole('button', { name: t('teamAdmin.member.more', { name: 'Alice in VIP' }) }));
        await user.click(await screen.findByRole('menuitem', { name: t(`teamAdmin.member.${action}`) }));
        if (action === 'transfer') await user.click(await screen.findByRole('button', { name: t('teamPanel.confirm') }));
      }
      const alert = await within(panel).findByRole('alert');
      expect(alert.textContent).toBe(t(`teamPanel.error.${code}`));
      expect(port.calls).toHaveLength(1);
      expect(within(panel).getByTestId('team-member-c_demo1')).toHaveAttribute('data-role', 'normal');
      expect(within(panel).getByTestId('team-member-s_1001')).toHaveAttribute('data-role', 'owner');
      expect(onClose).not.toHaveBeenCalled();
    },
  );
});
