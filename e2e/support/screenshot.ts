// A screenshot of what the test shows, kept with the test's output and attached to its report, so a reviewer
// can look at the screen as a merchant would (the developers' guide: look at what you built).
import { test, type Page } from '@playwright/test';

export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  const body = await page.screenshot({ fullPage, path: test.info().outputPath(`${name}.png`) });
  await test.info().attach(name, { body, contentType: 'image/png' });
}
