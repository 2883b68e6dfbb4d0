import type { Page } from '@playwright/test';
import type { ChosenFile } from './media-files';

/** /shop/mediaLibrary in a merchant's terms. Selectors live here only. */
export class MediaLibraryPage {
  constructor(
    private readonly page: Page,
    private readonly consoleUrl: string,
  ) {}

  async open() {
    await this.page.goto(`${this.consoleUrl}/shop/mediaLibrary`);
    await this.table().getByRole('row').nth(1).waitFor();
  }

  table() {
    return this.page.getByTestId('media-table');
  }

  row(fileName: string) {
    return this.table().getByRole('row').filter({ hasText: fileName });
  }

  /** The visible table's total (the shell keeps an earlier view of the page alive in its tabs). */
  total() {
    return this.page.locator('[data-testid="table-total"]:visible').first();
  }

  async openDirectory(name: string) {
    await this.page.getByTestId('media-catalog-tree').getByRole('button', { name }).click();
  }

  async search(keyword: string) {
    await this.page.getByRole('textbox', { name: 'keyword' }).first().fill(keyword);
    await this.page.getByRole('search').first().getByRole('button', { name: /search/i }).click();
  }

  uploadDialog() {
    return this.page.getByRole('dialog', { name: 'upload file' });
  }

  /** Opens 'upload file', chooses the files and waits until `expectedRows` are listed (hashed). */
  async chooseFiles(files: ChosenFile[], expectedRows: number) {
    if (!(await this.uploadDialog().isVisible())) await this.page.getByRole('button', { name: 'Upload files' }).click();
    await this.uploadDialog().getByTestId('media-file-input').setInputFiles(files);
    await this.uploadDialog().getByTestId('pending-file').nth(expectedRows - 1).waitFor();
  }

  pendingFiles() {
    return this.uploadDialog().getByTestId('pending-file');
  }

  async tag(fileName: string, tag: string) {
    await this.uploadDialog().getByLabel(`add tag ${fileName}`).fill(tag);
    await this.uploadDialog().getByLabel(`add tag ${fileName}`).press('Enter');
  }

  async uploadToServer() {
    await this.uploadDialog().getByRole('button', { name: 'upload to server' }).click();
  }

  /** The snackbar showing `text`. */
  notice(text: string) {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  /** Opens a row's 'more' menu and returns its items. */
  async openMoreMenu(fileName: string) {
    await this.row(fileName).getByRole('button', { name: /more|更多/ }).click();
    return this.page.getByRole('menu');
  }

  async deleteFile(fileName: string) {
    const menu = await this.openMoreMenu(fileName);
    await menu.getByRole('menuitem', { name: 'Delete' }).click();
    await this.page.getByRole('dialog', { name: 'Delete file' }).getByRole('button', { name: /confirm|确定/i }).click();
  }

  /** Clicks 'Export' and returns the downloaded workbook's bytes and suggested name. */
  async exportToExcel() {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByRole('button', { name: 'Export' }).click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const piece of stream) chunks.push(piece as Buffer);
    return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
  }

  // The picker preview below the table.
  picker() {
    return this.page.getByTestId('media-picker');
  }

  pickerOrder() {
    return this.page.getByTestId('media-picker-order');
  }

  /** Picks files in the 'select image' dialog; answers the dialog's rendered width (console-spec §2: 1000px). */
  async pickFromLibrary(fileNames: string[]): Promise<number> {
    await this.picker().getByRole('button', { name: /click to upload/ }).click();
    const dialog = this.page.getByRole('dialog', { name: 'select image' });
    await dialog.waitFor();
    const width = (await dialog.boundingBox())!.width;
    for (const name of fileNames) await dialog.getByRole('checkbox', { name: `choose ${name}` }).check();
    await dialog.getByRole('button', { name: 'confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    return width;
  }

  /** Drags one picked image onto another's place with the pointer (dnd-kit). */
  async dragPicked(fileName: string, ontoFileName: string) {
    const from = this.picker().getByRole('button', { name: `drag to reorder ${fileName}` });
    const to = this.picker().getByRole('button', { name: `drag to reorder ${ontoFileName}` });
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await this.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await this.page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await this.page.mouse.move(a.x + a.width / 2 + ((b.x - a.x) * step) / 10, a.y + a.height / 2 + ((b.y - a.y) * step) / 10);
    }
    await this.page.mouse.up();
  }
}
