// A store of the test's own, never the demo store (whose data other specs expect as seeded): registered through
// store-server's calls as a merchant's browser would, approved by the operator CLI, and, when asked, given a
// first pay password. Check codes are read through the e2e stack's test hook.
import { expect } from '@playwright/test';
import { createSecureClient, isSecureTransportError } from '@merchant/secure-transport';
import { checkCodeSentBy } from '../pages/onboarding-check-codes';
import { PlatformOperator } from '../pages/onboarding-operator';

const USER = '/v1/store/eshop/store/user';
/** store-server's answer to a second code within a minute (one code a minute per mobile). */
const CODE_TOO_FREQUENT = '10104002';

export interface OwnStore {
  userName: string;
  password: string;
  mobile: string;
  storeName: string;
  storeId: number;
}

export interface OwnStoreOptions {
  /** Names the store and its owner (`e2e_<prefix>_<digits>`), so a failed run's data says which spec made it. */
  prefix: string;
  /** The mobile's first three digits; specs that run side by side use different ones. */
  mobilePrefix: string;
  /** A first pay password, set after approval (its code waits for the mobile's one-a-minute window). */
  payPassword?: string;
}

/** The check codes sent to `mobile`, newest first (the e2e stack's test hook). */
export const codesOf = async (storeUrl: string, mobile: string) => {
  const response = await fetch(`${storeUrl}/__test__/check-codes?target=${encodeURIComponent(mobile)}`);
  return ((await response.json()) as { codes?: Array<{ code: string }> }).codes ?? [];
};

/**
 * Asks for a code until the mobile's one-a-minute window lets it go out (each refusal is store-server's
 * 'too frequent' answer), and returns the code that arrived.
 */
export async function codeWhenAllowed(storeUrl: string, mobile: string, send: () => Promise<boolean>): Promise<string> {
  // The window's minute is the product's rule (proven by store-server's int specs), not what these flows test:
  // the e2e stack's hook opens it, so a flow that needs several codes does not wait minutes for them.
  await fetch(`${storeUrl}/__test__/check-codes/open-window?target=${encodeURIComponent(mobile)}`, { method: 'POST' });
  const before = (await codesOf(storeUrl, mobile)).length;
  await expect.poll(send, { timeout: 75_000, intervals: [2_000] }).toBe(true);
  await expect.poll(async () => (await codesOf(storeUrl, mobile)).length).toBeGreaterThan(before);
  return (await codesOf(storeUrl, mobile))[0].code;
}

/** `send` as a poll step: true once the code went out, false while the mobile's window refuses it. */
export const sentUnlessTooFrequent = (send: () => Promise<unknown>) => () =>
  send().then(
    () => true,
    (error: unknown) => {
      if (isSecureTransportError(error) && error.code === CODE_TOO_FREQUENT) return false;
      throw error;
    },
  );

export async function approvedOwnStore(storeUrl: string, options: OwnStoreOptions): Promise<OwnStore> {
  const suffix = `${Date.now() % 100_000_000}`.padStart(8, '0');
  const mobile = `${options.mobilePrefix}${suffix}`;
  const store: OwnStore = { userName: `e2e_${options.prefix}_${suffix}`, password: 'Demo12345', mobile, storeName: `E2E ${options.prefix} ${suffix}`, storeId: 0 };
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
    if (options.payPassword) {
      const payCode = await codeWhenAllowed(
        storeUrl,
        mobile,
        sentUnlessTooFrequent(() => client.request('/v1/store/pay/user/sendInitPayPasswordCheckCode', {}, { silent: true })),
      );
      await client.request('/v1/store/pay/user/initPayPassword', { payPassword: options.payPassword, checkCode: payCode });
    }
    return store;
  } finally {
    client.dispose();
  }
}
