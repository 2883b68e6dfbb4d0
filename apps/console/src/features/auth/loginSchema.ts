// Sign-in form rules (console-spec §5). Messages are i18n keys, translated where shown.
import { z } from 'zod';

export const USER_NAME_LENGTH = { min: 6, max: 20 } as const;
export const PASSWORD_LENGTH = { min: 8, max: 32 } as const;

/** §5 search-bar rule for a mainland mobile: 1[3-9] plus 9 digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** store-server sends 6-digit SMS check codes. */
export const CHECK_CODE_PATTERN = /^\d{6}$/;

const userNameField = z
    .string()
    .trim()
    .min(1, 'auth.validation.userNameRequired')
    .min(USER_NAME_LENGTH.min, 'auth.validation.userNameLength')
    .max(USER_NAME_LENGTH.max, 'auth.validation.userNameLength')
    .regex(/^[A-Za-z0-9_-]+$/, 'auth.validation.userNameChars');

const passwordField = z
    .string()
    .min(1, 'auth.validation.passwordRequired')
    .min(PASSWORD_LENGTH.min, 'auth.validation.passwordLength')
    .max(PASSWORD_LENGTH.max, 'auth.validation.passwordLength')
    .regex(/[A-Za-z]/, 'auth.validation.passwordLetterDigit')
    .regex(/[0-9]/, 'auth.validation.passwordLetterDigit');

const mobileField = z.string().trim().min(1, 'auth.validation.mobileRequired').regex(MOBILE_PATTERN, 'auth.validation.mobileFormat');
const checkCodeField = z.string().trim().min(1, 'auth.validation.checkCodeRequired').regex(CHECK_CODE_PATTERN, 'auth.validation.checkCodeFormat');

export const loginSchema = z.object({ userName: userNameField, password: passwordField, remember: z.boolean() });

export const checkCodeLoginSchema = z.object({ mobile: mobileField, checkCode: checkCodeField, remember: z.boolean() });

export const resetPasswordSchema = z
  .object({ userName: userNameField, checkCode: checkCodeField, newPassword: passwordField, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], message: 'auth.validation.passwordsDiffer' });

export type CheckCodeLoginInput = z.input<typeof checkCodeLoginSchema>;
export type CheckCodeLoginValues = z.output<typeof checkCodeLoginSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPasswordValues = z.output<typeof resetPasswordSchema>;

export type LoginFormInput = z.input<typeof loginSchema>;
export type LoginFormValues = z.output<typeof loginSchema>;
