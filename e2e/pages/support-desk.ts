// The chat frame's support desk (issue 32) in a merchant's terms: quick replies in the composer and their
// manage dialog. Selectors live here.
import { expect, type FrameLocator } from '@playwright/test';
import type { ChatFrame } from './chat-frame';

export class SupportDesk {
  readonly frame: FrameLocator;

  constructor(private readonly chat: ChatFrame) {
    this.frame = chat.frame;
  }

  /** The quick-reply list as the composer's shortcut opens it ("/" in an empty message). */
  async openQuickRepliesWithSlash() {
    await this.chat.input().click();
    await this.chat.input().press('/');
    const filter = this.frame.getByTestId('quick-replies-filter');
    await expect(filter).toBeFocused();
    return filter;
  }

  quickReplyOptions() {
    return this.frame.getByRole('option');
  }

  /** Opens the manage dialog from the composer's quick-reply button. */
  async openManage() {
    await this.frame.getByTestId('quick-replies-open').click();
    await this.frame.getByTestId('quick-replies-manage').click();
    const dialog = this.frame.getByTestId('quick-replies-dialog').getByRole('dialog');
    await expect(dialog).toBeVisible();
    return dialog;
  }

  managedRows() {
    return this.frame.getByTestId('quick-reply-row');
  }

  async addQuickReply(text: string) {
    const rows = await this.managedRows().count();
    await this.frame.getByTestId('quick-reply-new').fill(text);
    await this.frame.getByTestId('quick-reply-add').click();
    await expect(this.managedRows()).toHaveCount(rows + 1);
  }

  /** Opens the customer's orders beside the conversation (the header's orders button). */
  async openCustomerOrders() {
    await this.frame.getByTestId('customer-orders-open').click();
    const panel = this.frame.getByTestId('customer-orders').getByRole('dialog');
    await expect(panel).toBeVisible();
    return panel;
  }

  customerOrders() {
    return this.frame.getByTestId('customer-order');
  }

  /** The support desk cards (an order, a goods item) in the open conversation, oldest first. */
  cards() {
    return this.frame.getByTestId('message-desk-card');
  }

  async closeManage() {
    await this.frame.getByTestId('quick-replies-close').click();
    await expect(this.frame.getByTestId('quick-replies-dialog')).toHaveCount(0);
  }
}
