// kind 'checkCode' in a generated form: the field the code goes to is checked before anything is sent, a
// send that went out holds the button for the 60-second wait (one code a minute), a failed send does not.
import { act, screen } from '@testing-library/react';
import { z } from 'zod';
import { checkCodeField, mobileField } from '@merchant/api-contracts';
import { createFakeStoreServer, ok } from '../../../test/fakeStoreServer';
import { FORM_TEST_PATH, formTestSave, renderResourceForm } from '../resourceForm.testing';
import { defineResourceForm } from '../types';
import { CHECK_CODE_RESEND_SECONDS } from './CheckCodeFormField';

jest.setTimeout(60_000);

const schema = z.object({ mobile: mobileField, code: checkCodeField });

async function codeForm(send: (to: string) => Promise<boolean>, language: 'en-US' | 'zh-CN' = 'en-US') {
  const server = createFakeStoreServer();
  server.on(FORM_TEST_PATH, () => ok(null));
  const definition = defineResourceForm<Record<string, unknown>>({
    schema,
    defaults: { mobile: '', code: '' },
    fields: [
      { name: 'mobile', labelKey: 'formTest.mobile', kind: 'phone' },
      { name: 'code', labelKey: 'formTest.name', kind: 'checkCode', testId: 'code-input', checkCode: { mobileField: 'mobile', useSend: () => send, sendTestId: 'code-send' } },
    ],
    create: { endpoint: formTestSave },
  });
  const rendered = renderResourceForm({ definition, screen: 'page', language, server });
  const button = await screen.findByTestId('code-send', {}, { timeout: 20_000 });
  return { ...rendered, button, sent: () => server.callsTo(FORM_TEST_PATH).map((call) => call.biz) };
}

/** Lets the send's promise and React's updates settle (no timer runs). */
const settle = () => act(async () => undefined);

/** Lets `seconds` seconds pass, one at a time (each second's timer is set after the last one's render). */
async function tick(seconds: number) {
  for (let second = 0; second < seconds; second++) {
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
  }
}

afterEach(() => {
  jest.useRealTimers();
});

describe("form field kind 'checkCode'", () => {
  it('sends nothing while the mobile is invalid, and says why on the mobile in the merchant\'s language', async () => {
    const send = jest.fn((_to: string) => Promise.resolve(true));
    const { user, button } = await codeForm(send, 'zh-CN');
    await user.type(screen.getByLabelText(/手机号/), '1234');
    await user.click(button);
    expect(await screen.findByText('手机号格式错误')).toBeInTheDocument();
    expect(screen.getByLabelText(/手机号/)).toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();
    expect(button).toBeEnabled();
  });

  it('sends to the mobile, then holds the button for 60 s with the countdown', async () => {
    const send = jest.fn((_to: string) => Promise.resolve(true));
    const { user, button } = await codeForm(send);
    await user.type(screen.getByLabelText(/mobile/), '13800138000');
    jest.useFakeTimers();
    await user.click(button);
    await settle();
    expect(send).toHaveBeenCalledWith('13800138000');
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent(`Resend in ${CHECK_CODE_RESEND_SECONDS} s`);
    await tick(CHECK_CODE_RESEND_SECONDS - 1);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Resend in 1 s');
    await tick(1);
    expect(button).toBeEnabled();
    expect(button).toHaveTextContent('Send code');
  });

  it('starts no countdown when the send failed', async () => {
    const send = jest.fn((_to: string) => Promise.resolve(false));
    const { user, button } = await codeForm(send);
    await user.type(screen.getByLabelText(/mobile/), '13800138000');
    await user.click(button);
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
    expect(button).toBeEnabled();
    expect(button).toHaveTextContent('Send code');
  });

  it('without a mobile field sends at once to the address the server knows, checking nothing of the form', async () => {
    const send = jest.fn((_to: string) => Promise.resolve(true));
    const definition = defineResourceForm<Record<string, unknown>>({
      schema: z.object({ email: z.string().email(), code: checkCodeField }),
      defaults: { email: '', code: '' },
      fields: [
        { name: 'email', labelKey: 'formTest.name', kind: 'text' },
        { name: 'code', labelKey: 'formTest.remark', kind: 'checkCode', checkCode: { useSend: () => send, sendTestId: 'code-send' } },
      ],
      create: { endpoint: formTestSave },
    });
    const { user } = renderResourceForm({ definition, screen: 'page' });
    const button = await screen.findByTestId('code-send', {}, { timeout: 20_000 });
    await user.click(button);
    await settle();
    expect(send).toHaveBeenCalledWith('');
    expect(screen.getByLabelText(/^name/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(button).toBeDisabled();
  });

  it('keeps only digits, labels the input and checks the code with the contract', async () => {
    const send = jest.fn((_to: string) => Promise.resolve(true));
    const { user, sent } = await codeForm(send);
    const input = screen.getByTestId('code-input');
    expect(input).toBe(screen.getByLabelText(/^name/));
    await user.type(screen.getByLabelText(/mobile/), '13800138000');
    await user.type(input, '12a3');
    await user.click(screen.getByTestId('resource-form-submit'));
    expect(await screen.findByText(/name/i, { selector: 'p' })).toBeInTheDocument();
    expect(sent()).toEqual([]);
    await user.type(input, '456789');
    expect(input).toHaveValue('123456');
    await user.click(screen.getByTestId('resource-form-submit'));
    await screen.findByText('saved successfully');
    expect(sent()).toEqual([{ mobile: '13800138000', code: '123456' }]);
  });
});
