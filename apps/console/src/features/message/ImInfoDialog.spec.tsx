// console-spec §2/§5 IM info dialog: avatar and nickname both required ('please fill in IM info'),
// nickname trimmed, saved through the contract's call, and the shell shows the new name at once.
import { screen, waitFor, within } from '@testing-library/react';
import { imEndpoints } from '@merchant/api-contracts';
import { renderSignedIn } from '../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer } from '../../../test/fakeStoreServer';

const withAvatar = { ...DEMO_USER, info: { ...DEMO_USER.info, avatarUrl: 'http://127.0.0.1:3100/media/1001/avatar.png' } };

async function openDialog(server = createFakeStoreServer([withAvatar])) {
  server.on(imEndpoints.updateImInfo.path, () => ({ code: '00000000', msg: 'success', data: null }));
  const rendered = await renderSignedIn({ server });
  await rendered.user.click(await screen.findByTestId('user-menu'));
  await rendered.user.click(await screen.findByTestId('user-menu-im-info'));
  const dialog = await screen.findByRole('dialog', { name: 'IM info' });
  return { ...rendered, server, dialog };
}

describe('IM info dialog', () => {
  it('refuses a blank nickname with "please fill in IM info" and calls nothing', async () => {
    const { user, server, dialog } = await openDialog();
    const nickname = within(dialog).getByTestId('im-info-nickname');
    await user.clear(nickname);
    await user.type(nickname, '   ');
    await user.click(within(dialog).getByTestId('im-info-save'));
    expect(await within(dialog).findByTestId('im-info-error')).toHaveTextContent('please fill in IM info');
    expect(server.callsTo(imEndpoints.updateImInfo.path)).toHaveLength(0);
  });

  it('refuses a missing avatar with the same warning', async () => {
    const { user, server, dialog } = await openDialog(createFakeStoreServer([DEMO_USER]));
    await user.click(within(dialog).getByTestId('im-info-save'));
    expect(await within(dialog).findByTestId('im-info-error')).toHaveTextContent('please fill in IM info');
    expect(server.callsTo(imEndpoints.updateImInfo.path)).toHaveLength(0);
  });

  it('saves the trimmed nickname with the avatar and shows the new name in the user menu', async () => {
    const { user, server, dialog } = await openDialog();
    const nickname = within(dialog).getByTestId('im-info-nickname');
    await user.clear(nickname);
    await user.type(nickname, '  Shop Ann  ');
    await user.click(within(dialog).getByTestId('im-info-save'));
    await waitFor(() => expect(server.callsTo(imEndpoints.updateImInfo.path)).toHaveLength(1));
    expect(server.callsTo(imEndpoints.updateImInfo.path)[0].biz).toEqual({
      nickname: 'Shop Ann',
      avatarUrl: 'http://127.0.0.1:3100/media/1001/avatar.png',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'IM info' })).not.toBeInTheDocument());
    expect(screen.getByTestId('user-menu')).toHaveTextContent('Shop Ann');
  });
});
