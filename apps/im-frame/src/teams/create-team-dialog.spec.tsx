// "Create team": checked in the form, sent to the teams port, the new team opened; refusals explained.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImError } from '@merchant/im-core';
import { renderWithI18n } from '../test/render-frame';
import { CreateTeamButton } from './create-team-dialog';
import { FakeTeamsPort } from './fake-teams-port';

function setup(language: 'zh-CN' | 'en-US' = 'en-US') {
  const port = new FakeTeamsPort({ myAccount: 's_1001', members: [], myNotify: 'all' });
  const onCreated = jest.fn();
  renderWithI18n(<CreateTeamButton teams={port} ownAccount="s_1001" onCreated={onCreated} />, language);
  return { port, onCreated };
}

describe('create team', () => {
  it('creates an advanced team (the default) with the typed accounts, leaving out my own, and opens it', async () => {
    const user = userEvent.setup();
    const { port, onCreated } = setup();
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a team' });
    expect(within(dialog).getByRole('radio', { name: 'Advanced team' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Advanced team' })).toHaveAccessibleDescription('Managers, join requests and invitation approval');
    await user.type(within(dialog).getByRole('textbox', { name: /Team name/ }), '  Sofa buyers  ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Invite members (optional)' }), 'c_demo1, c_demo2，s_1001 c_demo1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('t_new'));
    expect(port.calls).toEqual(['create advanced Sofa buyers [c_demo1,c_demo2]']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a team' })).not.toBeInTheDocument());
  });

  it('zh-CN: a missing name and a malformed account are refused in the form; nothing is sent', async () => {
    const user = userEvent.setup();
    const { port } = setup('zh-CN');
    await user.click(screen.getByRole('button', { name: '创建群' }));
    const dialog = await screen.findByRole('dialog', { name: '创建群' });
    await user.click(within(dialog).getByRole('radio', { name: '普通群' }));
    await user.type(within(dialog).getByRole('textbox', { name: '邀请成员（选填）' }), 'c_ok <b>x</b>');
    await user.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(await within(dialog).findByText('请输入群名称')).toBeInTheDocument();
    expect(within(dialog).getByText('账号格式不正确：<b>x</b>')).toBeInTheDocument();
    expect(dialog.querySelector('b')).toBeNull();
    expect(port.calls).toEqual([]);
  });

  it.each([
    ['en-US', 806, 'You have created as many teams as allowed'],
    ['zh-CN', 806, '创建群的数量已达上限'],
  ] as const)("%s: a refusal (%i) stays in the form in the merchant's language", async (language, code, text) => {
    const user = userEvent.setup();
    const { port, onCreated } = setup(language);
    port.refuse = new ImError('Param_Error', `refused ${code}`, { code });
    await user.click(screen.getByTestId('create-team'));
    const dialog = await screen.findByTestId('create-team-dialog');
    await user.type(within(dialog).getByTestId('create-team-name'), 'VIP');
    await user.click(within(dialog).getByTestId('create-team-submit'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('813: the team exists with those who fit; it opens and the merchant is told who was left out', async () => {
    const user = userEvent.setup();
    const { port, onCreated } = setup();
    port.refuse = new ImError('Param_Error', 'partial', { code: 813, details: { team: { teamId: 't9' }, abortedAccidList: ['c_late'] } });
    await user.click(screen.getByTestId('create-team'));
    const dialog = await screen.findByTestId('create-team-dialog');
    await user.type(within(dialog).getByTestId('create-team-name'), 'Big');
    await user.type(within(dialog).getByTestId('create-team-accounts'), 'c_early c_late');
    await user.click(within(dialog).getByTestId('create-team-submit'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The team is full; these accounts were not added: c_late');
    expect(onCreated).toHaveBeenCalledWith('t9');
  });
});
