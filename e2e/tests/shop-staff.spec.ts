// Issue 26 §4, staff accounts and roles, in real Chromium against the real servers. A store this test registers
// (the demo store's staff stay as other suites expect them): its owner makes a role of two view codes, a staff
// account holding it, and reads the account's access report. The staff member then signs in and sees exactly the
// menu screens the report says they open, is sent away from a screen they lack the code for, and finds a button
// of a code they lack disabled.
import { test, expect } from '@playwright/test';
import { ConsoleShell } from '../pages/console-shell';
import { ShopStaffPages, approvedStoreForStaff } from '../pages/shop-staff';
import { signIn, switchLanguage } from '../support/sign-in';
import { DEMO_SIGN_IN, consoleUrl, storeUrl } from '../support/stack';
import { screenshot } from '../support/screenshot';

/** The addresses the sidebar offers (every group's entries are in the page, open or not). */
async function menuPaths(shell: ConsoleShell): Promise<string[]> {
  await expect(shell.mainMenu()).not.toHaveAttribute('aria-busy', 'true');
  await expect(shell.mainMenu().locator('a[href]').first()).toBeVisible();
  const hrefs = await shell.mainMenu().locator('a[href]').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs)].sort();
}

test('the owner makes a role and a staff account; the staff member sees exactly the screens the report says', async ({ page }) => {
  // Registration and approval (a check code and the operator CLI) come first.
  test.setTimeout(180_000);
  const store = await approvedStoreForStaff(storeUrl());
  const staff = { userName: `st_${store.userName.slice(-8)}`, nickname: 'Lister', password: DEMO_SIGN_IN.password, roles: ['Listers'] };
  const pages = new ShopStaffPages(page, consoleUrl());
  const shell = new ConsoleShell(page, consoleUrl());

  await signIn(page, '/shop/accountMgmt/roles', { userName: store.userName });
  const ownerMenu = await menuPaths(shell);
  expect(ownerMenu).toEqual(expect.arrayContaining(['/shop/accountMgmt/staff', '/shop/accountMgmt/roles']));

  await pages.addRole('Listers', ['goods:view', 'order:view']);
  await expect(pages.roleRow('Listers')).toContainText('2');
  await pages.openStaff();
  await pages.addStaff(staff);
  await expect(pages.staffRow(staff.userName)).toContainText('Listers');
  await screenshot(page, 'staff-list-en-US');

  await pages.openAccessOf(staff.userName);
  await expect(pages.accessCode('goods:view').getByTestId('access-code-status')).toHaveText('Held · From role Listers');
  await expect(pages.accessCode('goods:edit').getByTestId('access-code-status')).toHaveText('Not held · No role gives it');
  const reported = await pages.reportedCodes();
  const opens = new Set(reported.filter((entry) => entry.held).flatMap((entry) => entry.screens));
  const coded = new Set(reported.flatMap((entry) => entry.screens));
  expect(opens).toContain('/goods/goodList/goodAll');
  await screenshot(page, 'staff-access-en-US');
  await screenshot(page, 'staff-access-top-en-US', { fullPage: false });
  await switchLanguage(page, 'zh-CN');
  await expect(pages.accessCode('goods:view').getByTestId('access-code-status')).toHaveText('已拥有 · 来自角色：Listers');
  await screenshot(page, 'staff-access-zh-CN');
  await pages.openRoles();
  await page.getByTestId('role-add').click();
  await screenshot(page, 'role-editor-zh-CN');
  await page.keyboard.press('Escape');

  // What the staff member's menu must be: the owner's screens that need no code, and those the report says open.
  const expectedMenu = [...new Set([...ownerMenu.filter((path) => !coded.has(path)), ...opens])].sort();

  await shell.logOut();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, '/goods/goodList/goodAll', { userName: staff.userName });
  expect(await menuPaths(shell)).toEqual(expectedMenu);
  expect(expectedMenu).not.toContain('/shop/accountMgmt/staff');

  // A code they lack: the release button is disabled, titled 'no permission'.
  const release = page.getByRole('button', { name: 'Release goods' });
  await expect(release).toBeDisabled();
  await screenshot(page, 'staff-goods-list-en-US');

  // A screen they lack the code for, typed as an address: refused.
  await page.goto(`${consoleUrl()}/shop/accountMgmt/staff`);
  await expect(page).toHaveURL(/\/404$/);
});
