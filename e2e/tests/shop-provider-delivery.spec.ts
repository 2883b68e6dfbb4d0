// Issue 27 §6 e2e: the demo store closes its running provider delivery, opens it with another provider, reads and
// signs the agreement (the time and the account recorded), the platform suspends it with the built operator CLI and
// the store sees why, and the store closes it. Real console, real store-server, real chromium; on its worker's own
// stack, so the demo store's contracts are as seeded (one running).
import { test, expect } from '@playwright/test';
import { PlatformOperator } from '../pages/onboarding-operator';
import { ProviderDeliveryPages } from '../pages/shop-provider-delivery';
import { screenshot } from '../support/screenshot';
import { signIn } from '../support/sign-in';
import { consoleUrl, storeUrl } from '../support/stack';

test('open, sign and close provider delivery', async ({ page }) => {
  test.setTimeout(180_000);
  const delivery = new ProviderDeliveryPages(page, consoleUrl());
  await signIn(page, '/shop/serviceProviderDelivery');
  await delivery.open();
  // The seeded contract runs (provider-delivery.seed.ts).
  await expect(delivery.current()).toContainText('闪送同城');
  await expect(delivery.current()).toContainText('running');
  await delivery.closeCurrent('switching providers');
  await expect(delivery.current()).toContainText('Provider delivery is not open');

  await delivery.openWith('家居大件配送');
  await expect(delivery.agreement()).toContainText('家居大件配送 local delivery service agreement');
  await expect(delivery.agreement()).toContainText('Agree and sign');
  await expect(delivery.signButton()).toBeDisabled();
  await screenshot(page, 'provider-delivery-sign-en-US');
  await delivery.sign();
  await expect(delivery.fields()).toContainText('running');
  await expect(delivery.fields().getByRole('row', { name: /^Signed/ })).toContainText('demo_merchant');
  await expect(delivery.steps()).toHaveCount(3);
  const contractId = Number(new URL(page.url()).searchParams.get('contractId'));

  // The platform suspends it (built CLI); the store sees by whom and why, and may only close it.
  const operator = new PlatformOperator(storeUrl());
  const suspended = await operator.run(['delivery-suspend', String(contractId), '--reason', 'documents missing']);
  expect(suspended.stdout).toContain(`provider delivery contract ${contractId}`);
  expect(suspended.exitCode).toBe(0);
  await delivery.open();
  await expect(delivery.current()).toContainText('suspended by the platform: documents missing');
  await expect(delivery.current().getByRole('button', { name: 'Sign the agreement' })).toHaveCount(0);
  await screenshot(page, 'provider-delivery-suspended-en-US');

  await delivery.closeCurrent('no longer needed');
  await expect(delivery.current()).toContainText('Provider delivery is not open');
  await expect(delivery.contracts().filter({ hasText: '家居大件配送' })).toContainText('closed');
  // Closed is final: the operator cannot resume it.
  const resumed = await operator.run(['delivery-resume', String(contractId)]);
  expect(resumed.exitCode).toBe(1);
  expect(resumed.stderr).toContain('cannot resume a contract that is closed');
  await screenshot(page, 'provider-delivery-closed-en-US');
});
