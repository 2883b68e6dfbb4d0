import { test, expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { mediaLibraryPaths } from '@merchant/media-library';
import { createSecureClient, isSecureTransportError } from '@merchant/secure-transport';
import { LoginPage } from '../pages/login-page';
import { disguisedProgram, freshPng } from '../pages/media-files';
import { MediaLibraryPage } from '../pages/media-library-page';
import { DEMO_SIGN_IN } from '../../tools/stack.mjs';

const consoleUrl = () => process.env.E2E_CONSOLE_URL!;
const storeUrl = () => process.env.E2E_STORE_URL!;
/** docs/permissions.md: the answer to a call whose permission code the caller lacks. */
const PERMISSION_DENIED = '10100003';

/** The merchant works in English, so the spec's en-US texts (§8) are what the page shows. */
async function signInToMediaLibrary(page: Page, userName: string = DEMO_SIGN_IN.userName) {
  await page.addInitScript(() => window.localStorage.setItem('console.language', 'en-US'));
  const login = new LoginPage(page, consoleUrl());
  await login.open('?redirect=/shop/mediaLibrary');
  await login.signIn(userName, DEMO_SIGN_IN.password);
  await expect(page).toHaveURL(/\/shop\/mediaLibrary/);
  const media = new MediaLibraryPage(page, consoleUrl());
  await media.table().getByRole('row').nth(1).waitFor();
  return media;
}

test('all: two tagged images upload, the dialog closes with "upload succeeded!" and the table shows them', async ({ page }) => {
  const media = await signInToMediaLibrary(page);
  const first = freshPng(`all-a-${Date.now()}.png`);
  const second = freshPng(`all-b-${Date.now()}.png`);
  await media.chooseFiles([first, second], 2);
  // console-spec §2: the upload dialog is 800px wide (the viewport is wider).
  expect((await media.uploadDialog().boundingBox())!.width).toBe(800);
  await media.tag(first.name, 'spring');
  await media.uploadToServer();
  await expect(media.notice('upload succeeded!')).toBeVisible();
  await expect(media.uploadDialog()).toBeHidden();
  await expect(media.row(first.name)).toContainText('spring');
  await expect(media.row(second.name)).toBeVisible();
  await page.screenshot({ path: 'test-results/media-library.png', fullPage: true });
});

test('part: a disguised program is refused by the server; the warning names file 2 and the good file is listed', async ({ page }) => {
  const media = await signInToMediaLibrary(page);
  const good = freshPng(`part-ok-${Date.now()}.png`);
  const bad = disguisedProgram(`part-bad-${Date.now()}.png`);
  await media.chooseFiles([good, bad], 2);
  await media.uploadToServer();
  await expect(media.notice('upload finished, file number(s) 2 failed')).toBeVisible();
  await expect(media.uploadDialog()).toBeHidden();
  await expect(media.row(good.name)).toBeVisible();
  await expect(media.row(bad.name)).toHaveCount(0);
});

test('err: when every file fails the error shows and nothing is listed', async ({ page }) => {
  const media = await signInToMediaLibrary(page);
  const bad = disguisedProgram(`err-${Date.now()}.png`);
  await media.chooseFiles([bad], 1);
  await media.uploadToServer();
  await expect(media.notice('upload finished, file number(s) 1 failed')).toBeVisible();
  await expect(media.row(bad.name)).toHaveCount(0);
});

test('dedupe: the same file chosen twice is listed once, and bytes the store already has are not stored again', async ({ page }) => {
  const media = await signInToMediaLibrary(page);
  const original = freshPng(`dedupe-${Date.now()}.png`);
  await media.chooseFiles([original, { ...original, name: `copy-${original.name}` }], 1);
  await expect(media.pendingFiles()).toHaveCount(1);
  await media.uploadToServer();
  await expect(media.notice('upload succeeded!')).toBeVisible();
  await expect(media.row(original.name)).toHaveCount(1);
  // Same bytes under another name: the server answers "exists", the upload succeeds, no second file appears.
  await media.chooseFiles([{ ...original, name: `again-${original.name}` }], 1);
  await media.uploadToServer();
  await expect(media.notice('upload succeeded!').last()).toBeVisible();
  await expect(media.table().getByRole('row').filter({ hasText: original.name })).toHaveCount(1);
  await expect(media.row(`again-${original.name}`)).toHaveCount(0);
});

test('the select dialog picks library images into the picker, and dragging reorders them', async ({ page }) => {
  const media = await signInToMediaLibrary(page);
  // Three new images: the newest files, so the dialog's first page shows them.
  const [red, green, blue] = ['red', 'green', 'blue'].map((colour) => freshPng(`pick-${colour}-${Date.now()}.png`));
  await media.chooseFiles([red!, green!, blue!], 3);
  await media.uploadToServer();
  await expect(media.notice('upload succeeded!')).toBeVisible();
  expect(await media.pickFromLibrary([red!.name, green!.name, blue!.name])).toBe(1000);
  await expect(media.pickerOrder()).toHaveText(`Current order: ${red!.name}, ${green!.name}, ${blue!.name}`);
  await media.dragPicked(blue!.name, red!.name);
  await expect(media.pickerOrder()).toHaveText(`Current order: ${blue!.name}, ${red!.name}, ${green!.name}`);
  await page.screenshot({ path: 'test-results/media-picker.png', fullPage: true });
});

test('the media table exports to Excel with its columns and the rows on screen', async ({ page }) => {
  const media = await signInToMediaLibrary(page);
  await media.openDirectory('products');
  // Exactly 3 (not the root's 13 or 23, which other tests of this worker's stack fill), so the export runs on products.
  await expect(media.total()).toHaveText(/(^|\D)3(\D|$)/);
  const { name, bytes } = await media.exportToExcel();
  expect(name).toBe('media-library _noWatermark_products.xlsx');
  const workbook = new ExcelJS.Workbook();
  // exceljs types `load` with the older (non-generic) Buffer of @types/node; the bytes are the same.
  await workbook.xlsx.load(bytes as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  const sheet = workbook.worksheets[0]!;
  const rows = sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1));
  expect(rows[0]).toEqual(['file name', 'directory', 'creation date', 'reference count', 'tags']);
  expect(rows.slice(1).map((row) => [row[0], row[1], row[3], row[4]])).toEqual([
    ['sofa-front.png', '/noWatermark/products', 3, 'living room,sofa'],
    ['sofa-side.png', '/noWatermark/products', 1, 'sofa'],
    ['lamp.png', '/noWatermark/products', 0, 'lighting'],
  ]);
});

