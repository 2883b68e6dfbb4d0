// The graphic verification a merchant meets after failed sign-ins is a drawn image: a person reads it,
// a script reading the markup finds no characters of the answer (issue 7, security review).
import { test, expect } from '@playwright/test';
import { LoginPage } from '../pages/login-page';

const consoleUrl = () => process.env.E2E_CONSOLE_URL!;
const storeUrl = () => process.env.E2E_STORE_URL!;

test('the graphic verification is an image with an accessible name whose markup holds no answer text', async ({ page }) => {
  const login = new LoginPage(page, consoleUrl());
  await login.open();
  // A user name no other test signs in with: failures count per name for 15 minutes (the whole run).
  for (let attempt = 0; attempt < 4 && !(await login.captchaDialog().isVisible()); attempt++) {
    await login.signIn('captcha_probe', 'Wrong12345');
    await expect(login.errorMessage().or(login.captchaDialog())).toBeVisible();
  }
  await expect(login.captchaDialog()).toBeVisible();

  const image = page.getByTestId('captcha-image');
  await expect(image).toHaveAccessibleName(/.+/);
  const src = (await image.getAttribute('src')) ?? '';
  expect(src.startsWith('data:image/svg+xml;base64,')).toBe(true);
  const markup = Buffer.from(src.slice('data:image/svg+xml;base64,'.length), 'base64').toString('utf8');
  const key = await login.captchaKey();
  const { answer } = (await (await fetch(`${storeUrl()}/__test__/captcha?key=${encodeURIComponent(key)}`)).json()) as { answer: string };
  expect(answer).toMatch(/^[A-Z0-9]{4}$/i);
  expect(markup).not.toMatch(/<text|<tspan/i);
  expect(markup).not.toMatch(/>[^<]+</);
  expect(markup.toUpperCase()).not.toContain(answer.toUpperCase());
  await login.captchaDialog().screenshot({ path: test.info().outputPath('captcha-dialog.png') });
});
