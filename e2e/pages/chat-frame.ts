import { expect, type Frame, type FrameLocator, type LaunchOptions, type Locator, type Page } from '@playwright/test';

/**
 * Chromium as merchants run it, for `test.use({ launchOptions })`: third-party storage partitioning
 * on. Playwright's default --disable-features list turns it off (microsoft/playwright#32230), and
 * then this Chromium refuses IndexedDB to the cross-origin frame (docs/im-frame.md). A later
 * --disable-features replaces the list; this one keeps the entries that matter on loopback HTTP.
 */
export const CHROMIUM_WITH_STORAGE_PARTITIONING: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-features=HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,MediaRouter,PaintHolding,OptimizationHints',
  ],
};

/** The chat inside the console's cross-origin iframe, in a merchant's terms. Selectors live here. */
export class ChatFrame {
  readonly frame: FrameLocator;

  constructor(
    private readonly page: Page,
    private readonly frameUrl: string,
  ) {
    this.frame = page.frameLocator(`iframe[src^="${frameUrl}"]`);
  }

  /** The frame's document (for its address, storage and reload checks). */
  document(): Frame {
    const found = this.page.frames().find((frame) => frame.url().startsWith(this.frameUrl));
    if (!found) throw new Error(`no frame loaded from ${this.frameUrl}`);
    return found;
  }

  connectionStatus() {
    return this.frame.getByTestId('connection-status');
  }

  /** 'indexeddb' or 'memory': where the frame keeps its chat cache. */
  async storageKind() {
    return this.frame.locator('main').getAttribute('data-storage');
  }

  storageNotice() {
    return this.frame.getByTestId('storage-notice');
  }

  session(account: string) {
    return this.frame.getByTestId(`session-item-${account}`);
  }

  async openSession(account: string) {
    await this.session(account).click();
  }

  /** The rows of the session list, top first. */
  sessionRows() {
    return this.frame.getByTestId(/^session-item-/);
  }

  /** The pin shown on a stick-top row. */
  pinnedMark(account: string) {
    return this.session(account).getByTestId('session-pinned');
  }

  /** Opens the row's actions menu (its button). */
  async openSessionActions(account: string) {
    await this.frame.getByTestId(`session-actions-${account}`).click();
    return this.frame.getByRole('menu');
  }

  /** The row's actions menu → "Stick to top" (or "Remove from top" when it is on top). */
  async toggleTop(account: string) {
    const menu = await this.openSessionActions(account);
    await menu.getByTestId(/^session-(un)?stick-top$/).click();
  }

  /** The row's actions menu → "Add/Edit top note…" → the note → Save (issue 32 §9). */
  async setTopNote(account: string, note: string) {
    const menu = await this.openSessionActions(account);
    await menu.getByTestId('session-edit-note').click();
    const dialog = this.frame.getByTestId('top-note-dialog');
    await dialog.getByTestId('top-note-input').fill(note);
    await dialog.getByTestId('top-note-save').click();
    await expect(dialog).toBeHidden();
  }

  topNote(account: string) {
    return this.session(account).getByTestId('session-top-note');
  }

  draftMark(account: string) {
    return this.session(account).getByTestId('session-draft');
  }

  /** "Other devices" in the header, and its dialog (issue 32 §8). */
  devicesButton() {
    return this.frame.getByTestId('devices-open');
  }

  async openDevices() {
    await this.devicesButton().click();
    return this.frame.getByTestId('devices-dialog');
  }

  conversationTitle() {
    return this.frame.getByRole('heading', { level: 2 });
  }

  messages() {
    return this.frame.getByTestId('message-list').getByTestId('message');
  }

  /** A message's action menu (issue 32 §4): its More button, then the menu item `message-<key>` (reply, pin, recall…). */
  async messageAction(message: Locator, key: string) {
    await message.getByTestId('message-more').click();
    await this.frame.getByRole('menu').getByTestId(`message-${key}`).click();
  }

  input() {
    return this.frame.locator('[data-testid="message-input"] textarea:not([aria-hidden]), textarea[data-testid="message-input"]').first();
  }

  sendButton() {
    return this.frame.getByTestId('message-send');
  }

  async typeDraft(text: string) {
    await this.input().fill(text);
  }

  async reply(text: string) {
    await this.typeDraft(text);
    await this.sendButton().click();
  }

  /** "New conversation" → type the customer's account → start. */
  async startChatWith(account: string) {
    if (!(await this.frame.getByRole('dialog').isVisible())) await this.frame.getByTestId('start-chat').click();
    await this.frame.getByTestId('start-chat-account').fill(account);
    await this.frame.getByTestId('start-chat-submit').click();
  }

