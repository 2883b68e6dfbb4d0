import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImError } from '@merchant/im-core';
import { createFrameI18n } from '../i18n/frame-i18n';
import { renderWithI18n } from '../test/render-frame';
import { TeamPanel } from './team-panel';
import { FakeTeamsPort } from './fake-teams-port';
import { TEAM_ERROR_CODES, teamErrorKey, type TeamMemberEntry, type TeamsPort } from './teams-port';

const members = (): TeamMemberEntry[] => [
  { account: 's_1001', nick: 'Demo Store', type: 'owner', mute: false },
  { account: 'c_mgr', nick: 'Manager Mia', type: 'manager', mute: false },
  { account: 'c_demo1', nick: 'Alice in VIP', type: 'normal', mute: true },
];
const team = { teamId: 't1', name: 'VIP buyers', owner: 's_1001', memberNum: 3, muteType: 'none' as const };

/** Presses Tab until `target` has the focus (the drawer traps focus, so the order cycles). */
async function tabTo(user: ReturnType<typeof userEvent.setup>, target: HTMLElement) {
  for (let presses = 0; presses < 40 && document.activeElement !== target; presses += 1) await user.tab();
  expect(target).toHaveFocus();
}

function renderPanel(port: TeamsPort, language: 'en-US' | 'zh-CN' = 'en-US') {
  const onClose = jest.fn();
  renderWithI18n(<TeamPanel teams={port} teamId="t1" name="VIP buyers" open onClose={onClose} />, language);
  return onClose;
}

