// The pay-password forms, on the form kit: init (the first one, with a check code), set (forgotten, with
// a check code), update (old and new) and check (the password, and a check code when one was sent).
// Codes go to the store's bound mobile; the pay password is the contracts' 6 digits.
import { payEndpoints } from '@merchant/api-contracts';
import { defineResourceForm, type ResourceFormDefinition, type ResourceFormField } from '../../../resource-kit';
import { accountApi, useSendPayPasswordCheckCodeMutation } from '../api';
import { checkPayPasswordSchema, payPasswordWithCodeSchema, updatePayPasswordSchema, type CheckPayPasswordValues, type PayPasswordWithCodeValues, type UpdatePayPasswordValues } from '../accountSchemas';
import { pinInput } from './pinInput';

export type PayPasswordMode = 'init' | 'set' | 'update' | 'check';

const currentPin = pinInput('current-password');
const newPin = pinInput('new-password');

const pin = (name: string, labelKey: string, input = newPin): ResourceFormField => ({ name, labelKey, kind: 'password', testId: `pay-password-${name}`, input });
const confirmPin: ResourceFormField = { ...pin('confirmPayPassword', 'account.dialog.confirmPayPassword'), required: true };

/** A refused send shows its msg (baseQuery); the code goes to the store mobile, so nothing is checked first. */
const sendFor = (kind: 'init' | 'set' | 'check') =>
  function useSendPayCode() {
    const [send] = useSendPayPasswordCheckCodeMutation();
    return async () => !('error' in (await send(kind)));
  };

const checkCode = (kind: 'init' | 'set' | 'check'): ResourceFormField => ({
  name: 'checkCode',
  labelKey: 'account.dialog.checkCode',
  kind: 'checkCode',
  helperKey: 'account.dialog.codeToStoreMobile',
  testId: 'pay-password-checkCode',
  checkCode: { useSend: sendFor(kind), sendTestId: 'pay-password-send' },
});

const withCode = (kind: 'init' | 'set', endpoint: typeof accountApi.endpoints.initPayPassword | typeof accountApi.endpoints.setPayPassword) =>
  defineResourceForm<PayPasswordWithCodeValues>({
    schema: payPasswordWithCodeSchema,
    defaults: { payPassword: '', confirmPayPassword: '', checkCode: '' },
    fields: [pin('payPassword', 'account.dialog.newPayPassword'), confirmPin, checkCode(kind)],
    create: { endpoint: endpoint as never, contract: payEndpoints[`${kind}PayPassword`], toBiz: ({ payPassword, checkCode }) => ({ payPassword, checkCode }) },
  });

export const PAY_PASSWORD_FORMS = {
  init: withCode('init', accountApi.endpoints.initPayPassword),
  set: withCode('set', accountApi.endpoints.setPayPassword),
  update: defineResourceForm<UpdatePayPasswordValues>({
    schema: updatePayPasswordSchema,
    defaults: { oldPayPassword: '', newPayPassword: '', confirmPayPassword: '' },
    fields: [pin('oldPayPassword', 'account.dialog.oldPayPassword', currentPin), pin('newPayPassword', 'account.dialog.newPayPassword'), confirmPin],
    create: {
      endpoint: accountApi.endpoints.updatePayPassword as never,
      contract: payEndpoints.updatePayPassword,
      toBiz: ({ oldPayPassword, newPayPassword }) => ({ oldPayPassword, newPayPassword }),
    },
  }),
  check: defineResourceForm<CheckPayPasswordValues>({
    schema: checkPayPasswordSchema,
    defaults: { payPassword: '', checkCode: '' },
    // The contract takes the code only when one was sent: an empty box is left out, not refused.
    toBiz: ({ payPassword, checkCode }) => ({ payPassword, ...(checkCode ? { checkCode } : {}) }),
    fields: [pin('payPassword', 'account.dialog.payPassword', currentPin), checkCode('check')],
    create: { endpoint: accountApi.endpoints.checkPayPassword as never, contract: payEndpoints.checkPayPassword },
    successKey: 'account.pay.checked',
  }),
} as const;

/** One dialog draws whichever of the four the merchant chose; their values differ, the dialog does not mind. */
export const payPasswordForm = (mode: PayPasswordMode) => PAY_PASSWORD_FORMS[mode] as unknown as ResourceFormDefinition<Record<string, unknown>>;
