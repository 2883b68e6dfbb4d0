import { expect, type Page } from '@playwright/test';
import { createSecureClient, isSecureTransportError } from '@merchant/secure-transport';
import { checkCodeSentBy } from './onboarding-check-codes';
import { PlatformOperator } from './onboarding-operator';

/** Closing the shop (/shop/logout → /shop/storeLogoutRiskWarning → /logoutSubmitSuccess; /logouting) in a merchant's terms. */
export class ShopLogoutPage {
  constructor(
    private readonly page: Page,
    private readonly consoleUrl: string,
  ) {}

  async openChecklist() {
    await this.page.goto(`${this.consoleUrl}/shop/logout`);
  }

  checklist() {
    return this.page.getByTestId('logout-checklist');
  }

  blocker(code: string) {
    return this.page.getByTestId(`logout-blocker-${code}`);
  }

  clearLink(code: string) {
    return this.page.getByTestId(`logout-clear-${code}`);
  }

  noBlockers() {
    return this.page.getByTestId('logout-no-blockers');
  }

  next() {
    return this.page.getByTestId('logout-next');
  }

  /** The risk warning: the reason, then the pay password, then the confirmation. */
  async askToClose(reason: string, payPassword: string) {
    await this.page.getByTestId('logout-reason').fill(reason);
    await this.page.getByTestId('logout-submit').click();
    const pay = this.page.getByRole('dialog');
    await pay.locator('input[data-testid="pay-password-payPassword"]').fill(payPassword);
    await pay.getByTestId('logout-pay-submit').click();
  }

  confirmDialog() {
    return this.page.getByRole('dialog');
  }

  resultLink() {
    return this.page.getByTestId('logout-result-link');
  }

  resultSummary() {
    return this.page.getByTestId('logout-result-summary');
  }

  resultField(key: 'store' | 'requestId' | 'status' | 'rejectReason' | 'decidedAt') {
    return this.page.getByTestId(`logout-result-${key}`);
  }
}

const USER = '/v1/store/eshop/store/user';
/** store-server's answer to a second code within a minute (one code a minute per mobile). */
const CODE_TOO_FREQUENT = '10104002';

export interface ClosingStore {
  userName: string;
  password: string;
  storeName: string;
  storeId: number;
}

const codesOf = async (storeUrl: string, mobile: string) => {
  const response = await fetch(`${storeUrl}/__test__/check-codes?target=${encodeURIComponent(mobile)}`);
  return ((await response.json()) as { codes?: Array<{ code: string }> }).codes ?? [];
};

/**
 * A store of the test's own, never the demo store: registered through store-server's calls as a merchant's
 * browser would, approved by the operator CLI, with a first pay password (its code waits for the mobile's
 * one-a-minute window after the registration code).
 */
export async function approvedStoreToClose(storeUrl: string, payPassword: string): Promise<ClosingStore> {
  const suffix = `${Date.now() % 100_000_000}`.padStart(8, '0');
  const mobile = `137${suffix}`;
  const store: ClosingStore = { userName: `e2e_close_${suffix}`, password: 'Demo12345', storeName: `E2E Closing ${suffix}`, storeId: 0 };
  const client = createSecureClient({ baseUrl: storeUrl, mode: 'none' });
  try {
    const registerCode = await checkCodeSentBy(storeUrl, mobile, async () => void (await client.request(`${USER}/sendRegisterCheckCode`, { mobile })));
    const registered = await client.request<{ accessToken: string }>(`${USER}/registerUser`, { userName: store.userName, password: store.password, mobile, checkCode: registerCode });
    client.setAccessToken(registered.data.accessToken);
    await client.request(`${USER}/storeAcceptAgreement`, {});
    await client.request(`${USER}/registerStore`, {
      storeName: store.storeName,
      storeType: 2,
      principalType: 2,
      cityCode: '440300',
      address: '18 Keyuan Road, Nanshan',
      contactName: 'Li Lei',
      contactMobile: mobile,
      legalPersonName: 'Li Lei',
      legalPersonIdNumber: '11010519491231002X',
      licenseNumber: '91440300MA5E2E002X',
      licenseImageUrl: 'https://example.com/e2e-license.png',
      categoryIds: [11],
      brandName: 'Acme Tiles',
      brandExpireTime: Math.floor(Date.UTC(2030, 11, 31) / 1000),
    });
    store.storeId = (await client.request<{ storeId: number }>(`${USER}/getStoreInfoByToken`, {})).data.storeId;
    const approved = await new PlatformOperator(storeUrl).approve(store.storeId);
    if (approved.exitCode !== 0) throw new Error(`operator approve failed: ${approved.stderr}`);
    const before = (await codesOf(storeUrl, mobile)).length;
    const sendPayCode = () =>
      client.request('/v1/store/pay/user/sendInitPayPasswordCheckCode', {}, { silent: true }).then(
        () => true,
        (error: unknown) => {
          if (isSecureTransportError(error) && error.code === CODE_TOO_FREQUENT) return false;
          throw error;
        },
      );
    await expect.poll(sendPayCode, { timeout: 75_000, intervals: [2_000] }).toBe(true);
    await expect.poll(async () => (await codesOf(storeUrl, mobile)).length).toBeGreaterThan(before);
    await client.request('/v1/store/pay/user/initPayPassword', { payPassword, checkCode: (await codesOf(storeUrl, mobile))[0].code });
    return store;
  } finally {
    client.dispose();
  }
}
