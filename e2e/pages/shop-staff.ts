import { expect, type Locator, type Page } from '@playwright/test';
import { approvedOwnStore, type OwnStore } from '../support/own-store';

/** A store of the test's own (the demo store's staff and roles stay as other suites expect them). */
export const approvedStoreForStaff = (storeUrl: string): Promise<OwnStore> => approvedOwnStore(storeUrl, { prefix: 'staff', mobilePrefix: '134' });

export interface NewStaff {
  userName: string;
  nickname: string;
  password: string;
  roles: string[];
}

/** What the effective-access report says of each code: held or not, and the screens listed under it. */
export interface ReportedCode {
  code: string;
  held: boolean;
  screens: string[];
}

/** /shop/accountMgmt/staff, /shop/accountMgmt/roles and an account's access report, in a merchant's terms (English). Selectors live here only. */
export class ShopStaffPages {
  constructor(
    private readonly page: Page,
    private readonly consoleUrl: string,
  ) {}

  async openStaff() {
    await this.page.goto(`${this.consoleUrl}/shop/accountMgmt/staff`);
    await expect(this.page.getByTestId('staff-page')).toBeVisible();
  }

  async openRoles() {
    await this.page.goto(`${this.consoleUrl}/shop/accountMgmt/roles`);
    await expect(this.page.getByTestId('roles-page')).toBeVisible();
  }

  private dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** New role: a name and the codes ticked; waits for the dialog to close. */
  async addRole(name: string, codes: readonly string[]) {
    await this.page.getByTestId('role-add').click();
    const dialog = this.dialog('New role');
    await dialog.getByLabel(/^Role name/).fill(name);
    for (const code of codes) await dialog.getByTestId(`role-code-${code}`).check();
    await dialog.getByTestId('resource-form-submit').click();
    await expect(dialog).toBeHidden();
  }

  roleCode(code: string): Locator {
    return this.page.getByRole('dialog').getByTestId(`role-code-${code}`);
  }

  roleRow(name: string): Locator {
    return this.page.getByTestId('roles-page').locator('tbody tr').filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  async addStaff(staff: NewStaff) {
    await this.page.getByTestId('staff-add').click();
    const dialog = this.dialog('Add staff account');
    await dialog.getByLabel(/^User name/).fill(staff.userName);
    await dialog.getByLabel(/^Nickname/).fill(staff.nickname);
    await dialog.getByLabel(/^First password/).fill(staff.password);
    await dialog.getByLabel(/^Confirm password/).fill(staff.password);
    for (const role of staff.roles) {
      await dialog.getByLabel(/^Roles/).click();
      await this.page.getByRole('option', { name: role, exact: true }).click();
    }
    await dialog.getByTestId('resource-form-submit').click();
    await expect(dialog).toBeHidden();
  }

  staffRow(userName: string): Locator {
    return this.page.getByTestId('staff-page').locator('tbody tr').filter({ hasText: userName });
  }

  async openAccessOf(userName: string) {
    await this.staffRow(userName).getByRole('button', { name: /more/i }).click();
    await this.page.getByRole('menuitem', { name: 'Access' }).click();
    await expect(this.page.getByTestId('staff-access')).toBeVisible();
  }

  accessSummary(): Locator {
    return this.page.getByTestId('access-summary-screens');
  }

  accessCode(code: string): Locator {
    return this.page.getByTestId(`access-code-${code}`);
  }

  /** Every code of the report with the screens (addresses) listed under it. */
  async reportedCodes(): Promise<ReportedCode[]> {
    return this.page.locator('[data-testid^="access-code-"]:not([data-testid="access-code-status"])').evaluateAll((items) =>
      items.map((item) => ({
        code: (item.getAttribute('data-testid') ?? '').replace('access-code-', ''),
        held: (item.querySelector('[data-testid="access-code-status"]')?.textContent ?? '').startsWith('Held'),
        screens: [...item.querySelectorAll('a[href]')].map((link) => new URL((link as HTMLAnchorElement).href).pathname),
      })),
    );
  }
}
