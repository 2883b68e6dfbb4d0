import type { FrameLocator, Page } from '@playwright/test';

/** The chat inside the console's cross-origin iframe. */
export class ChatFrame {
  readonly frame: FrameLocator;

  constructor(page: Page, frameUrl: string) {
    this.frame = page.frameLocator(`iframe[src^="${frameUrl}"]`);
  }

  session(account: string) {
    return this.frame.getByTestId(`session-item-${account}`);
  }

  async openSession(account: string) {
    await this.session(account).click();
  }

  messages() {
    return this.frame.getByTestId('message-list').getByTestId('message');
  }

  async reply(text: string) {
    await this.frame.locator('[data-testid="message-input"] textarea:not([aria-hidden]), textarea[data-testid="message-input"]').first().fill(text);
    await this.frame.getByTestId('message-send').click();
  }
}
