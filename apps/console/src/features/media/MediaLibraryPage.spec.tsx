// /shop/mediaLibrary against an in-memory media server: directories, search, tags and delete with
// confirmation, each proven by the calls the page makes and what it shows afterwards.
import { screen, waitFor, within } from '@testing-library/react';
import { ALL_PERMISSION_CODES, PERMISSIONS } from '@merchant/api-contracts';
import { mediaLibraryPaths } from '@merchant/media-library';
import { renderSignedIn } from '../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../test/fakeStoreServer';

const PATHS = mediaLibraryPaths();
const ok = (data: unknown) => ({ code: '00000000', msg: 'success', data });

interface FakeFile {
  fileId: number;
  objectName: string;
  objectUrl: string;
  objectSuffix: string;
  catalogPath: string;
  createDate: number;
  referenceCount: number;
  fileTags: { tag: string }[];
}

function mediaServer(user: FakeUser) {
  const server = createFakeStoreServer([user]);
  const file = (fileId: number, objectName: string, catalogPath: string): FakeFile => ({
    fileId,
    objectName,
    objectUrl: `http://127.0.0.1:3100/media/${fileId}.png`,
    objectSuffix: 'png',
    catalogPath,
    createDate: 1_763_900_000 + fileId,
    referenceCount: fileId % 3,
    fileTags: [],
  });
  const files: FakeFile[] = [file(1, 'banner.png', '/noWatermark'), file(2, 'logo.png', '/noWatermark'), file(3, 'sneaker.png', '/noWatermark/shoes')];
  server.on(PATHS.queryCatalogListByPath, () =>
    ok([
      { path: '/noWatermark', name: 'noWatermark', catalogList: [{ path: '/noWatermark/shoes', name: 'shoes', catalogList: [] }] },
      { path: '/watermark', name: 'watermark', catalogList: [] },
    ]),
  );
  server.on(PATHS.queryResourceFileListByPath, ({ biz }) => {
    const keyword = typeof biz.searchKey === 'string' ? biz.searchKey : '';
    const list = files.filter((entry) => entry.catalogPath === biz.path && entry.objectName.includes(keyword));
    return ok({ list, total: list.length, pageNum: biz.pageNum ?? 1, pageSize: biz.pageSize ?? 5 });
  });
  server.on(PATHS.updateResourceFileTags, ({ biz }) => {
    const target = files.find((entry) => entry.fileId === biz.fileId)!;
    target.fileTags = (biz.tagList as string[]).map((tag) => ({ tag }));
    return ok({ fileId: biz.fileId, tagList: biz.tagList });
  });
  server.on(PATHS.deleteResourceFile, ({ biz }) => {
    for (const id of biz.fileIdList as number[]) files.splice(files.findIndex((entry) => entry.fileId === id), 1);
    return ok({ fileIdList: biz.fileIdList });
  });
  return server;
}

const owner: FakeUser = { ...DEMO_USER, info: { ...DEMO_USER.info, permissions: [...ALL_PERMISSION_CODES] } };
const staff: FakeUser = {
  ...DEMO_USER,
  info: { ...DEMO_USER.info, permissions: ALL_PERMISSION_CODES.filter((code) => code !== PERMISSIONS.mediaDelete) },
};

async function openLibrary(user: FakeUser = owner) {
  const server = mediaServer(user);
  const rendered = await renderSignedIn({ server, path: '/shop/mediaLibrary' });
  const table = await screen.findByTestId('media-table');
  await within(table).findByText('banner.png');
  return { ...rendered, server, table };
}

async function rowActions(user: Awaited<ReturnType<typeof openLibrary>>['user'], table: HTMLElement, name: string) {
  const row = within(table).getByText(name).closest('[role="row"]') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: /more/i }));
  return screen.getByRole('menu');
}

