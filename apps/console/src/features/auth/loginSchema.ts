// Sign-in form rules: the contracts' biz schemas (libs/api-contracts, what store-server checks), plus only
// what the wire never sees. Loaded on the first check (lazyContractResolver): /login's first paint has no zod.
import { z } from 'zod';
import { accountEndpoints, authEndpoints } from '@merchant/api-contracts';
import { withConfirmation } from '../../resource-kit/confirmation';

// `remember` (keep the token after the browser closes) is the console's choice: the wire never sees it.
export const loginSchema = authEndpoints.login.biz.pick({ userName: true, password: true }).extend({ remember: z.boolean() });

export const checkCodeLoginSchema = authEndpoints.checkCodeLogin.biz.extend({ remember: z.boolean() });

// The new password typed twice: the confirmation is checked here and never sent.
export const resetPasswordSchema = withConfirmation(accountEndpoints.updatePassword.biz, 'newPassword', 'confirmPassword');

export interface LoginFormValues extends Record<string, unknown> {
  userName: string;
  password: string;
  remember: boolean;
}
export interface CheckCodeLoginValues extends Record<string, unknown> {
  mobile: string;
  checkCode: string;
  remember: boolean;
}
export interface ResetPasswordValues extends Record<string, unknown> {
  userName: string;
  checkCode: string;
  newPassword: string;
  confirmPassword: string;
}
