// kind 'media': the media-library picker as a form field; its value is what the contracts take
// (`{ fileId?, objectUrl }`, or a list of them), and the §5 picker rules hold (type, limit).
import { act, screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import { goodsImageSchema } from '@merchant/api-contracts';
import { mediaLibraryPaths } from '@merchant/media-library';
import { createFakeStoreServer, ok } from '../../../test/fakeStoreServer';
import type { ResourceFormField } from '../types';
import { renderFieldForm } from './fieldForm.testing';
import { filesOfMediaValue, mediaValueOfFiles } from './MediaFormField';
import { installInertWorker } from '../../../test/inertWorker';

const PATHS = mediaLibraryPaths();
const url = (objectKey: string) => `http://127.0.0.1:3100/v1/store/media/objects/get?${new URLSearchParams({ key: objectKey, expires: '1', signature: 'x' }).toString()}`;
const libraryFile = (fileId: number, objectName: string, objectSuffix: string) => ({
  fileId,
  objectName,
  objectUrl: url(`store-1001/${objectName}`),
  objectSuffix,
  catalogPath: '/noWatermark',
  createDate: 1_763_900_000,
  referenceCount: 0,
  fileTags: [],
});
const LOGO = libraryFile(7, 'shop-logo.png', 'png');
const BANNER = libraryFile(9, 'banner.jpg', 'jpg');
const CLIP = libraryFile(8, 'clip.mp4', 'mp4');

installInertWorker();

function libraryServer() {
  const server = createFakeStoreServer();
  server.on(PATHS.queryCatalogListByPath, () => ok([{ path: '/noWatermark', name: 'noWatermark', catalogList: [] }]));
  server.on(PATHS.queryResourceFileListByPath, ({ biz }) => {
    const keyword = typeof biz.searchKey === 'string' ? biz.searchKey : '';
    const list = [LOGO, BANNER, CLIP].filter((file) => file.catalogPath === biz.path && file.objectName.includes(keyword));
    return ok({ list, total: list.length, pageNum: biz.pageNum ?? 1, pageSize: biz.pageSize ?? 5 });
  });
  return server;
}

const IMAGES: ResourceFormField = { name: 'images', labelKey: 'goodsRelease.field.images', kind: 'media', media: { multiple: true, limit: 2 } };
const IMAGES_SCHEMA = z.object({ images: z.array(goodsImageSchema).min(1).max(2) });
const COVER: ResourceFormField = { name: 'cover', labelKey: 'goodsRelease.field.images', kind: 'media' };
const COVER_SCHEMA = z.object({ cover: goodsImageSchema.nullable() });

/** Opens the select-image dialog from the keyboard: Tab to the add card (unless a closed dialog gave it the focus back), Enter. */
async function openPickerByKeyboard(user: ReturnType<typeof renderFieldForm>['user']) {
  await screen.findByRole('group', { name: /Goods images/ });
  const card = screen.getByRole('button', { name: /click to upload/ });
  if (document.activeElement !== card) await user.tab();
  expect(card).toHaveFocus();
  await user.keyboard('{Enter}');
  return screen.findByRole('dialog', { name: 'select image' });
}

/** Ticks a row of the library's select-image table (media-library's own dialog, tested there). */
async function chooseRow(user: ReturnType<typeof renderFieldForm>['user'], dialog: HTMLElement, name: string) {
  const box = await within(dialog).findByRole('checkbox', { name: `choose ${name}` });
  await user.click(box);
  expect(box).toBeChecked();
}

describe('media field', () => {
  it('converts between the contract reference and the picker file', () => {
    const files = filesOfMediaValue([{ fileId: 7, objectUrl: LOGO.objectUrl }, { objectUrl: '/pics/old.jpg' }, 'junk']);
    expect(files).toEqual([
      { fileId: 7, objectName: 'shop-logo.png', objectUrl: LOGO.objectUrl, objectSuffix: 'png' },
      { fileId: '/pics/old.jpg', objectName: 'old.jpg', objectUrl: '/pics/old.jpg', objectSuffix: 'jpg' },
    ]);
    expect(mediaValueOfFiles(files, true)).toEqual([{ fileId: 7, objectUrl: LOGO.objectUrl }, { objectUrl: '/pics/old.jpg' }]);
    expect(mediaValueOfFiles(files, false)).toEqual({ fileId: 7, objectUrl: LOGO.objectUrl });
    expect(mediaValueOfFiles([], false)).toBeNull();
    expect(filesOfMediaValue(null)).toEqual([]);
  });

  it('picks library images by keyboard and hands the form the contract references, in order', async () => {
    const { user, save, sent } = renderFieldForm({ field: IMAGES, schema: IMAGES_SCHEMA, server: libraryServer(), defaults: { images: [] } });
    const dialog = await openPickerByKeyboard(user);
    await chooseRow(user, dialog, 'shop-logo.png');
    await chooseRow(user, dialog, 'banner.jpg');
    await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'remove shop-logo.png' })).toBeInTheDocument();
    await save();
    await waitFor(() =>
      expect(sent()).toEqual([
        {
          images: [
            { fileId: 7, objectUrl: LOGO.objectUrl },
            { fileId: 9, objectUrl: BANNER.objectUrl },
          ],
        },
      ]),
    );
  });

  it('keeps to images only and to the limit, with the §5 warnings', async () => {
    const { user, app } = renderFieldForm({ field: { ...IMAGES, media: { multiple: true, limit: 1 } }, schema: IMAGES_SCHEMA, server: libraryServer(), defaults: { images: [] } });
    let dialog = await openPickerByKeyboard(user);
    await chooseRow(user, dialog, 'clip.mp4');
    await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(app.store.getState().notifications.shown.map((notice) => notice.message)).toContain('only images can be selected'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^remove / })).not.toBeInTheDocument();
    dialog = await openPickerByKeyboard(user);
    await chooseRow(user, dialog, 'shop-logo.png');
    await chooseRow(user, dialog, 'banner.jpg');
    await user.click(within(dialog).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(app.store.getState().notifications.shown.map((notice) => notice.message)).toContain('the number of selected images exceeds the limit, only 1 can be uploaded'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('button', { name: /^remove / })).toHaveLength(1);
  });

  it('holds one reference in single mode and sends a stored one as it is', async () => {
    const { save, sent } = renderFieldForm({ field: COVER, schema: COVER_SCHEMA, server: libraryServer(), defaults: { cover: { fileId: 7, objectUrl: LOGO.objectUrl } } });
    expect(await screen.findByRole('button', { name: 'remove shop-logo.png' })).toBeInTheDocument();
    // One picked file and no multiple mode: no add card.
    expect(screen.queryByRole('button', { name: /click to upload/ })).not.toBeInTheDocument();
    await save();
    await waitFor(() => expect(sent()).toEqual([{ cover: { fileId: 7, objectUrl: LOGO.objectUrl } }]));
  });

  it('is cleared by keyboard: a single value becomes null', async () => {
    const { user, save, sent } = renderFieldForm({ field: COVER, schema: COVER_SCHEMA, server: libraryServer(), defaults: { cover: { fileId: 7, objectUrl: LOGO.objectUrl } } });
    const remove = await screen.findByRole('button', { name: 'remove shop-logo.png' });
    act(() => remove.focus());
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: /click to upload/ })).toBeInTheDocument();
    await save();
    await waitFor(() => expect(sent()).toEqual([{ cover: null }]));
  });

  it('refuses an empty pick with the reason on the group, and focuses it (en-US)', async () => {
    const { save, sent } = renderFieldForm({ field: IMAGES, schema: IMAGES_SCHEMA, server: libraryServer(), defaults: { images: [] } });
    const group = await screen.findByRole('group', { name: /Goods images/ });
    await save();
    await waitFor(() => expect(group).toHaveAttribute('aria-invalid', 'true'));
    expect(group).toHaveAccessibleDescription(/Goods images/);
    expect(group).toHaveFocus();
    expect(sent()).toEqual([]);
  });

  it('speaks zh-CN: the label, the picker and the problem', async () => {
    const { save } = renderFieldForm({ field: IMAGES, schema: IMAGES_SCHEMA, server: libraryServer(), language: 'zh-CN', defaults: { images: [] } });
    const group = await screen.findByRole('group', { name: /商品图片/ });
    expect(within(group).getByRole('button', { name: /点击上传/ })).toBeInTheDocument();
    await save();
    await waitFor(() => expect(group).toHaveAccessibleDescription(/商品图片/));
  });

  it('a search in the select-image dialog does not submit the form around the field', async () => {
    // No images is a valid form here: a submit that reached it would be sent.
    const { user, sent, server } = renderFieldForm({ field: IMAGES, schema: z.object({ images: z.array(goodsImageSchema).max(2) }), server: libraryServer(), defaults: { images: [] } });
    const dialog = await openPickerByKeyboard(user);
    await within(dialog).findByRole('checkbox', { name: 'choose banner.jpg' });
    await user.type(within(dialog).getAllByRole('textbox')[0]!, 'logo{Enter}');
    // The search answered (the list narrowed): a save the Enter had started would have been sent before it.
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: 'choose banner.jpg' })).not.toBeInTheDocument());
    expect(within(dialog).getByRole('checkbox', { name: 'choose shop-logo.png' })).toBeInTheDocument();
    expect(server.callsTo(PATHS.queryResourceFileListByPath).at(-1)?.biz).toMatchObject({ searchKey: 'logo' });
    expect(sent()).toEqual([]);
    expect(screen.getByRole('group', { name: /Goods images/, hidden: true })).toHaveAttribute('aria-invalid', 'false');
  });
});