describe('media library page', () => {
  it("lists the default '/noWatermark' directory, and a directory click lists that directory", async () => {
    const { user, server, table } = await openLibrary();
    expect(within(table).getByText('logo.png')).toBeInTheDocument();
    expect(within(table).queryByText('sneaker.png')).not.toBeInTheDocument();
    await user.click(within(screen.getByTestId('media-catalog-tree')).getByText('shoes'));
    expect(await within(table).findByText('sneaker.png')).toBeInTheDocument();
    expect(within(table).queryByText('banner.png')).not.toBeInTheDocument();
    expect(server.callsTo(PATHS.queryResourceFileListByPath).at(-1)!.biz).toMatchObject({ path: '/noWatermark/shoes', pageNum: 1 });
  });

  it('shows directories by display names in the tree, the file paths and the upload dialog, in English and Chinese', async () => {
    const { user, table } = await openLibrary();
    const tree = screen.getByTestId('media-catalog-tree');
    expect(within(tree).getByText('No watermark')).toBeInTheDocument();
    expect(within(table).getAllByTestId('media-file-path').map((path) => path.textContent)).toEqual(['/No watermark', '/No watermark']);
    await user.click(within(tree).getByText('shoes'));
    expect(await within(table).findByText('/No watermark/shoes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upload files' }));
    const dialog = await screen.findByRole('dialog', { name: 'upload file' });
    // §2's directory cascader ('root directory'), by display names: the root, then the sub-directory.
    expect(within(dialog).getByRole('combobox', { name: 'root directory' })).toHaveTextContent('No watermark');
    expect(within(dialog).getByRole('combobox', { name: 'sub-directory' })).toHaveTextContent('shoes');
    expect(within(dialog).queryByText(/noWatermark/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'upload file' })).not.toBeInTheDocument());

    await user.selectOptions(screen.getByTestId('language-switch'), 'zh-CN');
    expect(await within(tree).findByText('无水印')).toBeInTheDocument();
    expect(within(tree).getByText('水印')).toBeInTheDocument();
    expect(await within(table).findByText('/无水印/shoes')).toBeInTheDocument();
    expect(within(table).queryByText(/noWatermark/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '上传文件' }));
    const zhDialog = await screen.findByRole('dialog', { name: '上传文件' });
    expect(within(zhDialog).getByRole('combobox', { name: '根目录' })).toHaveTextContent('无水印');
    expect(within(zhDialog).getByRole('combobox', { name: '子目录' })).toHaveTextContent('shoes');
    expect(within(zhDialog).queryByText(/noWatermark|根目录 2/)).not.toBeInTheDocument();
  });

  it('searches by keyword within the current directory', async () => {
    const { user, server, table } = await openLibrary();
    await user.type(screen.getByRole('textbox', { name: 'keyword' }), 'logo');
    await user.click(screen.getByRole('button', { name: /search/i }));
    await waitFor(() => expect(within(table).queryByText('banner.png')).not.toBeInTheDocument());
    expect(within(table).getByText('logo.png')).toBeInTheDocument();
    expect(server.callsTo(PATHS.queryResourceFileListByPath).at(-1)!.biz).toMatchObject({ path: '/noWatermark', searchKey: 'logo' });
  });

  it('edits tags: Enter adds one, save sends the list and the table shows it without a manual reload', async () => {
    const { user, server, table } = await openLibrary();
    const row = within(table).getByText('banner.png').closest('[role="row"]') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Edit tags' }));
    const dialog = await screen.findByRole('dialog', { name: /Edit tags/ });
    await user.type(within(dialog).getByRole('textbox', { name: 'add tag' }), 'summer{Enter}');
    await user.type(within(dialog).getByRole('textbox', { name: 'add tag' }), '   {Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo(PATHS.updateResourceFileTags)).toHaveLength(1));
    expect(server.callsTo(PATHS.updateResourceFileTags)[0].biz).toEqual({ fileId: 1, tagList: ['summer'] });
    expect(await within(table).findByText('summer')).toBeInTheDocument();
  });

  it('deletes only after confirmation; cancelling deletes nothing', async () => {
    const { user, server, table } = await openLibrary();
    await user.click(within(await rowActions(user, table, 'logo.png')).getByRole('menuitem', { name: 'Delete' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete file' });
    expect(confirm).toHaveTextContent('Delete "logo.png"? This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: /cancel/i }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete file' })).not.toBeInTheDocument());
    expect(server.callsTo(PATHS.deleteResourceFile)).toHaveLength(0);

    await user.click(within(await rowActions(user, table, 'logo.png')).getByRole('menuitem', { name: 'Delete' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete file' });
    await user.click(within(confirm).getByRole('button', { name: /confirm|ok/i }));
    await waitFor(() => expect(within(table).queryByText('logo.png')).not.toBeInTheDocument());
    expect(server.callsTo(PATHS.deleteResourceFile)[0].biz).toEqual({ fileIdList: [2] });
  });

  it('a user without media:delete sees Delete disabled in the more menu', async () => {
    const { user, table } = await openLibrary(staff);
    const menu = await rowActions(user, table, 'logo.png');
    expect(within(menu).getByRole('menuitem', { name: /Delete/ })).toHaveAttribute('aria-disabled', 'true');
  });
});
