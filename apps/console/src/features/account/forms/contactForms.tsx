// Changing the store's mobile (code to the new number) and email (code to the bound mobile), on the form kit.
import { accountEndpoints } from '@merchant/api-contracts';
import { defineResourceForm } from '../../../resource-kit';
import { accountApi, useSendUpdateEmailCheckCodeMutation, useSendUpdateMobileCheckCodeMutation } from '../api';
import { changeEmailSchema, changeMobileSchema, type ChangeEmailValues, type ChangeMobileValues } from '../accountSchemas';

/** The code goes to the new number, checked first; a refused send shows its msg (baseQuery). */
function useSendMobileCode() {
  const [send] = useSendUpdateMobileCheckCodeMutation();
  return async (mobile: string) => !('error' in (await send({ mobile })));
}

/** The code goes to the store's bound mobile, which the server knows. */
function useSendEmailCode() {
  const [send] = useSendUpdateEmailCheckCodeMutation();
  return async () => !('error' in (await send()));
}

export const changeMobileForm = defineResourceForm<ChangeMobileValues>({
  schema: changeMobileSchema,
  defaults: { mobile: '', checkCode: '' },
  fields: [
    { name: 'mobile', labelKey: 'account.dialog.newMobile', kind: 'phone', testId: 'change-mobile-mobile' },
    { name: 'checkCode', labelKey: 'account.dialog.checkCode', kind: 'checkCode', testId: 'change-mobile-code', checkCode: { mobileField: 'mobile', useSend: useSendMobileCode, sendTestId: 'change-mobile-send' } },
  ],
  create: { endpoint: accountApi.endpoints.updateStoreMobile as never, contract: accountEndpoints.updateStoreMobile },
});

export const changeEmailForm = defineResourceForm<ChangeEmailValues>({
  schema: changeEmailSchema,
  defaults: { email: '', checkCode: '' },
  fields: [
    { name: 'email', labelKey: 'account.dialog.email', kind: 'text', testId: 'change-email-email' },
    {
      name: 'checkCode',
      labelKey: 'account.dialog.checkCode',
      kind: 'checkCode',
      helperKey: 'account.dialog.codeToStoreMobile',
      testId: 'change-email-code',
      checkCode: { useSend: useSendEmailCode, sendTestId: 'change-email-send' },
    },
  ],
  create: { endpoint: accountApi.endpoints.updateStoreEmail as never, contract: accountEndpoints.updateStoreEmail },
});
