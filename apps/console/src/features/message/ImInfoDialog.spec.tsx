// console-spec §2/§5 IM info dialog: avatar and nickname both required ('please fill in IM info'),
// nickname trimmed, saved through the contract's call as §3's avatar object {objectKey, objectUrl}, and the
// shell shows the new name at once.
import { screen, waitFor, within } from '@testing-library/react';
import { imEndpoints, imInfoBiz } from '@merchant/api-contracts';
import { mediaLibraryPaths } from '@merchant/media-library';
import { renderSignedIn } from '../../../test/renderConsole';
import { DEMO_OWNER, createFakeStoreServer } from '../../../test/fakeStoreServer';
import { installInertWorker } from '../../../test/inertWorker';

const PATHS = mediaLibraryPaths();
const ok = (data: unknown) => ({ code: '00000000', msg: 'success', data });
/** A signed media URL as store-server answers it: the object key is its `key` parameter. */
const signedUrl = (objectKey: string) => `http://127.0.0.1:3100/v1/store/media/objects/get?${new URLSearchParams({ key: objectKey, expires: '1', signature: 'x' }).toString()}`;
const SAVED_AVATAR_URL = signedUrl('store-1001/saved-avatar.png');
// The IM info entry is offered to holders of im:chat: the owner holds every code.
const withAvatar = { ...DEMO_OWNER, info: { ...DEMO_OWNER.info, avatarUrl: SAVED_AVATAR_URL } };
const LIBRARY_IMAGE = {
  fileId: 7,
  objectName: 'shop-logo.png',
  objectUrl: signedUrl('store-1001/0123456789abcdef0123456789abcdef.png'),
  objectSuffix: 'png',
  catalogPath: '/noWatermark',
  createDate: 1_763_900_000,
  referenceCount: 0,
  fileTags: [],
};

installInertWorker();

async function openDialog(server = createFakeStoreServer([withAvatar])) {
  server.on(imEndpoints.updateImInfo.path, () => ok(null));
  server.on(PATHS.queryCatalogListByPath, () => ok([{ path: '/noWatermark', name: 'noWatermark', catalogList: [] }, { path: '/watermark', name: 'watermark', catalogList: [] }]));
  server.on(PATHS.queryResourceFileListByPath, ({ biz }) => {
    const list = [LIBRARY_IMAGE].filter((file) => file.catalogPath === biz.path);
    return ok({ list, total: list.length, pageNum: biz.pageNum ?? 1, pageSize: biz.pageSize ?? 5 });
  });
  const rendered = await renderSignedIn({ server });
  await rendered.user.click(await screen.findByTestId('user-menu'));
  await rendered.user.click(await screen.findByTestId('user-menu-im-info'));
  const dialog = await screen.findByRole('dialog', { name: 'IM info' });
  // The fields show once the media picker's module has loaded.
  await within(dialog).findByRole('textbox', { name: 'Nickname' }, { timeout: 10_000 });
  return { ...rendered, server, dialog };
}

describe('IM info dialog', () => {
  it('refuses a blank nickname with "please fill in IM info" and calls nothing', async () => {
    const { user, server, dialog } = await openDialog();
    const nickname = within(dialog).getByRole('textbox', { name: 'Nickname' });
    await user.clear(nickname);
    await user.type(nickname, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(nickname).toHaveAccessibleDescription('please fill in IM info'));
    expect(nickname).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo(imEndpoints.updateImInfo.path)).toHaveLength(0);
  });

  it('refuses a missing avatar with the same warning', async () => {
    const { user, server, dialog } = await openDialog(createFakeStoreServer([DEMO_OWNER]));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('group', { name: 'Avatar' })).toHaveAccessibleDescription('please fill in IM info'));
    expect(within(dialog).getByRole('textbox', { name: 'Nickname' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo(imEndpoints.updateImInfo.path)).toHaveLength(0);
  });

  it('saves the trimmed nickname with the avatar and shows the new name in the user menu', async () => {
    const { user, server, dialog } = await openDialog();
    const nickname = within(dialog).getByRole('textbox', { name: 'Nickname' });
    await user.clear(nickname);
    await user.type(nickname, '  Shop Ann  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo(imEndpoints.updateImInfo.path)).toHaveLength(1));
    const { biz } = server.callsTo(imEndpoints.updateImInfo.path)[0];
    expect(biz).toEqual({ nickname: 'Shop Ann', avatar: { objectKey: 'store-1001/saved-avatar.png', objectUrl: SAVED_AVATAR_URL } });
    expect(imInfoBiz.safeParse(biz).success).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'IM info' })).not.toBeInTheDocument());
    expect(screen.getByTestId('user-menu')).toHaveTextContent('Shop Ann');
  });

  it('sends an image picked from the media library as the avatar object, by its object key', async () => {
    const { user, server, dialog } = await openDialog(createFakeStoreServer([DEMO_OWNER]));
    const nickname = within(dialog).getByRole('textbox', { name: 'Nickname' });
    await user.clear(nickname);
    await user.type(nickname, 'Shop Ann');
    await user.click(within(dialog).getByRole('button', { name: /select image|click to upload/i }));
    await user.click(await screen.findByRole('checkbox', { name: 'choose shop-logo.png' }, { timeout: 10_000 }));
    await user.click(screen.getByRole('button', { name: /^confirm$/i }));
    // The IM info dialog is hidden from the accessibility tree while the picker's dialog is open.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'select image' })).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo(imEndpoints.updateImInfo.path)).toHaveLength(1));
    expect(server.callsTo(imEndpoints.updateImInfo.path)[0].biz).toEqual({
      nickname: 'Shop Ann',
      avatar: { objectKey: 'store-1001/0123456789abcdef0123456789abcdef.png', objectUrl: LIBRARY_IMAGE.objectUrl },
    });
  });
});
