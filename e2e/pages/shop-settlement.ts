import { expect, type Page } from '@playwright/test';
import { createSecureClient, isSecureTransportError } from '@merchant/secure-transport';
import { checkCodeSentBy } from './onboarding-check-codes';
import { PlatformOperator } from './onboarding-operator';

const USER = '/v1/store/eshop/store/user';
/** store-server's answer to a second code within a minute (one code a minute per mobile). */
const CODE_TOO_FREQUENT = '10104002';

/** A store of the test's own (the demo store's card and pay password stay as other suites expect them). */
export interface OwnStore {
  userName: string;
  password: string;
  mobile: string;
  storeId: number;
}

const codesOf = async (storeUrl: string, mobile: string) => {
  const response = await fetch(`${storeUrl}/__test__/check-codes?target=${encodeURIComponent(mobile)}`);
  return ((await response.json()) as { codes?: Array<{ code: string }> }).codes ?? [];
};

/**
 * Asks for a code until the mobile's one-a-minute window lets it go out (each refusal is store-server's
 * 'too frequent' answer), and returns the code that arrived.
 */
async function codeWhenAllowed(storeUrl: string, mobile: string, send: () => Promise<boolean>): Promise<string> {
  const before = (await codesOf(storeUrl, mobile)).length;
  await expect.poll(send, { timeout: 75_000, intervals: [2_000] }).toBe(true);
  await expect.poll(async () => (await codesOf(storeUrl, mobile)).length).toBeGreaterThan(before);
  return (await codesOf(storeUrl, mobile))[0].code;
}

/**
 * Registers a store through store-server's calls as a merchant's browser would, has the operator approve it by the
 * CLI, and sets its first pay password (check codes to its mobile, read through the e2e test hook).
 */
export async function approvedStoreWithPayPassword(storeUrl: string, payPassword: string): Promise<OwnStore> {
  const suffix = `${Date.now() % 100_000_000}`.padStart(8, '0');
  const store: OwnStore = { userName: `e2e_settle_${suffix}`, password: 'Demo12345', mobile: `136${suffix}`, storeId: 0 };
  const client = createSecureClient({ baseUrl: storeUrl, mode: 'none' });
  try {
    const registerCode = await checkCodeSentBy(storeUrl, store.mobile, async () => void (await client.request(`${USER}/sendRegisterCheckCode`, { mobile: store.mobile })));
    const registered = await client.request<{ accessToken: string }>(`${USER}/registerUser`, { userName: store.userName, password: store.password, mobile: store.mobile, checkCode: registerCode });
    client.setAccessToken(registered.data.accessToken);
    await client.request(`${USER}/storeAcceptAgreement`, {});
    await client.request(`${USER}/registerStore`, {
      storeName: `E2E Settlement ${suffix}`,
      storeType: 2,
      principalType: 2,
      cityCode: '440300',
      address: '18 Keyuan Road, Nanshan',
      contactName: 'Han Mei',
      contactMobile: store.mobile,
      legalPersonName: 'Han Mei',
      legalPersonIdNumber: '11010519491231002X',
      licenseNumber: '91440300MA5E2E001X',
      licenseImageUrl: 'https://example.com/e2e-license.png',
      categoryIds: [11],
      brandName: 'Acme Tiles',
      brandExpireTime: Math.floor(Date.UTC(2030, 11, 31) / 1000),
    });
    store.storeId = (await client.request<{ storeId: number }>(`${USER}/getStoreInfoByToken`, {})).data.storeId;
    const approved = await new PlatformOperator(storeUrl).approve(store.storeId);
    if (approved.exitCode !== 0) throw new Error(`operator approve failed: ${approved.stderr}`);
    const payCode = await codeWhenAllowed(storeUrl, store.mobile, () =>
      client.request('/v1/store/pay/user/sendInitPayPasswordCheckCode', {}, { silent: true }).then(
        () => true,
        (error: unknown) => {
          if (isSecureTransportError(error) && error.code === CODE_TOO_FREQUENT) return false;
          throw error;
        },
      ),
    );
    await client.request('/v1/store/pay/user/initPayPassword', { payPassword, checkCode: payCode });
    return store;
  } finally {
    client.dispose();
  }
}

export interface SettlementCardInput {
  bankName: string;
  cardNumber: string;
  accountName: string;
  branchName: string;
  payPassword: string;
}

/** /shop/settlement and its edit screen, in a merchant's terms. Selectors live here only. */
export class ShopSettlementPage {
  constructor(
    private readonly page: Page,
    private readonly consoleUrl: string,
    private readonly storeUrl: string,
  ) {}

  async open() {
    await this.page.goto(`${this.consoleUrl}/shop/settlement`);
  }

  noCard() {
    return this.page.getByTestId('settlement-none');
  }

  cardNumber() {
    return this.page.getByTestId('settlement-cardNumber');
  }

  bank() {
    return this.page.getByTestId('settlement-bank');
  }

  accountName() {
    return this.page.getByTestId('settlement-accountName');
  }

  pausedUntil() {
    return this.page.getByTestId('settlement-paused');
  }

  editButton() {
    return this.page.getByTestId('settlement-edit');
  }

  private input(testId: string) {
    return this.page.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"]`).first();
  }

  /** From the view: 'Bind' or 'Change', fill the card, ask for the code to the store's mobile, confirm. */
  async bindOrChange(card: SettlementCardInput, storeMobile: string) {
    await this.editButton().click();
    await this.page.getByRole('combobox', { name: /^(Bank|开户银行)/ }).click();
    await this.page.getByRole('option', { name: card.bankName }).click();
    await this.input('settlement-form-cardNumber').fill(card.cardNumber);
    await this.input('settlement-form-accountName').fill(card.accountName);
    await this.input('settlement-form-branchName').fill(card.branchName);
    await this.input('settlement-form-payPassword').fill(card.payPassword);
    const send = this.page.getByTestId('settlement-form-send');
    const codes = async () => (await codesOf(this.storeUrl, storeMobile)).length;
    const code = await codeWhenAllowed(this.storeUrl, storeMobile, async () => {
      const before = await codes();
      if (await send.isEnabled()) await send.click();
      // A refused send (too frequent) shows its message and leaves the button enabled; only a new code counts.
      await expect.poll(codes, { timeout: 3_000 }).toBeGreaterThan(before).catch(() => undefined);
      return (await codes()) > before;
    });
    await this.input('settlement-form-checkCode').fill(code);
    await this.page.getByTestId('settlement-form-submit').click();
  }
}
