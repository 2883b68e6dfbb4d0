// The settlement card change (issue 26 §2, /shop/settlement/edit) on the form kit: the contract's updateBankCardBiz
// checks every field (bank, a 12–19 digit Luhn card number, holder, branch, the 6-digit pay password and the check
// code); the code goes to the store's bound mobile (a checkCode field without a mobile field). The call is
// idempotent: one key per intended change, so a double submit changes the card once.
import { accountEndpoints, updateBankCardBiz } from '@merchant/api-contracts';
import { defineResourceForm, type ResourceStatusOption } from '../../../resource-kit';
import { pinInput } from '../../account/forms/pinInput';
import { settlementApi, useBankListQuery, useSendSettlementCheckCodeMutation } from './api';

export type SettlementFormValues = {
  bankCode: string;
  cardNumber: string;
  accountName: string;
  branchName: string;
  payPassword: string;
  checkCode: string;
};

function useBankOptions(): readonly ResourceStatusOption[] {
  const banks = useBankListQuery();
  return (banks.data?.list ?? []).map((bank) => ({ value: bank.bankCode, label: bank.bankName }));
}

/** A refused send shows its msg (baseQuery); the code goes to the store's mobile, so nothing is checked first. */
function useSendSettlementCode() {
  const [send] = useSendSettlementCheckCodeMutation();
  return async () => !('error' in (await send()));
}

export const settlementForm = defineResourceForm<SettlementFormValues>({
  schema: updateBankCardBiz,
  defaults: { bankCode: '', cardNumber: '', accountName: '', branchName: '', payPassword: '', checkCode: '' },
  fields: [
    { name: 'bankCode', labelKey: 'shopSettlement.edit.field.bank', kind: 'select', useOptions: useBankOptions, testId: 'settlement-form-bank' },
    { name: 'cardNumber', labelKey: 'shopSettlement.edit.field.cardNumber', kind: 'text', helperKey: 'shopSettlement.edit.cardNumberHint', testId: 'settlement-form-cardNumber' },
    { name: 'accountName', labelKey: 'shopSettlement.edit.field.accountName', kind: 'text', testId: 'settlement-form-accountName' },
    { name: 'branchName', labelKey: 'shopSettlement.edit.field.branchName', kind: 'text', testId: 'settlement-form-branchName' },
    { name: 'payPassword', labelKey: 'shopSettlement.edit.field.payPassword', kind: 'password', input: pinInput('current-password'), testId: 'settlement-form-payPassword' },
    {
      name: 'checkCode',
      labelKey: 'shopSettlement.edit.field.checkCode',
      kind: 'checkCode',
      helperKey: 'shopSettlement.edit.checkCodeHint',
      testId: 'settlement-form-checkCode',
      checkCode: { useSend: useSendSettlementCode, sendTestId: 'settlement-form-send' },
    },
  ],
  create: { endpoint: settlementApi.endpoints.updateSettlementCard as never, contract: accountEndpoints.updateStoreBankCard },
  successKey: 'shopSettlement.edit.saved',
});
