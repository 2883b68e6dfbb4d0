// Account form rules: the contracts' biz schemas (libs/api-contracts: §5 passwords, mobiles, check codes,
// the 6-digit pay password), plus only what the wire never sees, as rule codes the form kit translates.
import { z } from 'zod';
import { accountEndpoints, payEndpoints, ruleIssue } from '@merchant/api-contracts';

/** A confirmation the merchant types twice: it must match, and is never sent. */
function confirmed(value: string, confirmation: string, confirmName: string, ctx: z.RefinementCtx) {
  if (value !== confirmation) ctx.addIssue(ruleIssue('confirmDiffers', [confirmName]));
}

// The confirmation is the console's own (the wire has no confirm field); "not the same again" is the contract's.
export const changePasswordSchema = accountEndpoints.updatePasswordByToken.biz
  .safeExtend({ confirmPassword: z.string() })
  .superRefine((v, ctx) => confirmed(v.newPassword, v.confirmPassword, 'confirmPassword', ctx));
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;

export const changeMobileSchema = accountEndpoints.updateStoreMobile.biz;
export type ChangeMobileValues = z.input<typeof changeMobileSchema>;

export const changeEmailSchema = accountEndpoints.updateStoreEmail.biz;
export type ChangeEmailValues = z.input<typeof changeEmailSchema>;

/** Init and set (forgotten): the new pay password twice and a check code; the confirmation stays here. */
export const payPasswordWithCodeSchema = payEndpoints.initPayPassword.biz
  .safeExtend({ confirmPayPassword: z.string() })
  .superRefine((v, ctx) => confirmed(v.payPassword, v.confirmPayPassword, 'confirmPayPassword', ctx));
export type PayPasswordWithCodeValues = z.input<typeof payPasswordWithCodeSchema>;

export const updatePayPasswordSchema = payEndpoints.updatePayPassword.biz
  .safeExtend({ confirmPayPassword: z.string() })
  .superRefine((v, ctx) => confirmed(v.newPayPassword, v.confirmPayPassword, 'confirmPayPassword', ctx));
export type UpdatePayPasswordValues = z.input<typeof updatePayPasswordSchema>;

export const checkPayPasswordSchema = payEndpoints.checkPayPassword.biz;
export type CheckPayPasswordValues = z.input<typeof checkPayPasswordSchema>;
