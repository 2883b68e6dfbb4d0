// kind 'password': a masked box the password manager can fill, checked by the contract like any field,
// its value sent as typed (a secret is never trimmed).
import { screen } from '@testing-library/react';
import { z } from 'zod';
import { passwordField } from '@merchant/api-contracts';
import { renderFieldForm } from './fieldForm.testing';

jest.setTimeout(60_000);

const field = { name: 'name', labelKey: 'formTest.name', kind: 'password' as const, testId: 'secret-input', autoComplete: 'current-password' as const };

describe("form field kind 'password'", () => {
  it('is a labelled password box with the test id and the autofill hint', async () => {
    renderFieldForm({ field, schema: z.object({ name: passwordField }), defaults: { name: '' } });
    const input = await screen.findByTestId('secret-input', {}, { timeout: 20_000 });
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'current-password');
    expect(input).toBe(screen.getByLabelText(/^name/));
  });

  it("says the contract's rule in the merchant's language and saves the secret as typed", async () => {
    const { user, save, sent } = renderFieldForm({ field, schema: z.object({ name: z.string().pipe(passwordField) }), defaults: { name: '' }, language: 'zh-CN' });
    const input = await screen.findByTestId('secret-input', {}, { timeout: 20_000 });
    await user.type(input, 'abcdefgh');
    await save();
    expect(await screen.findByText('密码须至少包含一个数字')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(sent()).toEqual([]);
    await user.type(input, '1 ');
    await save();
    await screen.findByText('保存成功');
    expect(sent()).toEqual([{ name: 'abcdefgh1 ' }]);
  });
});