  startChatProblem() {
    return this.frame.getByRole('dialog').getByRole('alert');
  }

  /** "New conversation" → pick the customer among the recent ones. */
  async startChatFromRecent(account: string) {
    const dialog = this.frame.getByRole('dialog');
    if (!(await dialog.isVisible())) await this.clickToOpen(this.frame.getByTestId('start-chat'), dialog);
    await this.frame.getByTestId(`recent-customer-${account}`).click();
  }

  /**
   * Clicks a frame button that opens `dialog`, and fails if it does not open. Once more if the first
   * click did not take: Playwright scrolls the console page to reach a button at the top of the frame,
   * and the console's sticky tags bar then covers it ("<nav data-testid=tags-bar> intercepts pointer
   * events" in the traces of two CI failures); its retry can land while the page still moves. A person
   * sees what they click, so this is the harness, not the product; a dialog that never opens still fails.
   */
  async clickToOpen(button: Locator, dialog: Locator) {
    await button.click();
    try {
      await expect(dialog).toBeVisible({ timeout: 5_000 });
    } catch {
      await button.click();
      await expect(dialog).toBeVisible();
    }
  }

  /** Sends files with the composer's attach button (paths keep their last-change time, which resume matches on). */
  async attachFiles(files: Parameters<import('@playwright/test').Locator['setInputFiles']>[0]) {
    await this.frame.getByTestId('attach-input').setInputFiles(files);
  }

  /** The rows of the upload list (data-status uploading, failed or interrupted). */
  uploadRows() {
    return this.frame.getByTestId('upload-item');
  }

  /** An interrupted row's "Choose file": clicks it and answers the picker with `path`. */
  async chooseAgain(name: string, path: string) {
    const row = this.uploadRows().filter({ hasText: name }).and(this.frame.locator('[data-status="interrupted"]'));
    const chooser = this.page.waitForEvent('filechooser');
    await row.getByTestId('upload-choose-again').click();
    await (await chooser).setFiles(path);
  }

  /** The player of the newest audio or video bubble, and its duration once its metadata loaded. */
  async playerDuration(kind: 'audio' | 'video') {
    const player = this.messages().getByTestId(`message-${kind}`).last().locator(kind);
    return player.evaluate(
      (el: HTMLMediaElement) =>
        new Promise<number>((resolve, reject) => {
          if (el.readyState >= 1) return resolve(el.duration);
          el.addEventListener('loadedmetadata', () => resolve(el.duration), { once: true });
          el.addEventListener('error', () => reject(new Error(`cannot load ${el.currentSrc}: ${el.error?.message ?? el.error?.code}`)), { once: true });
          el.load();
        }),
    );
  }

  /** Marks the frame's window, to tell later whether it was reloaded. */
  async markWindow() {
    await this.document().evaluate(() => {
      (window as unknown as { __chatWindowMark?: number }).__chatWindowMark = 1;
    });
  }

  async windowStillMarked() {
    return this.document().evaluate(() => (window as unknown as { __chatWindowMark?: number }).__chatWindowMark === 1);
  }

  /** Reloads the frame alone (not the console), as after 'Allow storage'. */
  async reloadFrameOnly() {
    await this.document().evaluate(() => window.location.reload());
  }
  /** The team info panel (opened from a team conversation's header). */
  teamPanel() {
    return this.frame.getByRole('dialog', { name: /.+/ }).filter({ has: this.frame.getByTestId('team-members') });
  }

  async openTeamPanel() {
    // Opened is the drawer being there; its member list may still be loading.
    await this.clickToOpen(this.frame.getByTestId('open-team-panel'), this.frame.getByRole('dialog'));
    return this.teamPanel();
  }

  teamMember(account: string) {
    return this.frame.getByTestId(`team-member-${account}`);
  }

  /** The incoming call dialog. */
  callDialog() {
    return this.frame.getByTestId('call-dialog');
  }

  /** Places a call to the open p2p conversation's customer from its header (issue 32 §3): the Call menu, then Voice or Video. */
  async placeCall(kind: 'audio' | 'video') {
    await this.frame.getByTestId('call-start').click();
    await this.frame.getByRole('menu').getByTestId(`call-start-${kind}`).click();
    return this.outgoingCallDialog();
  }

  /** The outgoing call dialog; its `data-state` is calling, connected, declined, canceled, noAnswer, offline, ended or failed. */
  outgoingCallDialog() {
    return this.frame.getByTestId('outgoing-call-dialog');
  }
}