describe('TeamPanel', () => {
  it('lists members with their roles and mute state and the team mute state; the owner removes a member only after confirming', async () => {
    const user = userEvent.setup();
    const port = new FakeTeamsPort({ myAccount: 's_1001', team, members: members(), myNotify: 'all' });
    renderPanel(port);
    const dialog = await screen.findByRole('dialog', { name: 'VIP buyers' });
    const alice = await within(dialog).findByTestId('team-member-c_demo1');
    expect(alice).toHaveTextContent('Alice in VIP');
    expect(alice).toHaveTextContent('Member');
    expect(alice).toHaveTextContent('Muted');
    expect(within(dialog).getByTestId('team-member-s_1001')).toHaveTextContent(/Demo Store \(you\).*Owner/);
    expect(within(dialog).getByTestId('team-member-c_mgr')).toHaveTextContent('Manager');
    // The owner sets the team-wide mute (a select); members read it as a line.
    expect(within(dialog).getByRole('combobox', { name: 'Team-wide mute' })).toHaveTextContent('Off');
    expect(within(dialog).queryByTestId('team-mute-state')).not.toBeInTheDocument();

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

  it('lets any member choose which team messages notify them, by keyboard, in their language; a refusal leaves the choice as it was', async () => {
    const user = userEvent.setup();
    const port = new FakeTeamsPort({ myAccount: 'c_demo1', team, members: members(), myNotify: 'all' });
    renderPanel(port, 'zh-CN');
    const dialog = await screen.findByRole('dialog', { name: 'VIP buyers' });
    const group = await within(dialog).findByRole('radiogroup', { name: '消息通知' });
    expect(within(group).getByRole('radio', { name: '所有消息' })).toBeChecked();
    // Arrow keys move the choice within the group, as in any radio group.
    await tabTo(user, within(group).getByRole('radio', { name: '所有消息' }));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(port.calls).toEqual(['notify t1 managers']));
    expect(await within(dialog).findByTestId('team-panel-status')).toHaveTextContent('消息通知已设为：仅群主和管理员的消息');
    await waitFor(() => expect(within(group).getByRole('radio', { name: '仅群主和管理员的消息' })).toBeChecked());

    port.refuse = new ImError('Param_Error', 'no permission', { code: 802 });
    await user.click(within(group).getByRole('radio', { name: '不通知（仍计入未读）' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('没有权限执行该操作');
    await waitFor(() => expect(within(group).getByRole('radio', { name: '仅群主和管理员的消息' })).toBeChecked());
    expect(port.data.myNotify).toBe('managers');
  });

  it('offers a normal member only "leave", confirmed first, and closes after leaving', async () => {
    const user = userEvent.setup();
    const port = new FakeTeamsPort({ myAccount: 'c_demo1', team, members: members(), myNotify: 'all' });
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
    const port = new FakeTeamsPort({ myAccount: 's_1001', team, members: members(), myNotify: 'all' });
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

  it('lets a manager invite, mute and remove normal members by keyboard, with no action on the owner, another manager or themself', async () => {
    const user = userEvent.setup();
    const port = new FakeTeamsPort({
      myAccount: 'c_mgr',
      team,
      members: [
        ...members(),
        { account: 'c_mgr2', nick: 'Manager Max', type: 'manager', mute: false },
        { account: 'c_plain', type: 'normal', mute: false },
      ],
      myNotify: 'all',
    });
    renderPanel(port);
    const dialog = await screen.findByRole('dialog', { name: 'VIP buyers' });
    await within(dialog).findByTestId('team-member-c_plain');

    // Actions exist for the two normal members only (a member without a nick is named by account).
    const actions = within(dialog).getAllByRole('button', { name: /^(Remove|Mute|Unmute) / }).map((button) => button.getAttribute('aria-label'));
    expect(actions.sort()).toEqual(['Mute c_plain', 'Remove Alice in VIP from the team', 'Remove c_plain from the team', 'Unmute Alice in VIP'].sort());
    for (const account of ['s_1001', 'c_mgr', 'c_mgr2']) expect(within(within(dialog).getByTestId(`team-member-${account}`)).queryAllByRole('button')).toEqual([]);
    expect(within(dialog).queryByRole('button', { name: /Demo Store|Manager Max/ })).not.toBeInTheDocument();

    // Unmute Alice: Tab to the button, Space.
    await tabTo(user, within(dialog).getByRole('button', { name: 'Unmute Alice in VIP' }));
    await user.keyboard(' ');
    await waitFor(() => expect(within(dialog).getByTestId('team-member-c_demo1')).not.toHaveTextContent('Muted'));
    expect(port.calls).toEqual(['mute t1 c_demo1 false']);

    // Remove c_plain: Tab to the button, Enter; the confirmation focuses Confirm, Enter again.
    await tabTo(user, await within(dialog).findByRole('button', { name: 'Remove c_plain from the team' }));
    await user.keyboard('{Enter}');
    const confirmButton = await screen.findByRole('button', { name: 'Confirm' });
    expect(screen.getByText('Remove c_plain from the team?')).toBeInTheDocument();
    await waitFor(() => expect(confirmButton).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('team-member-c_plain')).not.toBeInTheDocument());

    // Invite: Tab to the account field, type, Enter submits.
    await tabTo(user, await within(dialog).findByRole('textbox', { name: 'Invite by account' }));
    await user.keyboard('c_new{Enter}');
    expect(await within(dialog).findByTestId('team-member-c_new')).toBeInTheDocument();
    expect(within(dialog).getByTestId('team-panel-status')).toHaveTextContent('c_new was invited');
    expect(port.calls).toEqual(['mute t1 c_demo1 false', 'kick t1 c_plain', 'invite t1 c_new']);
  });

  /**
   * The §8 team codes im-server can answer for the panel's actions (apps/im-server team-service.ts):
   * every action 803 (team missing) and 804 (caller or target not in the team) and 802 (no permission:
   * a manager on a manager, the owner leaving); invite also 801 (full), 809 (already in) and 813
   * (partial add, passed on by im-core's addTeamMembers). Texts: i18n/resources.ts teamPanel.error.
   */
  const refusalTexts: Record<number, { 'zh-CN': string; 'en-US': string }> = {
    801: { 'zh-CN': '群人数已达上限', 'en-US': 'The team is full' },
    802: { 'zh-CN': '没有权限执行该操作', 'en-US': 'You are not allowed to do that' },
    803: { 'zh-CN': '群不存在', 'en-US': 'This team does not exist' },
    804: { 'zh-CN': '该用户不在群中', 'en-US': 'That user is not in the team' },
    809: { 'zh-CN': '该用户已在群中', 'en-US': 'That user is already in the team' },
    813: { 'zh-CN': '群人数已满，部分成员未能加入', 'en-US': 'The team is full: some were not added' },
  };
  type Action = 'invite' | 'kick' | 'mute' | 'leave';
  const refusals: [Action, number][] = [
    ...[801, 802, 803, 804, 809, 813].map((code): [Action, number] => ['invite', code]),
    ...(['kick', 'mute', 'leave'] as const).flatMap((action) => [802, 803, 804].map((code): [Action, number] => [action, code])),
  ];
  const languages = ['zh-CN', 'en-US'] as const;

  it.each(languages.flatMap((language) => refusals.map(([action, code]) => [language, action, code] as const)))(
    'shows the %s text of its own §8 code when %s is refused with %i, and changes nothing',
    async (language, action, code) => {
      const user = userEvent.setup();
      const t = createFrameI18n(language).t;
      const viewer = action === 'leave' ? 'c_demo1' : 's_1001';
      const port = new FakeTeamsPort({ myAccount: viewer, team, members: members(), myNotify: 'all' });
      port.refuse = new ImError('Param_Error', `refused ${code}`, { code });
      const onClose = renderPanel(port, language);
      const dialog = await screen.findByRole('dialog', { name: 'VIP buyers' });
      await within(dialog).findByTestId('team-member-c_demo1');
      if (action === 'invite') {
        await user.type(within(dialog).getByRole('textbox', { name: t('teamPanel.inviteAccount') }), 'c_new{Enter}');
      } else if (action === 'mute') {
        await user.click(within(dialog).getByRole('button', { name: t('teamPanel.unmuteLabel', { name: 'Alice in VIP' }) }));
      } else {
        const name = action === 'kick' ? t('teamPanel.kickLabel', { name: 'Alice in VIP' }) : t('teamPanel.leave');
        await user.click(within(dialog).getByRole('button', { name }));
        await user.click(await screen.findByRole('button', { name: t('teamPanel.confirm') }));
      }
      const alert = await within(dialog).findByRole('alert');
      expect(alert.textContent).toBe(refusalTexts[code][language]);
      expect(port.calls).toHaveLength(1);
      expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
      expect(within(dialog).getByTestId('team-member-c_demo1')).toHaveAttribute('data-muted', 'true');
      expect(onClose).not.toHaveBeenCalled();
    },
  );

  it('gives each refusal code the panel can receive its own text per language, none the generic fallback', () => {
    for (const language of languages) {
      const t = createFrameI18n(language).t;
      const generic = t('teamPanel.error.generic', { reason: '' });
      const texts = Object.keys(refusalTexts).map((code) => t(teamErrorKey(new ImError('Param_Error', 'x', { code: Number(code) }))));
      expect(texts).toEqual(Object.values(refusalTexts).map((text) => text[language]));
      expect(new Set(texts).size).toBe(texts.length);
      for (const text of texts) expect(text).not.toContain(generic.trim());
    }
    for (const { 'zh-CN': zh, 'en-US': en } of Object.values(refusalTexts)) expect(zh).not.toBe(en);
  });

  it('has its own text in zh-CN and en-US for every §8 team code 801–815 that yields an error', () => {
    // 808 and 810 yield no error (§8).
    expect([...TEAM_ERROR_CODES]).toEqual([801, 802, 803, 804, 805, 806, 807, 809, 811, 812, 813, 814, 815]);
    const textsIn = (language: (typeof languages)[number]) => {
      const i18n = createFrameI18n(language);
      const generic = i18n.t('teamPanel.error.generic', { reason: 'x' });
      const texts = TEAM_ERROR_CODES.map((code) => {
        const key = teamErrorKey(new ImError('Param_Error', 'x', { code }));
        expect(key).toBe(`teamPanel.error.${code}`);
        // In this language's own resources, not through the zh-CN fallback.
        expect(typeof i18n.getResource(language, 'translation', key)).toBe('string');
        return i18n.t(key, { reason: 'x' });
      });
      expect(texts).not.toContain(generic);
      expect(new Set(texts).size).toBe(TEAM_ERROR_CODES.length);
      return texts;
    };
    const zh = textsIn('zh-CN');
    const en = textsIn('en-US');
    zh.forEach((text, index) => expect(text).not.toBe(en[index]));
  });
});
