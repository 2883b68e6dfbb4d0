// Account form rules: the contracts' biz schemas (libs/api-contracts: §5 passwords, mobiles, check codes,
// the 6-digit pay password), plus only what the wire never sees, as rule codes the form kit translates.
import { z } from 'zod';
import { accountEndpoints, payEndpoints } from '@merchant/api-contracts';
import { withConfirmation } from '../../resource-kit/confirmation';

// The confirmation is the console's own (the wire has no confirm field); "not the same again" is the contract's.
export const changePasswordSchema = withConfirmation(accountEndpoints.updatePasswordByToken.biz, 'newPassword', 'confirmPassword');
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;

export const changeMobileSchema = accountEndpoints.updateStoreMobile.biz;
export type ChangeMobileValues = z.input<typeof changeMobileSchema>;

export const changeEmailSchema = accountEndpoints.updateStoreEmail.biz;
export type ChangeEmailValues = z.input<typeof changeEmailSchema>;

/** Init and set (forgotten): the new pay password twice and a check code; the confirmation stays here. */
export const payPasswordWithCodeSchema = withConfirmation(payEndpoints.initPayPassword.biz, 'payPassword', 'confirmPayPassword');
export type PayPasswordWithCodeValues = z.input<typeof payPasswordWithCodeSchema>;

export const updatePayPasswordSchema = withConfirmation(payEndpoints.updatePayPassword.biz, 'newPayPassword', 'confirmPayPassword');
export type UpdatePayPasswordValues = z.input<typeof updatePayPasswordSchema>;

export const checkPayPasswordSchema = payEndpoints.checkPayPassword.biz;
export type CheckPayPasswordValues = z.input<typeof checkPayPasswordSchema>;
