import { test, expect } from '@playwright/test';
import { createSecureClient, isSecureTransportError } from '@merchant/secure-transport';
import { AccountPage } from '../pages/account-page';
import { LoginPage } from '../pages/login-page';

const consoleUrl = () => process.env.E2E_CONSOLE_URL!;
const storeUrl = () => process.env.E2E_STORE_URL!;
/** demo_service owns store 1006 (README); its pay-password check codes go to the store's bound mobile. */
const SERVICE_STORE = { userName: 'demo_service', password: 'Demo12345', mobile: '13800001006' };
/** docs/permissions.md: the answer to a call whose permission code the caller lacks. */
const PERMISSION_DENIED = '10100003';

test("demo_staff sees the pay-password buttons disabled with 'no permission', and the server refuses the same call", async ({ page }) => {
  // In en-US, the spec's own words (the zh-CN default shows its translation).
  await page.addInitScript(() => window.localStorage.setItem('console.language', 'en-US'));
  const login = new LoginPage(page, consoleUrl());
  await login.open('?redirect=/shop/accountMgmt/accountInfo');
  await login.signIn('demo_staff', 'Demo12345');
  const account = new AccountPage(page, consoleUrl(), storeUrl());
  await expect(page).toHaveURL(/\/shop\/accountMgmt\/accountInfo$/);
  await expect(account.payPasswordStatus()).toBeVisible();
  const action = (await account.payPasswordButton('init').count()) > 0 ? 'init' : 'update';
  await expect(account.payPasswordButton(action)).toBeDisabled();
  expect(await account.payPasswordButtonTitle(action)).toBe('no permission');

  // The same call, made directly with demo_staff's own token, is refused by store-server.
  const client = createSecureClient({ baseUrl: storeUrl(), mode: 'none' });
  try {
    const signedIn = await client.request<{ accessToken: string }>('/v1/store/eshop/store/user/login', { userName: 'demo_staff', password: 'Demo12345' });
    client.setAccessToken(signedIn.data.accessToken);
    const refused = await client
      .request('/v1/store/pay/user/initPayPassword', { payPassword: '246810', checkCode: '123456' }, { silent: true })
      .then(() => null, (error: unknown) => (isSecureTransportError(error) ? error.code : String(error)));
    expect(refused).toBe(PERMISSION_DENIED);
  } finally {
    client.dispose();
  }
});

// A store other than demo_merchant's, so the other suites still find the demo store without a pay password.
test('the store owner sets a first pay password with a check code sent to the store mobile', async ({ page }) => {
  const login = new LoginPage(page, consoleUrl());
  await login.open('?redirect=/shop/accountMgmt/accountInfo');
  await login.signIn(SERVICE_STORE.userName, SERVICE_STORE.password);
  const account = new AccountPage(page, consoleUrl(), storeUrl());
  await expect(account.payPasswordButton('init')).toBeEnabled();
  await account.setFirstPayPassword('246810', SERVICE_STORE.mobile);
  await expect(account.payPasswordStatus()).toContainText('已设置支付密码');
  await expect(account.payPasswordButton('update')).toBeEnabled();
});
