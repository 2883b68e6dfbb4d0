import { z } from 'zod';
import { checkCodeField, payPasswordField } from '../../shared/fields';

export const initPayPasswordBiz = z.object({ payPassword: payPasswordField, checkCode: checkCodeField });
export const updatePayPasswordBiz = z.object({
  oldPayPassword: z.string({ error: 'oldPayPassword is required' }).regex(/^\d{6}$/, 'oldPayPassword must be 6 digits'),
  newPayPassword: payPasswordField,
});
export const checkPayPasswordBiz = z.object({ payPassword: payPasswordField, checkCode: checkCodeField.optional() });

