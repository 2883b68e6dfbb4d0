// Picking an option of an MUI select (a combobox whose list opens in a popover), one step after another.
import { expect, type Locator } from '@playwright/test';

/**
 * Opens `select`, clicks `option`, and waits for the list to close with the choice shown. Each step waits for the one
 * before: a CI run's click on the next select timed out while the previous select's list was still there.
 */
export async function chooseOption(select: Locator, option: string): Promise<void> {
  const page = select.page();
  await select.click();
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  await list.getByRole('option', { name: option, exact: true }).click();
  await expect(list).toBeHidden();
  await expect(select).toHaveText(option);
}