test('deleting asks for confirmation in the "more" menu and removes the file', async ({ page }) => {
  const media = await signInToMediaLibrary(page);
  const doomed = freshPng(`delete-${Date.now()}.png`);
  await media.chooseFiles([doomed], 1);
  await media.uploadToServer();
  await expect(media.row(doomed.name)).toBeVisible();
  await media.deleteFile(doomed.name);
  await expect(media.row(doomed.name)).toHaveCount(0);
});

test("demo_staff finds Delete disabled with 'no permission' in the 'more' menu, and the server refuses the same call", async ({ page }) => {
  const media = await signInToMediaLibrary(page, 'demo_staff');
  await media.openDirectory('products');
  const menu = await media.openMoreMenu('lamp.png');
  const remove = menu.getByRole('menuitem', { name: 'Delete' });
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  await expect(remove).toHaveAttribute('title', 'no permission');
  await page.keyboard.press('Escape');

  // The same call, made directly with demo_staff's own token, is refused by store-server.
  const client = createSecureClient({ baseUrl: storeUrl(), mode: 'none' });
  try {
    const signedIn = await client.request<{ accessToken: string }>('/v1/store/eshop/store/user/login', { userName: 'demo_staff', password: DEMO_SIGN_IN.password });
    client.setAccessToken(signedIn.data.accessToken);
    const paths = mediaLibraryPaths();
    const listed = await client.request<{ list: { fileId: number; objectName: string }[] }>(paths.queryResourceFileListByPath, { searchKey: 'lamp' });
    const lamp = listed.data.list.find((file) => file.objectName === 'lamp.png')!;
    const refused = await client
      .request(paths.deleteResourceFile, { fileIdList: [lamp.fileId] }, { silent: true })
      .then(() => null, (error: unknown) => (isSecureTransportError(error) ? error.code : String(error)));
    expect(refused).toBe(PERMISSION_DENIED);
  } finally {
    client.dispose();
  }
  await expect(media.row('lamp.png')).toBeVisible();
});
