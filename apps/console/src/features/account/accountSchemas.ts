// Account form rules: the §5 password rules (shared with registration), check codes, and the
// 6-digit pay password of store-server (apps/store-server/docs/api.md "Pay").
import { z } from 'zod';
import { checkCodeField, mobileField, passwordField } from '../registered/storeInfoSchema';

const V = 'account.validation';
/** store-server's design: a pay password is 6 digits (a wallet PIN). */
export const PAY_PASSWORD_PATTERN = /^\d{6}$/;
const payPasswordField = z.string().regex(PAY_PASSWORD_PATTERN, `${V}.payPasswordFormat`);

export const changePasswordSchema = z
  .object({ oldPassword: z.string().min(1, `${V}.oldPasswordRequired`), newPassword: passwordField, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'auth.validation.passwordsDiffer' })
  .refine((v) => v.newPassword !== v.oldPassword, { path: ['newPassword'], message: `${V}.samePassword` });
export type ChangePasswordValues = z.output<typeof changePasswordSchema>;

export const changeMobileSchema = z.object({ mobile: mobileField, checkCode: checkCodeField });
export type ChangeMobileValues = z.output<typeof changeMobileSchema>;

export const changeEmailSchema = z.object({
  email: z.string().trim().min(1, `${V}.emailRequired`).max(100, `${V}.emailFormat`).email(`${V}.emailFormat`),
  checkCode: checkCodeField,
});
export type ChangeEmailValues = z.output<typeof changeEmailSchema>;

/** Init and set (forgotten): a check code and the new pay password twice. */
export const payPasswordWithCodeSchema = z
  .object({ checkCode: checkCodeField, payPassword: payPasswordField, confirmPayPassword: z.string() })
  .refine((v) => v.payPassword === v.confirmPayPassword, { path: ['confirmPayPassword'], message: `${V}.payPasswordsDiffer` });
export type PayPasswordWithCodeValues = z.output<typeof payPasswordWithCodeSchema>;

export const updatePayPasswordSchema = z
  .object({ oldPayPassword: payPasswordField, payPassword: payPasswordField, confirmPayPassword: z.string() })
  .refine((v) => v.payPassword === v.confirmPayPassword, { path: ['confirmPayPassword'], message: `${V}.payPasswordsDiffer` })
  .refine((v) => v.payPassword !== v.oldPayPassword, { path: ['payPassword'], message: `${V}.samePayPassword` });
export type UpdatePayPasswordValues = z.output<typeof updatePayPasswordSchema>;

export const checkPayPasswordSchema = z.object({ payPassword: payPasswordField, checkCode: checkCodeField });
export type CheckPayPasswordValues = z.output<typeof checkPayPasswordSchema>;
