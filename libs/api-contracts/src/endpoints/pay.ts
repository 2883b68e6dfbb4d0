// console-spec §7 pay calls: the pay password guards money movements; money is integer cents.
import { z } from 'zod';
import { defineEndpoint, emptyBiz, noData } from '../endpoint';
import { checkCodeField, PAY_PASSWORD_PATTERN, payPasswordField } from '../fields';
import { PERMISSIONS } from '../permissions';
import { rule } from '../rules';
import { STORE_CODES } from '../store-codes';
import { checkCodeSent } from './auth';

export const PAY_USER_BASE = '/v1/store/pay/user';

export const setPayPasswordBiz = z.object({ payPassword: payPasswordField, checkCode: checkCodeField });

const stateErrors = [STORE_CODES.notAllowedInCurrentState] as const;
const sendErrors = [STORE_CODES.notAllowedInCurrentState, STORE_CODES.checkCodeTooFrequent] as const;
/** A wrong pay password: 10105001; 5 wrong per hour, then 10103002 until the window passes. */
const verifyErrors = [STORE_CODES.notAllowedInCurrentState, STORE_CODES.wrongPayPassword, STORE_CODES.tooManyAttempts] as const;

export const payEndpoints = {
  isSetPayPassword: defineEndpoint({
    path: `${PAY_USER_BASE}/isSetPayPassword`,
    access: 'user',
    summary: 'Whether the pay password is set',
    biz: emptyBiz,
    data: z.strictObject({ isSetPayPassword: z.boolean() }),
  }),
  sendInitPayPasswordCheckCode: defineEndpoint({
    path: `${PAY_USER_BASE}/sendInitPayPasswordCheckCode`,
    access: 'user',
    permission: PERMISSIONS.payPassword,
    summary: 'Send the check code for the first pay password',
    biz: emptyBiz,
    data: checkCodeSent,
    errors: sendErrors,
  }),
  initPayPassword: defineEndpoint({
    path: `${PAY_USER_BASE}/initPayPassword`,
    access: 'user',
    permission: PERMISSIONS.payPassword,
    summary: 'Set the first pay password',
    biz: setPayPasswordBiz,
    data: noData,
    errors: [...stateErrors, STORE_CODES.wrongCheckCode],
  }),
  sendSetPayPasswordCheckCode: defineEndpoint({
    path: `${PAY_USER_BASE}/sendSetPayPasswordCheckCode`,
    access: 'user',
    permission: PERMISSIONS.payPassword,
    summary: 'Send the check code for a forgotten pay password',
    biz: emptyBiz,
    data: checkCodeSent,
    errors: sendErrors,
  }),
  /** Forgotten pay password: replaced with a check code (and the failure count cleared). */
  setPayPassword: defineEndpoint({
    path: `${PAY_USER_BASE}/setPayPassword`,
    access: 'user',
    permission: PERMISSIONS.payPassword,
    summary: 'Reset a forgotten pay password',
    biz: setPayPasswordBiz,
    data: noData,
    errors: [...stateErrors, STORE_CODES.wrongCheckCode],
  }),
  updatePayPassword: defineEndpoint({
    path: `${PAY_USER_BASE}/updatePayPassword`,
    access: 'user',
    permission: PERMISSIONS.payPassword,
    summary: 'Change the pay password',
    biz: z
      .object({
        oldPayPassword: z.string().regex(PAY_PASSWORD_PATTERN),
        newPayPassword: payPasswordField,
      })
      .refine((v) => v.newPayPassword !== v.oldPayPassword, rule('sameAsCurrent', { path: ['newPayPassword'] })),
    data: noData,
    errors: verifyErrors,
  }),
  sendCheckPayPasswordCheckCode: defineEndpoint({
    path: `${PAY_USER_BASE}/sendCheckPayPasswordCheckCode`,
    access: 'user',
    summary: 'Send the check code that confirms a payment',
    biz: emptyBiz,
    data: checkCodeSent,
    errors: sendErrors,
  }),
  checkPayPassword: defineEndpoint({
    path: `${PAY_USER_BASE}/checkPayPassword`,
    access: 'user',
    summary: 'Check the pay password (and a check code when sent)',
    biz: z.object({ payPassword: payPasswordField, checkCode: checkCodeField.optional() }),
    data: z.strictObject({ checked: z.literal(true) }),
    errors: [...verifyErrors, STORE_CODES.wrongCheckCode],
  }),
  /** Money in integer cents. */
  queryPayAccountByUser: defineEndpoint({
    path: '/v1/store/pay/account/queryPayAccountByUser',
    access: 'user',
    permission: PERMISSIONS.walletView,
    summary: 'The store wallet (integer cents)',
    biz: emptyBiz,
    data: z.strictObject({
      storeId: z.number().int(),
      balance: z.number().int(),
      frozenBalance: z.number().int(),
      availableBalance: z.number().int(),
      depositBalance: z.number().int(),
    }),
  }),
  getWithdrawBlacklistByUid: defineEndpoint({
    path: '/v1/store/pay/withdrawal/blacklist/getWithdrawBlacklistByUid',
    access: 'user',
    permission: PERMISSIONS.walletView,
    summary: 'Whether the store is on the withdrawal blacklist',
    biz: emptyBiz,
    data: z.strictObject({ isBlacklist: z.boolean(), blacklistRemark: z.string() }),
  }),
  queryBankList: defineEndpoint({
    path: '/v1/store/pay/bank/queryBankList',
    access: 'public',
    summary: 'Supported banks',
    biz: emptyBiz,
    data: z.strictObject({ list: z.array(z.strictObject({ bankCode: z.string(), bankName: z.string() })) }),
  }),
} as const;
